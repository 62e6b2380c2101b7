"""The TEN table (docs/rules/ten.md, rule ids TEN-Rn and S1-S8), built on the table kit.

Everything drawn comes from `self.view`: the flipped cards are sprites keyed by their ids,
they turn over as they come off the pile and glide to the collection or the market that
takes them; the market and the collections are painted from the view. Its parts: `layout`
(where), `controls` (what the player can do: the market, the tray, the auction), `paint`
(drawing), and `tentable.narration.ten` (the log's words).
"""
from __future__ import annotations

import pygame

from tentable.engine.cards import code_of
from tentable.engine.ten_cards import COLOURS, MONA
from tentable.engine.ten_moves import FLIP, PASS, SKIP, bid, read
from tentable.engine.ten_view import TenView, tie_breaks
from tentable.engine.ten_solo import SOLO_MIN_BID
from tentable.narration import ten as words
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.ten import layout
from tentable.ui.tables.ten.controls import Controls
from tentable.ui.tables.ten.paint import Paint
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.seatpanel import seat_colour
from tentable.ui.widgets.sprite import CardSprite
from tentable.ui.widgets.spritesync import Point, Spot

GAME = "ten"
FLYER_Z = 500


@register_table(GAME)
class TenTable(Controls, Paint):
    game = GAME
    words = words

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.make_buttons()
        self.said: dict[int, str] = {}      # seat -> its word in the running auction
        self.pending: list[str] = []        # a payment's items, told when it is complete
        self.flyers: list[CardSprite] = []  # cards on their way out of the tableau/market
        self.bid_glow = 0.0                 # a new bid lights up, then fades (1 -> 0)
        self.total_rect = pygame.Rect(0, 0, 0, 0)  # where "Total" is: a bubble leaves it be
        self.retell()

    def least_room(self) -> tuple[int, int]:
        return layout.LEAST_ROOM

    def layout(self, size: tuple[int, int]) -> None:
        g = self.geo = layout.lay_out(size, self.card_size, self.session.players, self.bottom,
                                      len(self.buttons))
        self.log.layout(g.log, text_px(theme.FONT_SMALL, g.scale))
        for button, rect in zip(self.buttons, g.buttons):
            button.layout(rect)
        self.toast_area = g.toasts
        self.layers.clear()
        self.sync(animate=False)

    def spots(self) -> dict[str, Spot]:
        panel = layout.pay_reach(self.geo) if self.tray_visible() else \
            layout.coach_rect(self.geo) if self.coach_numbers() is not None else None
        return layout.spots(self.view, self.geo, panel)

    def origin(self, card: str, seat: int | None) -> Point:
        return self.geo.pile                # every card new to the view was just flipped

    def sync(self, origin: int | None = None, animate: bool = True) -> None:
        """Every sprite to where the view puts it; a card just flipped turns over on its
        way from the pile."""
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        spots = self.spots()
        new = [k for k in spots if k not in self.cards.sprites]
        self.cards.sync(spots, lambda key: self.origin(key, origin), animate,
                        hidden=new if animate else ())

    def log_start(self, view: TenView) -> None:
        first = view["current_player"]
        self.log.add(self.say("ten.log.start", first))

    # -- events from the match ------------------------------------------------------------
    # a gesture is told move by move as a replay tells it (the resumed log reads the same:
    # the buy, the payment in one line once complete, a flip that followed it), and its
    # cards fly once, from the view before it to the view after it
    settle_once = True

    def moved(self, seat: int, action: str, before: TenView, after: TenView) -> None:
        if after["auction"] is None:
            self.said = {}
        if after["phase"] != before["phase"]:
            self.cursor = None
        if after["phase"] == "over" and before["phase"] != "over":
            self.log_scores(after)
            self.show_dialog(self.scoring_dialog(after))
        self.refresh()
        if not self.moments:        # a moment held: the cards leave when the player goes on
            self.fly(before, after)

    def moment_passed(self, moment) -> None:
        self.fly(moment.views[self.seat], self.view)
        super().moment_passed(moment)

    def fly(self, before: TenView, after: TenView) -> None:
        """Cards leaving the tableau, the auction or the market glide to where they went
        (a collection, the market); discarded money cards simply go."""
        if self.geo is None:
            return
        g = self.geo
        self.tweens.duration_scale = self.duration_scale
        homes: dict[str, tuple[float, float]] = {}
        for seat in range(len(after["collections"])):
            panel = g.mine if seat == self.bottom else g.panels.get(seat)
            if panel is None:
                continue
            for card in after["collections"][seat] + after["duplicates"][seat]:
                homes[card] = panel.center
        for card in after["market"]:
            homes[card] = self.market_cell(code_of(card)).center
        moving = list(before["tableau"])
        if before["auction"]:
            moving.append(before["auction"]["joker"])
        if before["payment"] and before["payment"]["then"] != "auction":
            moving.append(before["payment"]["card"])
        for card in moving:
            if card in after["tableau"] or card not in homes:
                continue
            if after["auction"] and after["auction"]["joker"] == card:
                continue
            sprite = self.cards.get(card)
            if sprite is not None:
                start, size = sprite.pos, sprite.size
            elif card in before["market"]:
                cell = self.market_cell(code_of(card))
                start, size = cell.center, cell.size
            else:
                continue
            flyer = CardSprite(GAME, code_of(card), pos=start, size=size, z=FLYER_Z)
            self.flyers.append(flyer)
            self.tweens.move(flyer, homes[card], then=lambda f=flyer: self.land(f))

    def glow(self) -> None:
        """A bid lights the auction panel's highest bid, fading at the animation speed."""
        def apply(value) -> None:
            self.bid_glow = float(value)
        self.tweens.duration_scale = self.duration_scale
        self.tweens.animate("bid-glow", 1.0, 0.0, 0.7, apply)

    def land(self, flyer: CardSprite) -> None:
        if flyer in self.flyers:
            self.flyers.remove(flyer)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.tray = None
        self.cursor = None
        super().on_seat_change(seat, turned)

    def animate(self, dt: float) -> bool:
        moving = self.tweens.update(dt)
        if self.held is not None and not self.drag.dragging and self.drag.sprite is None \
                and not moving:
            self.held = None
            self.held_code = None
        return moving or self.drag.dragging

    # -- words ----------------------------------------------------------------------------
    def automaton_name(self, seat: int) -> str | None:
        return t("ladder.mona") if seat == MONA else None        # S1

    def forced_text(self, action: str) -> str:
        """The banner over a human's only move: why it is the only one."""
        view = self.view
        move = read(action)
        if action == PASS:
            return self.mona_bid_text() or self.cannot_bid_text()
        if action == SKIP:
            text = t("ten.forced_skip_empty" if not view["market"] else "ten.forced_skip")
            return t("ten.final_round", text=text) if view["phase"] == "final" else text
        if move.kind == "take":
            return t("ten.forced_bust")
        if move.kind == "pay":
            with_what = words.card(move.card) if move.card else t(f"ten.pay_with.{move.token}")
            return t("ten.forced_pay", due=view["payment"]["due"], what=with_what)
        if action == FLIP:
            return t("ten.forced_flip")
        if move.kind == "stop":                             # TEN-R13: nothing left to flip
            return t("ten.forced_" + move.stop)
        return super().forced_text(action)

    def cannot_bid_text(self) -> str:
        """Why the human to bid can only pass (TEN-R11, S4): what they can pay is not
        above the highest bid."""
        auction = self.view["auction"]
        least = max(auction["high"] + 1, SOLO_MIN_BID if self.view["solo"] else 1)
        refusal = self.link.why_not(self.seat, bid(least))
        if refusal is not None and refusal.key == "refuse.ten.bid_high":
            return t("ten.forced_pass_poor", n=refusal.values["n"], least=least)
        return t("ten.forced_pass")

    def status_text(self) -> str:
        """Whose turn it is, in the moment of the turn: the auction of whose joker, a buy
        after taking the numbers, a bust (V1), the final buy round (TEN-R13)."""
        mona = self.mona_bid_text()
        if mona:
            return mona
        view, whose = self.view, super().status_text()
        phase = view["phase"]
        if not whose or phase in ("flip", "over"):
            return whose
        mine = self.my_turn
        if phase == "pay":
            # a payment may come in another's turn (a joker won at auction): the payer acts
            payment = view["payment"]
            card = words.card(payment["card"])
            text = t("ten.status.pay", due=payment["due"], card=card) if mine else \
                self.say("ten.status.paying", payment["payer"], due=payment["due"], card=card)
            return t("ten.final_round", text=text) if view["final_round"] else text
        if phase == "auction":
            auction = view["auction"]
            flipper = view["active"]
            joker = words.card(auction["joker"])
            if mine:
                low, high = self.bid_range()
                if low is None:
                    return self.cannot_bid_text()
                return self.say("ten.status.bid", flipper, card=joker, low=low, high=high)
            return self.say("ten.status.auction", flipper, card=joker,
                            whose=self.say("ten.bidding", view["current_player"]))
        if phase == "final":
            return t("ten.final_round", text=t("ten.status.buy") if mine else whose)
        if phase == "busted":
            return t("ten.status.busted") if mine else t("ten.status.busted_other", whose=whose)
        return t("ten.status.buy_after") if mine else whose

    def mona_bid_text(self) -> str:
        """Solo, on a joker you flipped: what Mona's opening bid leaves you (S5), or ""."""
        auction = self.view["auction"]
        if not (self.my_turn and self.view["solo"] and auction and auction["order"][0] == MONA
                and auction["next"] == 1):
            return ""
        low, _ = self.bid_range()
        if auction["bidder"] is None:
            return t("ten.mona_passed") if low is not None else ""
        if low is None:
            return t("ten.mona_bid_yours", n=auction["high"])
        return t("ten.mona_bid_hers", n=auction["high"], low=low)

    def moment_words(self, moment) -> tuple[str, list[str], str | None]:
        return words.moment(self.teller, moment.kind, moment.facts), [], None

    def add_lines(self, lines) -> None:
        for line in lines:
            self.log.add(line.text, None if line.seat is None else seat_colour(line.seat))

    def narrate(self, seat: int, action: str, before: TenView, after: TenView) -> None:
        """The move in words (tentable.narration.ten); the auction's chips remember who
        said what, and a payment's items wait until it is complete."""
        move = read(action)
        if action == FLIP and after["auction"] and not before["auction"]:
            self.said = {}
        elif move.kind == "bid":
            self.said[seat] = str(move.amount)
            self.glow()
        elif action == PASS:
            self.said[seat] = "pass"
        elif move.kind == "buy":
            self.pending = []
        self.add_lines(words.tell(self.teller, seat, action, before, after, self.pending))
        if move.kind == "pay":
            self.pending = [] if after["payment"] is None else self.pending + [action]

    def log_scores(self, view: TenView) -> None:
        self.log.add(t("ten.log.over", scores=", ".join(
            f"{n} {p}" for n, p in zip(self.names, view["scores"]))))

    def tie_break_text(self, view: TenView) -> str:
        """Which TEN-R15 tie-break decided, from the final view ("" when none was needed)."""
        keys = tie_breaks(view)
        best = max(score for score, _, _ in keys)
        tied = [s for s, key in enumerate(keys) if key[0] == best]
        if len(tied) < 2:
            return ""
        if view["solo"]:
            return t("ten.tie_solo")
        names = ", ".join(f"{self.names[s]} {keys[s][1]}" for s in tied)
        top = max(keys[s][1] for s in tied)
        tied2 = [s for s in tied if keys[s][1] == top]
        if len(tied2) == 1:
            return t("ten.tie_money", n=best, values=names)
        outside = {s: keys[s][2] for s in tied2}
        names2 = ", ".join(f"{self.names[s]} {outside[s]}" for s in tied2)
        if len(set(outside.values())) > 1 and list(outside.values()).count(
                max(outside.values())) == 1:
            return t("ten.tie_cards", n=best, values=names2)
        return t("ten.tie_shared", n=best)

    def scoring_lines(self, view: TenView) -> list[str]:
        lines = []
        for seat, info in enumerate(view["scoring"]):
            runs = []
            for colour in COLOURS:
                run = info["runs"].get(colour)
                if run:
                    a, b = run
                    n = b - a + 1
                    runs.append(t("ten.score_run", run=t(f"ten.bd.run.{colour}"), low=a,
                                  high=b, n=10 if n == 9 else n))
            jokers = [f"{words.card(code)}\u2192{', '.join(words.card(s) for s in spots)}"
                      for code, spots in info["jokers"].items()]
            line = t("ten.score_line", name=self.names[seat], score=info["score"],
                     runs="; ".join(runs) or "\u2014")
            if jokers:
                line += "  " + t("ten.score_jokers", jokers="; ".join(jokers))
            lines.append(line)
        tie = self.tie_break_text(view)
        if tie:
            lines.append(tie)
        return lines

    def scoring_dialog(self, view: TenView) -> Dialog:
        return Dialog(t("ten.scoring_title"), self.scoring_lines(view),
                      [Button(t("ten.to_results"), lambda: self.show_dialog(None),
                              key=pygame.K_RETURN, kind="primary")], width=0.62)
