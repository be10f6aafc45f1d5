"""Rendering speed of the full scene (room, table, 16 balls, cue, aim aids) at 1280x720 and 1920x1080 for each
quality level: ``python benchmarks/bench_render.py [FRAMES]``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from billiard.validation.render_bench import measure

if __name__ == "__main__":
    measure(frames=int(sys.argv[1]) if len(sys.argv) > 1 else 120)
