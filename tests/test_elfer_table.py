"""The Elfer raus! Master table under the SDL dummy driver, driven by real mouse and key
events. Positions are set with `arrange` from the engine's tests (rows yellow, blue, red,
green top to bottom, as in the rulebook's pictures)."""

from functools import partial

import pygame
import pytest

from test_elfer import arrange
from tentable.bots import make_bot
from tentable.ui.scenes import table_for
from tentable.engine.elfer_moves import is_joker
from tentable.ui.tables.elfer.controls import LINKS
from tentable.ui.tables.elfer.layout import slot_rect
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.widgets.sprite import sprite_at
import uitools
from uitools import click, drag, key, post, show_position, step, wait_for, walk_to




new_table = partial(uitools.new_table, game="elfer")


def use(table, state):
    """Put the table on a position set by hand (seat 0 at the screen)."""
    show_position(table, state)
    table.app.step(wait=False)
    return state


def visible_point(sprite, among):
    """A point on `sprite` where it is the card on top (cards in a fan overlap)."""
    rect = sprite.rect
    for fx in (0.15, 0.3, 0.5, 0.7, 0.85, 0.08):
        for fy in (0.5, 0.25, 0.75):
            point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
            if sprite_at(among, point) is sprite:
                return int(point[0]), int(point[1])
    raise AssertionError(f"card {sprite.code} is covered everywhere")


def held(table, card):
    """Where to grab `card` (a hand card's id, or LINKS for my connection cards)."""
    if card == LINKS:
        mine = table.view["connections"][table.bottom]
        return visible_point(table.cards[mine[0]], [table.cards[c] for c in mine])
    return visible_point(table.cards[card], [table.cards[c] for c in table.view["hand"]])


def item_of(table, action):
    """What a hand has to hold up for `action`: the card, a joker, or LINKS."""
    verb, _, what = action.partition(" ")
    if verb == "bridge":
        return LINKS
    if what.startswith("J@"):
        return next(c for c in table.view["hand"] if is_joker(c))
    return what


BUTTON_OF = {"draw": "draw_button", "end": "end_button", "pass": "pass_button"}
KEY_OF = {"draw": pygame.K_d, "end": pygame.K_e, "pass": pygame.K_p}


def play_by_mouse(app, table, action):
    if action in BUTTON_OF:
        click(app, getattr(table, BUTTON_OF[action]).rect.center)
        return
    item = item_of(table, action)
    target = next(t for t in table.drop_targets(item) if t.key == action)
    assert target.legal, action
    drag(app, held(table, item), target.rect.center)


def play_by_keys(app, table, action):
    if action in KEY_OF:
        key(app, KEY_OF[action])
        return
    item = item_of(table, action)
    if item == LINKS:
        if table.selected != LINKS:
            key(app, pygame.K_b)
    else:
        walk_to(app, table, item,
                lambda wanted, pick: pick == wanted or is_joker(wanted) and is_joker(pick))
    if action.startswith("swap"):
        key(app, pygame.K_s)
        return
    lit = [t.key for t in table.lit(table.selected)]
    assert action in lit, (action, lit)
    for _ in range(len(lit) + 1):
        if lit[table.target_index % len(lit)] == action:
            break
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)


def kinds(actions):
    return {a.split()[0] + (" J" if "J@" in a else "") for a in actions}


def play_a_game(app, table, by):
    state = table.link.match.state
    me = make_bot("heuristic", "elfer", 0, seed=1)
    mine, games_seen = [], 0
    while not state.is_over:
        wait_for(app, lambda: table.my_turn or state.is_over or table.moments)
        if table.moments:
            step(app, 30)
            key(app, pygame.K_RETURN)             # "Next game"
            assert not table.moments
            games_seen += 1
            continue
        if state.is_over:
            break
        action = me.choose(state)
        before = len(state.history)
        by(app, table, action)
        # an only move after it (an end with nothing more to play) plays itself
        assert state.history[before:before + 1] == [action], f"move {len(mine)}: {action}"
        mine.append(action)
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    return mine, games_seen


def test_a_whole_game_by_mouse_alone(app):
    """ER-R5…R13 through the table: every move a drag onto a slot or a gap, or a button."""
    table = new_table(app, ["human", "heuristic"], seed=12)
    mine, _ = play_a_game(app, table, play_by_mouse)
    assert kinds(mine) >= {"play", "play J", "bridge", "swap", "end"}
    assert len(mine) > 20


