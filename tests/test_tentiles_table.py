"""The TEN tiles table under the SDL dummy driver, driven by real mouse and key events.
Positions are built with `build` from the engine's tests (y grows upwards)."""

import random
from functools import partial

import pygame
import pytest

from test_tentiles import build, rulebook_end_position
from tentable.bots import make_bot
from tentable.engine import new_game
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from tentable.engine.tentiles import coords
import uitools
from uitools import click, drag, key, post, show_position, step, wait_for




new_table = partial(uitools.new_table, game="tentiles")


def use(table, state):
    """Put the table on a position built by hand."""
    show_position(table, state)
    table.app.step(wait=False)
    return state


def centre(table, place):
    return tuple(round(v) for v in table.camera.centre(*coords(place)))


def tile_point(table, tile):
    sprite = table.cards[tile]
    return sprite.rect.center


def tile_of(table, action):
    """The tile id an action lifts, as the view shows it."""
    v = table.view
    words = action.split(" ")
    if words[0] == "move":
        return v["board"][words[1].split(">")[0]]
    if v["rows"] is None:
        return v["drawn"]
    row = v["rows"][table.seat]
    return row[0] if words[1] == "L" else row[-1]


def play_by_mouse(app, table, action):
    if action == "pass":
        key(app, pygame.K_p)
        return
    tile = tile_of(table, action)
    to = action.split(" ")[-1].split(">")[-1]
    drag(app, tile_point(table, tile), centre(table, to))


def move_cursor(app, table, place):
    tx, ty = coords(place)
    while table.cursor[0] != tx:
        key(app, pygame.K_RIGHT if table.cursor[0] < tx else pygame.K_LEFT)
    while table.cursor[1] != ty:
        key(app, pygame.K_UP if table.cursor[1] < ty else pygame.K_DOWN)


def play_by_keys(app, table, action):
    if action == "pass":
        key(app, pygame.K_p)
        return
    words = action.split(" ")
    if words[0] == "move":
        source, to = words[1].split(">")
        move_cursor(app, table, source)
        key(app, pygame.K_RETURN)                 # pick up the tile under the cursor
        assert table.selected == table.view["board"][source]
    else:
        to = words[-1]
        if len(words) == 3:
            key(app, pygame.K_l if words[1] == "L" else pygame.K_r)
            assert table.selected == tile_of(table, action)
    move_cursor(app, table, to)
    key(app, pygame.K_RETURN)


def play_whole_game(app, table, how, bot="heuristic"):
    state = table.link.match.state
    me = make_bot(bot, "tentiles", 0, seed=3)
    moves = 0
    while not state.is_over:
        wait_for(app, lambda: table.my_turn or state.is_over)
        if state.is_over:
            break
        action = me.choose(state)
        before = len(state.history)
        if table.forced:                  # an only move plays itself while it is read
            wait_for(app, lambda: len(state.history) > before)
            assert state.history[before] == action
            continue
        how(app, table, action)
        assert state.history[before:] == [action], f"move {moves}: {action}"
        moves += 1
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    return moves


def test_a_whole_hidden_game_by_mouse(app):
    table = new_table(app, ["human", "heuristic"], seed=12, start=0)
    moves = play_whole_game(app, table, play_by_mouse)
    print("mouse moves", moves, table.link.match.state.history)
    assert table.link.match.state.view(None)["end_text"] in [e.text for e in table.log.entries]


def test_a_whole_open_game_by_keyboard(app):
    table = new_table(app, ["human", "heuristic"], seed=7, open=True, start=1)
    moves = play_whole_game(app, table, play_by_keys)
    print("key moves", moves, table.link.match.state.history)


def test_a_whole_game_into_phase_2_by_mouse_and_keys(app):
    """Random play until a game reaches phase 2; every move of mine alternates between a
    drag and the keys, to the end of the game."""
    for seed in range(1, 40):
        table = new_table(app, ["human", "random"], seed=seed, start=seed % 2)
        n = [0]

        def either(app, table, action):
            (play_by_mouse if n[0] % 2 else play_by_keys)(app, table, action)
            n[0] += 1

        play_whole_game(app, table, either, bot="random")
        if any(a.startswith("move ") for a in table.link.match.state.history):
            break
    mine = [a for i, a in enumerate(table.link.match.state.history) if a.startswith("move ")]
    assert mine, "no random game reached phase 2"
    print("phase 2 after seed", seed, len(table.link.match.state.history))


def phase2_table(app, turn=0):
    """A phase-2 position (`build(fill=True)`): row y=0 W3 W3 W2 W2 W1, black beside."""
    table = new_table(app, ["human", "heuristic"], seed=3, start=0)
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "3,0": "W2", "4,0": "W1",
             "0,1": "B1", "1,1": "B2"}
    return table, use(table, build(tiles, turn=turn, fill=True))


