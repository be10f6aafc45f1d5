"""8-ball run-outs with parts of the arm's noise switched off (the fourteenth session's probe;
docs/computer-player.md, "Run-outs and break-and-run, level 5 (fourteenth session)"). The
search is level 5's as it is; only the strike as played changes: the arm draws its five
normals as always (so the racks stay paired with main's records) and the parts not in
MASK are set to zero. MASK lists speed, heading, elevation, tip side, tip height (1: kept).
Run from the repository root:

    MASK=01111 python benchmarks/results/s14_trials/arm_parts.py 1000 60 out.json
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402

from ai_bench_records import _runout_record  # noqa: E402
from billiard.ai.noise import Noise  # noqa: E402
from billiard.ai.player import ComputerPlayer  # noqa: E402

MASK = np.array([float(c) for c in os.environ.get("MASK", "11111")])


def execute(self, strike, radius):
    """The level's arm with the masked parts of its draws set to zero."""
    return Noise(self.level.noise, radius).apply(strike, self.arm, self.arm.standard_normal(5) * MASK)


def main() -> None:
    first, n, out = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    ComputerPlayer.execute = execute
    ran: dict[int, bool | None] = {}
    for seed in range(first, first + n):
        ran[seed] = _runout_record(5, seed, None)["ran"]
        print(f"rack {seed}: {ran[seed]}; {sum(1 for v in ran.values() if v)} of {len(ran)} run out", flush=True)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(ran))
        tmp.replace(out)


if __name__ == "__main__":
    main()
