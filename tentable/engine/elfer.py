"""Elfer raus! Master (Wolfgang Kramer): rules digest `rules/elfer.md`, rule ids ER-Rn.

The table is four rows of 21 positions, one row per colour, growing out from the 11s.
A position is named by its card code ("B9" = the 9 of the blue row). The board maps
each colour to its 21 positions, each holding "" (empty) or the id of the card on it:
number cards are unique, so their code is their id ("B9"); jokers are "J#1".."J#4"
and stand for the position they lie on. Connection and bonus cards are "connection#n"
and "bonus#n". The pile is kept top-last so that drawing is `pop()`; `deck=` and the
rulebook speak top-first.
"""
from __future__ import annotations

from tentable.engine.core import OVER, Phase, State
from tentable.engine.cards import card_ids, check_deck, shuffled
from tentable.engine.errors import IllegalAction, SetupError, Term
from tentable.engine.options import Option
from tentable.engine.registry import register
from tentable.engine.secrecy import NOBODY, OWNER, PUBLIC
from tentable.engine.elfer_moves import (BRIDGE, COLOURS, DRAW, END, JOKER, LENGTH, NAMES, PASS,
                                         PLAY, PLAY_JOKER, PLAY_JOKER_AT, SLOTS, SWAP, ElferMove)
from tentable.engine.elfer_cards import (BONUS, BONUS_POINTS, CONNECTION, ELEVEN, ElferView,
                                        GAME_ID, HALVES, INDEX, MAX_CARDS, all_ids, card_value,
                                        connections_each, hand_size, neighbours, shuffle_codes)

TURN, FOLLOW = "turn", "follow"   # FOLLOW: a bridge was laid, its card must follow (ER-R8)


def _rows_check(value: list, players: int) -> str | None:
    if sorted(value) != sorted(COLOURS):
        return "must name each of R, Y, G and B once, top row first"
    return None


def _start_check(value: int, players: int) -> str | None:
    return None if value < players else f"must be a seat below {players}"