def test_phase_2_by_mouse_and_keys_only_movable_tiles_lift(app):
    table, state = phase2_table(app)
    legal = state.legal_actions()
    sources = {a[5:].split(">")[0] for a in legal}
    assert {table.view["board"][p] for p in sources} == set(table.picks)
    # a white tile that may not move (lifting it would split the layout) does not lift
    stuck = next(p for p, tile in table.view["board"].items()
                 if tile[0] == "W" and p not in sources)
    post(pygame.MOUSEMOTION, pos=centre(table, stuck), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=centre(table, stuck), button=1)
    app.step(wait=False)
    assert table.drag.sprite is None
    post(pygame.MOUSEBUTTONUP, pos=centre(table, stuck), button=1)
    app.step(wait=False)
    # Tab cycles the movable tiles; the board shows where the held one may go
    key(app, pygame.K_TAB)
    held = table.selected
    assert held in table.picks
    source = next(p for p, tile in table.view["board"].items() if tile == held)
    assert sorted(table.targets(held)) == sorted(
        a.split(">")[1] for a in legal if a.startswith(f"move {source}>"))
    # the 1 slides off 3-3-2-2-1 by keys: white wins with the ten left behind
    play_by_keys(app, table, "move 4,0>2,1")
    assert state.history[-1] == "move 4,0>2,1" and state.winners() == [0]
    lit = [table.cards[table.view["board"][p]].highlight for p in ("0,0", "1,0", "2,0", "3,0")]
    assert all(lit)
    assert "White made a line of exactly ten." in [e.text for e in table.log.entries]


def test_a_phase_2_move_by_mouse(app):
    table, state = phase2_table(app)
    action = next(a for a in state.legal_actions() if a.startswith("move 4,0>")
                  and a != "move 4,0>2,1")
    play_by_mouse(app, table, action)
    assert state.history[-1] == action


def test_a_refused_drop_springs_back_with_the_engines_reason(app):
    table = new_table(app, ["human", "heuristic"], seed=3, start=0)
    state = table.link.match.state
    key(app, pygame.K_RETURN)                     # the first tile: 0,0
    wait_for(app, lambda: table.my_turn)
    before = state.to_json()
    tile = table.view["drawn"]
    corner = next(f"{x},{y}" for x in range(-3, 4) for y in range(-3, 4)
                  if f"{x},{y}" not in table.view["board"]
                  and f"place {x},{y}" not in state.legal_actions()
                  and any(f"{x + dx},{y + dy}" in table.view["board"]
                          for dx in (-1, 1) for dy in (-1, 1)))
    home = table.cards.spots[tile].pos
    drag(app, tile_point(table, tile), centre(table, corner))
    assert state.to_json() == before
    assert any("a corner is not enough" in toast.text for toast in app.toasts.items)
    step(app, 30)
    assert table.cards[tile].pos == home
    # Enter on the same place: the same reason, the tile jolts
    move_cursor(app, table, corner)
    app.toasts.items.clear()
    key(app, pygame.K_RETURN)
    assert state.to_json() == before
    assert any("a corner is not enough" in toast.text for toast in app.toasts.items)


def test_ghost_squares_are_the_legal_places_of_the_held_tile(app):
    table = new_table(app, ["human", "heuristic"], seed=3, start=0, open=True)
    state = table.link.match.state
    assert table.selected is None                      # open game: choose an end first
    key(app, pygame.K_r)
    row = table.view["rows"][0]
    assert table.selected == row[-1]
    assert table.targets(table.selected) == ["0,0"]
    # only the two ends lift: the middle of the row does not
    middle = row[len(row) // 2]
    post(pygame.MOUSEMOTION, pos=tile_point(table, middle), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=tile_point(table, middle), button=1)
    app.step(wait=False)
    assert table.drag.sprite is None
    post(pygame.MOUSEBUTTONUP, pos=tile_point(table, middle), button=1)
    app.step(wait=False)
    key(app, pygame.K_l)
    assert table.selected == row[0]
    key(app, pygame.K_RETURN)
    assert state.history == ["place L 0,0"]


def test_wheel_zooms_dragging_the_felt_pans_and_f_fits(app):
    table, state = phase2_table(app)
    cell = table.camera.cell
    inside = table.camera.rect.center
    post(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0))
    app.step(wait=False)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    app.step(wait=False)
    assert table.camera.cell > cell and table.manual
    empty = next((x, y) for x in range(-9, 9) for y in range(-9, 9)
                 if f"{x},{y}" not in table.view["board"]
                 and table.camera.rect.collidepoint(centre(table, f"{x},{y}"))
                 and f"{x},{y}" not in table.targets(table.selected))
    start = centre(table, f"{empty[0]},{empty[1]}")
    cx = table.camera.cx
    drag(app, start, (start[0] + 60, start[1]))
    assert table.camera.cx < cx and state.history == []
    key(app, pygame.K_f)                       # fits again (and phase 2 keeps it so)
    assert table.camera.cell == pytest.approx(cell)


