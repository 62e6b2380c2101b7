"""Input at every table (#22), driven by real events: every refused gesture says why and
shakes, the hint lights what `legal_actions()` allows, the keys line follows the mode,
the keyboard keeps its place and skips cards that cannot move, and every game can be
played by keys alone, in hot seat and against the computer.
"""
import random

import pygame
import pytest

from tentable.engine.tentiles import PLACE
from tentable.text import STRINGS
from tentable.ui.tables.kit import KEYS
from uitools import click, drag, key, new_table, post, step, wait_for, walk_to

GAMES = ("takethat", "elfer", "retro10", "ten", "tentiles")


def human_turn(app, table, rng, moves=0, until=lambda table: True):
    """Play `moves` random moves for the human (the computer answers), then more until
    `until(table)` holds on the human's turn."""
    done = 0
    for _ in range(400):
        wait_for(app, lambda: table.my_turn or table.link.match.is_over)
        assert not table.link.match.is_over
        if done >= moves and until(table):
            table.pick(None)
            table.refresh()
            return
        table.submit(rng.choice(table.legal_actions()))
        done += 1
    raise AssertionError("the position was never reached")


def assert_refused(app, table, gesture, what):
    """`gesture` changes nothing, says why in an error toast and shakes something."""
    state = table.link.match.state
    before = state.to_json()
    app.toasts.items.clear()
    table.jolted = None
    gesture()
    step(app)
    assert state.to_json() == before, what
    assert [toast for toast in app.toasts.items if toast.kind == "error"], what
    assert table.jolted is not None, what


def on_top(table, key, among, picked=None):
    """A point where `key`'s sprite is the card on top, on no button, where a press
    picks up `picked` (None: nothing)."""
    rect = table.cards[key].rect
    buttons = [b.rect for b in table.live_buttons()] + [table.hint_button.rect]
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.2, 0.8, 0.08, 0.92):
            pos = (round(rect.x + rect.w * fx), round(rect.y + rect.h * fy))
            if table.cards.at(among, pos) == key and table.pick_at(pos) == picked \
                    and not any(b.collidepoint(pos) for b in buttons):
                return pos
    return None


