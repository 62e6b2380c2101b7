"""Elfer raus!'s move notation (rules digest "Action notation"): "play R7", "play J@R7" (a
joker as red 7), "bridge Y9-B9" (a connection card from yellow 9 to blue 9), "swap B9",
"end", "draw", "pass". A position is named by its card code ("B9" = the 9 of the blue
row). Built and read here only; `engine.moves` says why."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tentable.engine.moves import Move

COLOURS = ("R", "Y", "G", "B")
LENGTH = 21                     # positions 1..21 per row
JOKER = "J"
END, DRAW, PASS = "end", "draw", "pass"

# Every position by name, and the action texts, built once: legal_actions runs every step.
SLOTS: dict[str, tuple[str, int]] = {f"{c}{n}": (c, n) for c in COLOURS
                                     for n in range(1, LENGTH + 1)}
NAMES = {c: [f"{c}{n}" for n in range(1, LENGTH + 1)] for c in COLOURS}   # index = n - 1
PLAY = {slot: f"play {slot}" for slot in SLOTS}
PLAY_JOKER = {slot: f"play {JOKER}@{slot}" for slot in SLOTS}
SWAP = {slot: f"swap {slot}" for slot in SLOTS}
PLAY_JOKER_AT = {c: [PLAY_JOKER[name] for name in NAMES[c]] for c in COLOURS}


def bridge(source: str, target: str) -> str:
    """ER-R8: a connection card from the occupied `source` to the empty `target`."""
    return f"bridge {source}-{target}"


# BRIDGE[from colour, to colour][n - 1]: the action text of that bridge.
BRIDGE = {(a, b): [bridge(x, y) for x, y in zip(NAMES[a], NAMES[b])]
          for a in COLOURS for b in COLOURS if a != b}


def play(slot: str, joker: bool = False) -> str:
    """The card of that position, or a joker standing for it."""
    return PLAY_JOKER[slot] if joker else PLAY[slot]


def swap(slot: str) -> str:
    """ER-R9: the card of that position from hand for the joker lying there."""
    return SWAP[slot]


def is_joker(card: str) -> bool:
    """A joker's id ("J#2"), or "J" as `read` names the joker of a play."""
    return card[:1] == JOKER


@dataclass(frozen=True, slots=True)
class ElferMove(Move):
    slot: str = ""       # the position played to, bridged to or swapped
    card: str = ""       # the card id that goes there ("J": some joker, as `read` has it)
    source: str = ""     # bridge: the occupied position the connection card starts at

    def __str__(self) -> str:
        if self.kind == "bridge":
            return bridge(self.source, self.slot)
        if self.kind == "play":
            return play(self.slot, is_joker(self.card))
        return swap(self.slot) if self.kind == "swap" else self.kind


# Cached: the heuristic reads every legal action of every turn of its rollouts through it
# (a tenth of an Elfer rollout's time before), and the actions are a few hundred strings.
@lru_cache(maxsize=4096)
def read(action: str) -> ElferMove:
    """What an action string says, read without a position (so not checked): "play R7" ->
    ElferMove("play", "R7", "R7"), "play J@R7" -> ElferMove("play", "R7", "J"),
    "bridge Y9-B9" -> ElferMove("bridge", "B9", "", "Y9"), "end" -> ElferMove("end")."""
    verb, _, what = action.partition(" ")
    if verb == "bridge":
        source, _, target = what.partition("-")
        return ElferMove(verb, target, "", source)
    if verb == "play" and what.startswith(JOKER + "@"):
        return ElferMove(verb, what[2:], JOKER)
    return ElferMove(verb, what, what)
