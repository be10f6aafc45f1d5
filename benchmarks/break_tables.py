"""Breaks on the pool-9ft table (issue 4): the 9-ball and 8-ball racks broken from the head
spot at break speed, seeded racks; prints balls pocketed and time per break.

``python benchmarks/break_tables.py [--breaks 10] [--speed 11]`` from the repo root.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.shot.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaks", type=int, default=10, help="breaks per rack")
    ap.add_argument("--speed", type=float, default=11.0, help="cue ball speed, m/s")
    args = ap.parse_args(argv)
    print(f"{'rack':8} {'breaks':>6} {'pocketed':>8} {'per break':>9} {'cue ball in':>11} {'ms/break':>9}")
    for rack in ("9-ball", "8-ball"):
        pocketed = scratches = 0
        t0 = time.perf_counter()
        for seed in range(args.breaks):
            shot = {
                "format": "billiard-shot/1",
                "table": "pool-9ft",
                "rack": rack,
                "seed": seed,
                "strike": {
                    "ball": "cue",
                    "speed": args.speed,
                    "heading_deg": 0.0,
                    "elevation_deg": 0.0,
                    "tip": [0.0, 0.0],
                },
            }
            final = simulate(shot).final
            pocketed += sum(1 for b, f in final.items() if f.pocket and b != "cue")
            scratches += final["cue"].pocket is not None
        ms = (time.perf_counter() - t0) * 1000 / args.breaks
        print(f"{rack:8} {args.breaks:6d} {pocketed:8d} {pocketed / args.breaks:9.2f} {scratches:11d} {ms:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