def felt_point(app, table, targets):
    """A point of bare felt: no card, no button, no drop target of the held card."""
    w, h = app.size
    buttons = [b.rect for b in table.live_buttons()] + [table.hint_button.rect,
                                                         table.pause_button.rect]
    for y in range(h // 5, h, h // 20):
        for x in range(w // 20, w, w // 30):
            pos = (x, y)
            if table.cards.at(list(table.cards.sprites), pos) is None \
                    and not any(r.collidepoint(pos) for r in buttons + targets) \
                    and not table.log.rect.collidepoint(pos):
                return pos
    raise AssertionError("no bare felt")


def deck_rect(table):
    """The draw pile (or deck) on the screen; tiles have none."""
    g = table.geo
    if table.game == "tentiles":
        return pygame.Rect(0, 0, 0, 0)
    centre, size = (g.deck, g.place) if table.game == "retro10" else (
        g.pile, g.small if table.game == "elfer" else g.card)
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


#: per game: the human moves played first (so cards lie on the table), the position
#: wanted, what the deck would do, and a key with nothing to do there
SETUP = {
    "takethat": (2, lambda table: table.forced is None, None, pygame.K_RETURN),
    "elfer": (2, lambda table: not table.view["pending"] and table.forced is None, "draw",
              pygame.K_RETURN),
    "retro10": (0, lambda table: table.phase == "place", None, pygame.K_RETURN),
    "ten": (0, lambda table: table.view["phase"] == "buy" and table.buying()
            and table.market_codes(), "flip",
            pygame.K_f),
    "tentiles": (3, lambda table: table.view["phase"] == PLACE and table.forced is None,
                 None, pygame.K_p),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_refused_gesture_says_why_and_shakes(app, game):
    """A click on a disabled button, on a card that may not move (placed, another
    seat's, on the board), on the deck, a drop on bare felt and a key with nothing to
    do: each changes nothing, shows the reason and shakes."""
    moves, until, deck_move, idle_key = SETUP[game]
    table = new_table(app, ["human", "heuristic"], seed=4, game=game)
    app.settings["animation_speed"] = "normal"
    human_turn(app, table, random.Random(4), moves, until)
    tried = set()
    for button in table.live_buttons():
        if not button.enabled and button.rect.w > 0:
            assert_refused(app, table, lambda: click(app, button.rect.center), button.text)
            tried.add("button")
    picks = set(table.picks)
    every = list(table.cards.sprites)
    others = [k for k in every if k not in picks and k in table.cards.spots]
    for card in others[:8]:
        pos = on_top(table, card, every)
        if pos is None or deck_rect(table).collidepoint(pos):
            continue
        table.pick(None)
        assert_refused(app, table, lambda: click(app, pos), f"a click on {card}")
        tried.add("card")
    if game == "ten":      # TEN's cards on the table are the collections, drawn in panels
        for rect in (table.geo.mine, *table.geo.panels.values()):
            assert_refused(app, table, lambda: click(app, rect.center), "a collection")
            tried.add("card")
    if game != "tentiles" and deck_move not in table.legal():
        assert_refused(app, table, lambda: click(app, deck_rect(table).center), "the deck")
        tried.add("deck")
    if game == "ten":      # a market card dragged off the collection
        code = next(iter(table.market_codes()))
        start = table.market_cell(code).center
        end = felt_point(app, table, [table.geo.mine, table.market_cell(code)])
    else:
        card = table.picks[0]
        start = on_top(table, card, every, card) or table.cards[card].rect.center
        end = felt_point(app, table, [target.rect for target in table.drop_targets(card)])
    assert_refused(app, table, lambda: drag(app, start, end), "a drop on the felt")
    table.pick(None)
    table.refresh()
    assert_refused(app, table, lambda: key(app, idle_key), "a key with nothing to do")
    assert "card" in tried
    assert game == "tentiles" or "button" in tried or "deck" in tried


def test_a_press_on_the_hand_while_the_computer_plays_says_whose_turn_it_is(app):
    table = new_table(app, ["human", "heuristic"], seed=3, game="takethat")
    app.settings["animation_speed"] = "normal"        # the computer waits a moment
    human_turn(app, table, random.Random(3), 0, SETUP["takethat"][1])
    table.submit(table.legal_actions()[0])
    assert not table.my_turn and table.hand
    card = table.hand[0]
    pos = on_top(table, card, list(table.cards.sprites), card) or table.cards[card].rect.center
    assert_refused(app, table, lambda: click(app, pos), "a hand card out of turn")
    assert any(table.names[1] in toast.text for toast in app.toasts.items)
    assert_refused(app, table, lambda: key(app, pygame.K_h), "the hint out of turn")
    assert not table.hinting


def test_a_refusal_without_a_card_shakes_the_keys_line(app):
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(1), 0, SETUP["takethat"][1])
    assert_refused(app, table, lambda: key(app, pygame.K_RETURN), "Enter with no pick")
    assert table.jolted == KEYS
    assert any("Pick a card first" in toast.text for toast in app.toasts.items)


def test_a_disabled_button_says_the_engines_reason(app):
    """TT-R6: the row may not be taken while it is empty; the button says so."""
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(2), 0, lambda table: "take" not in table.legal())
    assert not table.take_button.enabled
    reason = table.why_not("take")
    assert_refused(app, table, lambda: click(app, table.take_button.rect.center), "take")
    assert any(toast.text == reason for toast in app.toasts.items)
    assert table.jolted is table.take_button


# -- the hint ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_h_lights_every_legal_move_until_the_next_gesture(app, game):
    table = new_table(app, ["human", "heuristic"], seed=6, game=game)
    human_turn(app, table, random.Random(6), 1)
    key(app, pygame.K_h)
    assert table.hinting
    marks = table.hint_marks()
    legal = table.legal()
    assert marks
    lit = [target.rect for card in table.playable_picks()
           for target in table.drop_targets(card) if target.legal]
    for card in table.playable_picks():      # each card that may move, and its places
        assert table.cards[card].rect in marks
        for target in table.drop_targets(card):
            assert target.rect in marks if target.legal else target.rect not in lit \
                or target.rect in marks
    assert all(rect in marks for rect in lit)
    for button in table.live_buttons():
        if button.rect.w > 0 and button not in table.lone_buttons():
            assert (button.rect in marks) == button.enabled
    if game == "ten":
        from tentable.engine.ten_view import buys
        for code in buys(legal):
            assert table.market_cell(code) in marks
    step(app)
    key(app, pygame.K_RIGHT if game != "ten" else pygame.K_c)
    assert not table.hinting


def test_the_hint_lights_what_the_legal_set_holds_and_nothing_else(app):
    """TT-R4/R5: the cards lit are those with a play or a twist in legal_actions()."""
    table = new_table(app, ["human", "heuristic"], seed=8, game="takethat")
    human_turn(app, table, random.Random(8), 2, SETUP["takethat"][1])
    legal = table.legal_actions()
    movable = {int(a.split()[1]) for a in legal if a.split()[0] in ("play", "twist")}
    click(app, table.hint_button.rect.center)
    assert table.hinting
    marks = table.hint_marks()
    hand = {card: table.cards[card].rect for card in table.hand}
    assert {card for card, rect in hand.items() if rect in marks} == movable
    assert (table.take_button.rect in marks) == ("take" in legal)


# -- drops -------------------------------------------------------------------------------
def test_a_drop_goes_to_the_place_under_the_pointer_not_the_one_covered_most():
    """A card held by its edge covers the next gap more than the one the pointer is on:
    the pointer's gap takes it (a lit one before an unlit one under the pointer)."""
    from tentable.ui.widgets.dragdrop import DragManager, DropTarget
    from tentable.ui.widgets.tween import Tweens
    drag = DragManager(Tweens())
    aimed = DropTarget(pygame.Rect(0, 0, 40, 60), "aimed")
    covered = DropTarget(pygame.Rect(40, 0, 40, 60), "covered")
    drag.set_targets([covered, aimed])
    card = pygame.Rect(30, 0, 40, 60)           # 3/4 of it over `covered`
    assert drag.target_at((35, 30), card) is aimed
    unlit = DropTarget(pygame.Rect(20, 20, 10, 10), "unlit", legal=False)
    drag.set_targets([covered, aimed, unlit])
    assert drag.target_at((25, 25), card) is aimed
    assert drag.target_at((200, 30), card) is covered    # off every target: the cover


def test_an_elfer_drop_plays_at_the_gap_under_the_pointer(app):
    """ER-R8: a connection card dropped with the pointer on a lit gap lays that bridge."""
    table = new_table(app, ["human", "heuristic"], seed=4, game="elfer")
    rng = random.Random(3)
    for _ in range(300):
        human_turn(app, table, rng)
        if table.links and table.lit("links") and not table.view["pending"]:
            break
        table.submit(rng.choice(table.legal_actions()))
    else:
        pytest.skip("no bridge in this game")
    aim = table.lit("links")[-1]
    held = table.cards[table.links[0]]
    drag(app, held.rect.center, (aim.rect.left + 3, aim.rect.centery))
    assert table.link.match.state.history[-1] == aim.key


def test_take_thats_new_row_is_the_whole_strip(app):
    """TT-R4: after the row is taken, a card dropped anywhere along the empty row's strip
    opens the new row."""
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(5), 0, lambda table: not table.view["row"])
    card = table.playable_picks()[0]
    target = next(t for t in table.drop_targets(card) if t.key == f"play {card}")
    g = table.geo
    assert target.rect.w >= g.row_width * 0.9 and target.rect.h >= g.card[1]
    end = (round(g.row_left_mid[0] + g.row_width * 0.8), round(g.row_left_mid[1]))
    drag(app, table.cards[card].rect.center, end)
    assert table.link.match.state.history[-1] == f"play {card}"