@register
class Elfer(State):
    game_id = GAME_ID
    title = "Elfer raus! Master"
    min_players = 2
    max_players = 6
    options_spec = (
        Option("rows", None, list, choices=COLOURS, optional=True, check=_rows_check,
               help="the colours of the rows, top to bottom (ER-R1); empty: by lot"),
        Option("games", 1, int, low=1, high=6, suggest=lambda players: players,
               help="games in the match; the start player moves one seat each game (ER-R15)"),
        Option("start", 0, int, low=0, high=5, check=_start_check,
               help="the seat that starts the first game (ER-R4)"),
    )
    parts = "game_scores"
    fields = ("game_no", "game_scores", "game_bonuses", "rows", "board", "hands", "pile", "connections",
              "connections_out", "bridges", "bonus_stack", "bonuses", "turn", "turn_cards",
              "swapped", "pending", "passes")

    @classmethod
    def new(cls, players: int, seed: int, options: dict, deck) -> "Elfer":
        if deck is not None:
            deck = check_deck(GAME_ID, deck, list(shuffle_codes()))
        state = cls(players, seed, options, deck)
        state.game_scores = []
        state.game_bonuses = []
        state._deal(1)
        return state

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list[str]:
        return list(shuffle_codes())

    # -- setup (ER-R1..R4, ER-R15) -------------------------------------------------
    def _deal(self, game_no: int) -> None:
        players = self.players
        self.game_no = game_no
        rows = self.options["rows"]
        self.rows = list(rows) if rows else shuffled(COLOURS, self.seed, f"rows {game_no}")
        self.board = {c: [""] * LENGTH for c in COLOURS}
        for c in COLOURS:                                            # ER-R1
            self.board[c][ELEVEN - 1] = f"{c}{ELEVEN}"
        each = connections_each(players)                             # ER-R2
        links = card_ids([CONNECTION] * 15)
        self.connections = [links[s * each:(s + 1) * each] for s in range(players)]
        self.connections_out = links[each * players:]
        self.bridges = []
        self.bonus_stack = card_ids([BONUS] * 7)[::-1]
        self.bonuses = [[] for _ in range(players)]
        if game_no == 1 and self.deck:
            order = list(self.deck)
        else:
            order = shuffled(shuffle_codes(), self.seed, f"game {game_no}")
        jokers = iter(card_ids([JOKER] * 4))
        order = [next(jokers) if code == JOKER else code for code in order]
        start = (self.options["start"] + game_no - 1) % players     # ER-R4, ER-R15
        dealt = hand_size(players) * players                         # ER-R3
        self.hands = [[] for _ in range(players)]
        for i, card in enumerate(order[:dealt]):
            self.hands[(start + i) % players].append(card)
        self.pile = order[dealt:][::-1]
        self._begin_turn(start)
        self.passes = 0

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.goto(TURN)
        self.turn_cards = []
        self.swapped = False
        self.pending = ""

    # -- queries -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def _open(self, slot: str) -> bool:
        """ER-R6: an empty position next to an occupied one of the same row."""
        c, n = SLOTS[slot]
        row = self.board[c]
        return not row[n - 1] and ((n > 1 and bool(row[n - 2])) or (n < LENGTH and bool(row[n])))

    def _joker_plays(self) -> list[str]:
        """ER-R7: `play J@..` for every position some number card could be played to
        (a position between two cards comes twice; the core drops repeats)."""
        out = []
        for c in COLOURS:
            row, texts = self.board[c], PLAY_JOKER_AT[c]
            for i, (here, right) in enumerate(zip(row, row[1:])):
                if here:
                    if not right:
                        out.append(texts[i + 1])
                elif right:
                    out.append(texts[i])
        return out

    def _joker_bridges(self) -> list[str]:
        """ER-R8 with a joker to follow: from every card to the empty position of the same
        number in a neighbouring row."""
        board, rows = self.board, self.rows
        out = []
        for upper, lower in zip(rows, rows[1:]):
            down, up = BRIDGE[upper, lower], BRIDGE[lower, upper]
            for i, (a, b) in enumerate(zip(board[upper], board[lower])):
                if a:
                    if not b:
                        out.append(down[i])
                elif b:
                    out.append(up[i])
        return out

    def _card_bridges(self, waiting: list[str]) -> list[str]:
        """ER-R8 with the number card to follow: `waiting` are held cards whose position
        is empty."""
        board = self.board
        near = neighbours(tuple(self.rows))
        return [BRIDGE[d, c][i] for card in waiting for c, i in (INDEX[card],)
                for d in near[c] if board[d][i]]

    def _board_full(self) -> bool:
        return all(all(row) for row in self.board.values())

    def _swappable(self) -> bool:
        """ER-R9: a swap belongs to a turn with a card played; before the first card it
        is allowed only while a card can still follow (the board is not full)."""
        return bool(self.turn_cards) or not self._board_full()

    # -- phase "turn": play, bridge, swap, end, draw, pass (ER-R5..R12) ----------------
    def _legal_turn(self) -> list[str]:
        seat = self.turn
        board = self.board
        played = len(self.turn_cards)
        room = played < MAX_CARDS                                           # ER-R5
        actions, swaps, waiting = [], [], []
        joker = False
        for card in self.hands[seat]:
            place = INDEX.get(card)
            if place is None:
                joker = True
                continue
            c, i = place
            row = board[c]
            here = row[i]
            if here:
                if here[0] == JOKER:
                    swaps.append(SWAP[card])                                # ER-R9
            elif room:
                waiting.append(card)
                if (i and row[i - 1]) or (i < LENGTH - 1 and row[i + 1]):   # ER-R6
                    actions.append(PLAY[card])
        # ER-R12: only a number card that fits directly obliges; jokers and connection
        # cards are voluntary ("Das Ausspielen von Verbindungskarten ist freiwillig").
        may_pass = not (played or self.swapped or self.pile or actions)
        if room:
            links = self.connections[seat]
            if joker:
                actions += self._joker_plays()                              # ER-R7
                if links:
                    actions += self._joker_bridges()                        # ER-R8
            elif links and waiting:
                actions += self._card_bridges(waiting)                      # ER-R8
        if swaps and self._swappable():
            actions += swaps
        if played:
            actions.append(END)                                             # ER-R5
        elif not self.swapped:
            if self.pile:
                actions.append(DRAW)                                        # ER-R11
            elif may_pass:
                actions.append(PASS)                                        # ER-R12
        return actions

    def _check_turn(self, action: str) -> ElferMove:
        words = action.split()
        if words == ["end"]:
            if not self.turn_cards:
                raise IllegalAction("refuse.elfer.end_early")
            return ElferMove("end")
        if words in (["draw"], ["pass"]):
            return self._check_draw_or_pass(words[0])
        if len(words) != 2 or words[0] not in ("play", "bridge", "swap"):
            raise IllegalAction("refuse.elfer.unknown", moves=Term.move(
                "play R7", "play J@R7", "bridge Y9-B9", "swap B9", "end", "draw", "pass"))
        verb, what = words
        if verb == "swap":
            return self._check_swap(what)
        if len(self.turn_cards) >= MAX_CARDS:
            raise IllegalAction("refuse.elfer.four_played")
        if verb == "bridge":
            return self._check_bridge(what)
        return self._check_play(what)

    def _check_draw_or_pass(self, verb: str) -> ElferMove:
        if self.turn_cards:
            raise IllegalAction("refuse.elfer.played_already", move=Term.move(verb))
        if self.swapped:
            raise IllegalAction("refuse.elfer.swapped", move=Term.move(verb))
        if verb == "draw":
            if not self.pile:
                raise IllegalAction("refuse.elfer.pile_empty")
            return ElferMove("draw")
        if self.pile:
            raise IllegalAction("refuse.elfer.no_pass_yet")
        if "pass" not in self.legal_actions():
            raise IllegalAction("refuse.elfer.must_play")
        return ElferMove("pass")

    def _parse_slot(self, text: str) -> tuple[str, int]:
        if text not in SLOTS:
            raise IllegalAction("refuse.elfer.not_a_position", text=repr(text[:20]))
        return SLOTS[text]

    def _check_play(self, what: str, pending: str = "") -> ElferMove:
        hand = self.hands[self.turn]
        joker = what.startswith("J@")
        slot = what[2:] if joker else what
        c, n = self._parse_slot(slot)
        if joker:
            jokers = [card for card in hand if card[0] == JOKER]
            if not jokers:
                raise IllegalAction("refuse.elfer.no_joker")
            card = min(jokers)
        else:
            if slot not in hand:
                raise IllegalAction("refuse.elfer.not_held", card=Term.card(slot))
            card = slot
        if self.board[c][n - 1]:
            raise IllegalAction("refuse.elfer.taken", card=Term.card(slot))
        if pending:
            if slot != pending:
                raise IllegalAction("refuse.elfer.follow", card=Term.card(pending))
        elif not self._open(slot):
            raise IllegalAction("refuse.elfer.not_next", card=Term.card(slot))
        return ElferMove("play", slot, card)

    def _check_bridge(self, what: str) -> ElferMove:
        seat = self.turn
        if not self.connections[seat]:
            raise IllegalAction("refuse.elfer.no_connections")
        source, _, target = what.partition("-")
        (sc, sn), (tc, tn) = self._parse_slot(source), self._parse_slot(target)
        if sn != tn:
            raise IllegalAction("refuse.elfer.same_number")
        if tc not in neighbours(tuple(self.rows))[sc]:
            raise IllegalAction("refuse.elfer.not_neighbours", target=Term.card(target),
                                source=Term.card(source))
        if not self.board[sc][sn - 1]:
            raise IllegalAction("refuse.elfer.bridge_from_empty", source=Term.card(source))
        if self.board[tc][tn - 1]:
            raise IllegalAction("refuse.elfer.bridge_to_taken", target=Term.card(target))
        hand = self.hands[seat]
        if target not in hand and not any(card[0] == JOKER for card in hand):
            raise IllegalAction("refuse.elfer.bridge_nothing", target=Term.card(target))
        return ElferMove("bridge", target, "", source)

    def _check_swap(self, slot: str) -> ElferMove:
        c, n = self._parse_slot(slot)
        if slot not in self.hands[self.turn]:
            raise IllegalAction("refuse.elfer.not_held", card=Term.card(slot))
        lying = self.board[c][n - 1]
        if lying[:1] != JOKER:
            raise IllegalAction("refuse.elfer.no_joker_there", card=Term.card(slot))
        if not self._swappable():
            raise IllegalAction("refuse.elfer.swap_late")
        return ElferMove("swap", slot, slot)

    def _perform(self, move: ElferMove) -> None:
        getattr(self, f"_do_{move.kind}")(move)

    def _do_play(self, move: ElferMove) -> None:
        seat = self.turn
        c, n = SLOTS[move.slot]
        row = self.board[c]
        row[n - 1] = move.card
        self.hands[seat].remove(move.card)
        self.turn_cards.append(move.slot)
        self.goto(TURN)
        self.pending = ""
        self.passes = 0
        half = HALVES[n > ELEVEN]
        if self.bonus_stack and all(row[i] for i in half):                 # ER-R10
            self.bonuses[seat].append(self.bonus_stack.pop())
        if not self.hands[seat]:                                            # ER-R13
            self._end_game()

    def _do_bridge(self, move: ElferMove) -> None:
        seat = self.turn
        link = self.connections[seat].pop(0)
        self.bridges.append({"id": link, "from": move.source, "to": move.slot, "seat": seat})
        self.goto(FOLLOW)
        self.pending = move.slot

    def _do_swap(self, move: ElferMove) -> None:
        """ER-R9: the number card takes the joker's place; no bonus for it (ER-R10)."""
        c, n = SLOTS[move.slot]
        joker = self.board[c][n - 1]
        self.board[c][n - 1] = move.card
        hand = self.hands[self.turn]
        hand.remove(move.card)
        hand.append(joker)
        self.swapped = True

    def _do_end(self, move: ElferMove) -> None:
        self.passes = 0
        self._begin_turn((self.turn + 1) % self.players)

    def _do_draw(self, move: ElferMove) -> None:
        self.hands[self.turn].append(self.pile.pop())                      # ER-R11
        self.passes = 0
        self._begin_turn((self.turn + 1) % self.players)

    def _do_pass(self, move: ElferMove) -> None:
        self.passes += 1
        if self.passes >= self.players:                                     # ER-R16
            self._end_game()
        else:
            self._begin_turn((self.turn + 1) % self.players)

    # -- phase "follow": the card after a connection card (ER-R8) ----------------------
    def _legal_follow(self) -> list[str]:
        hand = self.hands[self.turn]
        actions = [PLAY[self.pending]] if self.pending in hand else []
        if any(card[0] == JOKER for card in hand):
            actions.append(PLAY_JOKER[self.pending])
        return actions

    def _check_follow(self, action: str) -> ElferMove:
        words = action.split()
        if len(words) != 2 or words[0] != "play":
            raise IllegalAction("refuse.elfer.follow", card=Term.card(self.pending))
        return self._check_play(words[1], self.pending)

    # Turns pass round the table (a new game of the match deals anew); a connection card
    # makes the next card follow it. A match ends when a hand empties or all pass.
    first_phase = TURN
    phases = {TURN: Phase(_legal_turn, _check_turn, _perform, next=(TURN, FOLLOW, OVER)),
              FOLLOW: Phase(_legal_follow, _check_follow, _perform, next=(TURN,))}

    # -- the end (ER-R13..R16) -------------------------------------------------------
    def _game_score(self) -> list[int]:
        """ER-R14: +11 per bonus card, minus the cards in hand (a joker -11)."""
        return [BONUS_POINTS * len(self.bonuses[s]) - sum(card_value(c) for c in self.hands[s])
                for s in range(self.players)]

    def _end_game(self) -> None:
        self.game_scores.append(self._game_score())
        self.game_bonuses.append([len(b) for b in self.bonuses])
        if self.game_no >= self.options["games"]:
            self.turn = None
        else:
            # the last board of the game stays in sight before the next deal (ER-R14)
            scores = self.game_scores[-1]
            self.moment("part", part=self.game_no, scores=list(scores),     # ER-R14
                        winners=[s for s in range(self.players) if scores[s] == max(scores)])
            self._deal(self.game_no + 1)

    def scores(self) -> list[int]:
        """ER-R15: the finished games' totals, plus the bonus cards of the running game
        (the cards in hand are secret, so they count only when the game is scored)."""
        return self.part_totals(self.game_no,
                                lambda: [BONUS_POINTS * len(b) for b in self.bonuses])

    # -- information -------------------------------------------------------------------
    def _islands(self) -> list[dict]:
        """Runs of occupied positions per row, each with what it grows from: its row's 11
        and/or the positions connection cards led to."""
        targets = {b["to"] for b in self.bridges}
        out = []
        for c in self.rows:
            row, names = self.board[c], NAMES[c]
            low = None                  # index where the run being walked began
            for k, card in enumerate(row + [None]):
                if card and low is None:
                    low, anchors = k, []
                elif not card and low is not None:
                    out.append({"row": c, "low": low + 1, "high": k, "anchors": anchors})
                    low = None
                if card and (k == ELEVEN - 1 or names[k] in targets):
                    anchors.append(names[k])
        return out

    def _hand_order(self, card: str) -> tuple:
        if card[0] == JOKER:
            return (len(self.rows), 0, card)
        c, n = SLOTS[card]
        return (self.rows.index(c), n, card)

    def _view(self, seat: int | None) -> dict:
        """The game's keys of `ElferView`."""
        rows = [{"colour": c, "slots": [
            {"id": card, "card": name, "joker": card[0] == JOKER} if card else None
            for name, card in zip(NAMES[c], self.board[c])]} for c in self.rows]
        view = {
            "game_no": self.game_no, "games": self.options["games"],
            "game_scores": [list(g) for g in self.game_scores],
            "game_bonuses": [list(g) for g in self.game_bonuses],
            "start_player": (self.options["start"] + self.game_no - 1) % self.players,
            "rows": rows, "islands": self._islands(),
            "bridges": [dict(b) for b in self.bridges],
            "hand": None if seat is None else sorted(
                self.shown(f"hand {seat}", seat, self.hands[seat]), key=self._hand_order),
            "hand_sizes": [len(h) for h in self.hands],
            "connections": [list(c) for c in self.connections],
            "connections_out": list(self.connections_out),
            "bonuses": [list(b) for b in self.bonuses],
            "bonus_stack": list(self.bonus_stack),
            "pile": len(self.pile),
            "turn_cards": list(self.turn_cards), "played": len(self.turn_cards),
            "max_cards": MAX_CARDS, "swapped": self.swapped,
            "pending": self.pending or None, "passes": self.passes,
        }
        if all(self.sees(seat, f"hand {s}") for s in self.seats):     # over (ER-R14)
            view["hands"] = [sorted(h, key=self._hand_order) for h in self.hands]
        return view

    # A hand is its player's until the end, when every hand is scored in the open (ER-R14);
    # the pile is face down; all else lies on the table.
    secrecy = {"hand": OWNER.until_over, "pile": NOBODY, "board": PUBLIC, "bridges": PUBLIC,
               "connections out": PUBLIC, "bonus stack": PUBLIC, "connections": PUBLIC,
               "bonus": PUBLIC}

    def zones(self) -> dict[str, list]:
        zones = {"pile": self.pile,
                 "board": [card for c in COLOURS for card in self.board[c] if card],
                 "bridges": [b["id"] for b in self.bridges],
                 "connections out": self.connections_out, "bonus stack": self.bonus_stack}
        for s in range(self.players):
            zones[f"hand {s}"] = self.hands[s]
            zones[f"connections {s}"] = self.connections[s]
            zones[f"bonus {s}"] = self.bonuses[s]
        return zones

    # -- accounting ----------------------------------------------------------------------
    def validate(self) -> None:
        problem = self._problem()
        if problem:
            raise SetupError(f"elfer: the position {problem}")
        super().validate()

    def _problem(self) -> str | None:
        """What is wrong with this position, or None (used by saves and the playout test)."""
        players = self.players

        def ids(value) -> bool:
            return isinstance(value, list) and all(type(c) is str for c in value)

        def per_seat(value) -> bool:
            return isinstance(value, list) and len(value) == players and all(map(ids, value))

        shapes = {
            "rows": isinstance(self.rows, list) and sorted(self.rows) == sorted(COLOURS)
            and (self.options["rows"] is None or self.rows == self.options["rows"]),
            "board": isinstance(self.board, dict) and sorted(self.board) == sorted(COLOURS)
            and all(ids(r) and len(r) == LENGTH for r in self.board.values()),
            "hands": per_seat(self.hands), "connections": per_seat(self.connections),
            "bonuses": per_seat(self.bonuses), "pile": ids(self.pile),
            "connections_out": ids(self.connections_out), "bonus_stack": ids(self.bonus_stack),
            "bridges": isinstance(self.bridges, list) and all(
                isinstance(b, dict) and sorted(b) == ["from", "id", "seat", "to"]
                and b["from"] in SLOTS and b["to"] in SLOTS for b in self.bridges),
            "turn": self.turn is None or (type(self.turn) is int and 0 <= self.turn < players),
            "turn_cards": ids(self.turn_cards) and len(self.turn_cards) <= MAX_CARDS
            and all(s in SLOTS for s in self.turn_cards),
            "game_no": type(self.game_no) is int and 1 <= self.game_no <= self.options["games"],
            "game_scores": isinstance(self.game_scores, list) and all(
                isinstance(g, list) and len(g) == players for g in self.game_scores),
            "game_bonuses": isinstance(self.game_bonuses, list)
            and len(self.game_bonuses) == len(self.game_scores) and all(
                isinstance(g, list) and len(g) == players for g in self.game_bonuses),
            "pending": self.pending == "" or (self.pending in SLOTS and self.phase == FOLLOW),
            "swapped": type(self.swapped) is bool,
            "passes": type(self.passes) is int and 0 <= self.passes <= players,
        }
        bad = [name for name, ok in shapes.items() if not ok]
        if bad:
            return f"has a bad {', '.join(bad)}"
        held = sorted(card for zone in self.zones().values() for card in zone)
        if held != list(all_ids()):
            return "does not hold each of the 110 cards once"
        for c in COLOURS:
            for name, card in zip(NAMES[c], self.board[c]):
                if card and card[0] != JOKER and card != name:
                    return f"has {card} on the position of {name}"
                if name == f"{c}{ELEVEN}" and card != name:
                    return f"has no {name} in the middle of its row"
        for b in self.bridges:
            (sc, sn), (tc, tn) = SLOTS[b["from"]], SLOTS[b["to"]]
            if sn != tn or tc not in neighbours(tuple(self.rows))[sc]:
                return f"has a connection card from {b['from']} to {b['to']}"
            if not self.board[sc][sn - 1] or not (self.board[tc][tn - 1]
                                                  or b["to"] == self.pending):
                return f"has a connection card from {b['from']} to {b['to']} at an empty end"
        for island in self._islands():
            if not island["anchors"]:
                return (f"has cards {island['row']}{island['low']}-{island['high']} that "
                        f"grow from neither the 11 nor a connection card")
        done = sum(all(self.board[c][i] for i in half) for c in COLOURS for half in HALVES)
        if sum(map(len, self.bonuses)) > done:
            return "has more bonus cards handed out than half-rows completed"
        return None
