"""Computer levels (issue #23): one set of names, a cheaper level for a late decision, one
search for every game, and no bot that reads what its seat cannot see."""
from __future__ import annotations

import math
import random

import pytest

from tentable.bots import (CPU_HEAVY, LEVELS, available_bots, fallback, level_of, make_bot)
from tentable.bots.ismcts import Ismcts, IsmctsConfig
from tentable.bots.tilesboard import Position, legal_moves, make, parse_action, unmake
from tentable.engine import GAMES, new_game
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import card_info

PLAYERS = {"retro10": 3}


def test_four_levels_from_easy_to_expert_and_the_old_names_are_aliases():
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert [level_of(n) for n in ("random", "heuristic", "search", "Hard", "genius")] == \
        ["easy", "normal", "hard", "hard", None]
    for game_id in GAMES:
        assert available_bots(game_id) == list(LEVELS)


def test_a_late_level_falls_back_one_step_and_easy_is_the_floor():
    assert [fallback(level) for level in LEVELS] == [None, "easy", "normal", "hard"]
    assert fallback("search") == "normal" and fallback("heuristic") == "easy"
    assert "easy" not in CPU_HEAVY and {"normal", "hard", "expert"} <= CPU_HEAVY


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_level_and_old_name_makes_a_bot_for_every_game(game_id):
    state = new_game(game_id, PLAYERS.get(game_id, 2), seed=4)
    seat = state.current_player
    for name in (*LEVELS, "random", "heuristic"):
        assert make_bot(name, game_id, seat, seed=1) is not None
    # a search level within a few iterations (tests count iterations, never seconds)
    bot = Ismcts(seat, 1, None, IsmctsConfig(8))
    assert bot.choose(state.determinize(seat, 1)) in state.legal_actions()


def random_positions(game_id: str, count: int, seed: int):
    """Positions from random games, each with more than one legal action."""
    rng = random.Random(seed)
    found = 0
    game = 0
    while found < count:
        state = new_game(game_id, PLAYERS.get(game_id, 2), seed=seed * 100 + game)
        game += 1
        stop = rng.randrange(1, 60)
        while not state.is_over and len(state.history) < stop:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.current_player in state.automata or \
                len(state.legal_actions()) < 2:
            continue
        found += 1
        yield state


def search_bot(seat: int, seed: int):
    return Ismcts(seat, seed, None, IsmctsConfig(16, noise=0.1))


def level_bot(level: str, game_id: str):
    """A level as it plays, within a few iterations (tiles: its search, briefly)."""
    return lambda seat, seed: make_bot(level, game_id, seat, seed, math.inf, iterations=6)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_bot_reads_what_its_seat_cannot_see(game_id):
    """Over random positions: resample all the seat cannot see (hidden cards, future
    chance), and every bot — random, the heuristic, the search every level plays — makes
    the same choice as on the true position."""
    makers = {"random": lambda seat, seed: make_bot("random", game_id, seat, seed),
              "easy": lambda seat, seed: make_bot("easy", game_id, seat, seed, math.inf),
              "search": search_bot, "normal": level_bot("normal", game_id),
              "hard": level_bot("hard", game_id),
              "newcomer": lambda seat, seed: make_bot("newcomer", game_id, seat, seed)}
    if game_id == "tentiles":
        # its levels search by the clock, and a deeper search may choose otherwise: the
        # tiles search reads only the seat's view (test_tentiles), so leave it out here
        del makers["normal"], makers["hard"]
    for n, state in enumerate(random_positions(game_id, 4, seed=7)):
        seat = state.current_player
        for name, make in makers.items():
            choice = make(seat, n).choose(state)
            assert choice in state.legal_actions()
            for k in range(2):
                copy = state.determinize(seat, 1000 * n + k)
                assert make(seat, n).choose(copy) == choice, (name, state.history)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_resampled_world_depends_only_on_what_the_seat_knows(game_id):
    """determinize(seat, seed) of two positions the seat cannot tell apart is the same
    world: what a searching bot explores cannot follow the hidden truth."""
    for state in random_positions(game_id, 3, seed=11):
        seat = state.current_player
        other = state.determinize(seat, 5)
        assert state.determinize(seat, 9).to_json() == other.determinize(seat, 9).to_json()