# -- the keyboard ------------------------------------------------------------------------
def test_after_a_play_by_keys_the_pick_stays_at_its_place_in_the_hand(app):
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(4), 0,
               lambda table: len(table.playable_picks()) >= 3 and table.forced is None)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    index = table.hand.index(table.selected)
    played = table.selected
    moves = len(table.link.match.state.history)
    key(app, pygame.K_t if f"twist {played}" in table.legal() else pygame.K_RETURN)
    assert len(table.link.match.state.history) > moves
    hand = table.hand
    assert table.selected == hand[min(index, len(hand) - 1)]


@pytest.mark.parametrize("game", ("takethat", "elfer", "retro10"))
def test_arrows_walk_every_card_in_order_and_stop_at_the_ends(app, game):
    """With some cards that cannot move (too far from the row, no place yet, over 10),
    ← → still go card by card, as the hand lies, and stop at its ends: no jump over a
    card, no wrap to the other end."""
    table = new_table(app, ["human", "heuristic"], seed=9, game=game)
    human_turn(app, table, random.Random(9), 1,
               lambda table: 0 < len(table.playable_picks()) < len(table.picks))
    hand = list(table.picks)
    seen = []
    for _ in range(len(hand) + 1):
        key(app, pygame.K_RIGHT)
        seen.append(table.selected)
    assert seen == hand + hand[-1:]
    seen = []
    for _ in range(len(hand) + 1):
        key(app, pygame.K_LEFT)
        seen.append(table.selected)
    assert seen == hand[-2::-1] + hand[:1] + hand[:1]


