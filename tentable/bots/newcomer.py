"""The sensible newcomer: a scripted player per game that follows a few simple rules a
person would after reading the rules once (docs/ai.md lists them).

It is a yardstick, not a level: our levels are measured against it (`scripts/tournament.py
--pairs normal:newcomer`), for a level that throws points away can still beat a weaker level
of our own. So it shares no logic with the heuristics: each rule below is what a newcomer
would say aloud, decided from `state.view(seat)` and the legal actions only (TEN tiles'
newcomer also tries its own moves on the copy it is handed, to see a ten it would make: a
person sees that on the table). `make_bot("newcomer", game, seat)` builds one; it is not on
the setup screen.
"""
from __future__ import annotations

from collections.abc import Callable

from tentable.bots.base import Bot
from tentable.bots.explain import joins_run, tile_line_sums
from tentable.engine import (elfer_moves, retro10_moves, takethat_moves, ten_moves,
                             tentiles_moves)
from tentable.engine.cards import code_of
from tentable.engine.core import State
from tentable.engine.tentiles import coords

TEN_STOP_AT = 7          # TEN: stop flipping once the total is 7 or more
TEN_JOKER_BID = 3        # TEN: bid up to 3 on a joker
TEN_MONEY_STOP = 7       # TEN: money showing this high could bust: stop
RETRO_PROTECT_FROM = 8   # 10 Retro: a card this good gets a chip on it
RETRO_REVEAL_UP_TO = 6   # 10 Retro: turn up a card this low, to add a second one
RETRO_SWAP_GAIN = 3      # 10 Retro: swap for an open card at least this much better


class Newcomer(Bot):
    """One scripted player; `rules` is the game's function (view, legal, bot) -> action."""

    def __init__(self, rules: Callable, seat: int, seed: int = 0,
                 time_limit: float | None = None) -> None:
        super().__init__(seat, seed, time_limit)
        self.rules = rules

    def choose(self, state: State) -> str:
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        action = self.rules(state, state.view(self.seat), legal, self)
        return action if action in legal else legal[0]


def _first(legal: list[str], kind: str, read: Callable) -> list[str]:
    """The legal actions of this kind, read by the game's notation."""
    return [a for a in legal if read(a).kind == kind]


