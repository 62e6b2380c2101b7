"""The TEN table under the SDL dummy driver, driven by real mouse and key events."""
from collections import Counter
from functools import partial
from itertools import takewhile
from pathlib import Path

import pygame

import uitools
from tentable.bots import make_bot
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import MONA, deck_for, odds
from tentable.engine.ten_paying import best_payment
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from tentable.engine.ten_view import payment_order, suggested_payment
from uitools import click, drag, go_on, key, show_position, step, wait_for

new_table = partial(uitools.new_table, game="ten")
KEYS = {"flip": pygame.K_f, "stop numbers": pygame.K_n, "stop money": pygame.K_m,
        "skip": pygame.K_s, "bust token": pygame.K_x, "pass": pygame.K_p}


def button_for(table, action):
    return {"flip": table.flip_button, "stop numbers": table.numbers_button,
            "stop money": table.money_button, "skip": table.skip_button,
            "bust token": table.skip_button, "pass": table.pass_button}[action]


def cell_centre(table, code):
    return table.market_cell(code).center


def play_by_mouse(app, table, action, n):
    """One human move by mouse; a buy is a drag (or a click) and a paid tray."""
    state = table.link.match.state
    if state.phase == "pay":
        click(app, table.pay_button.rect.center)        # the tray opened by itself
        return
    if action.startswith("bid "):
        amount = int(action.split()[1])
        app.step(wait=False)                            # the panel lays out its buttons
        for _ in range(400):
            if table.bid_amount == amount:
                break
            gap = amount - table.bid_amount
            button = table.plus5_button if gap >= 5 else table.plus1_button if gap > 0 \
                else table.minus_button
            click(app, button.rect.center)
        assert table.bid_amount == amount
        click(app, table.bid_button.rect.center)
        return
    if action.startswith("buy "):
        code = action.split()[1]
        if n % 2:
            drag(app, cell_centre(table, code), table.geo.mine.center)
        else:
            click(app, cell_centre(table, code))
        assert table.tray is not None and table.tray.buy == action
        app.step(wait=False)
        click(app, table.pay_button.rect.center)
        return
    click(app, button_for(table, action).rect.center)


def play_by_keys(app, table, action, n):
    state = table.link.match.state
    if state.phase == "pay":
        key(app, pygame.K_RETURN)
        return
    if action.startswith("bid "):
        for digit in action.split()[1]:
            key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
        key(app, pygame.K_RETURN)
        return
    if action.startswith("buy "):
        code = action.split()[1]
        for _ in range(60):
            if table.cursor == code:
                break
            key(app, pygame.K_RIGHT)
        assert table.cursor == code
        key(app, pygame.K_RETURN)
        assert table.tray is not None and table.tray.buy == action
        key(app, pygame.K_RETURN)
        return
    key(app, KEYS[action])


def play_game(app, table, play, seed=1):
    state = table.link.match.state
    me = make_bot("heuristic", "ten", 0, seed=seed)
    moves = 0
    while True:
        wait_for(app, lambda: table.my_turn or state.is_over or table.dialog)
        if table.dialog is not None or state.is_over:
            break
        if state.phase == "pay":
            expected = best_payment(state, 0, state.payment["due"])
            assert table.tray is not None and table.tray.items == expected
            before = len(state.history)
            play(app, table, None, moves)
            assert state.history[before:before + len(expected)] == expected
        else:
            action = make_bot("heuristic", "ten", 0, seed=seed + moves).choose(state) \
                if moves % 7 == 3 else me.choose(state)
            before = len(state.history)
            play(app, table, action, moves)
            assert state.history[before] == action, f"move {moves}: {action}"
            if action.startswith("buy "):
                pays = list(takewhile(lambda a: a.startswith("pay "),
                                      state.history[before + 1:]))
                assert pays, "the payment went with the buy, in one gesture"
                assert state.phase != "pay" or state.payment["payer"] != 0
        moves += 1
    assert state.is_over
    wait_for(app, lambda: table.dialog is not None)
    assert table.dialog.title == "Scoring"
    key(app, pygame.K_RETURN)                           # the scoring view, then results
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    return moves


