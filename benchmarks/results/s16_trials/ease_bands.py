"""Break-and-run by what the break left (docs/computer-player.md, "The break's leave
(sixteenth session)"): main's 9-ball break-and-run records of racks 1000-1299 with the new
``ease`` field, sorted by the ease of the easiest pot on the lowest ball after a kept break.
Run from the repository root: ``python benchmarks/results/s16_trials/ease_bands.py``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
BANDS = ((0.0, 1e-9), (1e-9, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01))


def main() -> None:
    recs: dict[str, dict] = {}
    for name in ("ease_br_1000.json", "ease_br_1150.json"):
        recs.update(json.loads((HERE / name).read_text())["breakruns"]["5"])
    kept = [v for v in recs.values() if v["kept"]]
    ran = sum(v["ran"] for v in recs.values())
    print(f"{len(recs)} racks, {len(kept)} breaks kept the table, {ran} break-and-runs")
    print(
        f"{'ease after the break':>22} {'kept':>5} {'ran':>4} {'rate':>5} {'lost on the next shot':>22}  how the failed runs ended"
    )
    for lo, hi in BANDS:
        sel = [v for v in kept if "ease" in v and lo <= v["ease"] < hi]
        won = sum(v["ran"] for v in sel)
        first = sum(1 for v in sel if not v["ran"] and v["shots"] == 2)
        ends = Counter(v.get("end") for v in sel if not v["ran"])
        label = "none" if hi < 1e-6 else f"{lo:.2f} to {min(hi, 1.0):.2f}"
        print(
            f"{label:>22} {len(sel):5d} {won:4d} {won / max(len(sel), 1):5.0%} {first:22d}  {dict(ends.most_common())}"
        )


if __name__ == "__main__":
    main()