# -- TEN tiles, the open game: nothing hidden, nothing missed within three plies ------------

def _wins_now(pos) -> bool:
    """Can the player to move make ten at once? Every move tried (no masks, no threats)."""
    for move in legal_moves(pos):
        won, undo = make(pos, move)
        unmake(pos, undo)
        if won:
            return True
    return False


def _solve_three_plies(pos) -> tuple[set, set, set]:
    """By brute force, the root moves that win at once, those that win whatever the reply
    (ply 3) and those after which the opponent cannot win at once (ply 2)."""
    win1, win3, safe = set(), set(), set()
    for move in legal_moves(pos):
        won, undo = make(pos, move)
        try:
            if won:
                win1.add(move)
                continue
            if _wins_now(pos):
                continue
            safe.add(move)
            forced = True
            for reply in legal_moves(pos):
                _, back = make(pos, reply)
                forced = _wins_now(pos)
                unmake(pos, back)
                if not forced:
                    break
            if forced:
                win3.add(move)
        finally:
            unmake(pos, undo)
    return win1, win3, safe


def open_positions(count: int):
    """Open-game positions early in phase 1 where three plies decide something: a win at
    once or whatever the reply, or a move that lets the opponent win."""
    rng = random.Random(23)
    seed = 0
    while count:
        seed += 1
        state = new_game("tentiles", 2, seed=seed, options={"open": True})
        for _ in range(rng.randrange(7, 13)):
            state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
        if state.is_over:
            continue
        pos = Position.from_view(state.view(state.current_player))
        win1, win3, safe = _solve_three_plies(pos)
        if win1 or win3 or len(safe) < len(legal_moves(pos)):
            count -= 1
            yield state, win1, win3, safe


def test_tiles_search_never_misses_a_forced_win_or_loss_within_three_plies():
    """Positions of the open game solved by brute force: the search takes a win at once,
    else a win whatever the reply, else never a move that lets the opponent make ten.
    (No time at all: the three plies are seen whatever the time, as on a busy machine.)"""
    kinds = set()
    for state, win1, win3, safe in open_positions(8):
        seat = state.current_player
        bot = make_bot("hard", "tentiles", seat, seed=1, time_limit=0.0)   # as if late
        move = parse_action(bot.choose(state.determinize(seat, 1)))
        if win1:
            assert move in win1, state.history
            kinds.add("win in 1")
        elif win3:
            assert move in win3, state.history
            kinds.add("win in 3")
        elif safe:
            assert move in safe, state.history
            kinds.add("no loss in 2")
    assert kinds >= {"win in 3", "no loss in 2"}


# -- guided by the heuristic, varied among equals -------------------------------------------

def test_a_level_keeps_to_its_guide_unless_the_search_finds_better():
    """With no margin the search could ever clear, the guide's move is played."""
    for n, state in enumerate(random_positions("takethat", 4, seed=3)):
        seat = state.current_player
        guide = make_bot("heuristic", "takethat", seat, n)
        expected = guide.choose(state)
        config = IsmctsConfig(24, hint=1.0, defer=math.inf, tie=-1.0)
        bot = Ismcts(seat, n, None, config, guide=make_bot("heuristic", "takethat", seat, n))
        assert bot.choose(state) == expected


@pytest.mark.parametrize("game_id, deal, level", [("takethat", 2, "hard"),
                                                  ("retro10", 6, "normal")])
