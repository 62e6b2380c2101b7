"""The 10 – Special Retro Edition table under the SDL dummy driver, by real mouse and keys."""
import random

from functools import partial

import pygame
import pytest

from tentable.bots import make_bot
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.tables.retro10.layout import first_key
from tentable.text import t
from tentable.ui.widgets.sprite import sprite_at
from tentable.engine.cards import code_of
import uitools
from uitools import click, drag, key, show_position, step, wait_for, walk_to




new_table = partial(uitools.new_table, game="retro10")


def refresh(table):
    """After a test changed the engine state by hand: the table shows it (a moment held
    from the last move is gone past)."""
    while table.moments:
        table.go_on()
    show_position(table)


def bots_until(table, until, limit=4000):
    """Every seat played by heuristic bots, straight on the engine, until `until(state)`."""
    state = table.link.match.state
    for _ in range(limit):
        if state.is_over or until(state):
            break
        state.apply(make_bot("heuristic", "retro10", state.current_player,
                             seed=len(state.history)).choose(state))
    refresh(table)
    return until(state)


def visible_point(sprite, among):
    rect = sprite.rect
    for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fy in (0.5, 0.25, 0.75):
            point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
            if sprite_at(among, point) is sprite:
                return int(point[0]), int(point[1])
    raise AssertionError(f"card {sprite.code} is covered everywhere")


def hand_card(table, code):
    return next(c for c in table.view["hand"] if code_of(c) == code)


def button(table, text):
    found = [b for b in table.buttons if b.text == text]
    assert found, (text, [b.text for b in table.buttons])
    return found[0]


def press(app, table, text):
    b = button(table, text)
    assert b.enabled, text
    click(app, b.rect.center)


def drag_to_place(app, table, card):
    hand = [table.cards[c] for c in table.view["hand"]]
    start = visible_point(table.cards[card], hand)
    drag(app, start, table.place_rect(table.bottom).center)


def set_amount(app, table, amount, by_keys):
    for _ in range(40):           # the amount starts at the lowest bid, a long way below
        if table.marks.amount == amount:
            return
        up = table.marks.amount < amount
        if by_keys:
            key(app, pygame.K_UP if up else pygame.K_DOWN)
        else:
            press(app, table, t("rx.ui.more") if up else t("rx.ui.less"))
    assert table.marks.amount == amount


def play_by_mouse(app, table, action):
    words = action.split()
    verb = words[0]
    if verb == "place":
        drag_to_place(app, table, hand_card(table, words[1]))
        assert table.pending is not None, "the drop opens the popover"
        press(app, table, t("rx.ui.up") if words[2] == "up" else t("rx.ui.down"))
        press(app, table, t(f"rx.ui.chips{words[4] if len(words) == 5 else 0}"))
        press(app, table, t("rx.ui.place"))
    elif verb == "add":
        drag_to_place(app, table, hand_card(table, words[1]))
    elif verb == "swap":
        spot = table.place_rect(int(words[1])).center
        click(app, spot)                     # choose the card
        assert table.marks.target == int(words[1])
        click(app, spot)                     # a second click makes the deal
    elif verb == "bid":
        click(app, table.place_rect(int(words[1])).center)
        set_amount(app, table, int(words[2]), by_keys=False)
        press(app, table, t("rx.ui.bid", n=words[2]))
    elif verb == "raise":
        set_amount(app, table, int(words[1]), by_keys=False)
        press(app, table, t("rx.ui.raise", n=words[1]))
    elif verb == "start":
        seat = int(words[1])
        click(app, table.geo.panels[seat].center)        # choose
        if table.link.match.state.history[-1:] != [action]:
            click(app, table.geo.panels[seat].center)    # and confirm
    else:
        text = {"pass": "rx.ui.pass", "keep": "rx.ui.keep", "reveal": "rx.ui.reveal",
                "hide": "rx.ui.hide", "stand": "rx.ui.stand"}.get(verb)
        if verb == "protect":
            press(app, table, t("rx.ui.protect", n=words[1]))
        else:
            press(app, table, t(text))


def select_by_keys(app, table, code):
    walk_to(app, table, code, lambda wanted, pick: code_of(pick) == wanted)


DIGITS = (pygame.K_0, pygame.K_1, pygame.K_2)