def test_a_whole_two_player_game_by_mouse(app):
    table = new_table(app, ["human", "heuristic"], seed=12)
    assert play_game(app, table, play_by_mouse) > 20
    assert any(a.startswith("buy ") for a in table.link.match.state.history)


def test_a_whole_two_player_game_by_keyboard(app):
    table = new_table(app, ["human", "heuristic"], seed=21)
    assert play_game(app, table, play_by_keys, seed=5) > 20


def test_a_solo_game_against_mona_to_the_end(app):
    from dataclasses import replace

    from tentable.ui.scenes.ladder import solo_session
    table = table_for("ten")(app, replace(solo_session(7), seed=3))   # Mona: a rules seat
    app.reset(table)
    app.step(wait=False)
    state = table.link.match.state
    assert state.automata == [MONA]
    info = table.seat_info(table.view, MONA)
    assert info.note == "flips until 7"
    play_game(app, table, play_by_keys, seed=2)
    mona_moves = [a for a in state.history if a in ("flip", "stop numbers")]
    assert len(mona_moves) > 10
    assert state.is_over


def _to_my(table, app, until, seed=4):
    """Let the heuristic play both seats until `until(state)` on my move; show it."""
    state = table.link.match.state
    bots = {s: make_bot("heuristic", "ten", s, seed + s) for s in range(state.players)}
    while not (state.current_player == 0 and until(state)):
        assert not state.is_over
        state.apply(bots[state.current_player].choose(state))
    show_position(table, seat=0)
    step(app)


def test_a_payment_is_one_gesture_pre_filled_and_editable(app):
    table = new_table(app, ["human", "heuristic"], seed=7)
    state = table.link.match.state
    _to_my(table, app, lambda s: s.phase == "buy" and any(
        a.startswith("buy ") and int(a[-1]) >= 2 for a in s.legal_actions()))
    buy = max((a for a in state.legal_actions() if a.startswith("buy ")), key=lambda a: a[-1])
    code, price = buy[4:], int(buy[-1])
    click(app, cell_centre(table, code))
    expected = best_payment(state, 0, price, True, code)     # the card bought counts
    assert table.tray.items == expected
    assert suggested_payment(table.view, 0, price, True, code) == expected
    # one more token is too much: refused, nothing played
    before = len(state.history)
    state.money[0] = 10                                  # enough to pay in tokens alone
    show_position(table, seat=0)
    table.tray_add("pay t")
    assert table.tray.items == expected + ["pay t"]
    app.step(wait=False)
    if "pay x" not in expected:     # else the bust token, paid last, may overshoot (TEN-R12)
        assert not table.pay_button.enabled, (expected, table.tray.items, table.tray_status())
        key(app, pygame.K_RETURN)
        assert len(state.history) == before
    key(app, pygame.K_DELETE)                            # take the last item back
    calls = []
    original = table.on_actions
    table.on_actions = lambda *a: (calls.append(a[1]), original(*a))
    assert table.tray_status()[1]
    click(app, table.pay_button.rect.center)
    assert state.history[before:] == [buy] + payment_order(expected)
    assert calls == [[buy] + payment_order(expected)]   # one gesture: submit_all
    assert code in [c.split("#")[0] for c in state.collections[0]]


def test_by_keys_a_collection_card_pays_too(app):
    # The tray's "Add:" row is reached by keys: arrows pick a chip, Space adds it.
    table = new_table(app, ["human", "heuristic"], seed=7)
    state = table.link.match.state
    _to_my(table, app, lambda s: s.phase == "buy" and any(
        a.startswith("buy ") and int(a[-1]) >= 2 for a in s.legal_actions()) and any(
        c[0] in "BGOP" and c[1] != "#" for c in s.collections[0]))
    buy = max((a for a in state.legal_actions() if a.startswith("buy ")), key=lambda a: a[-1])
    table.cursor = buy[4:]
    key(app, pygame.K_RETURN)                            # open the tray on the chosen card
    assert table.tray is not None and table.tray.buy == buy
    while table.tray.items:
        key(app, pygame.K_DELETE)
    card = next(item for item, _ in table.available() if item[4] in "BGOP")
    for _ in range(len(table.available())):
        if table.picked() == card:
            break
        key(app, pygame.K_RIGHT)
    assert table.picked() == card
    key(app, pygame.K_SPACE)
    assert table.tray.items == [card]
    while not table.tray_status()[1] and table.tray_status()[0] < int(buy[-1]):
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
    before = len(state.history)
    key(app, pygame.K_RETURN)
    assert state.history[before] == buy and card in state.history[before + 1:]