def test_the_card_under_the_pointer_is_not_the_pick_and_the_table_says_so(app):
    """Elfer: the pointer on a card shows where it could go, fainter than the places of
    the card picked; Enter with nothing picked says that the card pointed at is not."""
    table = new_table(app, ["human", "heuristic"], seed=9, game="elfer")
    human_turn(app, table, random.Random(9), 0, lambda table: len(table.playable_picks()) > 1
               and table.forced is None)
    card = table.playable_picks()[0]
    place = table.lit(card)[0].rect.center
    post(pygame.MOUSEMOTION, pos=on_top(table, card, table.hand, card), rel=(0, 0),
         buttons=(0, 0, 0))
    step(app)
    assert table.hovered() == card and table.selected is None
    pointed = app.screen.get_at(place)
    app.toasts.items.clear()
    key(app, pygame.K_RETURN)
    [toast] = app.toasts.items
    assert table.pick_words(card) in toast.text and "pointer" in toast.text
    table.pick(card)
    table.refresh()
    app.invalidate()
    step(app)
    assert app.screen.get_at(place) != pointed     # the pick's places stand out


@pytest.mark.parametrize("game", GAMES)
def test_every_mode_shows_its_keys(app, game):
    """The keys line reads from the text table for each mode the table is in."""
    options = {"open": True} if game == "tentiles" else {}
    table = new_table(app, ["human", "heuristic"], seed=2, game=game, **options)
    rng = random.Random(2)
    modes = set()
    for _ in range(30):
        wait_for(app, lambda: table.my_turn or table.link.match.is_over)
        if table.link.match.is_over:
            break
        human_turn(app, table, rng)
        modes.add(table.mode())
        if table.picks:
            key(app, pygame.K_TAB if game == "tentiles" else pygame.K_RIGHT)
            modes.add(table.mode())
        if table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
        if table.link.match.is_over:
            break
    assert len(modes) >= 2, modes
    for mode in modes:
        table.mode = lambda mode=mode: mode
        if game != "tentiles":
            assert f"{game}.keys.{mode}" in STRINGS, mode
            assert "H hint" in table.keys_text() or mode == "dialog"


#: per game: key sequences that are each some move in some position; a player by keys
#: alone tries them in a random order until one is played
#: ("hand": ← → to a card the table lights as playable, else → once)
KEYPLAYS = {
    "takethat": [[pygame.K_RETURN], ["hand", pygame.K_RETURN],
                 ["hand", pygame.K_t], [pygame.K_r]],
    "elfer": [[pygame.K_RETURN], ["hand", pygame.K_RETURN],
              ["hand", pygame.K_DOWN, pygame.K_RETURN], [pygame.K_b, pygame.K_RETURN],
              [pygame.K_s], [pygame.K_d], [pygame.K_e], [pygame.K_p]],
    "retro10": [[pygame.K_RETURN], ["hand", pygame.K_u, pygame.K_RETURN],
                ["hand", pygame.K_d, pygame.K_RETURN], ["hand", pygame.K_RETURN],
                [pygame.K_p], [pygame.K_r], [pygame.K_k], [pygame.K_v], [pygame.K_s],
                [pygame.K_1]],
    "ten": [[pygame.K_f], [pygame.K_n], [pygame.K_m], [pygame.K_s], [pygame.K_x],
            [pygame.K_RETURN, pygame.K_RETURN], [pygame.K_RIGHT, pygame.K_RETURN,
                                                 pygame.K_RETURN],
            [pygame.K_RETURN], [pygame.K_p], [pygame.K_BACKSPACE]],
    "tentiles": [[pygame.K_RETURN], [pygame.K_TAB, "walk"], [pygame.K_l, "walk"],
                 [pygame.K_r, "walk"], ["walk"], [pygame.K_p]],
}