def test_openings_vary_with_the_seed(game_id, deal, level):
    """Issue #23 (variety): moves the search finds equal are played at random, seeded (on
    a deal with several good openings: 10 Retro's deal 5 has one clearly best). Take
    That's Normal plays the heuristic's card (below), so its Hard."""
    state = new_game(game_id, 2, seed=deal)
    seat = state.current_player
    picks = []
    for seed in range(4):           # until two seeds differ (each decision is dear)
        picks.append(make_bot(level, game_id, seat, seed, math.inf).choose(state))
        if len(set(picks)) > 1:
            break
    again = [make_bot(level, game_id, seat, seed, math.inf).choose(state)
             for seed in range(len(picks))]
    assert len(set(picks)) > 1 and picks == again


def test_easy_opens_10_retro_among_near_equal_placements_by_its_seed():
    """Issue #23 (variety): the heuristic's round-one placement is drawn, seeded, among those
    it prices within NEAR of the best (with a joker each, round one goes by seat order, so
    one chip or two on the joker cost about the same): Easy is not one fixed opening."""
    state = new_game("retro10", 2, seed=1)
    while state.phase != "place":
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    picks = [make_bot("easy", "retro10", seat, seed).choose(state) for seed in range(8)]
    again = [make_bot("easy", "retro10", seat, seed).choose(state) for seed in range(8)]
    assert len(set(picks)) > 1 and picks == again


def test_a_rollout_level_keeps_to_the_heuristic_unless_its_rollouts_find_better():
    """With a margin no rollout can clear, the heuristic's move is played; with none, the
    search may leave it on the same worlds it tried both on."""
    from tentable.bots import HEURISTICS
    from tentable.bots.rollout import RolloutConfig, RolloutSearch
    left = 0
    for n, state in enumerate(random_positions("takethat", 6, seed=3)):
        seat = state.current_player
        expected = make_bot("heuristic", "takethat", seat, n).choose(state)
        held = RolloutSearch(seat, n, None, RolloutConfig(24, defer=math.inf, vary=False),
                             HEURISTICS["takethat"])
        assert held.choose(state) == expected
        free = RolloutSearch(seat, n, None, RolloutConfig(24, confidence=0.0, vary=False),
                             HEURISTICS["takethat"])
        left += free.choose(state) != expected
    assert left


def test_a_level_that_varies_by_the_tie_alone_plays_no_move_its_worlds_rank_lower():
    """Issue #23 (variety, strength): by default the moves one standard error from the
    choice are played at random too; a game's level with `vary_by_error` off plays only
    those within `tie` (Take That's Hard lost a tenth of its games to that randomness)."""
    from tentable.bots import HEURISTICS
    from tentable.bots.rollout import RolloutConfig, RolloutSearch
    # on 8 worlds 'play 12' did 0.1 better on average, by +0.4 or -0.2: within one error
    results = {"play 12": [0.6] * 8, "play 21": [0.2, 0.8] * 4}
    picks = {}
    for by_error in (True, False):
        config = RolloutConfig(16, confidence=math.inf, vary_by_error=by_error)
        bot = RolloutSearch(0, 0, None, config, HEURISTICS["takethat"])
        picks[by_error] = {RolloutSearch(0, seed, None, config, HEURISTICS["takethat"])
                           ._pick(list(results), results, "play 12", 8) for seed in range(12)}
        assert bot.config.vary_by_error is by_error
    assert picks[True] == {"play 12", "play 21"}
    assert picks[False] == {"play 12"}


