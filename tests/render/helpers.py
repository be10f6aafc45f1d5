"""Scenes for the render tests: a hand-made pool table with six pockets and a rack of balls."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from billiard.render.scene import BallView
from billiard.table.model import Pocket, Table
from billiard.table.rectangle import rectangle_table

R = 0.028575


def pocket_table(length: float = 2.54, width: float = 1.27) -> Table:
    """A 9 ft pool table stand-in: corner pockets just outside the corners, side pockets mid-length."""
    base = rectangle_table("test-pool", length, width, 0.036576, R)
    hl, hw, off = length / 2, width / 2, 0.028
    pockets = [Pocket(f"corner-{sx}{sy}", (sx * (hl + off), sy * (hw + off)), 0.062, 0.118, "corner")
               for sx in (-1, 1) for sy in (-1, 1)]
    pockets += [Pocket(f"side-{sy}", (0.0, sy * (hw + 0.045)), 0.066, 0.132, "side") for sy in (-1, 1)]
    return dataclasses.replace(base, pockets=tuple(pockets))


def rack(table: Table) -> BallView:
    """Cue ball at the head spot, 15 balls racked at the foot spot (8 in the middle)."""
    order = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
    pos = [(-table.length / 4, 0.0, R)]
    k = 0
    for row in range(5):
        for j in range(row + 1):
            x = table.length / 4 + row * 2 * R * math.sqrt(3) / 2 * 1.01
            y = (j - row / 2) * 2 * R * 1.01
            pos.append((x, y, R))
            k += 1
    ids = ["cue"] + [str(n) for n in order]
    return BallView.create(ids, np.array(pos), radius=R)


def rolling_replay(duration: float = 1.0, fps: int = 30) -> dict:
    """A replay dict: the cue ball rolls along +x at 1 m/s (turning about +y as rolling
    demands), the 1 ball rests, the 9 ball drops into a pocket at t = 0.5 s."""
    from billiard.render.transforms import quat_from_axis_angle

    t = np.arange(0.0, duration + 1e-9, 1.0 / fps)
    cue_pos = [[-0.5 + 1.0 * ti, 0.0, R] for ti in t]
    cue_quat = [quat_from_axis_angle((0.0, 1.0, 0.0), 1.0 * ti / R).tolist() for ti in t]
    still = lambda p: {"pos": [list(p)] * len(t), "quat": [[1.0, 0.0, 0.0, 0.0]] * len(t)}  # noqa: E731
    return {
        "format": "billiard-replay/1", "engine": "billiard test", "table": {"length": 2.54, "width": 1.27},
        "shot": {"strike": {"ball": "cue", "heading_deg": 0.0}}, "params": {"ball_radius": R}, "fps": fps,
        "events": [{"t": 0.5, "type": "ball-pocket", "balls": ["9"], "info": {"pocket": "corner"}}],
        "samples": {"t": t.tolist(), "balls": {"cue": {"pos": cue_pos, "quat": cue_quat},
                                               "1": still((0.8, 0.3, R)), "9": still((-0.9, -0.4, R))}},
        "final": {"cue": {"pos": cue_pos[-1], "state": "rolling", "pocket": None},
                  "1": {"pos": [0.8, 0.3, R], "state": "rest", "pocket": None},
                  "9": {"pos": [-0.9, -0.4, R], "state": "pocketed", "pocket": "corner"}},
    }
