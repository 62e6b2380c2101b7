"""Take That (Spies & Staupe): rules digest `rules/takethat.md`, rule ids TT-Rn.

Cards are ints (the number printed on them). The pile is kept top-last so that
drawing is `pop()`; views and `deck=` speak top-first like the rulebook.

Information: the hands and the pile are secret, and so are V1's pile cards: a player who
takes a single card also takes the top of the pile face down, seen by the taker only
until the round is scored. A view shows such a card to anyone else as None, and the
running score it shows them leaves it out.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

from tentable.engine.core import OVER, Phase, State
from tentable.engine.cards import check_deck, shuffled
from tentable.engine.errors import IllegalAction, SetupError, Term
from tentable.engine.options import Option
from tentable.engine.registry import register
from tentable.engine.secrecy import NOBODY, OWNER, PUBLIC
from tentable.engine.decks import manifest
from tentable.engine.takethat_moves import TAKE, TakeThatMove, play, twist
from tentable.engine.views import View

GAME_ID = "takethat"
TURN, OPEN = "turn", "open"   # OPEN: the row was just taken, the taker must open a new one


def twin(card: int) -> int:
    """TT-R1: the card with the digits swapped (a toad is its own twin)."""
    return (card % 10) * 10 + card // 10


@lru_cache(maxsize=1)
def cards() -> tuple[int, ...]:
    return tuple(int(code) for code in manifest(GAME_ID).cards(2))


@lru_cache(maxsize=1)
def toads() -> frozenset[int]:
    return frozenset(int(code) for code in manifest(GAME_ID).codes("toad"))


def hand_size(players: int) -> int:
    return 8 if players == 4 else 9     # TT-R2


def pile_score(face_up: Sequence[int], face_down: Sequence[int]) -> int:
    """TT-R9: +1 per face-up card, -1 per face-down card, -5 per face-down toad."""
    toad_set = toads()
    return len(face_up) - sum(5 if c in toad_set else 1 for c in face_down)


class TakeThatView(View):
    """`TakeThat.view(seat)`: cards are their numbers, every one unique (so its own id)."""

    round: int                    # the round being played, from 1
    rounds: int                   # how many the game has (TT-R10)
    pro: bool                     # variant V1
    row: list[int]                # left to right; the rightmost card counts (TT-R4)
    pile: int                     # cards left to draw
    hand: list[int] | None        # the seat's own hand, sorted; None for a spectator
    hand_sizes: list[int]
    face_up: list[list[int]]      # per seat: twisted pairs, +1 each (TT-R9)
    face_down: list[list[int]]    # per seat: rows taken, -1 each, a toad -5
    pile_cards: list[list[int | None]]  # per seat, V1: None where this view may not see it
    revealed: list[list[int]]     # V1: the pile cards of the round last scored
    round_scores: list[list[int]]  # per finished round, a score per seat


def _deck_given(deck) -> list[str]:
    """`deck=` in the digest's codes ("34"); whole numbers are taken too (34)."""
    if isinstance(deck, (list, tuple)):
        deck = [str(c) if type(c) is int else c for c in deck]
    return check_deck(GAME_ID, deck, [str(c) for c in cards()])