def test_variety_does_not_undo_the_bar_where_a_game_keeps_it():
    """Issue #39 (item 5): a move that looked better than the heuristic's on the worlds but
    did not clear the bar is not played at random among the 'equal' ones where a game keeps
    the bar (`vary_past_bar` off: Take That, whose Normal otherwise left the heuristic in
    36 of 153 decisions against the newcomer, 27 of them by that chance alone)."""
    from tentable.bots import HEURISTICS
    from tentable.bots.rollout import RolloutConfig, RolloutSearch
    # on 8 worlds 'play 21' did 0.1 better than the heuristic's 'play 12': short of 2 errors
    results = {"play 12": [0.5] * 8, "play 21": [0.2, 1.0] * 4}
    picks = {}
    for past in (True, False):
        config = RolloutConfig(16, confidence=2.0, vary_by_error=False, vary_past_bar=past)
        picks[past] = {RolloutSearch(0, seed, None, config, HEURISTICS["takethat"])
                       ._pick(list(results), results, "play 12", 8) for seed in range(12)}
    assert picks[True] == {"play 12", "play 21"}
    assert picks[False] == {"play 12"}
    # within `tie` above the choice is still equal: variety stays
    close = {"play 12": [0.5] * 8, "play 21": [0.4, 0.62] * 4}
    config = RolloutConfig(16, confidence=2.0, vary_by_error=False, vary_past_bar=False)
    assert {RolloutSearch(0, seed, None, config, HEURISTICS["takethat"])
            ._pick(list(close), close, "play 12", 8) for seed in range(12)} == set(close)
    for level in ("normal", "hard", "expert"):
        assert not make_bot(level, "takethat", 0, 1, math.inf).config.vary_past_bar
    assert make_bot("hard", "retro10", 0, 1, math.inf).config.vary_past_bar


def test_ten_levels_play_no_move_their_worlds_rank_below_the_heuristics():
    """Issue #39 (item 5): TEN's levels keep the heuristic's flip, bid or buy unless the
    worlds clear the bar, and play no move at random that the worlds rank lower within one
    standard error (`vary_by_error` off): in two games against Easy, 19 of Normal's 43
    departures from the heuristic were such moves, 9 of them a stop where it flipped
    (TEN-R3, TEN-R6), and a judge played by the heuristic itself rated those stops worse."""
    for level in ("normal", "hard", "expert"):
        config = make_bot(level, "ten", 0, 1, math.inf).config
        assert not config.vary_by_error and not config.vary_past_bar
        assert config.confidence == 2.0


def test_take_that_hard_and_expert_vary_by_the_tie_alone_and_expert_plays_more_rollouts():
    """Issue #23: the per-level tuning reaches the bots the levels make."""
    hard, expert, normal = (make_bot(level, "takethat", 0, 1, math.inf)
                            for level in ("hard", "expert", "normal"))
    assert not hard.config.vary_by_error and not expert.config.vary_by_error
    assert normal.config.iterations == 0
    assert expert.config.iterations > 2 * hard.config.iterations
    assert hard.config.confidence == expert.config.confidence == 2.0
    assert make_bot("expert", "takethat", 0, 1, math.inf, iterations=7).config.iterations == 7


def test_take_that_normal_plays_the_heuristic_until_the_end_of_a_round():
    """Issue 39, item 5: against the sensible newcomer Take That's Normal lost points with
    30 rollouts that the heuristic alone kept (docs/ai.md); it plays the heuristic's card
    while more cards are left to draw than it searches exactly."""
    for n, state in enumerate(random_positions("takethat", 8, seed=13)):
        if len(state.pile) <= 1:
            continue
        seat = state.current_player
        easy = make_bot("easy", "takethat", seat, n).choose(state)
        assert make_bot("normal", "takethat", seat, n, math.inf).choose(state) == easy


def test_10_retro_expert_varies_by_the_tie_alone_and_plays_three_times_the_rollouts():
    """Issue #23: 10 Retro's Expert (docs/ai.md: 250 rollouts and the band did not beat
    Hard); its Hard and Normal keep the band."""
    normal, hard, expert = (make_bot(level, "retro10", 0, 1, math.inf)
                            for level in ("normal", "hard", "expert"))
    assert normal.config.vary_by_error and hard.config.vary_by_error
    assert not expert.config.vary_by_error
    assert expert.config.iterations == 3 * 250 == 7.5 * hard.config.iterations
    assert hard.config.cutoff == expert.config.cutoff == 12


