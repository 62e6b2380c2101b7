"""What newcomers tripped over at the tables (#38): the TEN pay tray, every card's number
at any scale and card size, TEN tiles' phase 2 by keys, and reading the table (jokers,
icons, badges, the summary between games, the status pill, the menu). Each test plays
through real mouse and key events, at the sizes where it went wrong."""

import pygame
import pytest

import uitools
from tentable.bots import make_bot
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import is_joker
from uitools import click, key, show_position, step

SIZES = [((1280, 720), "100", "medium"), ((1280, 720), "150", "large"),
         ((1024, 640), "150", "large"), ((1024, 640), "75", "small"),
         ((1280, 720), "auto", "large"), ((1600, 900), "150", "medium")]


def at_size(app, size, ui, cards):
    app.set_ui_size(ui)
    app.settings["card_size"] = cards
    app._on_resize(size)
    step(app)


def show(table, app, state, seat=0):
    """Draw the table again from `state` as `seat` sees it."""
    show_position(table, state, seat)
    step(app)


# -- 1. the TEN pay tray -------------------------------------------------------------------
def ten_buy_with_a_large_collection(app):
    """Four players, my turn to buy after taking the numbers, my collection holding every
    number card the market has not and every joker (18): the longest tray there is."""
    table = uitools.new_table(app, ["human", "heuristic", "heuristic", "heuristic"], seed=7,
                              game="ten")
    state = table.link.match.state
    bots = {s: make_bot("heuristic", "ten", s, 4 + s) for s in range(4)}
    while not (state.current_player == 0 and state.phase == "buy"
               and any(a.startswith("buy ") for a in state.legal_actions())):
        state.apply(bots[state.current_player].choose(state))
    market = {code_of(c) for c in state.market}
    held = {code_of(c) for c in state.collections[0]}
    for card in list(state.pile):
        code = code_of(card)
        if is_joker(code) or (code[0] in "BGOP" and code not in market | held):
            state.pile.remove(card)
            state.collections[0].append(card)
            held.add(code)
    state.money[0], state.bust[0] = 7, 2
    state.validate()
    show(table, app, state)
    return table, state


@pytest.mark.parametrize("size,ui,cards", SIZES)
def test_ten_r12_the_pay_tray_keeps_every_chip_clear_of_pay_and_cancel(app, size, ui, cards):
    """With every card and joker to choose from, each chip lies inside the tray and clear
    of Pay and Cancel, whatever the window, the scale and the card size."""
    at_size(app, size, ui, cards)
    table, state = ten_buy_with_a_large_collection(app)
    buy = next(a for a in state.legal_actions() if a.startswith("buy "))
    click(app, table.market_cell(buy[4:]).center)
    assert table.tray is not None and table.tray.buy == buy
    step(app)
    tray = table.tray_area
    assert {item for _, kind, item in table.tray_hits if kind == "add"} == \
        {item for item, _ in table.available()}, "every item to add has its chip"
    for rect, kind, item in table.tray_hits:
        for button in (table.pay_button, table.cancel_button):
            assert not rect.colliderect(button.rect), (size, ui, cards, item, button.text)
        assert tray.contains(rect), (size, ui, cards, item)
    assert pygame.Rect((0, 0), size).contains(tray)


