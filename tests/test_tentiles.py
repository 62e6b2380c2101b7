"""TEN (tiles), rule by rule (rules/tentiles.md, TL-Rn), as scenarios with fixed supplies.

Coordinates are "x,y"; y grows upwards in the comments' pictures. Positions that the
rules reach only after many moves are built by hand with `build` (documented below).
"""
import json
import random
import time

import pytest

from tentable.bots import make_bot
from tentable.bots.tentiles import TilesHeuristic, TilesSearch
from tentable.bots.tilesboard import move_wins, parse_action
from tentable.engine import IllegalAction, SetupError, from_json, new_game, replay
from tentable.engine.cards import card_ids, code_of
from tentable.engine.tentiles import MOVE_LIMIT, TenTiles
from tentable.engine.tentiles_layout import name_of

WHITE = ["W1"] * 5 + ["W2"] * 5 + ["W3"] * 5
BLACK = ["B1"] * 5 + ["B2"] * 5 + ["B3"] * 5


def supplies(white_front=(), black_front=()):
    """A deck= whose supplies start with the given codes; the rest in manifest order."""
    out = []
    for front, full in ((white_front, WHITE), (black_front, BLACK)):
        rest = list(full)
        for code in front:
            rest.remove(code)
        out.append(list(front) + rest)
    return out


def game(white_front=(), black_front=(), open=False, start=0):
    return new_game("tentiles", 2, seed=5, options={"open": open, "start": start},
                    deck=supplies(white_front, black_front))


def build(tiles, turn=0, open=False, drawn=None, fill=False, moves=0, ends=None):
    """A position built by hand (test helper).

    `tiles` maps "x,y" to codes ("W3"). The other tiles of each colour stay in the
    supplies (hidden game) or rows (open game; `ends` gives each row's left and right end
    as codes, right None for a row of one; the rest lies between in code order). In the
    hidden game `drawn` is the code the player to move has turned up. With `fill=True`
    the remaining tiles are laid out too, in a column going down from the lowest tile
    of `tiles`, alternating colours so that the column makes no ten, and the position is
    the start of phase 2 with `moves` phase-2 turns already made. The state is checked
    with validate() at the end, as every hand-built position must be."""
    state = new_game("tentiles", 2, seed=1, options={"open": open, "start": turn})
    pool = [card_ids(WHITE), card_ids(BLACK)]
    state.board = {}
    for place, code in tiles.items():
        seat = "WB".index(code[0])
        tile = next(t for t in pool[seat] if code_of(t) == code)
        pool[seat].remove(tile)
        state.board[place] = tile
    if fill:
        x, y = min((tuple(map(int, p.split(","))) for p in tiles), key=lambda xy: xy[1])
        column = []
        while pool[0] or pool[1]:
            # the colour with more tiles left goes next, so runs stay short
            seat = 0 if len(pool[0]) >= len(pool[1]) else 1
            if column and column[-1] == seat and pool[1 - seat]:
                seat = 1 - seat
            column.append(seat)
            y -= 1
            state.board[f"{x},{y}"] = pool[seat].pop(0)
        pool = [[], []]
    if ends is not None:
        for seat, (left, right) in enumerate(ends):
            row = pool[seat]
            for code, at in ((left, 0), (right, len(row))):
                if code:
                    tile = next(t for t in row if code_of(t) == code)
                    row.remove(tile)
                    row.insert(at if at == 0 else len(row), tile)
    state.supplies = pool
    state.drawn = None
    if drawn:
        seat = "WB".index(drawn[0])
        tile = next(t for t in pool[seat] if code_of(t) == drawn)
        pool[seat].remove(tile)
        state.drawn = tile
    state.turn = turn
    state.moves = moves
    state.result = None
    state.phase = "move" if len(state.board) == 30 else "place"
    state.validate()
    state.positions = [state.position_key()] if state.phase == "move" else []
    return state


