"""Memory soak (issue 20): resident size stays flat over many shots in one process.

``python benchmarks/soak_memory.py [--game 1000] [--simulate 10000]`` from the repo root runs
two processes one after the other: one plays ``--game`` scripted shots in game sessions (the
app's ``Session``: rules, fresh World per shot, respotting, a new game when one ends; strikes
drawn from a seeded generator), the other makes ``--simulate`` calls of
``billiard.simulate`` on break-like shots (shuffled rack, cue ball anywhere on the head
side). Each prints its resident set size (MB) at every 10 % and the growth per shot.
Prints numbers; never fails on them.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def _report(done: int, total: int, start_rss: float, t0: float) -> None:
    gc.collect()
    now = rss_mb()
    print(
        f"  {done:6d}/{total} shots  RSS {now:7.1f} MB  ({(now - start_rss) * 1000 / max(done, 1):+.2f} KB/shot)  "
        f"{time.perf_counter() - t0:6.1f} s",
        flush=True,
    )


def soak_game(shots: int) -> None:
    import numpy as np

    from billiard.app.controls import StrikeCommand
    from billiard.app.setup import new_session

    rng = np.random.default_rng(1)
    modes = ("8-ball", "9-ball", "snooker", "three-cushion")
    session = new_session(modes[0], seed=0)
    start, t0 = rss_mb(), time.perf_counter()
    print(f"game sessions: {shots} scripted shots, RSS at start {start:.1f} MB")
    for k in range(1, shots + 1):
        if session.rules.game_over or session.shots >= 60:
            session = new_session(modes[k % len(modes)], seed=k)
        cmd = StrikeCommand(
            float(rng.uniform(0.5, 9.0)),
            float(rng.uniform(0, 360)),
            0.0,
            (float(rng.uniform(-0.3, 0.3)), float(rng.uniform(-0.3, 0.3))),
        )
        session.strike(cmd)
        while session.in_shot:
            session.tick()
        if k % max(1, shots // 10) == 0:
            _report(k, shots, start, t0)


def soak_simulate(shots: int) -> None:
    import numpy as np

    import billiard

    rng = np.random.default_rng(2)
    start, t0 = rss_mb(), time.perf_counter()
    print(f"simulate(): {shots} break-like shots, RSS at start {start:.1f} MB")
    for k in range(1, shots + 1):
        shot = {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "rack": "9-ball",
            "seed": k,
            "cue": [float(rng.uniform(-1.1, -0.7)), float(rng.uniform(-0.5, 0.5))],
            "strike": {"ball": "cue", "speed": float(rng.uniform(6, 12)), "heading_deg": float(rng.uniform(-5, 5))},
        }
        shot["strike"]["heading_deg"] = float(np.degrees(np.arctan2(-shot["cue"][1], 0.635 - shot["cue"][0])))
        billiard.simulate(shot)
        if k % max(1, shots // 10) == 0:
            _report(k, shots, start, t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", type=int, default=1000, help="scripted game shots (0: skip)")
    ap.add_argument("--simulate", type=int, default=10_000, help="simulate() calls (0: skip)")
    ap.add_argument("--only", choices=("game", "simulate"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.only == "game":
        soak_game(args.game)
        return 0
    if args.only == "simulate":
        soak_simulate(args.simulate)
        return 0
    for kind, n in (("game", args.game), ("simulate", args.simulate)):
        if n > 0:  # each in a fresh process, so one cannot hide the other's growth
            subprocess.run([sys.executable, __file__, "--only", kind, f"--{kind}", str(n)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
