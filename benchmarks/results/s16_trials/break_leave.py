"""The sixteenth session's break probes (docs/computer-player.md, "The break's leave (sixteenth
session)"): 9-ball breaks played by ``benchmarks/break_study.py``'s ``study`` on many racks,
with the leave after a kept break counted. Run from the repository root:

    python benchmarks/results/s16_trials/break_leave.py check 6000 1000
    python benchmarks/results/s16_trials/break_leave.py cut 6000 1000

``check``: the twelve best breaks of the grid on racks 5000-5099 (``break_leave_grid_5000.txt``)
again on more racks. ``cut``: the book's first break aimed a fraction of a ball's width beside
the head ball's centre (positive: towards +y) instead of full.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import break_study  # noqa: E402

from billiard.ai.break_book import BookBreak, book_breaks  # noqa: E402
from billiard.ai.geometry import Layout, heading_to  # noqa: E402
from billiard.ai.strike import Strike  # noqa: E402

GRID_BEST = (
    (-0.3, 12.0, 0.1),
    (-0.3, 11.25, 0.3),
    (-0.15, 12.0, 0.2),
    (0.0, 12.0, 0.1),
    (0.3, 11.25, 0.2),
    (-0.3, 12.0, 0.3),
    (0.0, 11.25, -0.1),
    (0.3, 12.0, 0.0),
    (0.15, 12.0, 0.2),
    (-0.3, 11.25, 0.2),
    (0.3, 12.0, 0.2),
    (0.3, 11.25, 0.1),
)
CUTS = (-0.15, -0.08, 0.0, 0.08, 0.15)


def aimed_beside(offset: float):
    """``break_study.set_up`` with the aim ``offset`` ball widths beside the head ball."""
    plain = break_study.set_up

    def set_up(mode: str, b: BookBreak, seed: int):
        sit, place, strike, r = plain(mode, b, seed)
        layout = Layout.of(sit.balls)
        head = min((k for k in layout.ids if k != sit.rules.cue), key=lambda k: layout.at(k)[0])
        aim = layout.at(head) + np.array([0.0, offset * 2 * r])
        return sit, place, Strike(b.speed, heading_to(np.asarray(place), aim), 0.0, strike.tip), r

    return set_up


def show(label: str, f: dict) -> None:
    print(label, " ".join(f"{k} {v:.3f}" for k, v in f.items()), flush=True)


def main() -> None:
    what, first, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if what == "check":
        for c in GRID_BEST:
            show(str(c), break_study.study("9-ball", BookBreak(*c), n, first))
    else:
        plain = break_study.set_up
        book = book_breaks("9-ball")[0]
        for off in CUTS:
            break_study.set_up = aimed_beside(off)
            show(f"{book} {off}", break_study.study("9-ball", book, n, first))
        break_study.set_up = plain


if __name__ == "__main__":
    main()