def unchanged_after(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before
    return str(err.value)


# -- components and setup ----------------------------------------------------------------
def test_built_positions_are_checked():
    with pytest.raises(SetupError, match="30 tiles"):
        state = build({"0,0": "W3"})
        state.board["5,5"] = state.board["0,0"]
        state.validate()
    with pytest.raises(SetupError, match="one layout"):
        build({"0,0": "W3", "0,2": "B1"})


def test_tl_r1_hidden_supplies_are_hidden_from_both_and_resampled():
    state = game(["W3", "W1"], ["B2"])
    assert state.drawn == "W3#1" and state.view(0)["drawn"] == "W3#1"
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["supply_sizes"] == [14, 15] and view["rows"] is None
        assert "W1#1" not in json.dumps(view)
    assert state.hidden_zones(0) == state.hidden_zones(1) == {"supply 0", "supply 1"}
    orders = {tuple(state.determinize(0, s).supplies[0]) for s in range(10)}
    assert len(orders) > 1                    # the future draws are resampled
    copy = state.determinize(1, 3)
    assert copy.view(1) == state.view(1) and copy.drawn == state.drawn


def test_tl_r2_open_rows_are_public_and_taken_from_either_end():
    state = game(["W1", "W2"], ["B3"], open=True)
    view = state.view(1)
    assert view["rows"][0][:2] == ["W1#1", "W2#1"] and view["drawn"] is None
    assert state.legal_actions() == ["place L 0,0", "place R 0,0"]
    state.apply("place R 0,0")                # the right end: the last of the supply
    assert state.board == {"0,0": "W3#5"}
    state.apply("place L 1,0")
    assert state.board["1,0"] == "B3#1"
    assert state.hidden_zones(0) == set()


def test_tl_r2_the_last_tile_is_the_left_end():
    state = build({f"{x},0": c for x, c in enumerate(
        ["W1", "B1", "W1", "B1", "W2", "B2", "W1", "B2", "W2", "B1", "W1", "B1", "W2", "B2",
         "W2", "B2", "W3", "B3", "W3", "B3", "W3", "B3", "W3", "B3", "W3", "B3", "W1", "B1"])},
        turn=0, open=True, ends=[("W2", None), ("B2", None)])
    assert all(a.startswith("place L ") for a in state.legal_actions())
    assert "left end" in unchanged_after(state, "place R 28,0")


@pytest.mark.parametrize("start", [0, 1])
def test_tl_r3_start_option_and_white_is_seat_0(start):
    state = game(start=start)
    assert state.current_player == start
    assert code_of(state.drawn)[0] == "WB"[start]


def test_tl_r3_start_by_lot_from_the_seed():
    starts = {new_game("tentiles", 2, seed=s).current_player for s in range(20)}
    assert starts == {0, 1}
    assert new_game("tentiles", 2, seed=7).current_player == \
        new_game("tentiles", 2, seed=7).current_player


def test_tl_r3_start_player_moves_first_in_phase_2():
    state = game(start=1)
    places = [f"{x},0" for x in range(30)]
    for place in places:
        state.apply(f"place {place}")        # colours alternate along the row: no line
    assert state.phase == "move" and state.current_player == 1


# -- TL-R4, TL-R5: placing -----------------------------------------------------------------
def test_tl_r4_hidden_place_puts_the_drawn_tile_and_the_next_player_draws():
    state = game(["W2", "W3"], ["B1"])
    assert state.legal_actions() == ["place 0,0"]
    state.apply("place 0,0")
    assert state.board == {"0,0": "W2#1"}
    assert state.drawn == "B1#1" and state.view(0)["drawn"] == "B1#1"
    state.apply("place 0,1")
    assert state.drawn == "W3#1"


def test_tl_r5_first_tile_at_origin_then_edge_contact_only():
    state = game()
    assert "0,0" in unchanged_after(state, "place 1,1")
    state.apply("place 0,0")
    assert state.legal_actions() == ["place -1,0", "place 0,-1", "place 0,1", "place 1,0"]
    assert "corner" in unchanged_after(state, "place 1,1")
    assert "taken" in unchanged_after(state, "place 0,0")
    assert "not a place" in unchanged_after(state, "place a,b")
    assert "moved only once" in unchanged_after(state, "move 0,0>0,1")


# -- TL-R6: lines of ten ---------------------------------------------------------------------
@pytest.mark.parametrize("white,black,target", [
    (["0,0", "1,0", "2,0"], ["0,-1", "1,-1", "2,-1"], "3,0"),     # horizontal
    (["0,0", "0,1", "0,2"], ["1,0", "1,1", "1,2"], "0,3"),        # vertical
    (["0,0", "1,1", "2,2"], ["1,0", "2,1", "3,2"], "3,3"),        # diagonal
    (["0,3", "1,2", "2,1"], ["0,2", "1,1", "2,0"], "3,0"),        # the other diagonal
])
def test_tl_r6_a_line_in_each_direction_wins(white, black, target):
    # White has 3, 3, 2 in a line and drew a 2; black tiles hold the layout together.
    tiles = dict(zip(white, ["W3", "W3", "W2"]))
    tiles.update(zip(black, ["B1", "B2", "B3"]))
    state = build(tiles, turn=0, drawn="W2")
    state.apply(f"place {target}")
    assert state.is_over and state.winners() == [0] and state.scores() == [1, 0]
    assert [sorted(line) for line in state.result["lines"]] == [sorted(white + [target])]
    assert "White" in state.view(None)["end_text"]


def test_tl_r6_3_3_2_2_wins_but_3_3_2_2_1_does_not():
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "0,1": "B1", "1,1": "B2"}
    state = build(tiles, turn=0, drawn="W2")
    win = state.clone()
    win.apply("place 3,0")
    assert win.winners() == [0]
    tiles["3,0"] = "W2"
    state = build(tiles, turn=0, drawn="W1")
    state.apply("place 4,0")                 # 3+3+2+2+1 = 11
    assert not state.is_over


