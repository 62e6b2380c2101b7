"""The Take That table under the SDL dummy driver, driven by real mouse and key events."""
import random
import re

from functools import partial

import pygame

from tentable.bots import make_bot
from tentable.engine.takethat import TakeThat, twin
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.widgets.sprite import sprite_at
import uitools
from uitools import drag, key, post, show_position, step, wait_for, walk_to




new_table = partial(uitools.new_table, game="takethat")




def visible_point(sprite, among):
    """A point on `sprite` where it is the card on top (cards in a fan overlap)."""
    rect = sprite.rect
    for fx in (0.15, 0.3, 0.5, 0.7, 0.85):
        for fy in (0.5, 0.25, 0.75):
            point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
            if sprite_at(among, point) is sprite:
                return int(point[0]), int(point[1])
    raise AssertionError(f"card {sprite.code} is covered everywhere")






def hand_sprites(table):
    return [table.cards[c] for c in table.view["hand"]]


def play_by_mouse(app, table, action):
    if action == "take":
        button = table.take_button.rect.center
        post(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=button, button=1)
        post(pygame.MOUSEBUTTONUP, pos=button, button=1)
        app.step(wait=False)
        return
    kind, number = action.split()
    card = int(number)
    start = visible_point(table.cards[card], hand_sprites(table))
    if kind == "twist":
        row = [table.cards[c] for c in table.view["row"]]
        end = visible_point(table.cards[twin(card)], row)
    else:
        target = next(t for t in table.drop_targets(card) if t.key == f"play {card}")
        end = target.rect.center
    drag(app, start, end)


def play_by_keys(app, table, action):
    if action == "take":
        key(app, pygame.K_r)
        return
    kind, number = action.split()
    card = int(number)
    walk_to(app, table, card)
    key(app, pygame.K_t if kind == "twist" else pygame.K_RETURN)




def test_a_whole_two_player_game_by_mouse_and_keyboard(app):
    """TT-R4…R10 through the table: every human move is a drag, a click or a key."""
    table = new_table(app, ["human", "heuristic"], seed=12, rounds=2)
    state: TakeThat = table.link.match.state
    me = make_bot("heuristic", "takethat", 0, seed=1)
    moves = 0
    while not state.is_over:
        wait_for(app, lambda: table.my_turn or state.is_over or table.moments)
        if table.moments:
            step(app, 30)
            key(app, pygame.K_RETURN)            # "Next round"
            assert not table.moments
            continue
        if state.is_over:
            break
        action = me.choose(state)
        before = len(state.history)
        if moves % 2:
            play_by_keys(app, table, action)
        else:
            play_by_mouse(app, table, action)
        assert state.history[before:] == [action], f"move {moves}: {action}"
        moves += 1
    assert len(state.round_scores) == 2
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    assert moves > 20