def walk(app, table, rng):
    """TEN tiles: the arrows take the cursor to one of the lit places of the held tile
    (read off the screen as a player does), then Enter puts it there."""
    from tentable.engine.tentiles import coords
    places = table.targets(table.selected)
    if not places:
        return
    x, y = coords(rng.choice(places))
    dx, dy = x - table.cursor[0], y - table.cursor[1]
    for _ in range(abs(dx)):
        key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
    for _ in range(abs(dy)):
        key(app, pygame.K_UP if dy > 0 else pygame.K_DOWN)
    key(app, pygame.K_RETURN)


def play_by_keys_alone(app, table, rng, game):
    """The whole game by keys: Enter for curtains and dialogs, else the game's key
    sequences in a random order until one moves the game on. No action is submitted."""
    state = table.link.match.state
    for _ in range(20_000):
        if table.link.match.is_over:
            return
        if table.curtain is not None or table.dialog is not None:
            key(app, pygame.K_RETURN)
            continue
        if table.moments:                 # a bust, a showdown: Enter goes on
            step(app, 30)
            key(app, pygame.K_RETURN)
            continue
        if not table.my_turn:
            step(app)
            job = table.link.match.job
            if job is not None:
                job.done.wait(0.05)
            continue
        moves = len(state.history)
        plays = KEYPLAYS[game][:]
        rng.shuffle(plays)
        for keys in plays:
            for k in keys:
                if k == "walk":
                    walk(app, table, rng)
                elif k == "hand" and table.playable_picks():   # to a card lit as playable
                    walk_to(app, table, rng.choice(table.playable_picks()))
                elif k == "hand":                              # (← → choose a seat there)
                    key(app, pygame.K_RIGHT)
                else:
                    key(app, k)
                if len(state.history) > moves:
                    break
            if len(state.history) > moves or not table.my_turn:
                break
            if table.drag.sprite is not None or getattr(table, "tray", None) is not None \
                    or getattr(table, "pending", None) is not None:
                key(app, pygame.K_BACKSPACE)                 # put it back, close it
            table.pick(None)
            if getattr(table, "tray", None) is not None:     # a payment that must be made:
                table.tray = None                            # as suggested again, for the
                table.refresh()                              # next try
        else:
            raise AssertionError(f"no key moved on: {table.legal_actions()}")
    raise AssertionError("the game did not end")


# Every game is played whole by the keys alone and by the mouse alone, at a hot seat and
# against the computer: one pairing per game, the pairings alternating, so that each input
# meets each seating at some table (the curtain and the computer's pace are the table
# base's, the same at every table; the gestures are each game's own).
KEYS_AT = {"takethat": "hotseat", "elfer": "computer", "retro10": "hotseat", "ten": "computer",
           "tentiles": "hotseat"}
MOUSE_AT = {game: "computer" if seats == "hotseat" else "hotseat"
            for game, seats in KEYS_AT.items()}


@pytest.mark.parametrize("game, seats", KEYS_AT.items())
def test_a_whole_game_by_keys_alone(app, game, seats):
    players = ["human", "human"] if seats == "hotseat" else ["human", "heuristic"]
    options = {"rounds": 1} if game == "takethat" else {}
    table = new_table(app, players, seed=11, game=game, **options)
    play_by_keys_alone(app, table, random.Random(11), game)
    assert table.link.match.is_over


def mouse_gestures(app, table):
    """What a player may do with the mouse now, read off the lit table: drag a lit card to
    a lit place, click a lit button, a lit market card, a card to deal for, the pill of
    an only move."""
    every = list(table.cards.sprites)
    out = []
    sources = [(card, table.cards[card]) for card in table.playable_picks()]
    if table.game == "elfer" and table.links and table.lit("links"):
        sources.append(("links", table.cards[table.links[0]]))
    for card, sprite in sources:
        start = on_top(table, table.cards.key_of(sprite), every, card) or sprite.rect.center
        for target in table.drop_targets(card):
            if target.legal:
                out.append(lambda start=start, end=target.rect.center: drag(app, start, end))
    for button in table.live_buttons():
        if button.enabled and button.rect.w > 0 and button not in table.lone_buttons():
            out.append(lambda button=button: click(app, button.rect.center))
    if table.forced:
        out.append(lambda: click(app, table.status_rect.center))
    legal = table.legal()
    if table.game == "ten" and table.buying() and not table.tray_visible():
        from tentable.engine.ten_view import buys
        out += [lambda code=code: click(app, table.market_cell(code).center)
                for code in buys(legal)]
    if table.game == "retro10" and table.phase == "deal":
        out += [lambda seat=seat: click(app, table.place_rect(seat).center)
                for seat in range(table.view["players"]) if seat != table.bottom]
    return out