def test_tl_r6_a_ten_inside_a_longer_line_does_not_win():
    # 1 | 3 3 2 _ : the 2 makes 3+3+2+2 = 10 but the run is 1+3+3+2+2 = 11.
    tiles = {"0,0": "W1", "1,0": "W3", "2,0": "W3", "3,0": "W2", "0,1": "B1"}
    state = build(tiles, turn=0, drawn="W2")
    state.apply("place 4,0")
    assert not state.is_over and state.winners() == []


def test_tl_r6_an_opponent_tile_bounds_a_line():
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "B1", "3,0": "W2", "0,1": "B1"}
    state = build(tiles, turn=0, drawn="W2")
    state.apply("place 4,0")                 # white 3 3 | black | 2 2: no line of ten
    assert not state.is_over


def test_tl_r6_only_the_mover_wins_and_black_can_win_too():
    tiles = {"0,0": "B3", "1,0": "B3", "2,0": "B2", "0,1": "W1"}
    state = build(tiles, turn=1, drawn="B2")
    state.apply("place 3,0")
    assert state.winners() == [1] and state.scores() == [0, 1]


# -- TL-R7: phase 2 ----------------------------------------------------------------------------
def phase2(tiles, turn=0, moves=0):
    return build(tiles, turn=turn, fill=True, moves=moves)


def test_tl_r7_phase_2_starts_when_all_30_are_placed():
    state = phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"})
    assert state.phase == "move" and len(state.board) == 30
    assert all(a.startswith("move ") for a in state.legal_actions())
    assert "All 30 tiles" in unchanged_after(state, "place 5,5")


def test_tl_r6_lifting_the_1_off_3_3_2_2_1_wins():
    # Row y=0: W3 W3 W2 W2 W1 (11); the 1 leaves: 3+3+2+2 = 10 remains.
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "3,0": "W2", "4,0": "W1",
             "0,1": "B1", "1,1": "B2"}
    state = phase2(tiles)
    state.apply("move 4,0>2,1")
    assert state.is_over and state.winners() == [0]
    assert ["0,0", "1,0", "2,0", "3,0"] in state.result["lines"]