def test_a_card_you_may_not_buy_is_dimmed_and_springs_back_with_the_reason(app):
    table = new_table(app, ["human", "heuristic"], seed=7)
    state = table.link.match.state
    _to_my(table, app, lambda s: s.phase == "buy" and any(
        c[0] in "BGOP" and c[1] != "#" for c in s.collections[0]))
    held = next(c for c in state.collections[0] if c[0] in "BGOP" and c[1] != "#")
    held = held.split("#")[0]
    twin = next(c for c in state.pile if c.split("#")[0] == held) if any(
        c.split("#")[0] == held for c in state.pile) else None
    if twin is not None:
        state.pile.remove(twin)
        state.market.append(twin)
    state.validate()
    show_position(table, seat=0)
    step(app)
    reason = table.why_not(f"buy {held}")
    assert reason and "already hold" in reason
    before = state.to_json()
    start = cell_centre(table, held)
    drag(app, start, table.geo.mine.center)
    assert state.to_json() == before
    assert any(reason in toast.text for toast in app.toasts.items)
    wait_for(app, lambda: table.held is None)            # sprang back, then dropped
    # hovering says why
    uitools.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    assert table.hover_code == held


def test_an_auction_by_keys(app):
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=9)
    state = table.link.match.state
    _to_my(table, app, lambda s: s.phase == "auction" and any(
        a.startswith("bid ") for a in s.legal_actions()))
    bids = sorted(int(a.split()[1]) for a in state.legal_actions() if a.startswith("bid "))
    assert table.bid_amount == bids[0]
    if len(bids) > 1:
        key(app, pygame.K_UP)
        assert table.bid_amount == bids[1]
        key(app, pygame.K_DOWN)
    before = len(state.history)
    for digit in str(bids[0]):
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    assert state.history[before:] == [f"bid {bids[0]}"]
    assert any(e.text == f"You bid {bids[0]}" for e in table.log.entries[-3:])


def test_s5_in_solo_you_outbid_mona_when_she_bid_all_she_has(app):
    """S5: you hold 10, Mona 5; on the joker you flip she bids her 5 and you may go above."""
    from dataclasses import replace

    from tentable.ui.scenes.ladder import solo_session
    top = ["$5", "B5", "W5"]        # you take the 5 money; Mona stops on B5; you flip W5
    rest = Counter(deck_for(2))
    rest.subtract(top)
    session = replace(solo_session(5), seed=1, deck=top + sorted(rest.elements()))
    table = table_for("ten")(app, session)
    app.reset(table)
    app.step(wait=False)
    state = table.link.match.state
    assert state.history == ["flip"]                    # the first flip makes itself
    key(app, pygame.K_m)                                # stop: take the money
    wait_for(app, lambda: table.my_turn)                # Mona took B5
    assert state.money == [10, 5]
    wait_for(app, lambda: table.my_turn and state.phase == "auction")   # W5: Mona opens
    assert state.history[-1] == "bid 5" and state.auction["bidder"] == MONA
    assert table.status_text() == "Mona bid all she has, 5: bid 6 or more for the joker, " \
                                  "or pass"
    assert table.bid_amount == 6
    click(app, table.plus1_button.rect.center)
    click(app, table.bid_button.rect.center)
    go_on(app, table)                                   # "You win the joker 5 for 7"
    step(app)
    # she does not raise again; tokens are all you have, so the payment makes itself
    # (seven tokens, one gesture), and so does the next flip of an empty tableau
    start = state.history.index("bid 7")
    assert state.history[start:start + 9] == ["bid 7"] + ["pay t"] * 7 + ["flip"]
    assert [code_of(c) for c in state.collections[0]] == ["W5"]
    assert any(e.text == "You win the joker 5 for 7" for e in table.log.entries)