def play_by_keys(app, table, action):
    words = action.split()
    verb = words[0]
    if verb == "place":
        select_by_keys(app, table, words[1])
        key(app, pygame.K_u if words[2] == "up" else pygame.K_d)
        assert table.pending is not None
        key(app, DIGITS[int(words[4]) if len(words) == 5 else 0])
        key(app, pygame.K_RETURN)
    elif verb == "add":
        select_by_keys(app, table, words[1])
        key(app, pygame.K_RETURN)
    elif verb in ("swap", "bid"):
        for _ in range(8):
            if table.marks.target == int(words[1]):
                break
            key(app, pygame.K_RIGHT)
        if verb == "bid":
            set_amount(app, table, int(words[2]), by_keys=True)
        key(app, pygame.K_RETURN)
    elif verb == "raise":
        set_amount(app, table, int(words[1]), by_keys=True)
        key(app, pygame.K_r)
    elif verb == "start":
        for _ in range(8):
            if table.marks.start == int(words[1]):
                break
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    elif verb == "protect":
        key(app, DIGITS[int(words[1])])
    else:
        key(app, {"pass": pygame.K_p, "keep": pygame.K_k, "reveal": pygame.K_v,
                  "hide": pygame.K_k, "stand": pygame.K_s}[verb])


def play_a_game(app, gesture, seats, seed):
    table = new_table(app, seats, seed=seed)
    state = table.link.match.state
    me = make_bot("heuristic", "retro10", 0, seed=3)
    verbs = set()
    while not state.is_over:
        # a human's only move plays itself: the gestures are for the real choices
        wait_for(app, lambda: table.my_turn and table.forced is None or state.is_over)
        if state.is_over:
            break
        action = me.choose(state)
        before = len(state.history)
        gesture(app, table, action)
        assert state.history[before:before + 1] == [action], f"move {before}: {action}"
        verbs.add(action.split()[0])
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    return verbs


def test_a_whole_game_by_mouse_alone(app):
    verbs = play_a_game(app, play_by_mouse, ["human", "heuristic", "heuristic"], seed=12)
    assert {"place", "pass", "reveal", "start"} <= verbs, verbs


def test_a_whole_game_by_keyboard_alone(app):
    verbs = play_a_game(app, play_by_keys, ["human", "heuristic", "random", "heuristic"],
                        seed=7)
    assert {"place", "pass", "start"} <= verbs, verbs


def test_every_decision_has_its_gesture(app):
    """Each kind of decision (swap, bid, raise, protect, keep, hide, add, stand) by mouse and
    by keys, from positions reached by the bots."""
    done = set()
    for seed in range(40):
        for gesture, name in ((play_by_mouse, "mouse"), (play_by_keys, "keys")):
            table = new_table(app, ["human", "random", "random"], seed=seed)
            state = table.link.match.state
            rng = random.Random(seed)
            for _ in range(300):
                if state.is_over:
                    break
                if state.current_player != 0:
                    state.apply(rng.choice(state.legal_actions()))
                    continue
                refresh(table)
                legal = state.legal_actions()
                if len(legal) == 1:              # no choice: it plays itself
                    step(app)
                    continue
                fresh = [a for a in legal if (a.split()[0], name) not in done]
                action = rng.choice(fresh or legal)
                before = len(state.history)
                gesture(app, table, action)
                assert state.history[before:before + 1] == [action], (name, action)
                done.add((action.split()[0], name))
            table.close()
        verbs = {"place", "swap", "bid", "raise", "pass", "protect", "keep", "reveal",
                 "hide", "add", "stand", "start"}
        if {(v, g) for v in verbs for g in ("mouse", "keys")} <= done:
            return
    raise AssertionError(f"never reached: {sorted(done)}")


def add_position(app, seed_range=range(60)):
    """A table where the human adds a second card and one hand card would pass 10."""
    for seed in seed_range:
        table = new_table(app, ["human", "heuristic", "heuristic"], seed=seed)
        if bots_until(table, lambda s: s.phase == "add" and s.turn == 0
                      and len(s.legal_actions()) - 1 < len({c.split("#")[0]
                                                              for c in s.hands[0]})):
            return table
        table.close()
    raise AssertionError("no such position")


def test_a_refused_drop_springs_back_with_the_engines_reason(app):
    table = add_position(app)
    state = table.link.match.state
    too_high = next(iter(table.marks.dimmed))
    assert f"add {code_of(too_high)}" not in state.legal_actions()
    origin = table.cards.spots[too_high].pos
    before = state.to_json()
    drag_to_place(app, table, too_high)
    assert state.to_json() == before
    assert any("may not exceed 10" in toast.text for toast in app.toasts.items), \
        [toast.text for toast in app.toasts.items]
    wait_for(app, lambda: table.cards[too_high].pos == origin, 200)