def test_tl_r7_a_tile_that_may_not_move_is_refused_with_its_reason_and_never_pans(app):
    app.settings["animation_speed"] = "normal"
    table, state = phase2_table(app)
    sources = {a[5:].split(">")[0] for a in state.legal_actions()}
    camera = (table.camera.cx, table.camera.cy, table.camera.cell)
    for stuck, why in ((next(p for p, tile in table.view["board"].items()
                             if tile[0] == "W" and p not in sources), "would split"),
                       ("0,1", "is not yours")):
        start = centre(table, stuck)
        drag(app, start, (start[0] + 80, start[1] + 30))
        assert (table.camera.cx, table.camera.cy, table.camera.cell) == camera
        assert state.history == [] and table.tweens.busy            # the tile shakes
        assert why in app.toasts.items[-1].text


def test_tl_r7_moves_in_phase_2_never_zoom_the_grid(app):
    """Each move reshapes the layout; the grid keeps the player's zoom between moves."""
    from tentable.ui.tables.tentiles.layout import fit
    table = new_table(app, ["human", "heuristic"], seed=3, start=0)
    state = new_game("tentiles", players=2, seed=1, options={"start": 0})
    rng = random.Random(1)
    while not (state.phase == "move" and state.current_player == 0):
        state.apply(rng.choice(state.legal_actions()))    # a layout of 30 tiles
    use(table, state)
    cell = table.camera.cell

    def refit(action):
        trial = state.clone()
        trial.apply(action)
        return None if trial.is_over else fit(trial.view(0)["board"], table.geo).cell
    action = next(a for a in state.legal_actions()
                  if refit(a) not in (None, pytest.approx(cell)))
    table.submit(action)
    assert table.camera.cell == pytest.approx(cell)
    wait_for(app, lambda: table.my_turn or state.is_over)
    assert len(state.history) == 32 and table.camera.cell == pytest.approx(cell)


def test_hot_seat_needs_no_curtain_nothing_is_private(app):
    """TEN tiles has no private information: in hot seat the table turns to each player in
    turn, with no "Pass to" curtain between them."""
    table = new_table(app, ["human", "human"], seed=4, start=0)
    assert table.link.match.history == ["place 0,0"]     # the only first move played itself
    assert table.curtain is None and table.seat == 1 and table.bottom == 1 and table.my_turn
    table.submit(table.legal_actions()[0])
    step(app)
    assert table.curtain is None and table.seat == 0 and table.bottom == 0 and table.my_turn


def test_a_forced_move_says_so_then_plays_itself(app):
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "heuristic"], seed=6, start=0)
    state = table.link.match.state
    assert table.forced == "place 0,0"            # the first tile can only go to 0,0
    assert table.forced_text(table.forced) == "The first tile goes to 0,0  (Enter)"   # TL-R5
    step(app, 60)
    assert state.history == [] and state.current_player == 0
    step(app, 60)
    assert state.history[:1] == ["place 0,0"]
    assert [e.text for e in table.log.entries][1] == "You had no other move:"


def test_a_resumed_game_tells_its_log_again(app):
    table = new_table(app, ["human", "heuristic"], seed=12, start=0)
    me = make_bot("heuristic", "tentiles", 0, seed=1)
    while len(table.link.match.state.history) < 6 and not table.link.match.state.is_over:
        wait_for(app, lambda: table.my_turn)
        table.submit(me.choose(table.link.match.state))
    lines = [e.text for e in table.log.entries]
    table.close()
    resumed = table_for("tentiles")(app, table.session.__class__.from_record(
        table.session.record(table.link.match.state.history)))
    app.reset(resumed)
    texts = [e.text for e in resumed.log.entries]
    assert texts[:len(lines)] == lines
    assert f"resumed after {len(table.link.match.state.history)} moves" in texts[-1]
    assert texts[0] == "You (White) start"


def test_the_rulebook_end_position_shows_both_rows(app):
    table = new_table(app, ["heuristic", "human"], seed=3, start=1, open=True)
    state = use(table, rulebook_end_position())
    assert table.seat == 1 and table.bottom == 1
    assert set(table.picks) == {state.supplies[1][0], state.supplies[1][-1]}
    key(app, pygame.K_l)
    play = "place L 3,3"
    move_cursor(app, table, "3,3")
    key(app, pygame.K_RETURN)
    assert state.history[-1] == play