def test_the_coach_is_off_by_default_and_shows_odds_of_the_view(app):
    table = new_table(app, ["human", "heuristic"], seed=5)
    assert not table.coach and table.coach_numbers() is None
    wait_for(app, lambda: table.my_turn and table.view["tableau"])   # the first flip
    key(app, pygame.K_c)
    assert app.settings["coach"] is True
    assert table.coach_numbers() == odds(table.view)
    step(app)
    key(app, pygame.K_c)
    assert table.coach_numbers() is None


def test_a_forced_flip_shows_its_banner_then_plays_itself(app):
    """TEN-R3: the first flip of a turn is compulsory, no real choice: the banner says
    so for a moment, then the flip is made by itself and the log says it was the only
    move."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"], seed=5)
    assert table.forced == "flip"
    assert table.forced_text("flip").startswith("Start your turn")
    step(app, 60)                                   # a second: the banner is read
    assert table.link.match.state.history == []
    step(app, 60)
    assert table.link.match.state.history == ["flip"]
    assert [e.text for e in table.log.entries][1:3] == [
        "You had no other move:", table.log.entries[2].text]
    assert table.log.entries[2].text.startswith("You flip")


def test_a_forced_move_is_played_at_once_by_its_key(app):
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"], seed=5)
    key(app, pygame.K_f)
    assert table.link.match.state.history == ["flip"]


def test_hot_seat_needs_no_curtain_nothing_is_private(app):
    """TEN has no private information: the table turns to the player to move, with no
    "Pass to" curtain between two humans."""
    table = new_table(app, ["human", "human"], seed=4)
    step(app, 3)                                    # the first flip made itself (TEN-R3)
    seats = set()
    for _ in range(40):
        assert table.curtain is None and table.seat == table.link.match.current_player
        assert table.my_turn
        seats.add(table.seat)
        table.submit(table.legal_actions()[0])
        step(app)
        go_on(app, table)                           # a bust is held for both to see
    assert seats == {0, 1}


def test_a_resumed_game_tells_its_log_again(app):
    table = new_table(app, ["human", "heuristic"], seed=12)
    me = make_bot("heuristic", "ten", 0, seed=1)
    while len(table.link.match.state.history) < 30:
        wait_for(app, lambda: table.my_turn)
        if table.link.match.state.phase == "pay":
            table.submit_all(table.tray.items)
        else:
            table.submit(me.choose(table.link.match.state))
    wait_for(app, lambda: table.my_turn)
    lines = [e.text for e in table.log.entries]
    table.close()
    resumed = table_for("ten")(app, table.session.__class__.from_record(
        table.session.record(table.link.match.state.history)))
    app.reset(resumed)
    texts = [e.text for e in resumed.log.entries]
    assert texts[:len(lines)] == lines
    assert f"resumed after {len(table.link.match.state.history)} moves" in texts[-1]


def test_the_busiest_table_fits_both_window_sizes(app):
    import importlib.util
    path = Path(__file__).parent.parent / "scripts" / "showcase" / "ten.py"
    spec = importlib.util.spec_from_file_location("showcase_ten", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table = module.busiest(app)
    for size in ((1280, 720), (1024, 640)):
        app._on_resize(size)
        step(app, 2)
        g = table.geo
        screen = pygame.Rect(0, 0, *size)
        for rect in [g.mine, g.market, *g.panels.values()]:
            assert screen.contains(rect), (size, rect)
        assert not g.mine.colliderect(g.market)
        assert g.band.h > g.card[1]


def test_five_players_with_the_busted_buy_variant_by_keyboard(app):
    """V1 through the table: after a bust, X takes the token or a card is bought."""
    table = new_table(app, ["human", "heuristic", "random", "heuristic", "heuristic"],
                      seed=2, variant_busted_buy=True)
    play_game(app, table, play_by_keys, seed=9)
    history = table.link.match.state.history
    assert "bust token" in history or any(
        a.startswith("buy ") for a in history)


def test_random_clicks_and_keys_never_break_the_table(app):
    import random
    rng = random.Random(4)
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=6)
    keys = [pygame.K_f, pygame.K_n, pygame.K_m, pygame.K_s, pygame.K_x, pygame.K_p,
            pygame.K_c, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_UP, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_DOWN, pygame.K_DELETE, pygame.K_t, pygame.K_3]
    for i in range(600):
        if table.dialog is not None or table.link.match.state.is_over:
            break
        if rng.random() < 0.5:
            click(app, (rng.randrange(1280), rng.randrange(720)))
        else:
            k = rng.choice(keys)
            key(app, k, unicode="3" if k == pygame.K_3 else "")
        if i % 10 == 0:
            step(app, 5)
    table.link.match.state.validate()


def test_at_instant_speed_mona_plays_her_whole_turn_in_one_frame(app):
    """Issue 10: her steps animate at the player's speed; "instant" plays them at once."""
    from dataclasses import replace

    from tentable.ui.scenes.ladder import solo_session
    table = table_for("ten")(app, replace(solo_session(7), seed=3))
    app.reset(table)
    state = table.link.match.state
    me = make_bot("heuristic", "ten", 0, 1)
    for speed in ("instant", "normal"):
        app.settings["animation_speed"] = speed
        while state.current_player == 0:          # my turn, played for me
            table.submit(me.choose(state))
        assert state.current_player == MONA
        moves = len(state.history)
        frames = 0
        while state.current_player == MONA:
            step(app)
            frames += 1
        mona = len(state.history) - moves
        if speed == "instant":
            assert frames == 1 and mona >= 1
        else:
            assert frames > mona          # one step at a time, with the pause between