def test_tl_r7_a_move_that_splits_the_layout_is_refused():
    # 0,1 is the only link between 0,2 and the rest.
    tiles = {"0,0": "B1", "0,1": "W1", "0,2": "B2"}
    state = phase2(tiles)
    assert not any(a.startswith("move 0,1>") for a in state.legal_actions())
    assert "split" in unchanged_after(state, "move 0,1>1,0")


def test_tl_r7_a_tile_in_a_ring_around_an_empty_place_may_move():
    # Eight tiles round 1,1 hold together both ways round: lifting 1,0 splits nothing,
    # though its neighbours 0,0 and 2,0 touch only through the ring (a hole, see Layout).
    ring = {"0,0": "B1", "1,0": "W1", "2,0": "B1", "2,1": "W2", "2,2": "B2", "1,2": "W2",
            "0,2": "B2", "0,1": "W3"}
    state = phase2(ring)
    assert state.layout.euler == 0                       # one piece, one hole
    assert "move 1,0>1,1" in state.legal_actions()
    state.apply("move 1,0>1,1")
    assert state.layout.euler == 1                       # the hole is filled


def _splits_by_hand(cell, pos):
    """Lift pos and see whether the rest still hangs together (the rule as written)."""
    rest = set(cell) - {pos}
    start = next(iter(rest))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen != rest


def test_tl_r7_movable_tiles_agree_with_lifting_each_one_by_hand():
    # The engine decides splits from each tile's neighbours and the layout's holes; here
    # every tile is lifted and the rest searched, over the positions of random games.
    rng, checked, holes = random.Random(5), 0, 0
    for seed in range(12):
        state = new_game("tentiles", 2, seed=seed, options={"open": seed % 2 == 0})
        while not state.is_over:
            if len(state.board) > 2:
                cell = {tuple(map(int, p.split(","))) for p in state.board}
                holes += state.layout.euler != 1
                for seat in (0, 1):
                    mine = {p for p, t in state.board.items() if t[0] == "WB"[seat]}
                    expected = {p for p in mine if not _splits_by_hand(
                        cell, tuple(map(int, p.split(",")))) and any(
                        n not in cell for n in _edge_neighbours(p))}
                    got = {name_of(q) for q in state.layout.movable(seat)}
                    assert got == expected, (seed, state.history)
                    checked += len(mine)
                assert state.layout.names == sorted(map(name_of, state.layout.edge))
                if state.phase == "move":
                    assert set(state.legal_actions()) == _moves_by_hand(state), state.history
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 3000 and holes > 20


def test_tl_r7_moves_read_one_at_a_time_answer_as_the_whole_list():
    # Phase 2's ~200 moves are spelled out only when read whole (engine.core.Actions): a
    # random playout reads one by index and `apply` asks `in`. Both must answer exactly as
    # the list would, for any string, or a playout would play what the rules forbid.
    rng, checked, lone = random.Random(8), 0, 0
    for seed in range(6):
        state = new_game("tentiles", 2, seed=seed, options={"open": seed % 2 == 1})
        while not state.is_over:
            if state.phase == "move" and state.legal_actions() != ["pass"]:
                listed = state.legal_actions()

                def fresh():            # not yet spelled out
                    return TenTiles.phases["move"].legal(state)
                by_index = fresh()
                assert len(by_index) == len(listed)
                assert [by_index[i] for i in range(len(listed))] == listed
                backwards = fresh()
                assert [backwards[-i] for i in range(1, len(listed) + 1)] == listed[::-1]
                for outside in (len(listed), -len(listed) - 1):
                    with pytest.raises(IndexError):
                        fresh()[outside]
                assert fresh()[3:40:7] == listed[3:40:7] and fresh() == listed
                heads = sorted({a.split(">")[0] for a in listed})
                free = list(map(name_of, state.layout.edge))
                tried = listed + [f"{head}>{place}" for head in heads + ["move 0,0", "move"]
                                  for place in [*state.board, *free]]
                tried += [a + " " for a in listed[:3]] + [a[:-1] for a in listed[:3]] + [
                    "pass", "", ">", "move >", "move 0,0>", listed[0] + ">0,0"]
                asked = fresh()
                for action in tried:
                    assert (action in asked) == (action in listed), action
                assert not any(junk in asked for junk in (None, 5, b"move 0,0>0,1", listed))
                assert type("Text", (str,), {})(listed[-1]) in asked   # as in the list
                # the free places a head may not go to: those touching only the lifted tile
                lone += sum(f"{head}>{place}" not in listed for head in heads for place in free)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 150 and lone > 100


