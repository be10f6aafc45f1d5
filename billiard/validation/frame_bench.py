"""Frame times of a scripted 9-ball session (issue 28), for ``billiard bench --physics``.

A fresh ``billiard play --headless`` process at 1280x720, ``low`` quality: the player breaks
with the mouse (top view, press on the rack, draw back, push) and the balls run for the rest
of the script. The summary's frame figures (whole frames: update, draw and the swap, wall
time) are read back: p50, p99, worst, and the frames after the first over 33 ms."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

SIZE = (1280, 720)


def break_script(duration: float = 6.0) -> dict:
    """The script: V (top view), ENTER (the cue ball in hand stays where it is), then a 9-ball
    break by the mouse at the foot spot."""
    from billiard.app.layout import HudLayout
    from billiard.display.cameras import framed_top_camera
    from billiard.physics.params import POOL
    from billiard.table import get_table

    cam = framed_top_camera(get_table("pool-9ft"), HudLayout.for_size(*SIZE))
    col, row = cam.project((0.635, 0.0, POOL.ball_radius), SIZE)
    x, y = float(col), float(SIZE[1] - row)
    events: list[dict] = [
        {"t": 0.0, "type": "key_press", "symbol": "V"},
        {"t": 0.1, "type": "key_press", "symbol": "ENTER"},  # the cue ball in hand: down
        {"t": 0.5, "type": "mouse_motion", "x": x, "y": y, "dx": 1, "dy": 0},
        {"t": 0.55, "type": "mouse_press", "x": x, "y": y, "button": "left"},
    ]
    t, back = 0.55, 90.0
    for k in range(6):  # draw back 90 px in 0.3 s
        t += 0.05
        events.append(
            {
                "t": t,
                "type": "mouse_drag",
                "x": x,
                "y": y - back * (k + 1) / 6,
                "dx": 0,
                "dy": -back / 6,
                "buttons": ["left"],
            }
        )
    for k in range(6):  # and push through in 0.1 s
        t += 0.1 / 6
        events.append(
            {
                "t": t,
                "type": "mouse_drag",
                "x": x,
                "y": y - back + back * (k + 1) / 6,
                "dx": 0,
                "dy": back / 6,
                "buttons": ["left"],
            }
        )
    events.append({"t": t + 0.01, "type": "mouse_release", "x": x, "y": y, "button": "left"})
    return {"mode": "9-ball", "duration": duration, "seed": 1, "events": events}


@dataclass(frozen=True)
class FrameFigures:
    frames: int
    shots: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    slow_frames: int
    wall_s: float
    worst: tuple[dict, ...] = ()  # the slowest frames after the first (the summary's slow_frame_log)
    window: bool = False  # the real window (intervals between frames), not headless (frame work)

    def line(self) -> str:
        where = "real window, break and a computer's turn" if self.window else "headless"
        text = (
            f"scripted 9-ball break ({where}), {SIZE[0]}x{SIZE[1]} low, fresh process: {self.frames} frames, "
            f"{self.shots} shot(s): p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms, "
            f"max {self.max_ms:.1f} ms, {self.slow_frames} frames over 33 ms after the first "
            f"({self.wall_s:.1f} s wall)"
        )
        if self.worst:
            parts = [
                f"{e['ms']:.0f} ms at {e['t']:.2f} s (update {e['update_ms']:.0f}, draw {e['draw_ms']:.0f}, "
                f"swap {e['swap_ms']:.0f}, outside {e['outside_ms']:.0f})"
                for e in self.worst
            ]
            text += "\n  slowest after the first: " + "; ".join(parts)
        return text


def session_frames(duration: float = 6.0, window: bool = False) -> FrameFigures:
    """Play :func:`break_script` in a fresh process; its frame figures. ``window``: in the
    real window (a display is needed), at real times, against a level-2 computer that takes
    its turn after the break: the figures are then the intervals between frames."""
    import time

    with tempfile.TemporaryDirectory(prefix="billiard-frames-") as tmp:
        script, summary = Path(tmp) / "script.json", Path(tmp) / "summary.json"
        script.write_text(json.dumps(break_script(duration)))
        how = ["--players", "human,computer:2"] if window else ["--headless", "--fps", "60"]
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "billiard",
                "play",
                *how,
                "--script",
                str(script),
                "--summary",
                str(summary),
                "--size",
                "%dx%d" % SIZE,
                "--quality",
                "low",
                "--no-record",
                "--mute",
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - start
        out = json.loads(summary.read_text())
    return FrameFigures(
        out["frames"],
        out["shots"],
        out.get("frame_ms_p50", float("nan")),
        out["frame_ms_p99"],
        out["max_frame_ms"],
        out["slow_frames"],
        wall,
        tuple(sorted(out.get("slow_frame_log", []), key=lambda e: -e["ms"])[:3]),
        window,
    )