def deck_from(top, players=2):
    """The pile for `players` with `top` first (TEN-R1's mix, the rest in order)."""
    rest = Counter(deck_for(players))
    rest.subtract(top)
    return list(top) + sorted(rest.elements())


def test_ten_r11_each_auction_starts_the_bid_at_its_lowest(app):
    """TEN-R11: the bid control starts at the lowest bid every time it comes round, not
    at what that player bid for the joker before."""
    from dataclasses import replace
    from tentable.ui.launch import session_for
    session = replace(session_for("ten", ["human", "human"], 3, {}),
                      deck=deck_from(["W1", "W2"]))
    table = table_for("ten")(app, session)
    app.reset(table)
    step(app, 3)                              # seat 0 flips the 1 joker: seat 1 bids first
    state = table.link.match.state
    assert state.phase == "auction" and table.seat == 1 and table.bid_amount == 1
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)                 # seat 1 bids 2
    key(app, pygame.K_p)                      # seat 0 passes
    go_on(app, table)                         # "Ben wins the joker 1 for 2"
    step(app, 3)                              # 2 tokens paid, seat 0 flips the 2 joker
    assert state.history == ["flip", "bid 2", "pass", "pay t", "pay t", "flip"]
    assert state.phase == "auction" and table.seat == 1
    assert table.bid_amount == 1 and table.bid_range() == (1, 4)


def test_ten_r8_an_opponents_panel_shows_every_joker_or_counts_the_rest(app, monkeypatch):
    """TEN-R8: collections are public. A panel with more jokers than its rows hold draws
    what fits and a "+n" chip for the rest, inside the panel: none is hidden silently."""
    from tentable.ui.tables.ten.paint import Paint
    from tentable.engine.ten_cards import is_joker
    table = new_table(app, ["human", "heuristic", "heuristic", "heuristic"], seed=2)
    state = table.link.match.state
    jokers = [c for c in state.pile if is_joker(code_of(c))]
    state.pile = [c for c in state.pile if c not in jokers]
    state.collections[1] += jokers
    state.validate()
    state.changed()
    original, drawn = Paint.draw_jokers, []

    def record(surface, codes, room, size):
        boxes = original(surface, codes, room, size)
        drawn.append((codes, room, boxes))
        return boxes
    monkeypatch.setattr(Paint, "draw_jokers", staticmethod(record))
    counted = set()
    for size in ("small", "medium", "large"):
        app.settings["card_size"] = size
        app._on_resize((1024, 640))
        drawn.clear()
        show_position(table)
        step(app)
        rows = [(codes, room, boxes) for codes, room, boxes in drawn
                if set(codes) <= {code_of(j) for j in jokers} and codes]
        told = []
        for codes, room, boxes in rows:
            assert all(room.contains(box) for box, _ in boxes), size
            shown = [what for _, what in boxes if not what.startswith("+")]
            more = [int(what[1:]) for _, what in boxes if what.startswith("+")]
            assert shown == codes[:len(shown)] and len(shown) + sum(more) == len(codes)
            told += codes
            counted.update(more)
        assert sorted(told) == sorted(code_of(j) for j in jokers), size
    assert counted, "some row of the panel was too narrow for its jokers"