def test_ten_r12_a_click_on_pay_pays_and_adds_nothing(app):
    """At 150% in a 1280×720 window (133%), a click on Pay pays wherever on it the player
    aims: it never adds a chip lying under it ("Chosen 9 of 8")."""
    at_size(app, (1280, 720), "150", "medium")
    table, state = ten_buy_with_a_large_collection(app)
    buy = next(a for a in state.legal_actions() if a.startswith("buy "))
    click(app, table.market_cell(buy[4:]).center)
    step(app)
    expected = list(table.tray.items)
    before = len(state.history)
    pay = table.pay_button.rect
    click(app, (pay.x + pay.w // 4, pay.y + pay.h // 4))
    assert state.history[before:before + 1] == [buy], table.tray and table.tray.items
    assert sorted(state.history[before + 1:]) == sorted(expected)


# -- 2. every card's number, at any scale and card size ------------------------------------
@pytest.mark.parametrize("size,ui,cards", SIZES)
def test_ten_r4_the_total_and_the_money_stay_drawn_after_a_flip(app, size, ui, cards):
    """The running total, the bust line and "Money n / 10" are painted once into a kept
    layer: the frames after a flip show them as the first one did (at 150% they lay
    below the layer and were gone from the second frame on)."""
    at_size(app, size, ui, cards)
    table = uitools.new_table(app, ["human", "human"], seed=3, game="ten")
    for _ in range(3):
        if table.view["phase"] != "flip" or not table.my_turn:
            break
        key(app, pygame.K_f)
        step(app)
        first = pygame.image.tobytes(app.screen, "RGB")
        app.invalidate()
        step(app)
        again = pygame.image.tobytes(app.screen, "RGB")
        assert first == again, (size, ui, cards, table.view["total"])
    g = table.geo
    assert g.middle.contains(g.gauge)
    assert not g.middle.colliderect(g.market.inflate(4, 4))
    assert not g.middle.colliderect(g.mine)


def index_shows(table, card) -> bool:
    """The far corner of `card`'s index (its number, top left: a third of the card across,
    a fifth down) is not covered by a card drawn over it."""
    import math
    from tentable.ui.widgets.sprite import sprite_at
    sprite = table.cards[card]
    w, h = sprite.size
    dx, dy = -w / 2 + 0.31 * w, -h / 2 + 0.19 * h
    a = math.radians(sprite.angle)
    point = (sprite.pos[0] + dx * math.cos(a) + dy * math.sin(a),
             sprite.pos[1] - sprite.lift - dx * math.sin(a) + dy * math.cos(a))
    return sprite_at(list(table.cards.sprites.values()), point) is sprite


def elfer_with_a_big_hand(app, n=20):
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="elfer")
    uitools.wait_for(app, lambda: table.my_turn)
    state = table.link.match.state
    while len(state.hands[0]) < n:
        state.hands[0].append(state.pile.pop())
    show(table, app, state)
    return table, state.hands[0]


def takethat_with_a_long_row(app, n=22):
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    uitools.wait_for(app, lambda: table.my_turn)
    state = table.link.match.state
    while len(state.row) < n:
        state.row.append(state.pile.pop())
    show(table, app, state)
    return table, state.row + state.hands[0]


def retro10_hand(app):
    """10 Retro's hand of four beside the pot and the action panel (four seats)."""
    table = uitools.new_table(app, ["human", "easy", "easy", "easy"], seed=4, game="retro10")
    uitools.wait_for(app, lambda: table.my_turn)
    return table, list(table.view["hand"])


@pytest.mark.parametrize("size,ui,cards", SIZES)
@pytest.mark.parametrize("deal", [elfer_with_a_big_hand, takethat_with_a_long_row,
                                  retro10_hand])
def test_every_cards_number_shows_at_any_scale_and_card_size(app, size, ui, cards, deal):
    """Elfer raus!'s 20-card hand, Take That's row of 22 with the hand under it and 10
    Retro's hand beside the pot and the action panel: each card's corner number is in view
    (lines of cards, smaller cards where they must be), a card picked by the keys (lifted)
    included."""
    at_size(app, size, ui, cards)
    table, shown = deal(app)
    for _ in range(6):
        hidden = [card for card in shown if not index_shows(table, card)]
        assert not hidden, (size, ui, cards, table.selected, hidden)
        key(app, pygame.K_RIGHT)


# -- 6. TEN tiles, phase 2 --------------------------------------------------------------------
def tiles_phase_2(app):
    from test_tentiles_table import phase2_table
    table, state = phase2_table(app)
    sources = {a[5:].split(">")[0] for a in state.legal_actions()}
    stuck = next(p for p, tile in table.view["board"].items()
                 if tile[0] == "W" and p not in sources)
    movable = sorted(sources)[0]
    return table, state, stuck, movable


def cursor_to(app, table, place):
    from test_tentiles_table import move_cursor
    move_cursor(app, table, place)


def test_tl_r7_enter_on_a_tile_that_may_not_move_says_why(app):
    table, state, stuck, _ = tiles_phase_2(app)
    cursor_to(app, table, stuck)
    key(app, pygame.K_RETURN)
    said = app.toasts.items[-1].text
    assert "would split" in said and "L / R" not in said, said
    cursor_to(app, table, "9,9")                         # an empty place, nothing held
    key(app, pygame.K_RETURN)
    said = app.toasts.items[-1].text
    assert "L / R" not in said and "Tab" in said, said    # no row in phase 2
    assert state.history == []


def test_tl_r7_esc_puts_a_held_tile_back_by_keys_as_by_mouse(app):
    table, state, _, movable = tiles_phase_2(app)
    key(app, pygame.K_TAB)
    assert table.selected is not None
    key(app, pygame.K_ESCAPE)
    assert table.selected is None and app.top is table        # put back, no pause
    click(app, table.cards[table.view["board"][movable]].rect.center)
    assert table.selected == table.view["board"][movable]
    key(app, pygame.K_ESCAPE)
    assert table.selected is None and app.top is table
    key(app, pygame.K_ESCAPE)                                 # nothing held: the pause
    assert app.top is not table
    assert state.history == []


def test_tl_r7_a_tile_dropped_off_the_grid_is_told_as_a_tile(app):
    table, state, _, movable = tiles_phase_2(app)
    start = table.cards[table.view["board"][movable]].rect.center
    uitools.drag(app, start, table.geo.keys.center)
    said = app.toasts.items[-1].text
    assert "tile" in said and "card" not in said, said


def ring_pixels(app, rect) -> int:
    """How many pixels of the "may move" ring's colour lie round `rect`."""
    from tentable.ui import theme
    ring = rect.inflate(rect.w // 4, rect.h // 4)
    count = 0
    for x in range(ring.left, ring.right):
        for y in range(ring.top, ring.bottom):
            if rect.collidepoint(x, y):
                continue
            c = app.screen.get_at((x, y))
            if abs(c.r - theme.HIGHLIGHT[0]) + abs(c.g - theme.HIGHLIGHT[1]) \
                    + abs(c.b - theme.HIGHLIGHT[2]) < 60:
                count += 1
    return count


def test_tl_r7_the_keys_cursor_leaves_the_may_move_ring_in_view(app):
    table, state, stuck, movable = tiles_phase_2(app)
    tile = table.view["board"][movable]
    cursor_to(app, table, stuck)
    app.invalidate()
    step(app)
    alone = ring_pixels(app, table.cards[tile].rect)
    assert alone > 0
    cursor_to(app, table, movable)
    app.invalidate()
    step(app)
    assert table.cards[tile].highlight and not table.cards[tile].selected
    assert ring_pixels(app, table.cards[tile].rect) >= alone * 0.9


def test_tl_r3_no_undo_where_every_move_ends_the_turn(app):
    table, state, _, _ = tiles_phase_2(app)
    assert not table.undo.shown
    menu, hint = table.pause_button.rect, table.hint_button.rect
    assert menu.x - hint.right == menu.h // 3          # Hint beside Menu, no gap for Undo
    other = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    assert other.undo.shown


# -- 8. reading the table -----------------------------------------------------------------------
def test_ten_r14_a_joker_lies_in_a_row_only_when_it_is_that_colours(app, monkeypatch):
    """TEN-R14: a joker takes its place only at the end. A colour joker lies in its
    colour's row; a number joker and the joker for anything lie together in a box of
    their own, never in some colour's row; eight jokers in an opponent's panel all show."""
    from tentable.engine.ten_view import colour_of
    from tentable.ui.tables.ten.paint import Paint
    table = uitools.new_table(app, ["human", "heuristic", "heuristic", "heuristic"], seed=2,
                              game="ten")
    state = table.link.match.state
    wanted = ["B#", "G#", "O#", "P#", "W3", "W5", "W8", "W#"]
    for code in wanted:
        card = next(c for c in state.pile if code_of(c) == code)
        state.pile.remove(card)
        state.collections[1].append(card)
    state.validate()
    original, drawn = Paint.draw_jokers, []

    def record(surface, codes, room, size):
        boxes = original(surface, codes, room, size)
        drawn.append((list(codes), boxes))
        return boxes
    monkeypatch.setattr(Paint, "draw_jokers", staticmethod(record))
    show(table, app, state, table.seat)
    calls = [(codes, boxes) for codes, boxes in drawn if set(codes) <= set(wanted)]
    colours = [{colour_of(c) for c in codes} for codes, _ in calls]
    assert all(len(kinds) == 1 for kinds in colours), calls
    anywhere = [codes for codes, _ in calls if colour_of(codes[0]) == ""]
    assert anywhere == [["W3", "W5", "W8", "W#"]], anywhere
    shown = [what for _, boxes in calls for _, what in boxes]
    assert sorted(shown) == sorted(wanted), shown          # none counted as "+n"


def test_a_refusal_and_a_bust_token_wear_no_seats_symbol(app):
    """A seat is known by its symbol (Ana's diamond): the refusal's toast and TEN's bust
    token use signs no seat has."""
    from tentable.ui import theme
    from tentable.ui.widgets.seatpanel import SEAT_SYMBOLS
    table = uitools.new_table(app, ["human", "heuristic"], seed=3, game="ten")
    uitools.wait_for(app, lambda: table.my_turn)
    click(app, table.geo.mine.center)               # a collection is filled from the market
    toast = app.toasts.items[-1]
    assert toast.kind == "error"
    assert theme.TOAST_SYMBOL[toast.kind] not in SEAT_SYMBOLS
    counters = table.seat_info(table.view, 0).counters
    bust = next(c for c in counters if c.value == table.view["bust_tokens"][0]
                and c.symbol != "circle")
    assert bust.symbol not in SEAT_SYMBOLS, bust


def test_the_status_pill_keeps_its_words_after_a_toast_said_the_same(app):
    """During a computer's turn a click on a button that is off says "Ana's turn" in a
    toast, the pill's own words: the toast's fading once left the pill's shared label
    without its transparency, a blank white bar."""
    app.settings["animation_speed"] = "normal"             # the computer waits a moment
    table = uitools.new_table(app, ["heuristic", "human"], seed=3, game="ten")
    assert not table.my_turn
    said = table.status_text()
    click(app, table.flip_button.rect.center)
    assert app.toasts.items[-1].text == said
    for _ in range(3):
        app.invalidate()
        app.step(wait=False)                   # no test time passes: still the computer's turn
    assert not table.my_turn and table.status_text() == said
    pill = table.status_rect
    light = sum(1 for x in range(pill.left, pill.right) for y in range(pill.top, pill.bottom)
                if min(app.screen.get_at((x, y))[:3]) > 200)
    assert light < pill.w * pill.h * 0.3, (light, pill)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_rx_r10_the_tag_on_the_cards_is_explained_beside_the_round_card(app, monkeypatch,
                                                                        players):
    """RX-R10: the red ▼ tag on the round card, the penalty cards and the jokers counts
    penalty points; the table says so under the round card, whole."""
    from tentable.text import t
    drawn = uitools.record_labels(monkeypatch)
    table = uitools.new_table(app, ["human"] + ["easy"] * (players - 1), seed=4,
                              game="retro10")
    uitools.wait_for(app, lambda: table.my_turn)
    app.invalidate()
    step(app)
    assert t("rx.tag_legend") in drawn


def elfer_chooser(seed=3):
    bots = {}

    def choose(state):
        seat = state.current_player
        return bots.setdefault(seat, make_bot("heuristic", "elfer", seat, seed + seat)).choose(
            state)
    return choose


def test_er_r14_the_summary_between_games_says_who_won_it(app, monkeypatch):
    """ER-R14: highest score wins; the banner held between the games of a match says who
    won the game just played, first."""
    from tentable.positions import play_to_moment
    app.settings["moments"] = "wait"
    drawn = uitools.record_labels(monkeypatch)
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="elfer", games=2)
    table.show_played(play_to_moment(table.link.match, "part", elfer_chooser()))
    app.invalidate()
    step(app)
    moment = table.moments.current
    scores = moment.facts["scores"]
    best = [s for s in range(2) if scores[s] == max(scores)]
    title, lines, _ = table.moment_words(moment)
    won = lines[0]
    if len(best) == 1:
        name = table.names[best[0]]
        assert won == (f"You win game 1" if best[0] == table.bottom else
                       f"{name} wins game 1"), lines
    else:
        assert won.startswith("Game 1 is shared"), lines
    assert won in drawn


def test_er_r15_the_results_explain_every_game_of_the_match(app):
    """ER-R15: a match of two games; the results explain both, not only the last."""
    from tentable.ui.scenes.results import ResultsScene
    from tentable.positions import play_to_moment
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="elfer", games=2)
    table.show_played(play_to_moment(table.link.match, "part", elfer_chooser()))
    uitools.go_on(app, table)
    state = table.link.match.state
    choose = elfer_chooser(7)
    while not state.is_over:
        state.apply(choose(state))
    table.show_results()
    step(app)
    results = app.top
    assert isinstance(results, ResultsScene)
    for seat, items in results.breakdown.seats.items():
        labels = [item.label for item in items]
        assert "Game 1" in labels and "Game 2" in labels, labels
        first = items[labels.index("Game 1")]
        assert first.value.startswith(("+", "0", "\u2212")) and "bonus" in first.note