def test_the_search_bot_thinks_in_the_worker_and_the_window_keeps_drawing(app):
    """The frame loop keeps stepping (and drawing) while the search bot thinks in the
    worker process: frames go by before its answer arrives."""
    from tentable import botjobs
    table = new_table(app, ["human", "search"], seed=5, start=0)
    state = table.link.match.state
    key(app, pygame.K_RETURN)                     # my first tile on 0,0: the bot thinks
    wait_for(app, lambda: table.link.match.job is not None, 50)
    job = table.link.match.job
    assert botjobs.worker().pid is not None       # in the worker, not on this process
    frames, steps = app.frame_count, 0
    while not job.done.is_set() and steps < 10_000:
        app.invalidate()
        app.clock.advance(0.01)
        app.step(wait=False)
        steps += 1
        job.done.wait(0.01)
    assert job.done.is_set() and job.error is None
    assert steps > 1 and app.frame_count - frames >= steps - 1
    wait_for(app, lambda: len(state.history) == 2, 400)


def test_monkey_random_inputs_never_raise(app):
    """Random clicks, drags, keys, wheel turns and resizes on the table, in both games."""
    import random
    rng = random.Random(13)
    table = new_table(app, ["human", "random"], seed=2, start=0)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
            pygame.K_RETURN, pygame.K_l, pygame.K_r, pygame.K_p, pygame.K_f, pygame.K_PLUS,
            pygame.K_MINUS, pygame.K_SPACE]
    for i in range(1500):
        if app.top is not table:
            table = new_table(app, ["human", "random"], seed=i, start=i % 2, open=bool(i % 3))
        w, h = app.size
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.3:
            click(app, pos)
            continue
        if roll < 0.5:
            drag(app, pos, (rng.randrange(w), rng.randrange(h)))
            continue
        if roll < 0.9:
            post(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
        elif roll < 0.97:
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
        else:
            size = (rng.randrange(900, 1600), rng.randrange(560, 1000))
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        step(app)
        if table.game_over:
            wait_for(app, lambda: app.top is not table, 200)


def test_the_places_the_log_names_are_numbered_on_the_grids_edges(app, monkeypatch):
    """The log says "on -1,0": the grid's bottom edge numbers its columns (x) and its
    left edge its rows (y), each under or beside its place."""
    from tentable.ui.tables.tentiles import paint
    drawn = []

    def record(surface, text, size, colour, **where):
        drawn.append((text, where))
        return pygame.Rect(0, 0, 1, 1)
    monkeypatch.setattr(paint, "blit_label", record)
    table = new_table(app, ["human", "heuristic"], seed=6, start=0)
    state = table.link.match.state
    while len(state.history) < 4:
        wait_for(app, lambda: table.my_turn)
        table.submit(table.legal_actions()[-1])
    drawn.clear()
    app.invalidate()
    step(app)
    cam = table.camera
    for action in state.history:
        x, y = coords(action.split(" ")[-1])
        assert any(f"on {x},{y}" in e.text for e in table.log.entries)
        [(_, at)] = [(text, w) for text, w in drawn if text == str(x) and "midbottom" in w
                     and abs(w["midbottom"][0] - cam.centre(x, y)[0]) < 1]
        assert cam.rect.collidepoint(at["midbottom"][0], at["midbottom"][1] - 1)
        [(_, at)] = [(text, w) for text, w in drawn if text == str(y) and "midleft" in w
                     and abs(w["midleft"][1] - cam.centre(x, y)[1]) < 1]
        assert cam.rect.collidepoint(at["midleft"])


@pytest.mark.parametrize("open_game", [False, True])
def test_taking_a_tile_by_keys_puts_the_cursor_on_a_lit_place(app, open_game):
    """TL-R3: a placed tile touches the layout by a side. The keyboard's cursor stays on the
    tile just played, a taken place; taking up a tile (Tab, or L / R in the open game) puts
    it on the nearest place the tile may go, so Enter plays it at once."""
    table = new_table(app, ["human", "heuristic"], seed=3, start=0, open=open_game)
    state = table.link.match.state
    if open_game:
        key(app, pygame.K_r)
    key(app, pygame.K_RETURN)                     # the first tile: 0,0
    wait_for(app, lambda: table.my_turn)
    assert f"{table.cursor[0]},{table.cursor[1]}" in table.view["board"]   # a taken place
    key(app, pygame.K_l if open_game else pygame.K_TAB)
    held = table.selected
    assert held is not None
    assert f"{table.cursor[0]},{table.cursor[1]}" in table.targets(held)
    played = len(state.history)
    key(app, pygame.K_RETURN)
    assert len(state.history) > played and state.history[played].startswith("place ")