def test_cards_that_would_pass_ten_are_dimmed_and_the_sum_is_shown(app):
    table = add_position(app)
    legal = set(table.link.match.state.legal_actions())
    for card in table.view["hand"]:
        assert (card in table.marks.dimmed) == (f"add {code_of(card)}" not in legal)
    assert "(total ≤ 10)" in table.title
    key(app, pygame.K_RETURN)                      # nothing chosen yet: nothing happens
    table.selected = next(iter(table.marks.dimmed))
    table.refresh()
    assert not button(table, t("rx.ui.add")).enabled


def test_placing_opens_a_popover_and_submits_once(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    card = table.view["hand"][1]
    drag_to_place(app, table, card)
    assert table.pending is not None and table.pending.card == card
    assert table.cards.spots[card].pos == table.geo.places[0]    # it lies on the place
    assert state.history == []
    key(app, pygame.K_d)
    key(app, pygame.K_2)
    key(app, pygame.K_BACKSPACE)                   # changed my mind: back to the hand
    assert table.pending is None and state.history == []
    drag_to_place(app, table, card)
    key(app, pygame.K_d)
    key(app, pygame.K_2)
    key(app, pygame.K_RETURN)
    assert state.history[0] == f"place {code_of(card)} down protect 2"


def test_the_bidding_panel_shows_the_bid_and_who_is_next(app):
    for seed in range(60):
        table = new_table(app, ["human", "heuristic", "heuristic"], seed=seed)
        if bots_until(table, lambda s: s.phase == "bid" and s.turn == 0
                      and any(a.startswith("raise") for a in s.legal_actions())):
            break
        table.close()
    else:
        raise AssertionError("no bidding")
    auction = table.view["auction"]
    names = table.names
    assert t("rx.ui.auction", whose=names[auction["owner"]] + "'s", n=auction["bid"],
             high=names[auction["high"]], next="you") == table.title
    assert table.marks.amount == auction["bid"] + 1       # the least raise first
    key(app, pygame.K_UP)
    assert table.marks.amount == auction["bid"] + 2 or table.marks.amount == \
        table.view["chips"][0]                             # up to all my chips
    owner_card = first_key(table.view, auction["owner"])
    assert table.cards[owner_card].highlight
    app.invalidate()
    app.step(wait=False)


def test_hot_seat_curtain_hides_hands_and_face_down_cards(app):
    table = new_table(app, ["human", "human", "heuristic"], seed=4)
    state = table.link.match.state
    assert table.curtain == 0 and table.view["hand"] is None
    key(app, pygame.K_RETURN)
    assert table.curtain is None and table.seat == 0
    card = table.view["hand"][0]
    code = code_of(card)
    table.submit(f"place {code} down")
    assert table.curtain == 1 and table.view["hand"] is None
    assert card not in table.cards.sprites and "?0" in table.cards.sprites
    key(app, pygame.K_RETURN)
    assert table.seat == 1 and set(table.view["hand"]) == set(state.hands[1])
    assert table.view["table"][0][0]["code"] is None            # seat 1 cannot see it
    assert card not in table.cards.sprites and not table.cards["?0"].face_up
    assert all(code not in e.text or "a card" in e.text for e in table.log.entries
               if "places" in e.text)
    assert any("places a card face down" in e.text for e in table.log.entries)


def test_what_a_swap_showed_stays_known_to_that_seat_only(app):
    table = new_table(app, ["human", "human"], seed=6)
    state = table.link.match.state
    key(app, pygame.K_RETURN)
    mine = table.view["hand"][0]
    table.submit(f"place {code_of(mine)} down")
    key(app, pygame.K_RETURN)                                   # seat 1
    theirs = table.view["hand"][0]
    table.submit(f"place {code_of(theirs)} down")
    key(app, pygame.K_RETURN)                                   # seat 0 opens
    table.submit("swap 1")
    view = table.view
    assert view["table"][0][0]["code"] == code_of(theirs)       # seat 0 looked at it
    assert view["table"][1][0]["code"] == code_of(mine)         # and still knows its own
    assert all(table.cards[view["table"][p][0]["id"]].face_up for p in (0, 1))
    while state.current_player is not None and state.phase == "protect":
        if table.curtain is not None:
            key(app, pygame.K_RETURN)
        table.submit("keep")
    if table.curtain is not None:
        key(app, pygame.K_RETURN)
    assert table.seat == 1
    view = table.view
    assert view["table"][1][0]["code"] == code_of(mine)         # seat 1 saw it by the swap
    assert view["table"][0][0]["code"] == code_of(theirs)       # and knows its own
    assert state.view(None)["table"][0][0]["id"] is None       # nobody else knows


def test_a_bots_face_down_card_is_not_named_in_the_log(app):
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=2)
    state = table.link.match.state
    bots_until(table, lambda s: False, 0)
    for _ in range(30):
        if state.phase != "place":
            break
        if table.my_turn:
            table.submit(table.view["legal_actions"][0])
        app.step(wait=False)
    downs = [a for a in state.history if a.startswith("place") and " down" in a]
    assert downs
    texts = [e.text for e in table.log.entries]
    bot_lines = [x for x in texts if "face down" in x and not x.startswith("You ")]
    assert bot_lines and all("places a card face down" in x for x in bot_lines), texts