@pytest.mark.parametrize("size,ui", [((1280, 720), "100"), ((1024, 640), "auto"),
                                     ((1024, 640), "75"), ((1280, 720), "150"),
                                     ((1600, 900), "150")])
def test_the_menus_continue_leaves_every_game_description_whole(app, monkeypatch, size, ui):
    """With a game in progress in every game, each tile shows Continue above New game and
    its description whole, clear of both."""
    from tentable.engine import GAMES
    from tentable.text import t
    from tentable.ui.scenes import menu as menu_module
    from tentable.ui.widgets.panel import wrap
    for game_id in GAMES:
        table = uitools.new_table(app, ["easy", "human"], seed=5, game=game_id)
        uitools.wait_for(app, lambda: table.link.match.history)
    app.reset("menu")
    at_size(app, size, ui, "medium")
    placed = []
    real = menu_module.blit_label

    def record(surface, text, px, *args, **kwargs):
        rect = real(surface, text, px, *args, **kwargs)
        placed.append((text, px, rect))
        return rect
    monkeypatch.setattr(menu_module, "blit_label", record)
    app.invalidate()
    step(app)
    menu = app.top
    assert all(tile.on_continue is not None for tile in menu.tiles)
    for tile in menu.tiles:
        blurb = t(f"game.{tile.game.id}.blurb")
        size_px = next(px for text, px, rect in placed
                       if text and tile.rect.contains(rect) and blurb.startswith(text))
        lines = wrap(blurb, size_px, tile.rect.w - 2 * menu_module.px(16, menu.scale))
        shown = [(text, rect) for text, px, rect in placed
                 if text in lines and tile.rect.contains(rect)]
        assert [text for text, _ in shown] == lines, (tile.game.id, size, ui)
        for _, rect in shown:
            for pill in (tile.continue_pill, tile.learn_pill, tile.play_pill):
                assert not rect.colliderect(pill), (tile.game.id, size, ui)