def hot_seat(app, top, speed="normal", **options):
    from dataclasses import replace
    from tentable.ui.launch import session_for
    app.settings["animation_speed"] = speed
    session = replace(session_for("ten", ["human", "human"], 3, options), deck=deck_from(top))
    table = table_for("ten")(app, session)
    app.reset(table)
    step(app)
    return table


def banner(table):
    return table.forced_text(table.forced) if table.forced else table.status_text()


def test_ten_r11_r12_the_banner_says_whose_joker_why_you_cannot_bid_and_a_forced_payment(app):
    table = hot_seat(app, ["W1"])
    state = table.link.match.state
    assert banner(table) == "Start your turn: flip  (F)"
    step(app, 100)                                    # the flip makes itself: Ana's joker
    assert state.phase == "auction" and table.seat == 1
    assert banner(table) == "Auction of the joker 1 Ana flipped: bid 1–5, or pass"
    for _ in range(4):
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)                         # Ben bids all he has, 5
    assert table.seat == 0 and table.forced == "pass"
    assert banner(table) == ("You cannot bid: the lowest bid is 6 and you can pay 5. "
                             "Pass  (P)")
    step(app, 100)                                    # Ana passes by herself
    assert state.history[-1] == "pass" and table.moments   # "Ben wins the joker 1 for 5"
    go_on(app, table)
    assert table.seat == 1 and table.forced == "pay t"
    assert banner(table) == "Pay 5: only your money tokens can pay  (Enter)"
    step(app, 100)                                    # five tokens, one gesture
    assert state.history[-6:] == ["pass"] + ["pay t"] * 5
    texts = [e.text for e in table.log.entries]
    passed, paid = texts.index("Ana passes"), texts.index("Ben had no other move:")
    assert texts[passed - 1] == "Ana had no other move:" and paid > passed


def test_ten_r12_a_forced_payment_paid_item_by_item_is_told_once(app):
    """TEN-R12: a payment is told as one line once complete. Paid item by item (as
    `scripts/shots.py` plays, a submit for each token), its "had no other move" is said
    once, before that line, not once a token with nothing after it."""
    table = hot_seat(app, ["W1"])
    state = table.link.match.state
    step(app, 100)                                    # the flip makes itself: Ana's joker
    for _ in range(4):
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)                         # Ben bids 5
    step(app, 100)                                    # Ana passes by herself
    go_on(app, table)
    assert table.seat == 1 and table.forced == "pay t"
    for _ in range(5):                                # Ben pays token by token
        assert table.submit("pay t")
        step(app)
    assert state.history[-5:] == ["pay t"] * 5
    texts = [e.text for e in table.log.entries]
    said = texts.index("Ben pays 5 money tokens")
    assert texts.count("Ben had no other move:") == 1
    assert texts[said - 1] == "Ben had no other move:"


def test_ten_v1_and_r13_the_banner_says_bust_and_final_buy_round(app):
    """V1: after a bust, a bust token or a card; TEN-R13: the last card leads to the final
    buy round, each player in turn, the market empty or not."""
    table = hot_seat(app, ["B9", "G5", "P9", "O1"], variant_busted_buy=True)
    state = table.link.match.state
    step(app, 100)                                    # Ana flips blue 9 by herself
    key(app, pygame.K_f)                              # green 5: 14, a bust
    assert state.phase == "busted"
    go_on(app, table)                                 # the bust is held first
    assert banner(table) == "You busted: take a bust token (X) or buy a card"
    key(app, pygame.K_x)
    assert table.seat == 1
    state.removed += state.pile[:-1]                  # only pink 9 is left to flip
    state.pile = state.pile[-1:]
    state.validate()
    state.changed()
    assert banner(table) == "Start your turn: flip  (F)"
    step(app, 100)                                    # Ben flips the last card
    assert banner(table) == "The pile is empty: take the numbers  (N)"
    step(app, 100)                                    # and takes it
    assert state.phase == "buy"
    assert banner(table) == "You took the numbers: buy one card from the market, or skip  (S)"
    key(app, pygame.K_s)
    assert state.phase == "final" and table.seat == 0
    assert banner(table) == "Final buy round: buy one card from the market, or skip  (S)"
    key(app, pygame.K_s)
    assert state.phase == "final" and table.seat == 1
    assert banner(table) == "Final buy round: buy one card from the market, or skip  (S)"