def test_a_resumed_game_tells_its_log_again(app):
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=12)
    me = make_bot("heuristic", "retro10", 0, seed=1)
    while len(table.link.match.state.history) < 20:
        wait_for(app, lambda: table.my_turn)
        table.submit(me.choose(table.link.match.state))
    lines = [e.text for e in table.log.entries]
    table.close()
    resumed = table_for("retro10")(app, table.session.__class__.from_record(
        table.session.record(table.link.match.state.history)))
    app.reset(resumed)
    texts = [e.text for e in resumed.log.entries]
    assert texts[:len(lines)] == lines
    assert f"resumed after {len(table.link.match.state.history)} moves" in texts[-1]
    assert texts[0].startswith("Round 1, round card")


def test_a_forced_keep_says_so_and_enter_keeps_at_once(app):
    for seed in range(60):
        table = new_table(app, ["human", "heuristic", "heuristic"], seed=seed)
        if bots_until(table, lambda s: s.phase == "protect" and s.turn == 0):
            break
        table.close()
    state = table.link.match.state
    state.pot += state.chips[0]                  # no chips left: only "keep"
    state.chips[0] = 0
    state._legal = None                          # the engine caches its legal actions
    refresh(table)
    assert table.forced == "keep"
    assert table.forced_text("keep") in ("No chips to raise your protection: keep it  (Enter)",
                                         "Your protection is at its most: keep it  (Enter)")
    moves = len(state.history)
    key(app, pygame.K_RETURN)                    # Enter keeps at once
    assert state.history[moves:moves + 1] == ["keep"]


def test_the_seven_player_table_fits_at_1024x640(app):
    for size in ((1024, 640), (1280, 720)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        table = new_table(app, ["human"] + ["heuristic"] * 6, seed=11)
        assert app.size == size
        bots_until(table, lambda s: s.phase == "add" and s.turn == 0 and s.round_no >= 2)
        table.layout(size)
        screen = pygame.Rect(0, 0, *size)
        g = table.geo
        boxes = list(g.panels.values()) + [g.action, g.banner, table.log.rect]
        boxes += [table.place_rect(s) for s in range(7) if s != table.bottom]
        for box in boxes:
            assert screen.contains(box), (size, box)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not a.colliderect(b), (size, a, b)
        app.invalidate()
        app.step(wait=False)
        table.close()


def test_scores_read_as_penalty_points(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    info = table.seat_info(table.view, 0)
    score = table.view["scores"][0]          # 7 chips are 14 points off (RX-R10)
    assert score == -14 and info.score == "\u221214 points" and "+" not in info.score
    assert table.view["lowest_wins"] is True


@pytest.mark.parametrize("players", [2, 7])
def test_monkey_random_inputs_on_the_table(app, players):
    """Random clicks, drags, keys and resizes through whole games: nothing may raise, and the
    engine only ever hears legal moves."""
    rng = random.Random(players)
    table = new_table(app, ["human"] + ["random"] * (players - 1), seed=players)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_u, pygame.K_d, pygame.K_0, pygame.K_1, pygame.K_2,
            pygame.K_p, pygame.K_r, pygame.K_k, pygame.K_v, pygame.K_h, pygame.K_s,
            pygame.K_BACKSPACE]
    moves = 0
    for i in range(450):
        app.clock.advance(0.05)          # a moment held takes no click in its first instant
        if app.top is not table:
            moves += len(table.link.match.state.history)
            table = new_table(app, ["human"] + ["random"] * (players - 1), seed=i)
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        roll = rng.random()
        if roll < 0.35 and table.buttons and table.my_turn:
            click(app, rng.choice(table.buttons).rect.center)
            continue
        if roll < 0.55:
            click(app, pos)
        elif roll < 0.7:
            hand = table.view["hand"] or []
            if hand and hand[0] in table.cards.sprites:
                drag(app, table.cards[rng.choice(hand)].rect.center if rng.random() < 0.5
                     else pos, table.place_rect(table.bottom).center)
        elif roll < 0.97:
            key(app, rng.choice(keys))
        else:
            size = (rng.randrange(1024, 1600), rng.randrange(640, 1000))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1]))
            app.step(wait=False)
    moves += len(table.link.match.state.history)
    assert moves > 30, moves