def test_tl_r7_a_copy_keeps_its_moves_while_the_original_moves_on():
    state = new_game("tentiles", 2, seed=3)
    rng = random.Random(3)
    while state.phase != "move":
        state.apply(rng.choice(state.legal_actions()))
    listed = state.legal_actions()
    copy = state.clone()              # shares the listed moves, not the layout
    for _ in range(4):
        if not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    assert copy.legal_actions() == listed == list(TenTiles.phases["move"].legal(copy))
    assert all(copy.is_legal(a) for a in listed)


def test_a_position_changed_by_hand_lists_the_moves_of_its_new_board():
    # changed() after a change by hand forgets the layout derived from the board, as
    # State.changed promises for whatever was computed; a copy then copies the new one.
    state = new_game("tentiles", 2, seed=4)
    rng = random.Random(4)
    while state.phase != "move":
        state.apply(rng.choice(state.legal_actions()))
    source, to = state.legal_actions()[0][len("move "):].split(">")
    state.board[to] = state.board.pop(source)
    state.changed()
    assert not any(a.startswith(f"move {source}>") for a in state.legal_actions())
    assert set(state.legal_actions()) == _moves_by_hand(state)
    assert state.clone().legal_actions() == state.legal_actions()


def _moves_by_hand(state):
    """TL-R7 as written: a movable tile of the mover to an empty place, other than its
    own, that shares an edge with a tile once it is lifted."""
    seat = state.current_player
    moves = set()
    for source in (name_of(q) for q in state.layout.movable(seat)):
        rest = set(state.board) - {source}
        near = {f"{x},{y}" for p in rest for x, y in _edge_neighbours(p)}
        moves |= {f"move {source}>{to}" for to in near - rest - {source}}
    return moves or {"pass"}


def _edge_neighbours(place):
    x, y = map(int, place.split(","))
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def test_tl_r7_a_surrounded_tile_cannot_be_lifted():
    tiles = {"0,0": "B1", "1,0": "W1", "2,0": "B1", "1,1": "B2", "1,-1": "B3",
             "0,1": "W2", "2,1": "W1"}
    state = phase2(tiles)
    assert "surrounded" in unchanged_after(state, "move 1,0>3,0")


def test_tl_r7_other_refusals():
    tiles = {"0,0": "W1", "1,0": "B1", "2,0": "W2"}
    state = phase2(tiles)
    assert "not yours" in unchanged_after(state, "move 1,0>1,1")
    assert "no tile" in unchanged_after(state, "move 7,7>1,1")
    assert "another place" in unchanged_after(state, "move 2,0>2,0")
    assert "taken" in unchanged_after(state, "move 2,0>1,0")
    # 3,0 touches only 2,0, the tile that is lifted
    assert "share an edge" in unchanged_after(state, "move 2,0>3,0")
    assert "may not pass" in unchanged_after(state, "pass")
    assert "like" in unchanged_after(state, "move 2,0")


def test_tl_r7_moving_keeps_every_tile():
    state = phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"})
    state.apply("move 2,0>1,1")
    assert "2,0" not in state.board and state.board["1,1"].startswith("W2")
    assert len(state.board) == 30 and state.current_player == 1 and state.moves == 1


# -- TL-R8: draws -------------------------------------------------------------------------------
def test_tl_r8_draw_by_the_move_limit():
    state = phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"}, moves=MOVE_LIMIT - 1)
    state.apply("move 2,0>1,1")
    assert state.is_over and state.result["reason"] == "limit"
    assert state.winners() == [0, 1] and state.scores() == [0, 0]
    assert "100 moves" in state.view(0)["end_text"]