def test_a_whole_match_by_keyboard_alone(app):
    """Arrows, Tab, Enter, B, S, D, E, P; a summary holds the table between games."""
    table = new_table(app, ["human", "random"], seed=3, games=2)
    mine, games_seen = play_a_game(app, table, play_by_keys)
    assert kinds(mine) >= {"play", "play J", "bridge", "swap", "end"}
    assert len(mine) > 20 and games_seen == 1
    assert len(table.link.match.state.game_scores) == 2


def test_an_illegal_drop_springs_back_with_the_engines_reason(app):
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10"], hands=[["Y5", "B12"], ["R1"]]))
    before = state.to_json()
    origin = table.cards.spots["Y5"].pos
    target = table.drop_targets("Y5")[0]
    assert target.key == "play Y5" and not target.legal
    drag(app, held(table, "Y5"), target.rect.center)
    assert state.to_json() == before
    assert any("yellow 5 must go next to a card of its row" in toast.text
               for toast in app.toasts.items)
    wait_for(app, lambda: table.cards["Y5"].pos == origin)


def test_enter_on_an_unplayable_card_refuses_with_the_reason_and_a_shake(app):
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10"], hands=[["Y5", "B12"], ["R1"]]))
    app.settings["animation_speed"] = "normal"
    before = state.to_json()
    key(app, pygame.K_RIGHT)
    assert table.selected == "Y5", "the keys go card by card, as the hand lies"
    key(app, pygame.K_RETURN)
    assert state.to_json() == before
    assert any("next to a card" in toast.text for toast in app.toasts.items)
    key(app, pygame.K_RIGHT)
    assert table.selected == "B12"
    sprite = table.cards["Y5"]
    click(app, (sprite.rect.left + 6, sprite.rect.centery))   # a click picks any card
    assert table.selected == "Y5"
    app.toasts.items.clear()
    key(app, pygame.K_RETURN)
    assert state.to_json() == before
    assert any("next to a card" in toast.text for toast in app.toasts.items)
    assert table.tweens.busy


def test_a_chosen_card_lights_its_slot_and_a_click_there_plays_it(app):
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10"], hands=[["Y9", "Y5", "J"], ["R1"]]))
    click(app, held(table, "Y9"))
    assert table.selected == "Y9"
    assert [t.key for t in table.lit("Y9")] == ["play Y9"]
    assert table.cards["Y9"].highlight and not table.cards["Y5"].highlight
    # a joker lights every place a number card could go (ER-R7)
    assert {t.key for t in table.lit(item_of(table, "play J@R10"))} == {
        "play J@Y9", "play J@Y12", "play J@B10", "play J@B12", "play J@R10", "play J@R12",
        "play J@G10", "play J@G12"}
    click(app, slot_rect(table.geo, table.view, "Y9").center)
    assert state.history == ["play Y9"]
    assert table.view["played"] == 1 and table.end_button.enabled


def test_a_bridge_by_drag_asks_for_its_card_which_enter_plays(app):
    """ER-R8, the rulebook's Timo: a connection card from yellow 9 to blue 9, then blue 9
    (the only card that may follow: Enter plays it before it plays itself)."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10", "Y9"], hands=[["B9", "R9"], ["R1"]]))
    gap = next(t for t in table.drop_targets(LINKS) if t.key == "bridge Y9-B9")
    assert gap.legal
    assert table.cards[state.connections[0][0]].highlight
    drag(app, held(table, LINKS), gap.rect.center)
    assert state.history == ["bridge Y9-B9"]
    assert table.selected == "B9"                       # the follow-up card, picked
    assert [t.key for t in table.lit("B9")] == ["play B9"]
    assert "leads to blue 9" in table.status_text()   # words, not codes
    key(app, pygame.K_RETURN)
    assert state.history == ["bridge Y9-B9", "play B9"]
    bridge = table.view["bridges"][0]["id"]
    assert table.cards.spots[bridge].angle == 90        # the connection card lies between
    # and on to red 9 by keyboard alone: B, the gap, Enter, Enter
    key(app, pygame.K_b)
    assert table.selected == LINKS
    lit = [t.key for t in table.lit(LINKS)]
    assert "bridge B9-R9" in lit
    while lit[table.target_index % len(lit)] != "bridge B9-R9":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert state.history[2:] == ["bridge B9-R9", "play R9"]


def test_a_joker_after_a_bridge_and_the_card_it_stands_for(app):
    """The rulebook's Lisa: a bridge to blue 7 with a joker, which then shows blue 7."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10", "Y9", "Y8", "Y7", "B10", "B9"],
                               hands=[["J", "B8", "B6", "R1"], ["R2"]]))
    gap = next(t for t in table.drop_targets(LINKS) if t.key == "bridge Y7-B7")
    drag(app, held(table, LINKS), gap.rect.center)
    assert is_joker(table.selected)
    assert table.forced == "play J@B7"
    key(app, pygame.K_RETURN)
    assert state.history == ["bridge Y7-B7", "play J@B7"]
    blue = next(r for r in table.view["rows"] if r["colour"] == "B")
    joker = blue["slots"][6]
    assert joker["joker"] and joker["card"] == "B7"
    app.invalidate()
    app.step(wait=False)          # the joker is drawn with a "7" pill: no error, no crash


