#!/usr/bin/env python3
"""Measure tentable against its budgets and print each figure beside its budget.

    python3 scripts/bench.py            # under Xvfb: xvfb-run -s "-screen 0 1280x800x24" ...
    python3 scripts/bench.py --json
    python3 scripts/bench.py --bots     # the computer players only: think times, playouts
    python3 scripts/bench.py --net      # network play only: one server, 10/100/500 tables

A benchmark you run and report, not a timed unit test. Window figures use the real
display when $DISPLAY is set, else SDL's dummy driver (and say which). Each window
measurement runs in a fresh process, so start-up and memory are what a player gets.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)

# -- measurements that run in a child process ------------------------------------------


def _showcase(game_id: str):
    """`scripts/showcase/<game>.py`: its `busiest(app)` sets up the fullest table."""
    import importlib.util
    path = ROOT / "scripts" / "showcase" / f"{game_id}.py"
    spec = importlib.util.spec_from_file_location(f"showcase_{game_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tables() -> list[str]:
    return sorted(p.stem for p in (ROOT / "scripts" / "showcase").glob("*.py"))


def child_frames(game_id: str) -> dict:
    import pygame
    from tentable.ui.app import App
    app = App(size=(1280, 720))
    _showcase(game_id).busiest(app)
    times = []
    for _ in range(400):
        app.invalidate()
        start = time.perf_counter()
        app._draw()
        times.append(time.perf_counter() - start)
    times = sorted(times[50:])     # the first frames fill the caches
    size = app.size
    app.close()
    pygame.quit()
    return {"median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * times[int(len(times) * 0.95)], "size": list(size)}


def child_idle(seconds: float, game_id: str = "takethat") -> dict:
    from tentable.ui.app import App
    app = App(size=(1280, 720))
    _showcase(game_id).busiest(app)
    for _ in range(5):
        app.step()
    # idle means waiting for the human to choose: a computer player still moving, or a
    # human's only move about to play itself, is not idle
    table, give_up = app.top, time.perf_counter() + 60
    while (not getattr(table, "my_turn", True) or getattr(table, "forced", None) is not None) \
            and time.perf_counter() < give_up:
        app.step()
    frames = app.frame_count
    cpu, wall = time.process_time(), time.perf_counter()
    end = wall + seconds
    while time.perf_counter() < end:
        app.step()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    app.close()
    return {"cpu_share": cpu / wall, "redraws": app.frame_count - frames}


def child_thinking(game_id: str, level: str, seconds: float) -> dict:
    """The window while computers think: every seat a computer at `level`, its decisions in
    the match's worker process as at the table; the window is asked for a new frame every
    step (as while something moves) and paced as the app paces itself. Frames per second
    and the longest gap between two frames, counted only while a decision is under way."""
    from tentable.ui.app import App
    from tentable.ui.launch import session_for
    app = App(size=(1280, 720))
    app.settings["moments"] = "auto"        # nobody at the screen to go on from a moment
    table = app.reset("table", session=session_for(game_id, [level, level], seed=11))
    frames, thinking, gaps = 0, 0.0, []
    last = None
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.top is table and not table.link.match.is_over:
        app.invalidate()
        before = app.frame_count
        app.step()
        now = time.perf_counter()
        if table.link.match.thinking_for is not None and app.frame_count > before:
            if last is not None:
                gaps.append(now - last)
                thinking += now - last
                frames += 1
            last = now
        else:
            last = None
    app.close()
    gaps.sort()
    return {"fps": frames / thinking if thinking else 0.0, "frames": frames,
            "thinking_s": thinking,
            "p95_gap_ms": 1000 * gaps[int(len(gaps) * 0.95)] if gaps else 0.0,
            "max_gap_ms": 1000 * gaps[-1] if gaps else 0.0}


def child_startup() -> dict:
    from tentable.ui.app import App
    app = App(size=(1280, 720))
    app.step(wait=False)
    print("FIRST-FRAME", flush=True)
    app.close()
    return {}


def _peak_rss_mb() -> float | None:
    """This process's peak memory, or None where `resource` does not exist (Windows)."""
    try:
        import resource     # POSIX only
    except ImportError:
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def peak_rows(peaks: list[float | None]) -> list[tuple]:
    """The peak-memory row, or none where it could not be measured: not a budget miss."""
    known = [peak for peak in peaks if peak is not None]
    return [("peak memory", max(known), "MB", 150.0, "<=")] if known else []