@pytest.mark.parametrize("size,ui,cards", SIZES)
def test_ten_r4_a_long_tableau_keeps_its_numbers_and_the_total_in_view(app, size, ui, cards):
    """Eleven flipped cards left of the coach's panel: one line, smaller cards where the
    room is short, every number shown and none over the total and the bust line."""
    at_size(app, size, ui, cards)
    table = uitools.new_table(app, ["human", "heuristic", "heuristic", "heuristic"], seed=2,
                              game="ten")
    state = table.link.match.state
    for code in ["$5", "$4", "B1", "G1", "O1", "P1", "B2", "G2", "O2", "P2", "B3"]:
        card = next(c for c in state.pile if code_of(c) == code)
        state.pile.remove(card)
        state.tableau.append(card)
    key(app, pygame.K_c)                                  # the coach's panel narrows the row
    show(table, app, state, table.seat)
    from tentable.text import t
    from tentable.ui.scenes.common import text_px
    from tentable.ui.tables.ten.layout import TOTAL_TEXT
    from tentable.ui.widgets.panel import label
    g = table.geo
    high = label(t("ten.total", n=10), text_px(TOTAL_TEXT, g.scale), bold=True).get_height()
    total = pygame.Rect(g.gauge.x, g.gauge.y - high, g.gauge.w, high)   # the total's line
    for card in state.tableau:
        assert index_shows(table, card), (size, ui, cards, card)
        assert not table.cards[card].rect.colliderect(total), (size, ui, cards, card)