def test_tl_r8_draw_by_the_third_repetition():
    # a white leaf on the right, a black leaf on the left, both shuttling
    state = phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2", "-1,0": "B2"})
    shuttle = ["move 2,0>1,1", "move -1,0>0,1", "move 1,1>2,0", "move 0,1>-1,0"]
    for n, action in enumerate(shuttle * 2):
        assert not state.is_over, n
        state.apply(action)
    # the start position has now come up for the third time
    assert state.is_over and state.result["reason"] == "repetition"
    assert state.winners() == [0, 1] and len(state.history) == 8


def test_tl_r8_a_player_who_cannot_move_passes_and_the_pass_counts():
    # Every black tile is either a link the layout needs or surrounded: black must pass.
    # W - B B B ... B - W: a straight black chain between two white arms.
    tiles = {f"{x},0": "B" + str(1 + x % 3) for x in range(1, 16)}
    tiles["0,0"] = "W1"
    tiles["16,0"] = "W1"
    state = build({**tiles, **{f"0,{y}": "W1" for y in (1, 2, 3)},
                   **{f"16,{y}": c for y, c in zip((1, 2, 3, 4, 5, 6, 7, 8, 9),
                                                    ["W2"] * 5 + ["W3"] * 4)},
                   "-1,0": "W3"}, turn=1)
    assert state.phase == "move"
    assert state.legal_actions() == ["pass"]
    state.apply("pass")
    assert state.moves == 1 and state.current_player == 0
    # white shuttles, black passes: the third occurrence ends the game drawn
    for action in ["move -1,0>-1,1", "pass", "move -1,1>-1,0", "pass"] * 2:
        if state.is_over:
            break
        state.apply(action)
    assert state.is_over and state.result["reason"] == "repetition"


