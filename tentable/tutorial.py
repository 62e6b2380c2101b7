"""Learn to play (#43): a guided first game on a fixed deal, read from a script.

A script is data, one file a game (`tentable/tutorials/<game>.yaml`), so correcting a step
touches no code: a header with the rule ids a beginner needs (the digests'
`/work/shared/rules/`), the seats (the learner and the scripted computer seats), the fixed
deal (`deck`, `chance`, `options`), then the steps. Each step names whose move it is, the
move in the engine's notation (built by the game's move helpers, `engine.moves.notation`:
`{play: 34}` is `takethat_moves.play(34)`, `take` the constant `TAKE`), a bubble's text
key, what the bubble points at, the rule ids it teaches and what the learner's view shows
after it. A step of `jump:` moves plays on for everybody at once ("later in the round").

`check(script)` replays the steps through the engine from the deal and lists what is
wrong: a move that is not legal there, a view other than the script says, a rule the
header lists that no step reaches (`REACHED` knows what reaching each rule looks like),
a text key the app does not have. `Tutorial` is where a learner is in it: the taught move,
the friendly refusal of any other, a step back, and the place kept on disk
(`tentable.store`) so that leaving and coming back resumes it. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from tentable import store
from tentable.engine import new_game
from tentable.engine.core import State
from tentable.engine.moves import notation
from tentable.session import BOT, HUMAN, Seat, Session

FOLDER = Path(__file__).resolve().parent / "tutorials"
# the games with a tutorial: each build ships them
SCRIPTS = ("takethat", "tentiles", "elfer", "ten", "retro10")
LEARNER = 0            # the learner sits at seat 0: the script's first seat
PARTNER_LEVEL = "easy"  # the level a scripted seat is listed at (it never decides)


class ScriptError(ValueError):
    """A script that cannot be read: which file, what is wrong."""


@dataclass(frozen=True)
class Step:
    seat: int                     # whose move; a jump's first mover
    moves: tuple[str, ...]        # one move; a gesture's several (TEN: a buy and its
                                  # payment, played by one press of Pay); a jump's many
    say: str = ""                 # the bubble's text key ("": no bubble)
    values: dict = field(default_factory=dict)   # the bubble's {placeholders}
    points: dict = field(default_factory=dict)   # what it points at: {card: 34}, {button: take}
    rules: tuple[str, ...] = ()   # the rule ids this step teaches
    expect: dict = field(default_factory=dict)   # the learner's view after it, in part
                                                 # (of a mapping, the entries named)
    jump: bool = False            # many moves played on at once

    @property
    def learner(self) -> bool:
        """The learner makes this move (a jump is played for everybody)."""
        return self.seat == LEARNER and not self.jump

    @property
    def move(self) -> str:
        return self.moves[0]


@dataclass(frozen=True)
class Script:
    game_id: str
    rules: tuple[str, ...]
    names: tuple[str, ...]        # the seats; the learner's is "You"
    options: dict
    deck: list | None
    chance: dict
    steps: tuple[Step, ...]
    end: str = ""                 # the closing bubble's key (the round scored)
    path: str = ""

    def session(self, history: tuple[str, ...] = ()) -> Session:
        """The script's match, `history` played already: the learner is the one human,
        the other seats are computers whose moves the script makes (never their bot's)."""
        seats = tuple(Seat(name) if i == LEARNER else Seat(name, BOT, PARTNER_LEVEL)
                      for i, name in enumerate(self.names))
        return Session(self.game_id, seats, seed=1, options=dict(self.options),
                       deck=self.deck, chance=dict(self.chance), history=tuple(history))

    def moves_before(self, at: int) -> tuple[str, ...]:
        """Every move of the steps before step `at`."""
        return tuple(move for step in self.steps[:at] for move in step.moves)

    def position(self, at: int = 0) -> State:
        """The engine's state before step `at` (IllegalAction if a move is not legal)."""
        state = new_game(self.game_id, len(self.names), seed=1, options=dict(self.options),
                         deck=self.deck, **self.chance)
        for move in self.moves_before(at):
            state.apply(move)
        return state


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.yaml"


def has_script(game_id: str) -> bool:
    return path_of(game_id).is_file()


def load(game_id: str, path: Path | None = None) -> Script:
    """The script of `game_id` (or the file at `path`); ScriptError if it is malformed."""
    path = path or path_of(game_id)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScriptError(f"{path.name}: {exc}") from None
    try:
        return _script(data, str(path))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ScriptError(f"{path.name}: {exc!r}") from None


def _script(data: dict, path: str) -> Script:
    game_id = data["game"]
    names = tuple(str(seat["name"]) for seat in data["players"])
    build = notation(game_id)
    steps = tuple(_step(item, build) for item in data["steps"])
    deck = data.get("deck")
    return Script(game_id, tuple(data["rules"]), names, dict(data.get("options") or {}),
                  _codes(deck) if deck is not None else None,
                  dict(data.get("chance") or {}), steps, str(data.get("end") or ""), path)


def _codes(deck: Any) -> Any:
    """The deck in the digest's card codes, as text: Take That's 34 is "34"; a game
    dealt from several supplies (TEN tiles) has a list of them."""
    return [_codes(part) if isinstance(part, list) else str(part) for part in deck]


def _step(item: dict, build) -> Step:
    jump = "jump" in item
    moves = item["jump"] if jump else item["move"]
    moves = tuple(_move(m, build) for m in (moves if isinstance(moves, list) else [moves]))
    return Step(int(item.get("seat", 0)), moves, str(item.get("say") or ""),
                dict(item.get("values") or {}), dict(item.get("points") or {}),
                tuple(item.get("rules") or ()), dict(item.get("expect") or {}), jump)


def _move(spec: Any, build) -> str:
    """A move as the script writes it, in the game's notation through its helpers:
    `take` -> `TAKE`, `{play: 34}` -> `play(34)`, `{place: [7, false]}` -> `place(7, False)`,
    `{bid: {amount: 4}}` -> `bid(amount=4)`; a text the helpers do not know stays as it is
    (an engine's own spelling, checked like any move)."""
    if isinstance(spec, str):
        return str(getattr(build, spec.upper(), spec))
    (name, args), = spec.items()
    helper: Callable[..., str] = getattr(build, name)
    if isinstance(args, list):
        return helper(*args)
    if isinstance(args, dict):
        return helper(**args)
    return helper(args)


# -- what reaching a rule looks like -------------------------------------------------
# A step claims the rule ids it teaches; `check` holds it to them: the rule must have
# happened in that step, as the engine played it (before, the move, after).
Reached = Callable[[State, str, State], bool]


def _tt_kind(move: str) -> str:
    return notation("takethat").read(move).kind


def _tt_toad(before: State, move: str, after: State) -> bool:
    """TT-R1: a toad comes into the row, or goes face down with a row taken."""
    from tentable.engine.takethat import toads
    came = set(after.row) - set(before.row)
    taken = [c for pile in after.face_down for c in pile] \
        if _tt_kind(move) == "take" else []
    return bool((came | set(taken)) & toads())


def _tl_kind(move: str) -> str:
    return notation("tentiles").read(move).kind


def _er(move: str):
    return notation("elfer").read(move)


def _er_card(b: State, m: str, a: State) -> bool:
    """ER-R6: a number card laid beside a card of its row (not where a connection card
    led: that is ER-R8's)."""
    move = _er(m)
    return move.kind == "play" and move.card != "J" and not b.pending


def _er_hands_out(b: State, m: str, a: State) -> bool:
    """ER-R13: the game is over because a hand is empty."""
    return a.is_over and not all(a.hands)


REACHED: dict[str, Reached] = {
    # Elfer raus!: ER-R5 a second card in one turn; ER-R7 a joker played; ER-R8 a
    # connection card laid, or the card it asks for; ER-R10 a bonus card won; ER-R11 a
    # card drawn; ER-R14 the game scored
    "ER-R5": lambda b, m, a: _er(m).kind == "play" and bool(b.turn_cards),
    "ER-R6": _er_card,
    "ER-R7": lambda b, m, a: _er(m).kind == "play" and _er(m).card == "J",
    "ER-R8": lambda b, m, a: _er(m).kind == "bridge" or bool(b.pending),
    "ER-R10": lambda b, m, a: sum(map(len, a.bonuses)) > sum(map(len, b.bonuses)),
    "ER-R11": lambda b, m, a: _er(m).kind == "draw" and len(a.pile) < len(b.pile),
    "ER-R13": _er_hands_out,
    "ER-R14": lambda b, m, a: len(a.game_scores) > len(b.game_scores),
    # TEN tiles: TL-R4 a tile drawn and placed; TL-R5 placed against a tile, edge to edge
    # (any but the first); TL-R6 a line of ten wins; TL-R7 a tile moved in phase 2
    "TL-R4": lambda b, m, a: _tl_kind(m) == "place",
    "TL-R5": lambda b, m, a: _tl_kind(m) == "place" and bool(b.board),
    "TL-R6": lambda b, m, a: a.result is not None and a.result["winner"] == b.turn,
    "TL-R7": lambda b, m, a: _tl_kind(m) == "move",
    "TT-R1": _tt_toad,
    # TT-R4: a play on a row that has a card: the at-most-ten rule was in force
    "TT-R4": lambda b, m, a: _tt_kind(m) == "play" and b.phase == "turn" and bool(b.row),
    "TT-R5": lambda b, m, a: _tt_kind(m) == "twist",
    # TT-R6: the row taken, and the taker opens the next one
    "TT-R6": lambda b, m, a: _tt_kind(m) == "take" and a.phase == "open",
    # TT-R7: a card drawn from the pile after the turn
    "TT-R7": lambda b, m, a: len(a.pile) < len(b.pile),
    # TT-R8, TT-R9: the round ended (pile empty, the row taken or twisted away) and scored
    "TT-R8": lambda b, m, a: len(a.round_scores) > len(b.round_scores),
    "TT-R9": lambda b, m, a: len(a.round_scores) > len(b.round_scores),
}



def _kind(game_id: str, move: str) -> str:
    return notation(game_id).read(move).kind


def _ten_money_and_numbers(before: State, move: str, after: State) -> bool:
    """TEN-R4: a flip leaves numbers and money showing: the running total is their
    difference."""
    from tentable.engine.ten_cards import CARD
    kinds = {CARD[c][1] == "money" for c in after.tableau}
    return _kind("ten", move) == "flip" and kinds == {True, False}


def _ten_busted(before: State, move: str, after: State) -> bool:
    """TEN-R5: the mover took a bust token."""
    return sum(after.bust) > sum(before.bust)


def _rx_taken(before: State, move: str, after: State) -> bool:
    """RX-R8: the showdown: the round's loser took the cards played and the round card."""
    return sum(map(len, after.taken)) > sum(map(len, before.taken))


REACHED.update({
    # TEN: TEN-R3 a flip; TEN-R6 a stop (numbers or money); TEN-R7 a joker flipped goes
    # to auction; TEN-R10 a market card bought; TEN-R11 a bid; TEN-R12 an item paid;
    # TEN-R13 a buy of the final round; TEN-R14 the game over, scored by runs
    "TEN-R3": lambda b, m, a: _kind("ten", m) == "flip",
    "TEN-R4": _ten_money_and_numbers,
    "TEN-R5": _ten_busted,
    "TEN-R6": lambda b, m, a: _kind("ten", m) == "stop",
    "TEN-R7": lambda b, m, a: _kind("ten", m) == "flip" and a.phase == "auction",
    "TEN-R10": lambda b, m, a: _kind("ten", m) == "buy",
    "TEN-R11": lambda b, m, a: _kind("ten", m) == "bid",
    "TEN-R12": lambda b, m, a: _kind("ten", m) == "pay",
    "TEN-R13": lambda b, m, a: _kind("ten", m) == "buy" and b.phase == "final",
    "TEN-R14": lambda b, m, a: a.is_over and not b.is_over,
    # 10 Retro: RX-R4 a first card placed (open or hidden, protected or not); RX-R5 a deal
    # on another's card (a swap, a bid, a raise); RX-R6 a second card added; RX-R8 the
    # showdown's penalty taken; RX-R10 the game over, scored by penalty points
    "RX-R4": lambda b, m, a: _kind("retro10", m) == "place",
    "RX-R5": lambda b, m, a: _kind("retro10", m) in ("swap", "bid", "raise"),
    "RX-R6": lambda b, m, a: _kind("retro10", m) == "add",
    "RX-R8": _rx_taken,
    "RX-R10": lambda b, m, a: a.is_over and not b.is_over,
})

def check(script: Script, keys: dict | None = None) -> list[str]:
    """What is wrong with `script`, played through the engine from its deal: [] when
    every step is legal where it stands, every `expect` is what the learner's view shows
    after it, every rule a step claims happened in it, every header rule is reached, and
    every text key is one the app has (`keys`: the text table, by default the app's)."""
    from tentable.engine import IllegalAction
    from tentable.text import STRINGS
    keys = STRINGS if keys is None else keys
    problems: list[str] = []
    try:
        state = script.position(0)
    except (IllegalAction, ValueError) as exc:
        return [f"the deal: {exc}"]
    reached: set[str] = set()
    for n, step in enumerate(script.steps, 1):
        claimed = set(step.rules)
        for move in step.moves:
            if state.is_over:
                return problems + [f"step {n}: {move!r} after the game is over"]
            if not step.jump and state.current_player != step.seat:
                problems.append(f"step {n}: seat {state.current_player} is to move, "
                                f"not seat {step.seat}")
            if not state.is_legal(move):
                return problems + [f"step {n}: {move!r} is not legal here "
                                   f"({state.refused(move)})"]
            before = state.clone()
            state.apply(move)
            for rule in list(claimed):
                if rule in REACHED and REACHED[rule](before, move, state):
                    claimed.discard(rule)
                    reached.add(rule)
        for rule in sorted(claimed):
            problems.append(f"step {n} claims {rule}, which did not happen in it"
                            if rule in REACHED else f"step {n}: no way to check {rule}")
        view = state.view(LEARNER)
        for key, want in step.expect.items():
            if not shows(view.get(key), want):
                problems.append(f"step {n}: the view's {key} is {view.get(key)!r}, "
                                f"the script says {want!r}")
        # the learner is told as "you" (`<key>.you`, else `<key>`); a computer by name
        if step.say and not (step.say in keys or step.learner and f"{step.say}.you" in keys):
            problems.append(f"step {n}: no text {step.say!r}")
    if script.end and script.end not in keys:
        problems.append(f"the end: no text {script.end!r}")
    for rule in script.rules:
        if rule not in reached:
            problems.append(f"{rule} is in the header, and no step reaches it")
    return problems


def shows(got: Any, want: Any) -> bool:
    """The view's value is the script's; of a mapping (TEN tiles' board), the entries the
    script names are the view's (the rest of the board need not be written out)."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and shows(got[k], v) for k, v in want.items())
    return got == want


# -- where the learner is ---------------------------------------------------------------
class Tutorial:
    """A learner's way through a script: `at` steps are done. The place is kept on disk
    after every step (`store.save_tutorial_step`), so the game resumes where it was."""

    def __init__(self, script: Script, at: int | None = None, keep: bool = True) -> None:
        self.script = script
        self.keep = keep
        saved = store.tutorial_step(script.game_id) if keep and at is None else None
        self.at = max(0, min(len(script.steps), at if at is not None else saved or 0))
        if at is not None:
            self._keep()            # a step back, a restart: the place is this one now

    @property
    def step(self) -> Step | None:
        """The step to do now; None once every step is done."""
        return self.script.steps[self.at] if self.at < len(self.script.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def number(self) -> int:
        """The learner's step being done, counted from 1, of `total`."""
        return sum(1 for step in self.script.steps[: self.at + 1] if step.learner)

    @property
    def total(self) -> int:
        return sum(1 for step in self.script.steps if step.learner)

    def history(self) -> tuple[str, ...]:
        return self.script.moves_before(self.at)

    def session(self) -> Session:
        """The match of the script as far as the learner got."""
        return self.script.session(self.history())

    def taught(self) -> str | None:
        """The move the learner is to make now; None when it is not the learner's step."""
        step = self.step
        return step.move if step is not None and step.learner else None

    def refusal(self, action: str | list[str]) -> tuple[str, dict] | None:
        """None for the taught move (or the taught gesture's moves, a list); else the
        friendly refusal, a text key and its values (`taught`: the move to make, in the
        notation, for the table to word)."""
        taught = self.taught()
        if taught is not None and list(self.step.moves) == (
                action if isinstance(action, list) else [action]):
            return None
        if taught is None:
            return "tutorial.wait", {}
        return "tutorial.not_now", {"taught": taught}

    def advance(self) -> None:
        """The step was played: on to the next, and keep the place."""
        if self.step is not None:
            self.at += 1
            self._keep()

    def back(self) -> int:
        """Go back to the learner's step before the one being done now (the moves after
        it are taken back: the caller rebuilds the match from `history`). Returns `at`."""
        current = self.at
        while current > 0 and not (current < len(self.script.steps)
                                   and self.script.steps[current].learner):
            current -= 1        # a computer step being played belongs to the learner's before
        earlier = [i for i in range(current) if self.script.steps[i].learner]
        self.at = earlier[-1] if earlier else 0
        self._keep()
        return self.at

    def forget(self) -> None:
        """Skip or finish: the next visit starts from the beginning."""
        if self.keep:
            store.forget_tutorial(self.script.game_id)

    def _keep(self) -> None:
        if self.keep:
            store.save_tutorial_step(self.script.game_id, self.at)