def test_a_number_card_dropped_on_its_joker_swaps_it(app):
    """ER-R9: the card takes the joker's place; the joker comes to the hand."""
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10", "J@Y9"], hands=[["Y9", "Y12"], ["R1"]]))
    target = table.drop_targets("Y9")[0]
    assert target.key == "swap Y9" and target.legal
    joker = table.view["rows"][0]["slots"][8]["id"]
    drag(app, held(table, "Y9"), target.rect.center)
    assert state.history == ["swap Y9"]
    assert joker in table.view["hand"]
    assert not table.draw_button.enabled               # a swap rules out drawing


def test_a_finished_half_row_flashes_and_its_bonus_flies_to_the_player(app):
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    board = [f"Y{n}" for n in range(2, 11)]
    state = use(table, arrange(board=board, hands=[["R1", "R2"], ["Y1", "B1"]], turn=1))
    bonus = state.bonus_stack[-1]
    assert bonus in table.cards.sprites
    table.play(1, ["play Y1"])                        # the other seat completes 1-10
    assert ("Y", 0) in table.flashes
    assert len(table.flyers) == 1 and table.cards.key_of(table.flyers[0]) is None
    assert bonus not in table.cards.sprites
    assert any("half-row" in e.text for e in table.log.entries)
    wait_for(app, lambda: not table.flyers and not table.flashes)