def test_an_illegal_drop_springs_back_with_the_engines_reason(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    hand = sorted(state.hands[0])
    # a position for the example: the row ends within ten of my lowest card only
    last = next(c for c in state.pile if 0 < c - hand[0] <= 10 and hand[-1] - c > 10)
    state.pile.remove(last)
    state.row = [last]
    state.validate()
    show_position(table, seat=0)
    before = state.to_json()
    card = hand[-1]
    origin = table.cards.spots[card].pos
    target = next(t for t in table.drop_targets(card) if t.key == f"play {card}")
    assert not target.legal
    drag(app, visible_point(table.cards[card], hand_sprites(table)), target.rect.center)
    assert state.to_json() == before
    assert any(f"{card} is too far from {last}" in toast.text for toast in app.toasts.items)
    wait_for(app, lambda: table.cards[card].pos == origin, 3)


def test_hovering_a_hand_card_lights_its_twin_in_the_row(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    # a position for the example: the twin of one of my cards lies in the row
    mine = next(c for c in state.hands[0] if c % 11 and twin(c) not in state.hands[0])
    for zone in state.zones().values():
        if twin(mine) in zone:
            zone.remove(twin(mine))
    state.row = [twin(mine)]
    state.validate()
    show_position(table, seat=0)
    point = visible_point(table.cards[mine], hand_sprites(table))
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    app.step(wait=False)
    assert table.cards[twin(mine)].highlight


def test_hot_seat_hides_hands_behind_a_curtain(app):
    table = new_table(app, ["human", "human"], seed=4)
    assert table.curtain == 0 and table.view["hand"] is None   # nobody's cards show yet
    key(app, pygame.K_RETURN)
    assert table.curtain is None and table.seat == 0
    table.submit(table.view["legal_actions"][0])
    assert table.curtain == 1                     # pass to the second player
    app.step(wait=False)
    key(app, pygame.K_RETURN)
    assert table.curtain is None and table.seat == 1
    assert table.view["hand"] == sorted(table.link.match.state.hands[1])


def test_hot_seat_each_player_picks_afresh(app):
    """Kim picks her third card by keys and plays it; Lou's first → picks his own first
    card, not the card at Kim's place in her hand."""
    table = new_table(app, ["human", "human"], seed=4)
    key(app, pygame.K_RETURN)                     # Kim sits down
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    kims = table.selected
    assert kims == table.hand[2]
    key(app, pygame.K_RETURN)
    assert table.link.match.state.history == [f"play {kims}"] and table.curtain == 1
    key(app, pygame.K_RETURN)                     # Lou sits down
    assert table.seat == 1 and table.selected is None
    key(app, pygame.K_RIGHT)
    assert table.selected == table.hand[0]


def test_monkey_3000_random_inputs_across_every_scene(app):
    """Random clicks, drags, keys and resizes on the menu, setup, settings, the table,
    the pause menu and the results: nothing may raise."""
    rng = random.Random(2024)
    table = new_table(app, ["human", "random", "random"], seed=9)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_t, pygame.K_r,
            pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN,
            pygame.K_a, pygame.K_1, pygame.K_BACKSPACE]
    visited = set()
    for i in range(3000):
        visited.add(type(app.top).__name__)
        if i >= 1500 and "ResultsScene" not in visited and app.top is table:
            while not table.link.match.state.is_over:   # finish a game so the results screen shows too
                table.link.match.state.apply(table.link.match.state.legal_actions()[0])
            show_position(table)
            app.settings["moments"] = "auto"      # the random clicks may have changed it
            wait_for(app, lambda: isinstance(app.top, ResultsScene))
            continue
        w, h = app.size
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.4:
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.6:
            end = (rng.randrange(w), rng.randrange(h))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
            post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.9:
            k = rng.choice(keys)
            post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        elif roll < 0.93:
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
        elif roll < 0.95:
            size = (rng.randrange(700, 1900), rng.randrange(500, 1100))
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        elif roll < 0.96 and app.top is not table:
            table = new_table(app, ["human", "random", "random"], seed=i)
        app.step(wait=False)
        if not app.running or app.top is None:   # "Quit" was clicked: start again
            app.running = True
            table = new_table(app, ["human", "random"], seed=i)
    assert {"TakeThatTable", "PauseScene", "MenuScene", "SetupScene", "SettingsScene",
            "ResultsScene"} <= visited, visited


def test_the_frame_that_lands_an_animation_is_drawn(app):
    """A card flying to a pile shrinks when it lands; that last frame must reach the screen."""
    app.settings["animation_speed"] = "fast"
    table = new_table(app, ["human", "heuristic"], seed=3)
    table.submit(table.view["legal_actions"][0])
    assert table.tweens.busy
    while True:
        frames = app.frame_count
        app.clock.advance(0.01)
        app.step(wait=False)
        if not table.tweens.busy:
            break
    assert app.frame_count == frames + 1
    spots = table.cards.spots
    assert all(sprite.size == spots[card].size and sprite.pos == spots[card].pos
               for card, sprite in table.cards.sprites.items())


def position(table, hand, row):
    """Seat 0 to move with `hand`, the row `row`; the other cards in the pile and the
    other hand (each card once, TT-R1)."""
    state = table.link.match.state
    rest = [c for c in sorted(state.hands[0] + state.hands[1] + state.pile + state.row)
            if c not in hand and c not in row]
    state.hands = [list(hand), rest[:9]]
    state.row, state.pile = list(row), rest[9:]
    state.turn = 0
    state.validate()
    state.changed()
    show_position(table, seat=0)
    return state


def test_tt_r4_r5_cards_that_can_be_neither_played_nor_twisted_are_dimmed(app):
    """TT-R4: within ten of the rightmost card; TT-R5: a twin of a row card. Others dim."""
    table = new_table(app, ["human", "heuristic"], seed=6)
    position(table, [25, 52, 61, 72, 83, 94, 35, 46, 57], [16])
    assert table.dimmed == {35, 46, 52, 57, 72, 83, 94}      # 25 fits, 61 twists 16
    assert {c for c in table.hand if table.cards[c].dimmed} == table.dimmed   # veiled
    key(app, pygame.K_RIGHT)
    table.submit("play 25")
    assert table.dimmed == set()                          # not my turn: nothing dims


def test_tt_r6_a_forced_take_says_why_then_takes_itself(app):
    """TT-R6 with no card within ten of 16 (TT-R4) and no twin in the row (TT-R5): the
    banner gives the real reason, then the row is taken by itself, told in the log; the
    new row's card is a real choice, left to the player."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"], seed=6)
    hand = [35, 46, 52, 57, 72, 83, 94, 47, 58]
    state = position(table, hand, [16])
    assert table.forced == "take"
    assert table.forced_text("take") == "No card fits 6–26 and no twin: take the row  (R)"
    assert table.dimmed == set(hand)
    assert all(table.cards[c].highlight for c in state.row)
    step(app, 60)
    assert state.row == [16] and state.current_player == 0      # the banner is read
    step(app, 60)
    assert state.history == ["take"] and table.forced is None and table.dimmed == set()
    texts = [e.text for e in table.log.entries]
    assert texts[-2:] == ["You had no other move:", "You take the row of 1 card: −1"]
    step(app, 300)
    assert state.history == ["take"]                  # the new row waits for the player


def test_tt_r8_with_no_hand_card_the_take_says_so(app):
    table = new_table(app, ["human", "heuristic"], seed=6)
    state = position(table, [], [16, 25])
    state.pile, state.face_down[0] = [], state.pile
    state.validate()
    state.changed()
    show_position(table, seat=0)
    assert table.forced == "take"
    assert table.forced_text("take") == "No cards in your hand: take the row  (R)"


def test_enter_on_an_unplayable_card_refuses_with_the_reason_and_a_shake(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    hand = sorted(state.hands[0])
    last = next(c for c in state.pile if 0 < c - hand[0] <= 10 and hand[-1] - c > 10)
    state.pile.remove(last)
    state.row = [last]
    state.validate()
    show_position(table, seat=0)
    app.settings["animation_speed"] = "normal"
    table.selected = hand[-1]
    before = state.to_json()
    key(app, pygame.K_RETURN)
    assert state.to_json() == before
    assert any(f"{hand[-1]} is too far from {last}" in toast.text for toast in app.toasts.items)
    assert table.tweens.busy                   # the card jolts and springs back


def test_a_resumed_game_tells_its_log_again(app):
    table = new_table(app, ["human", "heuristic"], seed=12)
    me = make_bot("heuristic", "takethat", 0, seed=1)
    while len(table.link.match.state.history) < 8:
        wait_for(app, lambda: table.my_turn)
        table.submit(me.choose(table.link.match.state))
    lines = list(table.log.entries)
    table.close()
    resumed = table_for("takethat")(app, table.session.__class__.from_record(
        table.session.record(table.link.match.state.history)))
    app.reset(resumed)
    texts = [e.text for e in resumed.log.entries]
    assert texts[:len(lines)] == [e.text for e in lines]
    assert f"resumed after {len(table.link.match.state.history)} moves" in texts[-1]
    assert texts[0].startswith("Round 1 of 2: you start")


def test_taking_the_row_that_ends_a_round_logs_what_was_taken(app):
    """Hardening: the log line of a round-ending take is worded from the take itself."""
    table = new_table(app, ["human", "heuristic"], seed=6)
    state = table.link.match.state
    state.pile, state.row = [], [state.hands[0].pop(), state.hands[0].pop()]
    state.face_down[1] += state.hands[1]
    state.hands[1] = [state.hands[0].pop()]
    state.turn = 0
    state.validate()
    show_position(table, seat=0)
    taken = list(state.row)
    table.submit("take")
    from tentable.engine.takethat import pile_score
    from tentable.narration import signed
    assert any(f"take the row of 2 cards: {signed(pile_score([], taken))}" in e.text
               for e in table.log.entries), [e.text for e in table.log.entries]


def test_submit_all_plays_one_gesture_of_several_actions_or_nothing(app, monkeypatch):
    """Foundation #9: take the row and open a new one in one gesture, checked on a copy
    first; a gesture with a refused step changes nothing."""
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    state.row = [state.pile.pop()]
    state.validate()
    show_position(table, seat=0)
    card = state.hands[0][0]
    gestures = []
    monkeypatch.setattr(type(table), "on_actions",
                        lambda self, seat, actions, views: gestures.append(actions))
    before = state.to_json()
    assert not table.submit_all(["take", "play 11"])
    assert state.to_json() == before and "11" in app.toasts.items[-1].text
    assert table.submit_all(["take", f"play {card}"])
    assert state.history[-2:] == ["take", f"play {card}"] and gestures == [["take", f"play {card}"]]
    assert state.current_player == 1


def test_no_glow_is_left_behind_after_a_keyboard_twist(app):
    table = new_table(app, ["human", "heuristic"], seed=3)
    state = table.link.match.state
    mine = next(c for c in state.hands[0] if c % 11 and twin(c) not in state.hands[0])
    for zone in state.zones().values():
        if twin(mine) in zone:
            zone.remove(twin(mine))
    state.row = [twin(mine)]
    state.validate()
    show_position(table, seat=0)
    table.selected = mine
    table.refresh()
    assert table.cards[twin(mine)].highlight
    key(app, pygame.K_t)
    assert state.history[-1] == f"twist {mine}"
    assert not any(sprite.highlight for sprite in table.cards.sprites.values())


def pile_card_on_top(state, card, row_card):
    """A position for V1: the row is the single `row_card` and `card` tops the pile."""
    for zone in state.zones().values():
        for c in (card, row_card):
            if c in zone:
                zone.remove(c)
    state.pile.append(card)
    state.row = [row_card]
    state.validate()


def test_v1_hot_seat_the_pile_card_is_face_up_for_its_taker_only(app):
    """V1 at a shared screen: the taker sees the toad on her minus pile; after the curtain
    the other player sees a card back, a score without it, and a log that never names it."""
    table = new_table(app, ["human", "human"], seed=4, pro=True)
    state = table.link.match.state
    pile_card_on_top(state, 77, 29)
    key(app, pygame.K_RETURN)                       # the curtain: Alex sits down
    key(app, pygame.K_r)                            # takes the single 29, and the 77
    assert state.pile_cards[0] == [77] and table.seat == 0
    sprite = table.cards[77]
    assert sprite.face_up and sprite.pos == table.cards.spots[77].pos
    assert table.seat_info(table.view, 0, False).score == "−6 points"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                       # opens a new row
    assert table.curtain == 1
    key(app, pygame.K_RETURN)                       # Sarah sits down
    assert table.seat == 1 and 77 not in table.cards.sprites
    back = table.cards["?0.0"]
    assert not back.face_up and back.pos == table.cards.spots["?0.0"].pos
    alex = table.seat_info(table.view, 0, True)
    assert alex.score == "−1 point" and alex.note == "unseen cards: 1"
    texts = [e.text for e in table.log.entries]
    assert any("takes the single 29 and the top card of the pile, face down" in x
               for x in texts), texts
    assert not any("77" in x or "−6" in x or "toad" in x for x in texts), texts


def test_v1_the_taker_reads_the_card_and_everybody_sees_it_at_the_end(app):
    table = new_table(app, ["human", "heuristic"], seed=4, pro=True, rounds=1)
    state = table.link.match.state
    pile_card_on_top(state, 77, 29)
    state.hands = [[35, 12], []]                    # Ben must take the row, ending the round
    state.pile = [59, 77]
    state.validate()
    show_position(table, seat=0)
    key(app, pygame.K_r)
    assert table.log.entries[-1].text == \
        "You take the single 29 and the top card of the pile, 77, face down: −6"
    assert table.cards[77].face_up and table.view["scores"] == [-6, 0]
    play_by_keys(app, table, "play 35")
    wait_for(app, lambda: state.is_over)
    texts = [e.text for e in table.log.entries]
    assert "You took from the pile: 77 (a toad)" in texts, texts
    assert table.cards[77].face_up and state.scores() == [-6, -1]


def test_several_people_at_the_screen_you_keeps_its_name_and_is_told_as_you(app):
    """A hot seat set up with the first seat still named "You" (#38): the seat keeps its
    name, in the record too (it never turns into a sample name), and every text speaks to
    it as "you": "Your turn" on the curtain, "You open …" in the log, never "Pass to You"
    or "You plays"."""
    from tentable.session import Seat, Session
    session = Session("takethat", (Seat("You", "human"), Seat("Ana", "human")), 4, {})
    table = table_for("takethat")(app, session)
    app.reset(table)
    app.step(wait=False)
    assert table.names == ["You", "Ana"]
    assert table.curtain == 0 and table.say("table.pass_title", 0) == "Your turn"
    key(app, pygame.K_RETURN)                     # "Ready"
    assert table.status_text() == "Your turn"
    table.submit(table.legal_actions()[0])
    step(app)
    texts = [e.text for e in table.log.entries]
    assert any(text.startswith("You open") for text in texts), texts
    assert not any(re.search(r"\bYou (?!pass\b)[a-z]+s\b", text) for text in texts), texts
    assert table.link.match.record()["seats"][0]["name"] == "You"