@register
class TakeThat(State):
    game_id = GAME_ID
    title = "Take That"
    min_players = 2
    max_players = 4
    options_spec = (
        Option("rounds", 2, int, low=1, high=20, help="rounds to play (TT-R10)"),
        Option("pro", False, bool, suggest=lambda players: players == 2,
               help="pro variant V1 (recommended for two): taking a single card also takes "
                    "the top of the pile"),
    )
    parts = "round_scores"
    fields = ("round", "round_scores", "hands", "pile", "row", "face_up", "face_down",
              "pile_cards", "revealed", "turn")

    @classmethod
    def new(cls, players: int, seed: int, options: dict, deck) -> "TakeThat":
        state = cls(players, seed, options, None if deck is None else _deck_given(deck))
        state.round_scores = []
        state.revealed = [[] for _ in range(players)]
        state._deal(1)
        return state

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list[str]:
        return [str(c) for c in cards()]

    # -- setup ---------------------------------------------------------------
    def _deal(self, round_no: int) -> None:
        """TT-R2/R3: shuffle, deal one at a time from the round's start player."""
        if round_no == 1 and self.deck:
            order = [int(code) for code in self.deck]
        else:
            order = shuffled(cards(), self.seed, f"round {round_no}")
        start = (round_no - 1) % self.players
        n = hand_size(self.players) * self.players
        self.round = round_no
        self.hands = [[] for _ in range(self.players)]
        for i, card in enumerate(order[:n]):
            self.hands[(start + i) % self.players].append(card)
        self.pile = list(reversed(order[n:]))
        self.row = []
        self.face_up = [[] for _ in range(self.players)]
        self.face_down = [[] for _ in range(self.players)]   # the rows taken (TT-R6)
        self.pile_cards = [[] for _ in range(self.players)]  # V1: face down, seen by the taker
        self.turn = start
        self.goto(TURN)

    # -- queries -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def _playable(self, card: int) -> bool:
        """TT-R4: any card on an empty row, else at most 10 from the rightmost card."""
        return not self.row or abs(card - self.row[-1]) <= 10

    def _card_in_hand(self, action: str, verbs: tuple[str, ...]) -> int:
        """Parse 'play 34' / 'twist 43' and check the card is held (for refusals)."""
        words = action.split()
        if len(words) != 2 or words[0] not in verbs:
            hint = ("play 34", "twist 43", "take") if "twist" in verbs else ("play 34",)
            raise IllegalAction("refuse.tt.unknown", moves=Term.move(*hint))
        number = words[1]
        if not (number.isascii() and number.isdigit() and len(number) <= 3):
            raise IllegalAction("refuse.tt.not_a_number", text=repr(number[:20]))
        card = int(number)
        if card not in self.hands[self.turn]:
            raise IllegalAction("refuse.tt.not_held", card=Term.card(card))
        return card

    # -- phase "open": the row was just taken, the taker opens a new one (TT-R6) ------
    def _legal_open(self) -> list[str]:
        return [play(c) for c in self.hands[self.turn]]

    def _check_open(self, action: str) -> TakeThatMove:
        if action.split()[:1] in (["take"], ["twist"]):
            raise IllegalAction("refuse.tt.open")
        return TakeThatMove("play", self._card_in_hand(action, ("play",)))

    # -- phase "turn": play, twist or take (TT-R4..R6) ---------------------------------
    def _legal_turn(self) -> list[str]:
        hand = self.hands[self.turn]
        actions = [play(c) for c in hand if self._playable(c)]
        row = set(self.row)
        toad_set = toads()
        actions += [twist(c) for c in hand if c not in toad_set and twin(c) in row]
        if self.row:
            actions.append(TAKE)
        return actions

    def _check_turn(self, action: str) -> TakeThatMove:
        if action.split() == ["take"]:
            if not self.row:
                raise IllegalAction("refuse.tt.empty_row")
            return TakeThatMove("take")
        card = self._card_in_hand(action, ("play", "twist"))
        if action.split()[0] == "play":
            if not self._playable(card):
                low, high = self.row[-1] - 10, self.row[-1] + 10
                raise IllegalAction("refuse.tt.too_far", card=Term.card(card),
                                    last=Term.card(self.row[-1]), low=max(low, 12),
                                    high=min(high, 98))
            return TakeThatMove("play", card)
        if card in toads():
            raise IllegalAction("refuse.tt.toad", card=Term.card(card))
        if twin(card) not in self.row:
            raise IllegalAction("refuse.tt.no_twin", twin=Term.card(twin(card)))
        return TakeThatMove("twist", card)

    def _perform(self, move: TakeThatMove) -> None:
        seat = self.turn
        if move.kind == "take":
            self._take(seat)
            return
        self.hands[seat].remove(move.card)
        if move.kind == "play":
            self.row.append(move.card)                      # TT-R4
        else:                                               # TT-R5
            self.row.remove(twin(move.card))
            self.face_up[seat] += [move.card, twin(move.card)]
            if not self.row and not self.pile:              # TT-R8: twisted away completely
                self._end_round()
                return
        if self.pile:                                       # TT-R7
            self.hands[seat].append(self.pile.pop())
        self.goto(TURN)
        self.turn = (seat + 1) % self.players

    # Turns pass round the table (a new round deals anew); taking the row makes the taker
    # open the next one. The game ends with the last round, on a take or a twist.
    first_phase = TURN
    phases = {OPEN: Phase(_legal_open, _check_open, _perform, next=(TURN,)),
              TURN: Phase(_legal_turn, _check_turn, _perform, next=(TURN, OPEN, OVER))}

    def _take(self, seat: int) -> None:
        """TT-R6, V1; TT-R8 ends the round when the pile was already empty."""
        single = len(self.row) == 1
        self.face_down[seat] += self.row
        self.row = []
        if not self.pile:
            self._end_round()
            return
        if self.options["pro"] and single:
            self.pile_cards[seat].append(self.pile.pop())
        self.goto(OPEN)

    def _end_round(self) -> None:
        """TT-R9: score the round; V1's pile cards are shown to everybody now."""
        self.round_scores.append(self._round_score())
        self.revealed = [list(cards) for cards in self.pile_cards]
        if self.round >= self.options["rounds"]:
            self.turn = None
        else:
            # the last board of the round stays in sight before the next deal (the end of
            # the last round is the end of the game, held as such)
            self.moment("part", part=self.round, scores=list(self.round_scores[-1]))
            self._deal(self.round + 1)

    # -- scores --------------------------------------------------------------
    def _round_score(self, counted: Callable[[int], bool] = lambda taker: True) -> list[int]:
        """TT-R9 for the running round, with the V1 pile cards of the seats `counted`."""
        return [pile_score(self.face_up[s], self.face_down[s] + (
            self.pile_cards[s] if counted(s) else [])) for s in range(self.players)]

    def scores(self) -> list[int]:
        """TT-R10: totals of the finished rounds plus the running round."""
        return self.part_totals(self.round, self._round_score)

    def scores_seen_by(self, seat: int | None) -> list[int]:
        # A running score that counted a hidden pile card would tell a toad (-5) from a
        # plain card (-1): the others learn it when the round is scored.
        return self.part_totals(self.round, lambda: self._round_score(
            lambda taker: self.sees(seat, f"pile cards {taker}")))

    # -- information -----------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """The game's keys of `TakeThatView`."""
        # Cards are unique, so a card's number is its stable id.
        return {
            "round": self.round, "rounds": self.options["rounds"], "pro": self.options["pro"],
            "row": list(self.row), "pile": len(self.pile),
            "hand": None if seat is None else sorted(
                self.shown(f"hand {seat}", seat, self.hands[seat])),
            "hand_sizes": [len(h) for h in self.hands],
            "face_up": [list(u) for u in self.face_up],
            "face_down": [list(d) for d in self.face_down],
            "pile_cards": [self.shown(f"pile cards {s}", seat, cards)
                           for s, cards in enumerate(self.pile_cards)],
            "revealed": [list(r) for r in self.revealed],
            "round_scores": [list(r) for r in self.round_scores],
        }

    # V1: the taker sees the pile cards it takes, everybody once the game is over (a round
    # that is not the last is scored and dealt anew in one step); another seat's come off
    # the pile unseen, so a bot's copy deals them anew with the hands and the pile. Face-down
    # cards of a taken row were seen in the row.
    secrecy = {"hand": OWNER, "pile cards": OWNER.until_over, "pile": NOBODY, "row": PUBLIC,
               "face up": PUBLIC, "face down": PUBLIC}

    def zones(self) -> dict[str, list]:
        zones = {"pile": self.pile, "row": self.row}
        for s in range(self.players):
            zones[f"hand {s}"] = self.hands[s]
            zones[f"face up {s}"] = self.face_up[s]
            zones[f"face down {s}"] = self.face_down[s]
            zones[f"pile cards {s}"] = self.pile_cards[s]
        return zones

    def validate(self) -> None:
        def cards_list(value) -> bool:
            return isinstance(value, list) and all(type(c) is int for c in value)

        def per_seat(value) -> bool:
            return (isinstance(value, list) and len(value) == self.players
                    and all(cards_list(v) for v in value))

        fields = {"hands": per_seat(self.hands), "face_up": per_seat(self.face_up),
                  "face_down": per_seat(self.face_down), "pile_cards": per_seat(self.pile_cards),
                  "revealed": per_seat(self.revealed), "row": cards_list(self.row),
                  "pile": cards_list(self.pile),
                  "turn": self.turn is None or (type(self.turn) is int
                                                and 0 <= self.turn < self.players),
                  "round": type(self.round) is int and 1 <= self.round <= self.options["rounds"],
                  "round_scores": isinstance(self.round_scores, list) and all(
                      cards_list(r) and len(r) == self.players for r in self.round_scores)}
        bad = [name for name, ok in fields.items() if not ok]
        if bad:
            raise SetupError(f"takethat: the position has a bad {', '.join(bad)}")
        # A position built for a test may leave cards out; none may be invented or doubled.
        held = [c for zone in self.zones().values() for c in zone]
        strange = sorted(set(held) - set(cards()))
        if strange:
            raise SetupError(f"takethat: there is no card {strange[0]} in Take That")
        if len(set(held)) != len(held):
            raise SetupError("takethat: a card lies in two places")
        super().validate()