def test_pass_only_when_the_pile_is_empty_and_nothing_can_be_played(app):
    """ER-R12: the button and P; a forced pass says so, then passes by itself."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=[], hands=[["Y5"], ["R1"]], rest=1))
    assert state.pile == [] and table.forced == "pass"
    assert table.pass_button.enabled and not table.draw_button.enabled
    assert table.forced_text("pass") == "Nothing to play and the pile is empty — pass  (P)"
    step(app, 60)
    assert state.history == []                          # the banner is read
    step(app, 60)
    assert state.history == ["pass"]
    assert [e.text for e in table.log.entries][-2:] == ["You had no other move:", "You pass"]


def test_a_forced_draw_is_played_at_once_by_enter(app):
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=[], hands=[["Y5", "R3"], ["R1"]]))
    assert table.forced == "draw"
    step(app, 30)
    assert state.history == []
    key(app, pygame.K_RETURN)                           # Enter does the only move
    assert state.history == ["draw"]
    assert any(e.text.startswith("You draw") for e in table.log.entries)


def test_a_chain_of_only_moves_is_told_move_by_move(app):
    """ER-R12 with the pile empty: yellow 10 fits, so it must be played; then nothing more
    fits and the turn must end (which the log tells by the next move). The log tells
    them after "You had no other move:", as the log of a resumed game does."""
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=[], hands=[["Y10", "R5"], ["G1"]], rest=1))
    wait_for(app, lambda: state.history[:2] == ["play Y10", "end"])
    texts = [e.text for e in table.log.entries]
    told = texts.index("You had no other move:")
    assert texts[told + 1] == "You play yellow 10"


def test_hot_seat_hides_hands_behind_a_curtain(app):
    table = new_table(app, ["human", "human"], seed=4)
    assert table.curtain == 0 and table.view["hand"] is None
    assert not app.toasts.items                       # nothing said before the first key
    key(app, pygame.K_RETURN)
    assert table.curtain is None and table.seat == 0
    table.submit("draw")
    assert table.curtain == 1 and table.view["hand"] is None
    app.step(wait=False)
    key(app, pygame.K_RETURN)
    assert table.curtain is None and table.seat == 1 and table.bottom == 1
    assert sorted(table.view["hand"]) == sorted(table.link.match.state.hands[1])
    assert not set(table.view["hand"]) & set(table.cards.sprites) - set(table.view["hand"])
    assert not set(table.link.match.state.hands[0]) & set(table.cards.sprites)


def test_a_resumed_game_tells_its_log_again(app):
    table = new_table(app, ["human", "heuristic"], seed=12)
    me = make_bot("heuristic", "elfer", 0, seed=1)
    while len(table.link.match.state.history) < 12:
        wait_for(app, lambda: table.my_turn)
        table.submit(me.choose(table.link.match.state))
    lines = [e.text for e in table.log.entries]
    table.close()
    resumed = table_for("elfer")(app, table.session.__class__.from_record(
        table.session.record(table.link.match.state.history)))
    app.reset(resumed)
    texts = [e.text for e in resumed.log.entries]
    assert texts[:len(lines)] == lines
    assert f"resumed after {len(table.link.match.state.history)} moves" in texts[-1]
    assert texts[0] == "Game 1 of 1: you start"


def test_the_cached_layers_follow_the_view(app):
    """The board, the seats and my panel are drawn once and then blitted: a move must
    still show at once, on the board and in the seat panels."""
    table = new_table(app, ["human", "heuristic"])
    use(table, arrange(board=["Y10"], hands=[["Y9", "Y5"], ["R1"]]))
    slot = slot_rect(table.geo, table.view, "Y9")
    panel = table.geo.panels[1]
    before = pygame.image.tobytes(app.screen.subsurface(slot), "RGB")
    seats = pygame.image.tobytes(app.screen.subsurface(panel), "RGB")
    table.submit("play Y9")
    table.submit("end")
    app.invalidate()
    app.step(wait=False)
    assert pygame.image.tobytes(app.screen.subsurface(slot), "RGB") != before
    assert pygame.image.tobytes(app.screen.subsurface(panel), "RGB") != seats   # Ana to move


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_six_players_fit_the_window(app, size):
    app._on_resize(size)
    table = new_table(app, ["human"] + ["heuristic"] * 5, seed=2)
    g = table.geo
    window = pygame.Rect(0, 0, *size)
    parts = [g.board, g.mine, table.log.rect, *g.panels.values(),
             *(b.rect for b in table.buttons)]
    assert all(window.contains(p) for p in parts)
    assert not any(g.board.colliderect(p) for p in parts[1:])
    assert g.slot[0] >= 40                              # board cards stay readable
    hand = [table.cards[c].rect for c in table.view["hand"]]
    assert all(window.contains(r) for r in hand)
    assert not any(r.colliderect(g.mine) or r.colliderect(table.draw_button.rect) for r in hand)


def test_monkey_random_inputs(app):
    import random
    rng = random.Random(7)
    table = new_table(app, ["human", "random", "random"], seed=9)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
            pygame.K_RETURN, pygame.K_b, pygame.K_s, pygame.K_d, pygame.K_e, pygame.K_p]
    for _ in range(1500):
        if app.top is not table:
            break
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        roll = rng.random()
        if roll < 0.4:
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.6:
            end = (rng.randrange(w), rng.randrange(h))
            drag(app, pos, end)
        elif roll < 0.98:
            post(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
        else:
            size = (rng.randrange(700, 1900), rng.randrange(500, 1100))
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        app.step(wait=False)
    assert table.link.match.state.history   # the inputs did play


def test_er_r5_four_cards_played_is_said_only_at_four(app):
    """ER-R5: after one card with nothing more to play, the end is the only move, and the
    banner gives that reason, not "four cards played"."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"])
    state = use(table, arrange(board=["Y10"], hands=[["Y9", "R1"], ["R2"]]))
    key(app, pygame.K_RIGHT)
    click(app, held(table, "Y9"))
    click(app, slot_rect(table.geo, table.view, "Y9").center)
    assert state.history == ["play Y9"] and table.forced == "end"
    assert table.forced_text("end") == "Nothing more you can play — end your turn  (E)"
    step(app, 120)
    assert state.history == ["play Y9", "end"]