# -- notation, records, garbage ----------------------------------------------------------------
def test_a_whole_game_replays_from_its_record():
    state = new_game("tentiles", 2, seed=11)
    bots = [make_bot("heuristic", "tentiles", s, seed=s) for s in (0, 1)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    again = replay(state.record())
    assert again.to_json() == state.to_json()
    assert from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("deck,words", [
    ("W1", "two lists"),
    ([WHITE], "two lists"),
    ([WHITE, BLACK, BLACK], "two lists"),
    ([WHITE[:-1], BLACK], "missing W3"),
    ([BLACK, WHITE], "no card"),
    ([WHITE, BLACK[:-1] + ["W1"]], "no card"),
    ([WHITE, BLACK[:-1] + [3]], "in quotes"),
    ([WHITE, "B1" * 15], "list of card codes"),
    ([WHITE, [["B1"]] * 15], "in quotes"),
    ({"W": WHITE}, "two lists"),
])
def test_bad_decks_are_refused_clearly(deck, words):
    with pytest.raises(SetupError, match=words):
        new_game("tentiles", 2, deck=deck)


@pytest.mark.parametrize("options", [{"open": 1}, {"start": 2}, {"start": True},
                                     {"start": "0"}, {"colour": "W"}])
def test_bad_options_are_refused(options):
    with pytest.raises(SetupError):
        new_game("tentiles", 2, options=options)


@pytest.mark.parametrize("action", [None, 3, ["place 0,0"], "x" * 100_000, "place ０,０",
                                    "place 0,0 ", "place  0,0", "place 00,0", "place -0,0",
                                    "move 0,0>0,1>0,2", "place L 0,0", "\u2603"])
def test_garbage_actions_are_refused_without_change(action):
    state = game()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_legal_actions_are_sorted_and_unique_in_both_phases():
    state = phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"})
    for s in (state, game(open=True)):
        actions = s.legal_actions()
        assert actions == sorted(set(actions))


# -- bots --------------------------------------------------------------------------------------
def rulebook_end_position():
    """The rulebook's end picture, open game, black to move: white can complete the
    diagonal 0,0-1,1-2,2 (3+3+2) with a 2 on 3,3 or the column 5,0-5,2 (3+2+2) with a 3
    on 5,3; black can block only one of the two places."""
    tiles = {"0,0": "W3", "1,1": "W3", "2,2": "W2", "5,0": "W3", "5,1": "W2", "5,2": "W2",
             "1,0": "B1", "2,0": "B2", "3,0": "B1", "4,0": "B3", "2,1": "B1", "-1,0": "B3",
             "-1,-1": "B1", "5,-1": "B2", "3,2": "B3", "0,-1": "W1", "4,-1": "W1",
             "3,-1": "W1", "6,0": "W1"}
    return build(tiles, turn=1, open=True, ends=[("W2", "W3"), ("B1", "B3")])


def test_rulebook_end_position_black_cannot_stop_white():
    state = rulebook_end_position()
    assert state.current_player == 1 and not state.is_over
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        assert not after.is_over                     # black has no ten of its own
        wins = []
        for reply in after.legal_actions():
            test = after.clone()
            test.apply(reply)
            if test.winners() == [0]:
                wins.append(reply)
        assert wins, f"black's {action} stopped white"
    state.apply("place L 3,3")                       # black blocks the diagonal ...
    bot = make_bot("search", "tentiles", 0, seed=1, time_limit=2.0)
    state.apply(bot.choose(state))                   # ... white completes the column
    assert state.winners() == [0] and state.history[-1] == "place R 5,3"   # the only ten


@pytest.mark.parametrize("bot_name", ["heuristic", "search"])
def test_bots_take_a_win_in_one(bot_name):
    state = build({"0,0": "W3", "1,0": "W3", "2,0": "W2", "0,1": "B1", "1,1": "B2"},
                  turn=0, drawn="W2")
    bot = make_bot(bot_name, "tentiles", 0, seed=3, time_limit=2.0)
    state.apply(bot.choose(state))
    assert state.winners() == [0]


@pytest.mark.parametrize("bot_name", ["heuristic", "search"])
def test_bots_block_a_win_in_one(bot_name):
    # Open game: white's row ends are both 2, and 3,0 is white's only place for ten.
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "0,1": "B1", "1,1": "B2", "-1,0": "B3"}
    state = build(tiles, turn=1, open=True, ends=[("W2", "W2"), ("B1", "B1")])
    bot = make_bot(bot_name, "tentiles", 1, seed=3, time_limit=2.0)
    action = bot.choose(state)
    assert action.endswith(" 3,0")


@pytest.mark.parametrize("bot_name", ["heuristic", "search"])
def test_bots_take_and_block_in_phase_2(bot_name):
    # Lifting the 1 off 3 3 2 2 1 wins for white; black must not let it happen.
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "3,0": "W2", "4,0": "W1",
             "0,1": "B1", "1,1": "B2"}
    # The search's root looks at every move within half its time; a generous limit keeps
    # that true on a busy machine (0.1 s flaked under load), and a win found ends it early.
    white = phase2(tiles, turn=0)
    bot = make_bot(bot_name, "tentiles", 0, seed=3, time_limit=2.0)
    white.apply(bot.choose(white))
    assert white.winners() == [0]
    black = phase2(tiles, turn=1)
    bot = make_bot(bot_name, "tentiles", 1, seed=3, time_limit=2.0)
    black.apply(bot.choose(black))
    for reply in black.legal_actions():
        after = black.clone()
        after.apply(reply)
        assert after.winners() != [0], f"white still wins by {reply}"


@pytest.mark.benchmark
def test_search_answers_within_its_time_limit():
    state = new_game("tentiles", 2, seed=2)
    for action in ["place 0,0", "place 1,0", "place 0,1", "place 1,1"]:
        state.apply(action)
    bot = TilesSearch(state.current_player, seed=1, time_limit=0.1)
    start = time.perf_counter()
    action = bot.choose(state.determinize(state.current_player, 1))
    assert time.perf_counter() - start <= 0.11
    assert action in state.legal_actions() and bot.depth_reached >= 1