def test_elfer_expert_varies_by_the_tie_alone_and_plays_more_rollouts():
    """Issue #23: Elfer raus!'s Expert (docs/ai.md: the band cost its choices a third of
    their loss); its Hard and Normal keep the band."""
    normal, hard, expert = (make_bot(level, "elfer", 0, 1, math.inf)
                            for level in ("normal", "hard", "expert"))
    assert normal.config.vary_by_error and hard.config.vary_by_error
    assert not expert.config.vary_by_error
    assert expert.config.iterations == 400 == 4 * hard.config.iterations


def test_ten_expert_judges_its_cut_off_as_the_payments_value_a_collection():
    """Issue #23 (docs/ai.md): TEN's Expert judges a rollout cut off after 40 actions by
    what each collection is likely to score at the end (TEN-R14 runs plus what the cards
    outside them may still add, as TEN-R12 payments value them); the other levels by the
    runs alone. A card outside the runs counts while cards are to come, not at the end."""
    from tentable.bots.rollouts import ten_outlook, ten_standing
    assert make_bot("expert", "ten", 0, 1, math.inf).evaluate is ten_outlook
    assert make_bot("hard", "ten", 0, 1, math.inf).evaluate is ten_standing
    state = new_game("ten", 2, seed=1)
    state.collections[0] = [f"{code}#9{i}" for i, code in enumerate(["B1", "B2", "B3", "B5"])]
    state.collections[1] = [f"{code}#8{i}" for i, code in enumerate(["B1", "B2", "B3"])]
    assert state.scores() == [3, 3]
    standing, outlook = ten_standing(state), ten_outlook(state)
    assert standing[0] == standing[1] and outlook[0] > outlook[1]
    state.money[1] += 1                 # early on, a token is worth less than that card
    assert ten_outlook(state)[0] > ten_outlook(state)[1]
    state.pile.clear()                  # at the end the spare B5 adds nothing, the token its tie
    assert ten_outlook(state)[0] < ten_outlook(state)[1]
    assert ten_outlook(state)[0] == ten_standing(state)[0]


def test_ten_rollouts_play_on_as_a_sensible_player():
    """TEN's search judges its moves on worlds played on by `rollouts.ten` (docs/ai.md):
    a player like those it meets, not a beginner who buys any card and stops at random.
    TEN-R3/R4: it flips by counting the cards not yet seen, as the heuristic does: always
    when nothing unseen can bust it, never at a chance of busting of 0.75 or more, and
    with nothing to lose (no number showing joins a run of its own) at a chance near one
    half about as often as not (the heuristic flips there 0.5 of the time; a fixed stop at
    6-8 all but never did, and the search misjudged the heuristic's turns: docs/ai.md);
    TEN-R10: it buys only a card beside one of its colour that its money pays; TEN-R11:
    it bids as the heuristic does (`bid_choice`), drawing its limit from the heuristic's
    own (`ten_bids`): bidding first it opens at 3 or more about as often as the
    heuristic would in its place (the old player opened at 1, always), bidding last it
    passes about as often and bids only the lowest bid."""
    from tentable.bots.rollouts import ten
    from tentable.bots.ten import bid_choice
    from tentable.engine.ten_cards import odds
    rng = random.Random(4)
    seen = set()
    risky = []
    opens, lasts = {"rollout": [], "heuristic": []}, {"rollout": [], "heuristic": []}
    for game in range(60):
        state = new_game("ten", 2, seed=700 + game)
        while not state.is_over:
            legal = state.legal_actions()
            choice = ten(state, rng)
            assert choice in legal
            view, seat = state.view(state.current_player), state.current_player
            if "flip" in legal and len(legal) > 1:
                bust = odds(view)["bust"]
                if bust == 0.0:
                    seen.add("flip")
                    assert choice == "flip", view["total"]
                if bust >= 0.75:
                    seen.add("stop")
                    assert choice != "flip", bust
                mine = {code_of(c) for c in view["collections"][seat]}
                joins = any(f"{colour}{number + d}" in mine for kind, number, colour in
                            (card_info(code_of(c)) for c in view["tableau"])
                            if kind == "number" for d in (-1, 1))
                if 0.45 <= bust < 0.65 and not joins:
                    risky.append(choice == "flip")
            if choice.startswith("buy "):
                seen.add("buy")
                _, number, colour = card_info(choice[4:])
                mine = {code_of(c) for c in view["collections"][seat]}
                assert f"{colour}{number - 1}" in mine or f"{colour}{number + 1}" in mine
                assert number <= view["money"][seat] + 3 * view["bust_tokens"][seat]
            if state.phase == "auction" and len(legal) > 1:
                seen.add("bid")
                bids = [int(a[4:]) for a in legal if a.startswith("bid ")]
                auction = state.auction
                last = auction["next"] == len(auction["order"]) - 1
                heuristic = bid_choice(state, seat, legal)
                for who, made in (("rollout", choice), ("heuristic", heuristic)):
                    if last:
                        lasts[who].append(made == "pass")
                        assert made in ("pass", f"bid {min(bids)}")
                    elif min(bids) == 1:
                        opens[who].append(made != "pass" and int(made[4:]) >= 3)
            state.apply(choice)
    assert seen == {"flip", "stop", "buy", "bid"}
    assert len(risky) > 50
    assert 0.3 <= sum(risky) / len(risky) <= 0.7, (sum(risky), len(risky))
    assert len(opens["rollout"]) > 100 and len(lasts["rollout"]) > 100
    for shares in (opens, lasts):
        rollout, heuristic = (sum(shares[w]) / len(shares[w]) for w in ("rollout", "heuristic"))
        assert abs(rollout - heuristic) < 0.15, (rollout, heuristic)


