"""Load test of the lobby and relay server (issue 26): ``python benchmarks/net_load.py``.

Starts ``billiard serve`` as its own process on loopback, opens ``--rooms`` rooms (two
players each) and plays in all of them at once for ``--seconds``. Prints the server's CPU
time and memory per room, the shots relayed, and the strike-to-animation latency (from the
shooter sending a stroke to the other player receiving it, when its animation starts),
median and p99. Numbers only; it never fails on timing.

Players: ``replay`` (default) clients play the strokes of a seeded computer-vs-computer game
recorded first, so the server sees real match traffic (hashes, ball in hand, turns) while
the clients cost little; ``computer`` clients think with the AI (level 1) and simulate every
shot, which the machine running the clients pays for (use fewer rooms).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

import numpy as np

from billiard import __version__
from billiard.ai import PlayerSpec, Situation
from billiard.app.autoplay import computers, rack_seed
from billiard.app.controls import StrikeCommand
from billiard.app.setup import new_session
from billiard.net.client import Link
from billiard.net.match import Match
from billiard.net.messages import PROTOCOL, Entry, Hello
from billiard.net.player import run_online


def recorded_game(mode: str, seed: int) -> list[tuple[int, object]]:
    """(seat, action) of a whole computer-vs-computer game, as the players would send them."""
    a, b = Match(new_session(mode, None, rack_seed(seed)), 0), Match(new_session(mode, None, rack_seed(seed)), 1)
    ais = computers((PlayerSpec("computer", 1), PlayerSpec("computer", 1)), seed)
    out = []
    while not a.over and len(out) < 300:
        me = a.session.rules.turn
        side = (a, b)[me]
        d = ais[me].decide(Situation.of_session(side.session))
        if d.pass_back:
            act = side.decide("pass_back")
        else:
            if d.place is not None and side.session.ball_in_hand():
                side.session.place_cue(*d.place)
            s = ais[me].execute(d.strike, side.session.ball_radius())
            act = side.strike(StrikeCommand(s.speed, s.heading_deg, s.elevation_deg, (s.tip[0], s.tip[1])), d.push_out)
        (b, a)[me].apply(me, act)
        out.append((me, act))
    return out


def start_server(args: list[str]) -> tuple[subprocess.Popen, int]:
    """``billiard serve ARGS --port 0`` as its own process, and the port it bound. Its
    output is read on a thread from then on: a full pipe would stall the server."""
    import threading

    server = subprocess.Popen(
        [sys.executable, "-m", "billiard", "serve", "--port", "0", "--bind", "127.0.0.1", *args],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    port = int(line.split("://", 1)[1].split()[0].rsplit(":", 1)[1])
    threading.Thread(target=lambda: sum(1 for _ in server.stdout or ()), daemon=True).start()
    return server, port


def proc_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Latency:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.ms: list[float] = []


async def replay_room(url: str, room: str, game, mode: str, seed: int, think_s: float, end: float, lat: Latency) -> int:
    """Two replaying players in ``room``; the strokes relayed before ``end``."""
    links = [
        Link(url, Hello(PROTOCOL, __version__, "player", room=room, create=True, mode=mode, seed=seed)),
        Link(url, Hello(PROTOCOL, __version__, "player", room=room)),
    ]
    await links[0].open()
    await links[1].open()
    done = 0
    try:
        for i, (seat, action) in enumerate(game):
            if time.monotonic() > end:
                break
            await asyncio.sleep(think_s)
            lat.sent[(room, i)] = time.monotonic()
            await links[seat].send(action)
            other = links[1 - seat]
            while True:  # the other player receives it: its animation starts
                got = await other.recv()
                if isinstance(got.message, Entry):
                    lat.ms.append((time.monotonic() - lat.sent.pop((room, i))) * 1000.0)
                    break
            while links[seat].pending:  # the shooter's own copy confirms it
                await links[seat].recv()
            done += 1
    finally:
        for link in links:
            await link.close()
    return done


async def computer_room(url: str, room: str, mode: str, seed: int, end: float) -> int:
    spec = PlayerSpec("computer", 1)
    host = Link(url, Hello(PROTOCOL, __version__, "player", room=room, create=True, mode=mode, seed=seed))
    a = asyncio.create_task(run_online(host, spec, seed, 300, "host", url, lambda line: None))
    while host.welcome is None:
        await asyncio.sleep(0.01)
    guest = Link(url, Hello(PROTOCOL, __version__, "player", room=room))
    b = asyncio.create_task(run_online(guest, spec, seed + 1, 300, "join", url, lambda line: None))
    try:
        ra, _ = await asyncio.wait_for(asyncio.gather(a, b), max(1.0, end - time.monotonic()))
        return int(ra["shots"])
    except TimeoutError:
        return 0


async def main_async(args, port: int, pid: int) -> None:
    url = f"ws://127.0.0.1:{port}"
    lat = Latency()
    game = recorded_game(args.mode, args.seed) if args.players == "replay" else []
    if game:
        print(f"recorded game: {len(game)} actions of {args.mode} (seed {args.seed})")
    warm = Link(url, Hello(PROTOCOL, __version__, "player", room="warm-up", create=True, mode=args.mode))
    await warm.open()  # the server's first room imports the game modules
    await warm.close()
    await asyncio.sleep(0.5)
    rss0, cpu0, t0 = proc_rss_mb(pid), proc_cpu_s(pid), time.monotonic()
    end = t0 + args.seconds
    if args.players == "replay":
        jobs = [
            replay_room(url, f"load{k}", game, args.mode, args.seed, args.think_s, end, lat) for k in range(args.rooms)
        ]
    else:
        jobs = [computer_room(url, f"load{k}", args.mode, args.seed + k, end) for k in range(args.rooms)]
    peak = [rss0]

    async def sample() -> None:
        while True:
            peak[0] = max(peak[0], proc_rss_mb(pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.get_running_loop().create_task(sample())
    shots = await asyncio.gather(*jobs, return_exceptions=True)
    sampler.cancel()
    wall = time.monotonic() - t0
    cpu = proc_cpu_s(pid) - cpu0
    ok = [s for s in shots if isinstance(s, int)]
    failed = [s for s in shots if not isinstance(s, int)]
    total = sum(ok)
    n = args.rooms
    print(
        f"rooms: {n} ({len(failed)} failed{': ' + repr(failed[0]) if failed else ''}), players: {args.players}, "
        f"wall {wall:.1f} s"
    )
    print(
        f"server CPU: {cpu:.2f} s in {wall:.1f} s wall ({100 * cpu / wall:.1f} % of a core); "
        f"{1000 * cpu / n / wall:.2f} ms CPU per room per second; "
        f"{1000 * cpu / max(total, 1):.2f} ms CPU per stroke relayed"
    )
    print(f"server memory: {rss0:.1f} MB idle, {peak[0]:.1f} MB peak: {1024 * (peak[0] - rss0) / n:.0f} kB per room")
    print(f"strokes relayed: {total} ({total / wall:.1f} per s)")
    if lat.ms:
        ms = np.array(lat.ms)
        print(
            f"strike-to-animation latency: median {np.median(ms):.2f} ms, p99 {np.percentile(ms, 99):.2f} ms, "
            f"max {ms.max():.2f} ms over {len(ms)} strokes"
        )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--players", choices=("replay", "computer"), default="replay")
    p.add_argument("--mode", default="9-ball")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--think-s", type=float, default=0.5, help="pause before each stroke (replay players)")
    p.add_argument("--store", action="store_true", help="let the server keep rooms on disk (a temporary folder)")
    args = p.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        extra = ["--max-rooms", str(args.rooms + 10), "--max-per-address", str(4 * args.rooms + 10)]
        extra += ["--data-dir", tmp] if args.store else ["--no-store"]
        server, port = start_server(extra)
        try:
            print(f"server pid {server.pid} on port {port}; storing rooms: {args.store}")
            asyncio.run(main_async(args, port, server.pid))
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