def test_bot_registry_builds_search_with_a_default_of_one_second():
    bot = make_bot("search", "tentiles", 1, seed=0)
    assert isinstance(bot, TilesSearch) and bot.limit == 1.0
    assert isinstance(make_bot("heuristic", "tentiles", 0), TilesHeuristic)


def test_the_heuristic_sees_only_its_view():
    # Two states that differ only in the hidden supply order get the same answer.
    a = game(["W2"], ["B1", "B3", "B3"])
    b = game(["W2"], ["B1", "B1", "B2"])
    a.apply("place 0,0")
    b.apply("place 0,0")
    assert a.view(1) == b.view(1) and a.to_json() != b.to_json()
    assert TilesHeuristic(1, seed=4).choose(a) == TilesHeuristic(1, seed=4).choose(b)


def test_bots_wins_in_one_agree_with_the_engine():
    state = new_game("tentiles", 2, seed=3)
    rng = random.Random(3)
    checked = 0
    while not state.is_over and checked < 3:
        if state.phase == "move":
            seat = state.current_player
            found = set(move_wins(state.layout, seat))
            engine = set()
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action)
                if after.winners() == [seat]:
                    engine.add(action)
            assert bool(found) == bool(engine)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))


def test_the_typed_view_names_every_key_of_the_view():
    """TenTilesView is the view's shape, in the hidden and the open game alike."""
    from typing import get_type_hints
    from tentable.engine.tentiles import TenTilesView
    for open_game in (False, True):
        assert set(get_type_hints(TenTilesView)) == set(game(open=open_game).view(0))


def test_a_tile_tells_its_owner_and_value_and_an_action_its_parts():
    """TL-R3: white is seat 0. The action notation read back into its places."""
    from tentable.engine.tentiles import coords, owner, place, value
    from tentable.engine.tentiles_moves import TilesMove, read
    assert [owner("W3#2"), value("W3#2"), owner("B1#5"), value("B1#5")] == [0, 3, 1, 1]
    assert place(-2, 3) == "-2,3" and coords("-2,3") == (-2, 3)
    assert read("place 0,1") == TilesMove("place", "0,1")
    assert read("place R -1,0") == TilesMove("place", "-1,0", end="R")
    assert read("move 0,0>2,-1") == TilesMove("move", "2,-1", source="0,0")
    assert read("pass") == TilesMove("pass")


def test_a_deeper_search_cut_short_decides_between_the_moves_it_finished(monkeypatch):
    """Time runs out during depth 2, after the two moves depth 1 liked best: the deeper
    values of those two decide (here the second), not depth 1's ranking; the moves it did
    not reach do not count. A deeper look at one move alone changes nothing."""
    import tentable.bots.tentiles as tiles
    state = new_game("tentiles", 2, seed=2)
    for action in ["place 0,0", "place 1,0", "place 0,1"]:
        state.apply(action)
    seat = state.current_player
    world = state.determinize(seat, 1)
    shallow = {a: float(i) for i, a in enumerate(sorted(world.legal_actions()))}
    first, second = sorted(shallow, key=shallow.get)[-1], sorted(shallow, key=shallow.get)[-2]
    deep = {first: 1.0, second: 5.0}
    for finished, expected in ((2, second), (1, first)):
        def after(self, pos, move, depth, alpha, beta, ply, calls=[]):
            action = next(a for a in world.legal_actions() if parse_action(a) == move)
            if depth == 1:
                return shallow[action]
            calls.append(action)
            if len(calls) > finished:
                raise tiles._Timeout
            return deep[action]
        monkeypatch.setattr(tiles.TilesSearch, "_after", after)
        monkeypatch.setattr(tiles.TilesSearch, "_threat", lambda self, pos, seat: 0.0)
        bot = tiles.TilesSearch(seat, seed=1, time_limit=60.0)
        assert bot.choose(world) == expected
        assert bot.depth_reached == 1 and bot.partial == (2 if finished == 2 else 0)
