"""The game tables: the table base (`base.TableScene`, the picture of a `Match`), and
one package per game built on it.
"""
