#!/usr/bin/env python3
"""How much one host process serves: `tentable serve` in a process of its own on
127.0.0.1, and N tables of two seats each whose moves are made at once by a driver
process (random legal moves, each seat acting when its view says it is its turn).

    python3 scripts/netbench.py                  # 10 tables of TEN for 10 seconds
    python3 scripts/netbench.py --tables 50 --seconds 20 --game takethat --json
    python3 scripts/netbench.py --tables 100 --think 1   # each seat thinks a second a move

It prints the frames the server sent a second (every numbered message to every seat),
the moves a second, the round trip of a move (from the submit to the seat's own
`applied`) at p50 and p95, the server's CPU time (on a shared machine frames per
CPU second says more than frames per second) and its memory (resident, at the end,
less what it held before the tables). With `--think` each seat waits that long before
each move, as a person would: then the round trip says how quickly the host answers
at that load, not how fast the driver can push. A table whose game ends is replaced.
Only loopback addresses; the run ends by itself after `--seconds`.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)
    sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from tentable.net.protocol import CLIENT_MAX_FRAME, Invite, hello  # noqa: E402


class Tally:
    def __init__(self) -> None:
        self.frames = self.moves = self.games = 0
        self.trips: list[float] = []


async def lobby_table(lobby: Invite, game: str) -> dict:
    async with connect(lobby.url, max_size=CLIENT_MAX_FRAME, compression=None) as ws:
        await ws.send(json.dumps(hello(None, None, None, "bench")))
        json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "create", "game": game, "seats": ["human", "human"]}))
        return json.loads(await ws.recv())


async def seat(line: str, tally: Tally, rng: random.Random, until: float,
               over: asyncio.Event, think: float) -> None:
    invite = Invite.parse(line)
    async with connect(invite.url, max_size=CLIENT_MAX_FRAME, compression=None) as ws:
        await ws.send(json.dumps(hello(invite.room, invite.secret, None, "bench")))
        joined = json.loads(await ws.recv())
        me, last, view, sent = joined["seat"], -1, {}, None
        while time.monotonic() < until and not over.is_set():
            if view.get("current_player") == me and view.get("legal_actions") and sent is None:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "submit", "seq": last,
                                          "actions": [rng.choice(view["legal_actions"])]}))
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            except ConnectionClosed:
                return
            if "seq" not in frame:
                continue
            tally.frames += 1
            last = frame["seq"]
            kind = frame["type"]
            if kind == "welcome":
                view = frame["view"]
            elif kind in ("applied", "undone"):
                view = frame["after"]
                if kind == "applied" and frame["seat"] == me and sent is not None:
                    tally.trips.append(time.perf_counter() - sent)
                    tally.moves += 1
                    sent = None
            elif kind == "refused" and frame.get("seat") == me:
                sent = None
            elif kind == "game_over":
                tally.games += 1
                over.set()


async def table(lobby: Invite, game: str, tally: Tally, seed: int, until: float,
                think: float) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        made = await lobby_table(lobby, game)
        over = asyncio.Event()
        await asyncio.gather(*(seat(line, tally, rng, until, over, think)
                               for line in made["invites"].values()))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), 0.0 where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc), 0.0 where unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


async def drive(lobby: Invite, tables: int, game: str, seconds: float,
                think: float) -> Tally:
    tally = Tally()
    until = time.monotonic() + seconds
    await asyncio.gather(*(table(lobby, game, tally, n, until, think)
                           for n in range(tables)))
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="ten")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a seat waits before each move (0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # a data folder of its own: the server writes its tables down there after every move
    # (as a real one does), not into the player's
    home = tempfile.TemporaryDirectory(prefix="tentable-netbench-")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en", "TENTABLE_HOME": home.name}
    server = subprocess.Popen([sys.executable, "-m", "tentable", "serve", "--port", "0",
                               "--max-tables", str(2 * args.tables)],
                              stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = server.stdout.readline()
        lobby = Invite.parse(re.search(r"tentable://\S+", line).group())
        cpu_before, started = cpu_seconds(server.pid), time.perf_counter()
        memory_before = resident_mb(server.pid)
        tally = asyncio.run(drive(lobby, args.tables, args.game, args.seconds, args.think))
        wall, cpu = time.perf_counter() - started, cpu_seconds(server.pid) - cpu_before
        memory = resident_mb(server.pid) - memory_before
    finally:
        server.terminate()
        server.wait(10)
        home.cleanup()
    trips = sorted(tally.trips) or [float("nan")]
    result = {"game": args.game, "tables": args.tables, "seconds": round(wall, 1),
              "frames_per_s": round(tally.frames / wall), "moves_per_s": round(tally.moves / wall),
              "games": tally.games, "server_cpu_s": round(cpu, 2), "think_s": args.think,
              "server_mb_per_table": round(memory / args.tables, 2),
              "frames_per_cpu_s": round(tally.frames / cpu) if cpu else None,
              "rtt_p50_ms": round(statistics.median(trips) * 1000, 1),
              "rtt_p95_ms": round(trips[int(0.95 * (len(trips) - 1))] * 1000, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.tables} tables of {args.game}, {result['seconds']} s: "
              f"{result['frames_per_s']} frames/s, {result['moves_per_s']} moves/s, "
              f"{tally.games} games; server CPU {result['server_cpu_s']} s, "
              f"{result['server_mb_per_table']} MB per table "
              f"({result['frames_per_cpu_s']} frames per CPU second); round trip of a move "
              f"p50 {result['rtt_p50_ms']} ms, p95 {result['rtt_p95_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