def test_r2_a_hand_of_two_jokers_shows_both_and_the_card_you_move_is_the_one_played(app):
    """RX-R2 deals or draws a spare joker: two jokers in a hand are two cards, and the one
    the player drags is the one that lands, though the action names only the code 'J'."""
    for seed in range(100):
        table = new_table(app, ["human", "random", "random"], seed=seed)
        state = table.link.match.state
        jokers = [c for c in state.hands[0] if code_of(c) == "J"]    # the engine's order
        if len(jokers) == 2:
            break
        table.close()
    else:
        raise AssertionError("no hand of two jokers")
    hand = [table.cards[c] for c in table.view["hand"]]
    assert len({id(s) for s in hand}) == 4 and all(visible_point(s, hand) for s in hand)
    first, second = jokers               # 'place J' takes the first: drag the second
    dragged = table.cards[second]
    drag_to_place(app, table, second)
    press(app, table, t("rx.ui.up"))
    press(app, table, t("rx.ui.place"))
    assert state.history == ["place J up"]
    landed = table.view["table"][0][0]["id"]
    assert table.cards[landed] is dragged and dragged.pos == table.geo.places[0]
    for _ in range(20):                  # the others place and nobody deals
        if state.current_player == 0:
            break
        state.apply("pass" if state.phase == "deal" else state.legal_actions()[0])
    assert state.phase == "deal"
    state.apply("pass")
    while state.current_player != 0:
        state.apply("pass" if state.phase == "deal" else "stand")
    refresh(table)
    assert state.phase == "add" and "add J" in state.legal_actions()
    last = next(c for c in table.view["hand"] if code_of(c) == "J")
    dragged = table.cards[last]
    mine = len(state.history)
    drag_to_place(app, table, last)
    assert state.history[mine] == "add J"
    assert [code_of(c) for c in state.table[0]] == ["J", "J"]
    assert table.cards[table.view["table"][0][1]["id"]] is dragged


def test_rx_r8_the_showdown_tells_every_card_shown_in_words(app):
    """RX-R8: all cards are turned face up; the log names each player's cards and total
    before the winner and the loser, in words (a joker is "joker", never its code)."""
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=5)
    state = table.link.match.state
    me = make_bot("heuristic", "retro10", 0, seed=3)
    while state.last_round is None:
        wait_for(app, lambda: table.my_turn and table.forced is None
                 or state.last_round is not None)
        if state.last_round is None:
            table.submit(me.choose(state))
    step(app)
    last = state.last_round
    texts = [e.text for e in table.log.entries]
    [line] = [text for text in texts if text.startswith("Cards shown: ")]
    assert texts[texts.index(line) + 1].endswith(f"the pot of {last['pot']}")
    hands = line[len("Cards shown: "):].split("; ")
    names = ["you"] + table.names[1:]                  # the one human reads "you"
    by_name = {hand.split(" ")[0]: hand for hand in hands}
    assert sorted(by_name) == sorted(names)
    for seat, name in enumerate(names):
        assert by_name[name].endswith(f" = {last['totals'][seat]}")
    assert sum(hand.count(" + ") + 1 for hand in hands) == len(last["cards"])
    assert "#" not in line and "J" not in line


def test_seven_players_at_1024x640_the_hand_never_covers_the_pot(app, monkeypatch):
    """The deck, the round card and the pot sit above the own panel with seven players:
    at every card size the hand starts right of the pot and its labels."""
    from tentable.ui.tables.retro10 import paint
    drawn = []
    real = paint.blit_label

    def record(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect
    monkeypatch.setattr(paint, "blit_label", record)
    table = new_table(app, ["human"] + ["heuristic"] * 6, seed=11)
    state = table.link.match.state
    bots_until(table, lambda s: s.phase == "place" and s.turn == 0 and s.round_no >= 2)
    state.pot += 5                                # a pot, and chips on cards: two labels
    state.protection[1] = 1
    state.chips[1] -= 1
    state.chips[0] -= 5
    for size in ("small", "medium", "large"):
        app.settings["card_size"] = size
        app._on_resize((1024, 640))
        show_position(table)
        drawn.clear()
        step(app)
        labels = [rect for text, rect in drawn if text.startswith(("Pot ", "+"))]
        assert len(labels) == 2, size
        for card in table.view["hand"]:
            for rect in labels:
                assert not table.cards[card].rect.colliderect(rect), (size, card)
