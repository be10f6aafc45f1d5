"""Where main's failed 8-ball run-outs end (the fourteenth session's count; docs/computer-
player.md): each failed rack by the balls the runner still had to pot before the shot that
ended it (its group balls, or 0 when only the 8 was left), and the hazard at each stage
(failures there over the racks that reached it). Run from the repository root:

    python benchmarks/results/s14_trials/stage_hazard.py FILE.json...
"""

from __future__ import annotations

import json
import sys
from collections import Counter


def main() -> None:
    racks = []
    for path in sys.argv[1:]:
        racks += list(json.load(open(path))["runouts"]["5"].values())
    ran = sum(1 for r in racks if r["ran"])
    fail: Counter = Counter()
    kinds: Counter = Counter()
    for r in racks:
        if r["ran"] is False and "end" in r:
            left = r["end"]["left"]
            stage = 0 if list(left) == ["8"] else min(len(left), 8)
            fail[stage] += 1
            kinds[stage, "no pot played" if r["end"]["kind"] in ("safety", "kick") else "pot played"] += 1
    print(f"{len(racks)} racks, {ran} run out")
    print("balls to pot before the 8 | racks that got there | failed there | hazard | of which no pot played")
    for stage in range(0, 9):
        reached = ran + sum(fail[t] for t in range(0, stage + 1))
        if reached:
            name = "8+ (open table)" if stage == 8 else str(stage)
            print(f"{name} | {reached} | {fail[stage]} | {fail[stage] / reached:.3f} | {kinds[stage, 'no pot played']}")


if __name__ == "__main__":
    main()