def test_a_level_takes_settings_to_try_over_its_own():
    """scripts/regret.py tries a level's settings before they are kept: they reach the
    search, over the game's own; nonsense is refused, not half-used."""
    tried = make_bot("hard", "elfer", 0, 1, math.inf,
                     tuning={"vary_by_error": False, "iterations": 60})
    assert not tried.config.vary_by_error and tried.config.iterations == 60
    assert make_bot("hard", "elfer", 0, 1, math.inf).config.vary_by_error
    assert make_bot("expert", "retro10", 0, 1, math.inf, tuning={"tie": 0.1}).config.cutoff == 12
    for nonsense in ({"no such setting": 1}, {"iterations": "many"}, ["tie"], "tie"):
        with pytest.raises(ValueError):
            make_bot("hard", "elfer", 0, 1, math.inf, tuning=nonsense)
    with pytest.raises(ValueError):     # TEN tiles' own search has no such settings
        make_bot("hard", "tentiles", 0, 1, math.inf, tuning={"tie": 0.1})


def test_the_regret_script_charges_each_choice_what_it_falls_short_of_the_best():
    """scripts/regret.py: a level's regret is the judge's best minus its move's value, never
    below zero; a --try that names no setting, or is not JSON, stops before any work."""
    import io
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "scripts" / "regret.py"
    spec = importlib.util.spec_from_file_location("regret_script", path)
    regret = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regret)
    out = io.StringIO()
    charged = regret.regrets("takethat", 2, 3, {"few": {"iterations": 6}}, levels=(), out=out)
    assert set(charged) == {"heuristic", "few"}
    assert all(len(v) == 2 and min(v) >= 0.0 for v in charged.values())
    assert out.getvalue().count("position ") == 2
    seat, state = regret.positions("takethat", 1, random.Random(11))[0]
    value = regret.judge("takethat", seat, state, 3)
    assert set(value) == set(state.legal_actions())
    for bad in (["--try", "x={"], ["--try", 'x={"no such": 1}'], ["--positions", "0"],
                ["--game", "tentiles"]):
        with pytest.raises(SystemExit):
            regret.main(["--game", "takethat", *bad] if bad[0] != "--game" else bad)
