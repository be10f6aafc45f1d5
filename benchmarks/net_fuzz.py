"""Protocol fuzz (issue 26): ``python benchmarks/net_fuzz.py [--messages 1000]``.

Starts ``billiard serve`` as its own process, has two computer players (level 1) play whole
matches in it, one after the other, while a rogue client sends ``--messages`` hostile
messages, every kind of ``billiard.net.hostile`` in turn, each on a connection of its own.
Prints: how many were refused with one error line (each offender dropped), the matches
finished and whether both sides ended the same, the server's memory (after the first tenth
of the attacks, when its allocations have settled, and at the end) and its room files
(nothing a rogue sent before a match started is written). Exit 1 if an attack was accepted
or a match broke; numbers only for the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from websockets.exceptions import ConnectionClosed

from billiard import __version__
from billiard.ai import PlayerSpec
from billiard.net.client import Link
from billiard.net.hostile import KINDS, NotRefused, attack
from billiard.net.messages import PROTOCOL, Hello
from billiard.net.player import run_online

sys.path.insert(0, str(Path(__file__).resolve().parent))
from net_load import proc_cpu_s, proc_rss_mb, start_server


async def matches(url: str, stop: asyncio.Event, results: list, current: list) -> None:
    """Whole 9-ball matches, one after the other, until the attacks are over; ``current[0]``
    the room of the match under way."""
    k = 0
    while not stop.is_set():
        room, spec = f"match{k}", PlayerSpec("computer", 1)
        current[0] = room
        host = Link(url, Hello(PROTOCOL, __version__, "player", room=room, create=True, mode="9-ball", seed=k))
        a = asyncio.create_task(run_online(host, spec, k, 300, "host", url, lambda line: None))
        while host.welcome is None:
            await asyncio.sleep(0.01)
        guest = Link(url, Hello(PROTOCOL, __version__, "player", room=room))
        b = asyncio.create_task(run_online(guest, spec, k + 1, 300, "join", url, lambda line: None))
        ra, rb = await asyncio.gather(a, b)
        results.append(
            ra["game_over"]
            and ra["strikes"] == rb["strikes"]
            and ra["balls"] == rb["balls"]
            and ra["winner"] == rb["winner"]
        )
        k += 1


async def main_async(n: int, port: int, pid: int, rooms: Path) -> int:
    url = f"ws://127.0.0.1:{port}"
    stop = asyncio.Event()
    results: list[bool] = []
    current = ["match0"]
    games = asyncio.get_running_loop().create_task(matches(url, stop, results, current))
    while not results and not games.done() and not list(rooms.glob("match0.json")):
        await asyncio.sleep(0.05)  # a match is under way
    rng = random.Random(26)
    refused: dict[str, int] = dict.fromkeys(KINDS, 0)
    accepted: list[str] = []
    troubles: list[str] = []
    rss_settled = None
    t0, c0 = time.perf_counter(), proc_cpu_s(pid)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        try:
            line = await attack(url, kind, current[0], rng)
            refused[kind] += bool(line) and "\n" not in line
        except NotRefused as exc:
            accepted.append(f"{kind}: {exc}")
        except (TimeoutError, ConnectionClosed, OSError) as exc:  # the loaded machine, not a refusal
            troubles.append(f"{kind}: {type(exc).__name__}: {exc}")
        if i == n // 10:
            rss_settled = proc_rss_mb(pid)
        if (i + 1) % 100 == 0:
            print(
                f"  {i + 1}/{n} attacks, {time.perf_counter() - t0:.1f} s, server {proc_rss_mb(pid):.1f} MB", flush=True
            )
    wall, cpu = time.perf_counter() - t0, proc_cpu_s(pid) - c0
    rss_end = proc_rss_mb(pid)
    stop.set()
    await games
    files = sorted(p.name for p in rooms.glob("*.json"))
    print(f"{n} hostile messages in {wall:.1f} s wall, server CPU {cpu:.2f} s")
    print("refused with one error line, by kind: " + ", ".join(f"{k} {v}" for k, v in refused.items()))
    print(f"accepted (should be none): {len(accepted)}" + (f": {accepted[:3]}" if accepted else ""))
    print(f"connection trouble (no answer, timeouts): {len(troubles)}" + (f": {troubles[:3]}" if troubles else ""))
    print(f"matches played meanwhile: {len(results)}, all ended the same on both sides: {all(results)}")
    print(
        f"server memory: {rss_settled:.1f} MB after {n // 10 + 1} attacks, {rss_end:.1f} MB after {n} "
        f"({rss_end - (rss_settled or rss_end):+.1f} MB)"
    )
    print(f"room files on disk: {files}")
    rogue_files = [f for f in files if not f.startswith("match")]
    return 0 if not accepted and all(results) and results and not rogue_files else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--messages", type=int, default=1000)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server, port = start_server(["--data-dir", tmp, "--max-per-address", "64"])
        try:
            return asyncio.run(main_async(args.messages, port, server.pid, Path(tmp) / "rooms"))
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