# -- TEN --------------------------------------------------------------------------------
def ten(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Stop flipping at 7 or more; buy only a card that extends a run, with money; bid up
    to 3 on a joker; pay with tokens first, then a card that is in no run."""
    seat = bot.seat
    mine = [code_of(c) for c in view["collections"][seat]]
    moves = ten_moves
    read = moves.read
    if moves.FLIP in legal:
        numbers = moves.STOP_NUMBERS in legal
        if view["total"] >= TEN_STOP_AT or view["money_showing"] >= TEN_MONEY_STOP:
            if numbers:
                return moves.STOP_NUMBERS
            if moves.STOP_MONEY in legal:
                return moves.STOP_MONEY
        return moves.FLIP
    bids = sorted(read(a).amount for a in _first(legal, "bid", read))
    if bids:
        return moves.bid(bids[0]) if bids[0] <= TEN_JOKER_BID else moves.PASS
    buys = [read(a).card for a in _first(legal, "buy", read)]
    if buys:
        cash = view["money"][seat] + 3 * view["bust_tokens"][seat]
        good = [code for code in buys if joins_run(code, mine) and int(code[1]) <= cash]
        # the dearest card that extends a run: a higher number is worth its price
        return moves.buy(max(good, key=lambda code: int(code[1]))) if good else moves.SKIP
    pays = _first(legal, "pay", read)
    if pays:
        for item in (moves.PAY_TOKEN, moves.PAY_BUST, moves.PAY_DUPLICATE):
            if item in legal:
                return item
        codes = [read(a).card for a in pays]
        loose = [code for code in codes if not joins_run(code, mine)]
        # the lowest number first; a joker last (it fits any run)
        return moves.pay(min(loose or codes, key=lambda c: (not c[1].isdigit(), c[1:])))
    if moves.TAKE_BUST_TOKEN in legal:
        return moves.TAKE_BUST_TOKEN
    return legal[0]


# -- Take That ---------------------------------------------------------------------------
def takethat(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Twist whenever you can; otherwise play the card nearest the row's last one, toads
    last; take the row only when nothing fits; open a new row in the middle."""
    read = takethat_moves.read
    twists = _first(legal, "twist", read)
    if twists:
        return twists[0]
    plays = _first(legal, "play", read)
    if not plays:
        return takethat_moves.TAKE if takethat_moves.TAKE in legal else legal[0]
    row = view["row"]
    last = row[-1] if row else 55

    def toad(action: str) -> bool:
        return read(action).card % 11 == 0

    return min(plays, key=lambda a: (toad(a), abs(read(a).card - last), a))


# -- Elfer raus! -------------------------------------------------------------------------
def _elfer_next(card: str) -> str:
    """The card that may follow this one in its row (away from the 11)."""
    colour, number = card[0], int(card[1:])
    return f"{colour}{number + (-1 if number < 11 else 1)}"


def _elfer_follow_on(card: str, hand: set[str]) -> int:
    """How many of my own cards I could lay after this one, one after another."""
    count = 0
    while (card := _elfer_next(card)) in hand:
        count += 1
    return count


def elfer(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Play the number cards whose next card you hold yourself or that open nothing for
    the others (the row's end, or the next card already lies), those with the longest
    run of your own behind them first; while the pile has cards, draw rather than open a
    place for somebody else; a connection card only to play a card you hold; a joker only
    when nothing else goes and the pile is empty."""
    hand = set(view["hand"])
    lying = {slot["card"] for row in view["rows"] for slot in row["slots"] if slot}
    moves = elfer_moves
    read = moves.read
    plays = [a for a in _first(legal, "play", read) if not moves.is_joker(read(a).card)]

    def safe(action: str) -> bool:
        after = _elfer_next(read(action).slot)
        return after in hand or after in lying or int(after[1:]) in (0, 22)

    keep_back = view["pile"] > 0 and (moves.DRAW in legal or moves.END in legal)
    choices = [a for a in plays if safe(a)] or ([] if keep_back else plays)
    if choices:
        return max(choices, key=lambda a: (_elfer_follow_on(read(a).slot, hand),
                                           abs(int(read(a).slot[1:]) - 11), a))
    bridges = [a for a in _first(legal, "bridge", read) if read(a).slot in hand]
    if bridges:
        return bridges[0]
    if moves.END in legal:
        return moves.END
    if moves.DRAW in legal:
        return moves.DRAW
    jokers = [a for a in _first(legal, "play", read) if moves.is_joker(read(a).card)]
    if jokers:
        return jokers[0]
    return moves.PASS if moves.PASS in legal else legal[0]


# -- 10 Retro ----------------------------------------------------------------------------
def _retro_value(code: str) -> int:
    """A card's value toward the total of ten (a joker counts as ten)."""
    if code == "J":
        return 10
    return int(code[1:]) if code.startswith("S") else int(code)


def retro10(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Put down the best card face down (a penalty card only if nothing else is as good),
    2 chips on it when it is 8 or more; swap for an open card 3 better when it is
    unprotected, never bid chips; turn up a card of 6 or less and add what keeps the sum
    nearest 10 without passing it."""
    seat = bot.seat
    moves = retro10_moves
    read = moves.read
    places = _first(legal, "place", read)
    if places:
        cards = {read(a).card for a in places}
        best = max(cards, key=lambda c: (_retro_value(c) - (1 if c.startswith("S") else 0)))
        wanted = moves.place(best, False, 2 if _retro_value(best) >= RETRO_PROTECT_FROM else 0)
        return wanted if wanted in legal else moves.place(best, False)
    swaps = _first(legal, "swap", read)
    if swaps:
        own = view["table"][seat][0]["code"]
        mine = _retro_value(own) if own else 0
        for action in swaps:
            theirs = view["table"][read(action).seat][0]
            if theirs["up"] and theirs["code"] \
                    and _retro_value(theirs["code"]) >= mine + RETRO_SWAP_GAIN:
                return action
    for plain in (moves.PASS, moves.KEEP):
        if plain in legal:
            return plain
    if moves.REVEAL in legal:
        own = view["table"][seat][0]["code"]
        low = own and _retro_value(own) <= RETRO_REVEAL_UP_TO
        return moves.REVEAL if low else moves.HIDE
    adds = _first(legal, "add", read)
    if adds:
        return max(adds, key=lambda a: _retro_value(read(a).card))
    if moves.STAND in legal:
        return moves.STAND
    starts = _first(legal, "start", read)
    if starts:
        return moves.start(seat) if moves.start(seat) in legal else starts[0]
    return legal[0]


# -- TEN tiles ---------------------------------------------------------------------------
def _tiles_wins(state: State, action: str, seat: int) -> bool:
    """Whether the move wins at once (tried on the copy the newcomer was handed)."""
    trial = state.clone()
    trial.apply(action)
    return trial.is_over and trial.winners() == [seat]


def tentiles(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Make ten if you can; else put a tile where the opponent would make ten next; else
    build the line of your own nearest ten without passing it (open game: the bigger end
    tile); when moving, any move at random."""
    seat = bot.seat
    winning = [a for a in legal if _tiles_wins(state, a, seat)]
    if winning:
        return winning[0]
    board = {place: code_of(tile) for place, tile in view["board"].items()}
    colour, theirs = ("W", "B") if seat == 0 else ("B", "W")
    read = tentiles_moves.read
    places = _first(legal, "place", read)
    if not places:
        return bot.rng.choice(legal)
    values = _tiles_my_values(view, seat, colour)
    their_values = _tiles_their_values(view, seat)

    def spot(action: str) -> tuple[int, int]:
        return coords(read(action).to)

    def mine(action: str) -> int:
        return values[read(action).end]

    blocks = [a for a in places
              if any(10 in tile_line_sums(board, *spot(a), theirs, v) for v in their_values)]
    if blocks:
        return max(blocks, key=lambda a: mine(a))

    def build(action: str) -> tuple[int, int]:
        sums = [s for s in tile_line_sums(board, *spot(action), colour, mine(action))
                if s < 10]
        return max(sums, default=0), mine(action)

    best = max(build(a) for a in places)
    return bot.rng.choice([a for a in places if build(a) == best])


def _tiles_my_values(view: dict, seat: int, colour: str) -> dict[str, int]:
    """The value of the tile each kind of placing puts down: the drawn one (hidden game),
    or the left and right end of my row (open game)."""
    if view["rows"]:
        row = view["rows"][seat]
        return {tentiles_moves.LEFT: int(code_of(row[0])[1]),
                tentiles_moves.RIGHT: int(code_of(row[-1])[1])}
    drawn = view["drawn"]
    return {"": int(code_of(drawn)[1]) if drawn else 2}


def _tiles_their_values(view: dict, seat: int) -> set[int]:
    """The tiles the opponent may put down next: their row's ends, or any of 1-3."""
    if view["rows"] and view["rows"][1 - seat]:
        row = view["rows"][1 - seat]
        return {int(code_of(row[0])[1]), int(code_of(row[-1])[1])}
    return {1, 2, 3}


RULES: dict[str, Callable] = {"ten": ten, "takethat": takethat, "elfer": elfer,
                              "retro10": retro10, "tentiles": tentiles}


def newcomer_for(game_id: str) -> Callable[..., Bot]:
    """The factory (seat, seed, time_limit) of a game's newcomer."""
    def make(seat: int, seed: int = 0, time_limit: float | None = None) -> Bot:
        return Newcomer(RULES[game_id], seat, seed, time_limit)
    return make