def test_s1_mona_keeps_her_name_whatever_the_setup_typed(app):
    from tentable.session import RULES, Seat, Session
    session = Session("ten", (Seat("You", "human"), Seat("Ben", RULES)), 4,
                      {"solo": True})
    table = table_for("ten")(app, session)
    app.reset(table)
    wait_for(app, lambda: table.link.match.current_player == MONA)
    wait_for(app, lambda: table.my_turn)
    assert table.names == ["You", "Mona"]
    assert any(e.text.startswith("Mona ") for e in table.log.entries)


def test_a_long_tableau_never_goes_under_the_coach_at_any_card_size(app):
    """Ten flipped cards (numbers 12, money 9: total 3, TEN-R4) at 1024×640 with the
    coach on: at every card size the row closes up left of the coach's panel."""
    from tentable.ui.tables.ten.layout import coach_rect
    table = new_table(app, ["human", "heuristic", "heuristic", "heuristic"], seed=2)
    state = table.link.match.state
    wanted = ["$5", "$4", "B1", "G1", "O1", "P1", "B2", "G2", "O2", "P2"]
    for code in wanted:
        card = next(c for c in state.pile if code_of(c) == code)
        state.pile.remove(card)
        state.tableau.append(card)
    state.validate()
    state.changed()
    key(app, pygame.K_c)
    for size in ("small", "medium", "large"):
        app.settings["card_size"] = size
        app._on_resize((1024, 640))
        show_position(table)
        step(app)
        coach = coach_rect(table.geo)
        assert table.coach_numbers() is not None
        for card in state.tableau:
            assert not table.cards[card].rect.colliderect(coach), (size, card)


def test_ten_r11_the_auction_panel_names_every_bidder_whole(app, monkeypatch):
    """Five players with long names at 1024×640, large cards: every bidder's chip is
    drawn with the whole name (a second row when needed), none left out."""
    from tentable.session import Seat, Session
    from tentable.ui.tables.ten import paint
    names = ["Alexandra", "Bartholomew", "Cleopatra", "Desmond", "Evangeline"]
    seats = (Seat(names[0], "human"),) + tuple(Seat(n, "bot", "random") for n in names[1:])
    app.settings["card_size"] = "large"
    app.settings["animation_speed"] = "normal"     # a forced pass waits a moment
    app._on_resize((1024, 640))
    table = table_for("ten")(app, Session("ten", seats, 3, {}, deck=deck_from(["O#"], 5)))
    app.reset(table)
    wait_for(app, lambda: table.my_turn and table.view["auction"] is not None)
    drawn = []
    real = paint.label

    def record(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)
    monkeypatch.setattr(paint, "label", record)
    order = table.view["auction"]["order"]
    app.invalidate()
    step(app)
    for seat in order:
        assert any(text.startswith(f"{names[seat]}: ") for text in drawn), names[seat]


def test_ten_r11_r12_a_joker_won_shows_by_the_auction_until_it_is_paid_for(app):
    """TEN-R11/R12: the joker a computer won is in nobody's collection until its price is
    paid; while it pays (and while "wins the joker" is held) the joker stays in sight by
    the auction's place, not gone from the table."""
    table = new_table(app, ["human", "heuristic"], seed=7)
    state = table.link.match.state
    bots = {s: make_bot("heuristic", "ten", s, 11 + s) for s in range(state.players)}
    while not (state.payment and state.payment["then"] == "auction"
               and state.payment["payer"] == 1):
        assert not state.is_over
        state.apply(bots[state.current_player].choose(state))
    joker = state.payment["card"]
    show_position(table, seat=0)
    step(app)
    assert joker in table.cards.spots
    assert app.screen.get_rect().contains(table.cards[joker].rect)
    assert not any(joker in c for c in table.view["collections"])