def _child(kind: str, *args: str) -> dict:
    env = dict(os.environ,
               TENTABLE_HOME=os.environ.get("TENTABLE_HOME", str(ROOT / "build" / "bench-home")))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, "--child", kind, *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, text=True)
    first_frame = None
    result = {}
    for line in proc.stdout:
        if line.startswith("FIRST-FRAME") and first_frame is None:
            first_frame = time.perf_counter() - start
        elif line.startswith("{"):
            result = json.loads(line)
    if proc.wait() != 0:
        raise SystemExit(f"bench: the {kind} measurement failed")
    if first_frame is not None:
        result["first_frame_s"] = first_frame
    return result


def _run_child(kind: str, args: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    import tentable  # noqa: F401  (before pygame: it quiets pygame's banner)
    result = {"frames": lambda: child_frames(args[0]),
              "idle": lambda: child_idle(float(args[0]), *args[1:]),
              "thinking": lambda: child_thinking(args[0], args[1], float(args[2])),
              "startup": child_startup}[kind]()
    result["peak_mb"] = _peak_rss_mb()
    print(json.dumps(result), flush=True)


# -- measurements in this process -----------------------------------------------------


# Per game: the player count the budget is measured at, random actions/s it must reach.
ENGINE_BUDGETS = {"takethat": (2, 20_000), "ten": (2, 150_000), "elfer": (2, 25_000),
                  "retro10": (3, 100_000), "tentiles": (2, 20_000)}
BOT_BUDGET_MS = 50.0
IDLE_BUDGET = {"ten": 0.5}          # % of a core; the others 1 %
THINKING_FPS, THINKING_SECONDS = 30.0, 8.0     # the window while a level searches
FRAME_BUDGET_MS = {"takethat": 4.0, "ten": 3.0, "elfer": 3.0, "retro10": 3.0, "tentiles": 3.0}


def engine_speed(game_id: str, players: int, seconds: float = 1.0, repeats: int = 3) -> dict:
    """Random playouts: random_action + apply, as the random bot and the sim do. CPU time,
    best of `repeats`: on a shared machine wall time measures the neighbours too."""
    import random
    from tentable.engine import new_game
    best, total_games = 0.0, 0
    for _ in range(repeats):
        rng = random.Random(0)
        actions, games, start = 0, 0, time.process_time()
        while time.process_time() - start < seconds:
            state = new_game(game_id, players, seed=games)
            while not state.is_over:
                state.apply(state.random_action(rng))
            actions += len(state.history)
            games += 1
        best = max(best, actions / (time.process_time() - start))
        total_games += games
    return {"actions_per_s": best, "games": total_games}


def bot_think(game_id: str, players: int, seconds: float = 4.0) -> dict:
    """Think time of the heuristic for every decision of whole games (all seats)."""
    from tentable.sim import computers
    times = []
    g, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or g < 3:
        computers(game_id, ["heuristic"] * players, g).play_out(
            decided=lambda seat, spent, choices: times.append(spent))
        g += 1
    times.sort()
    return {"mean_ms": 1000 * statistics.mean(times),
            "p95_ms": 1000 * times[int(len(times) * 0.95)], "max_ms": 1000 * times[-1],
            "decisions": len(times)}


LEVEL_BUDGET_MS = {"normal": 300.0, "hard": 1000.0, "expert": 2000.0}
PLAYOUT_PLAYERS = {"retro10": 3}


def mid_game(game_id: str, players: int, seed: int, options: dict | None = None):
    """A position halfway through a random game of this seed."""
    import random
    from tentable.engine import new_game
    rng = random.Random(seed)
    state = new_game(game_id, players, seed=seed, options=options)
    whole = state.clone()
    while not whole.is_over:
        whole.apply(whole.random_action(rng))
    for action in whole.history[:len(whole.history) // 2]:
        state.apply(action)
    return state


def playouts(game_id: str, players: int, seconds: float = 2.0) -> float:
    """Determinized random playouts per CPU second from a mid-game position: what one
    search iteration costs, less the tree."""
    import random
    state = mid_game(game_id, players, 1)
    seat, rng, n = state.current_player, random.Random(0), 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        world = state.determinize(seat, n)
        while not world.is_over:
            world.apply(world.random_action(rng))
        n += 1
    return n / (time.process_time() - start)


def level_think(game_id: str, players: int, level: str, positions: int = 8,
                options: dict | None = None) -> dict:
    """Wall time of a level's decisions on mid-game positions of random games, each on
    a copy determinized for the seat to move, as the table hands it."""
    from tentable.bots import make_bot
    times = []
    seed = 0
    while len(times) < positions:
        seed += 1
        state = mid_game(game_id, players, seed, options)
        seat = state.current_player
        if state.is_over or seat in state.automata or len(state.legal_actions()) < 2:
            continue
        bot = make_bot(level, game_id, seat, seed)
        world = state.determinize(seat, seed)
        tick = time.perf_counter()
        bot.choose(world)
        times.append(time.perf_counter() - tick)
    times.sort()
    return {"p95_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.95))]}


def game_rows(bots_only: bool = False) -> list[tuple]:
    """Per game: the engine's speed and the easy level's think time, then what the searching
    levels need: playouts per second and each level's think time (`bots_only`: just those)."""
    from tentable.bots import available_bots
    from tentable.engine import GAMES
    rows = []
    for game_id in sorted(GAMES):
        players, budget = ENGINE_BUDGETS.get(game_id, (GAMES[game_id].min_players, 20_000))
        if not bots_only:
            engine = engine_speed(game_id, players)
            rows.append((f"engine, {game_id} random actions ({players} players)",
                         engine["actions_per_s"], "actions/s", budget, ">="))
        if "easy" in available_bots(game_id):
            bots = bot_think(game_id, players)
            rows.append((f"easy (heuristic) think, {game_id}, p95", bots["p95_ms"], "ms",
                         BOT_BUDGET_MS, "<="))
        rows.append((f"determinized playouts, {game_id} mid-game",
                     playouts(game_id, PLAYOUT_PLAYERS.get(game_id, 2)), "playouts/s",
                     200, ">="))
        for level, budget in LEVEL_BUDGET_MS.items():
            think = level_think(game_id, 2 if game_id != "retro10" else 3, level)
            rows.append((f"{level} think, {game_id}, p95 of 8", think["p95_ms"], "ms",
                         budget, "<="))
    # TEN tiles' open game reads threats before its alpha-beta (docs/ai.md): its own lines,
    # on the same mid-game positions of random games as above
    for level, budget in LEVEL_BUDGET_MS.items():
        think = level_think("tentiles", 2, level, positions=8, options={"open": True})
        rows.append((f"{level} think, tentiles open game, p95 of 8", think["p95_ms"], "ms",
                     budget, "<="))
    return rows


NET_TABLES = (10, 100, 500)
NET_RTT_BUDGET_MS = 50.0       # p95 round trip of a move, at 100 tables (issue #41)


def network(tables: int, seconds: float = 15.0) -> dict:
    """`scripts/netbench.py`: one `tentable serve` process, `tables` tables of TEN whose two
    seats each think about a second a move, as people do; its JSON figures."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "netbench.py"), "--json",
                           "--tables", str(tables), "--seconds", str(seconds), "--think", "1"],
                          capture_output=True, text=True, timeout=seconds * 10 + 120)
    return json.loads(done.stdout.strip().splitlines()[-1])


def network_rows() -> tuple[list[tuple], list[str]]:
    """The p95 round trip at 10 and 100 tables against the budget; every run's figures."""
    figures = {n: network(n) for n in NET_TABLES}
    rows = [(f"network: round trip of a move, p95, {n} tables", figures[n]["rtt_p95_ms"],
             "ms", NET_RTT_BUDGET_MS, "<=") for n in NET_TABLES if n <= 100]
    lines = [f"  network, {n} tables: {f['moves_per_s']} moves/s, {f['frames_per_s']} frames/s, "
             f"round trip p50 {f['rtt_p50_ms']} / p95 {f['rtt_p95_ms']} ms, server CPU "
             f"{f['server_cpu_s']} s in {f['seconds']} s, {f['server_mb_per_table']} MB a table"
             for n, f in figures.items()]
    return rows, lines


def print_rows(rows: list[tuple], failed: list[str]) -> None:
    for name, value, unit, budget, op in rows:
        mark = "ok  " if name not in failed else "OVER"
        shown = f"{value:,.0f}" if value >= 1000 else f"{value:.2f}"
        print(f"  {mark} {name:<52} {shown:>10} {unit:<12} budget {op} {budget:g}")


def over_budget(rows: list[tuple]) -> list[str]:
    return [name for name, value, _, budget, op in rows
            if not (value <= budget if op == "<=" else value >= budget)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--bots", action="store_true",
                        help="the computer players only: think times and playouts, no window")
    parser.add_argument("--net", action="store_true",
                        help="network play only: one server, 10, 100 and 500 tables")
    args = parser.parse_args(argv)
    as_json = args.json
    if args.net:
        rows, lines = network_rows()
        failed = over_budget(rows)
        print(f"tentable bench · network · {os.cpu_count()} cores")
        print_rows(rows, failed)
        print("\n".join(lines))
        return 1 if failed else 0
    if args.bots:
        # the computer players alone: think times and playouts, no window (docs/ai.md)
        rows = game_rows(bots_only=True)
        failed = over_budget(rows)
        print(f"tentable bench · computer players · {os.cpu_count()} cores")
        print_rows(rows, failed)
        return 1 if failed else 0
    idle_seconds = 10.0
    driver = "x11 (Xvfb or a real display)" if os.environ.get("DISPLAY") else "SDL dummy"
    frames = {game: _child("frames", game) for game in _tables()}
    idles = {game: _child("idle", str(idle_seconds), game) for game in _tables()}
    thinking = {game: _child("thinking", game, "expert", str(THINKING_SECONDS))
                for game in _tables()}
    startups = [_child("startup") for _ in range(3)]
    startup = statistics.median(s["first_frame_s"] for s in startups)
    games = game_rows()
    net, net_lines = network_rows()
    peak = peak_rows([*(i["peak_mb"] for i in idles.values()),
                      *(f["peak_mb"] for f in frames.values()), *(s["peak_mb"] for s in startups)])
    rows = [row for game, f in frames.items() for row in (
        (f"busiest {game} frame, render + present, median", f["median_ms"], "ms",
         FRAME_BUDGET_MS.get(game, 4.0), "<="),
        (f"busiest {game} frame, render + present, p95", f["p95_ms"], "ms", 16.7, "<="))]
    rows += [(f"idle {game} table CPU over {idle_seconds:.0f} s", 100 * i["cpu_share"],
              "% of a core", IDLE_BUDGET.get(game, 1.0), "<=") for game, i in idles.items()]
    rows += [(f"frames while Expert thinks, {game}", t["fps"], "fps", THINKING_FPS, ">=")
             for game, t in thinking.items()]
    rows += [
        ("start-up to first frame (median of 3)", startup, "s", 1.5, "<="),
        *peak,
        *games,
        *net,
    ]
    failed = over_budget(rows)
    if as_json:
        print(json.dumps({"driver": driver, "frames": frames, "thinking": thinking,
                          "idle": idles, "startup_s": startup,
                          "peak_mb": peak[0][1] if peak else None,
                          "games": [{"name": r[0], "value": r[1], "unit": r[2]} for r in games],
                          "over_budget": failed}))
    else:
        size = next(iter(frames.values()))["size"]
        print(f"tentable bench · video: {driver} · window {size[0]}×{size[1]} · "
              f"{os.cpu_count()} cores")
        print_rows(rows, failed)
        print("  longest frame gap while Expert thinks: "
              + ", ".join(f"{game} {t['max_gap_ms']:.0f} ms" for game, t in thinking.items()))
        print(f"  idle redraws in {idle_seconds:.0f} s: "
              + ", ".join(f"{game} {i['redraws']}" for game, i in idles.items()))
        print("\n".join(net_lines))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _run_child(sys.argv[2], sys.argv[3:])
    else:
        raise SystemExit(main())
