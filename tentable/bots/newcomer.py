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
from tentable.engine.core import State
from tentable.engine.cards import code_of

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


def _first(legal: list[str], word: str) -> list[str]:
    """The legal actions starting with `word`."""
    return [a for a in legal if a.split()[0] == word]


# -- TEN --------------------------------------------------------------------------------
def ten(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Stop flipping at 7 or more; buy only a card that extends a run, with money; bid up
    to 3 on a joker; pay with tokens first, then a card that is in no run."""
    seat = bot.seat
    mine = [code_of(c) for c in view["collections"][seat]]
    if "flip" in legal:
        numbers = "stop numbers" in legal
        if view["total"] >= TEN_STOP_AT or view["money_showing"] >= TEN_MONEY_STOP:
            if numbers:
                return "stop numbers"
            if "stop money" in legal:
                return "stop money"
        return "flip"
    if _first(legal, "bid"):
        bids = sorted(int(a.split()[1]) for a in _first(legal, "bid"))
        return f"bid {bids[0]}" if bids[0] <= TEN_JOKER_BID else "pass"
    buys = _first(legal, "buy")
    if buys:
        cash = view["money"][seat] + 3 * view["bust_tokens"][seat]
        good = [a for a in buys if joins_run(a.split()[1], mine)
                and int(a.split()[1][1]) <= cash]
        # the dearest card that extends a run: a higher number is worth its price
        return max(good, key=lambda a: int(a.split()[1][1])) if good else "skip"
    pays = _first(legal, "pay")
    if pays:
        for item in ("pay t", "pay x", "pay d"):
            if item in legal:
                return item
        loose = [a for a in pays if not joins_run(a.split()[1], mine)]
        # the lowest number first; a joker last (it fits any run)
        return min(loose or pays, key=lambda a: (not a.split()[1][1].isdigit(), a.split()[1][1:]))
    if "bust token" in legal:
        return "bust token"
    return legal[0]


# -- Take That ---------------------------------------------------------------------------
def takethat(state: State, view: dict, legal: list[str], bot: Bot) -> str:
    """Twist whenever you can; otherwise play the card nearest the row's last one, toads
    last; take the row only when nothing fits; open a new row in the middle."""
    twists = _first(legal, "twist")
    if twists:
        return twists[0]
    plays = _first(legal, "play")
    if not plays:
        return "take" if "take" in legal else legal[0]
    row = view["row"]
    last = row[-1] if row else 55

    def toad(action: str) -> bool:
        n = int(action.split()[1])
        return n % 11 == 0

    return min(plays, key=lambda a: (toad(a), abs(int(a.split()[1]) - last), a))


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
    plays = [a for a in _first(legal, "play") if "@" not in a]

    def safe(action: str) -> bool:
        card = action.split()[1]
        after = _elfer_next(card)
        return after in hand or after in lying or int(after[1:]) in (0, 22)

    keep_back = view["pile"] > 0 and ("draw" in legal or "end" in legal)
    choices = [a for a in plays if safe(a)] or ([] if keep_back else plays)
    if choices:
        return max(choices, key=lambda a: (_elfer_follow_on(a.split()[1], hand),
                                           abs(int(a.split()[1][1:]) - 11), a))
    bridges = [a for a in _first(legal, "bridge") if a.split()[1].split("-")[1] in hand]
    if bridges:
        return bridges[0]
    if "end" in legal:
        return "end"
    if "draw" in legal:
        return "draw"
    jokers = [a for a in _first(legal, "play") if "@" in a]
    if jokers:
        return jokers[0]
    return "pass" if "pass" in legal else legal[0]


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
    places = _first(legal, "place")
    if places:
        cards = {a.split()[1] for a in places}
        best = max(cards, key=lambda c: (_retro_value(c) - (1 if c.startswith("S") else 0)))
        wanted = f"place {best} down" + (" protect 2" if _retro_value(best) >= RETRO_PROTECT_FROM
                                         else "")
        return wanted if wanted in legal else f"place {best} down"
    swaps = _first(legal, "swap")
    if swaps:
        own = view["table"][seat][0]["code"]
        mine = _retro_value(own) if own else 0
        for action in swaps:
            theirs = view["table"][int(action.split()[1])][0]
            if theirs["up"] and theirs["code"] \
                    and _retro_value(theirs["code"]) >= mine + RETRO_SWAP_GAIN:
                return action
    if "pass" in legal:
        return "pass"
    if "keep" in legal:
        return "keep"
    if "reveal" in legal:
        own = view["table"][seat][0]["code"]
        return "reveal" if own and _retro_value(own) <= RETRO_REVEAL_UP_TO else "hide"
    adds = _first(legal, "add")
    if adds:
        return max(adds, key=lambda a: _retro_value(a.split()[1]))
    if "stand" in legal:
        return "stand"
    starts = _first(legal, "start")
    if starts:
        return f"start {seat}" if f"start {seat}" in legal else starts[0]
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
    places = _first(legal, "place")
    if not places:
        return bot.rng.choice(legal)
    values = _tiles_my_values(view, seat, colour)
    their_values = _tiles_their_values(view, seat)

    def spot(action: str) -> tuple[int, int]:
        x, y = action.split()[-1].split(",")
        return int(x), int(y)

    def mine(action: str) -> int:
        words = action.split()
        return values[words[1]] if len(words) == 3 else values[""]

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
        return {"L": int(code_of(row[0])[1]), "R": int(code_of(row[-1])[1])}
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
