"""The game tables: the table kit, and one package per game built on it.

`base.TableScene` is the picture of a `Match` (seats, curtain, pacing, dialogs, results);
`kit.CardTable` adds what every card table repeats (sprites, drag, log, seat panels, the
legal set, an input chain, keyboard focus). `takethat/` is a table built on them: one
file per job (layout, controls, paint), its words in `tentable.narration.takethat`.
docs/architecture.md, "The table", tells how to build or port one.
"""