def play_by_mouse_alone(app, table, rng):
    """The whole game by the mouse: the curtain's and dialogs' buttons, and on each turn
    the Hint button, then one of the lit gestures until one moves the game on."""
    state = table.link.match.state
    for _ in range(20_000):
        if table.link.match.is_over:
            return
        if table.curtain is not None:
            step(app)
            click(app, table.curtain_screen.button.rect.center)
            continue
        if table.dialog is not None:
            step(app)
            click(app, table.dialog.buttons[0].rect.center)
            continue
        if table.moments:                 # a bust, a showdown: a click goes on
            step(app, 30)
            click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        if not table.my_turn:
            step(app)
            job = table.link.match.job
            if job is not None:
                job.done.wait(0.05)
            continue
        moves = len(state.history)
        for _ in range(60):
            step(app)
            if not table.my_turn:         # an only move played itself
                break
            click(app, table.hint_button.rect.center)
            assert table.hinting
            gestures = mouse_gestures(app, table)
            assert gestures, table.legal_actions()
            rng.choice(gestures)()
            if len(state.history) > moves or not table.my_turn:
                break
        else:
            raise AssertionError(f"no click moved on: {table.legal_actions()}")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, seats", MOUSE_AT.items())
def test_a_whole_game_by_the_mouse_alone(app, game, seats):
    players = ["human", "human"] if seats == "hotseat" else ["human", "heuristic"]
    options = {"rounds": 1} if game == "takethat" else {}
    table = new_table(app, players, seed=12, game=game, **options)
    play_by_mouse_alone(app, table, random.Random(12))
    assert table.link.match.is_over


@pytest.mark.parametrize("game", ("takethat", "elfer", "retro10", "tentiles"))  # TEN drags none
def test_a_card_let_go_on_the_menu_button_or_under_the_menu_leaves_the_game_going(app, game):
    """A card dragged onto the Menu button and let go there is a drop, not a click on Menu;
    a card held when F1 opens how to play goes home (Esc puts it back before it pauses).
    Either way the computer plays on: a drag
    left open held it for good (found by the words-on-screen games, which stopped there)."""
    table = new_table(app, ["human", "easy"], seed=3, game=game)
    rng = random.Random(5)
    human_turn(app, table, rng, until=lambda table: table.playable_picks())
    card = table.playable_picks()[0]
    start = on_top(table, card, list(table.cards.sprites), card) or table.cards[card].rect.center
    menu = table.pause_button.rect.center
    drag(app, start, menu)
    step(app)
    assert app.top is table and not table.drag.dragging
    # pressed and moved, then F1: how to play covers the table, the button is let go there
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0))
    app.step(wait=False)
    assert table.drag.dragging
    key(app, pygame.K_F1)
    assert app.top is not table
    post(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 80), button=1)
    app.step(wait=False)
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.drag.sprite is None and not table.drag.dragging
    while table.my_turn:                       # the human's turn played out ...
        table.submit(rng.choice(table.legal_actions()))
        step(app)
    assert table.link.match.current_player == 1
    wait_for(app, lambda: table.link.match.is_over or table.my_turn)    # ... the computer's too


@pytest.mark.parametrize("game", ("takethat", "elfer", "retro10", "tentiles"))
def test_a_dragged_card_passes_over_the_menu_button_and_the_log(app, game):
    """The card in the player's hand is above the table: dragged over the Menu button or
    the log, it is drawn over them, not under (it was drawn with the other cards)."""
    table = new_table(app, ["human", "easy"], seed=3, game=game)
    human_turn(app, table, random.Random(5), until=lambda table: table.playable_picks())
    card = table.playable_picks()[0]
    start = on_top(table, card, list(table.cards.sprites), card) or table.cards[card].rect.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for over in (table.pause_button.rect.center, table.log.rect.center):
        post(pygame.MOUSEMOTION, pos=over, rel=(1, 1), buttons=(1, 0, 0))
        app.invalidate()
        app.step(wait=False)
        held = table.drag.sprite
        assert table.drag.dragging and held.rect.collidepoint(over)
        alone = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        held.paint(alone)
        assert alone.get_at(over).a == 255          # the card is opaque there ...
        assert app.screen.get_at(over) == alone.get_at(over)   # ... and nothing covers it
    post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    app.step(wait=False)
    assert not table.drag.dragging and not held.aloft
