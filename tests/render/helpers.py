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
    pockets = [
        Pocket(f"corner-{sx}{sy}", (sx * (hl + off), sy * (hw + off)), 0.062, 0.118, "corner")
        for sx in (-1, 1)
        for sy in (-1, 1)
    ]
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


def rolling_replay() -> dict:
    """A simulated pool-9ft shot (cue ball rolling along +x past the 1 ball), as a replay dict
    in which the resting 9 ball is said to drop into a pocket at t = 0.5 s."""
    import billiard
    from billiard.shot.shotfile import Shot

    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "balls": [
                {"id": "cue", "pos": [-0.5, 0.0]},
                {"id": "1", "pos": [0.8, 0.3]},
                {"id": "9", "pos": [-0.9, -0.4]},
            ],
            "strike": {"ball": "cue", "speed": 1.0, "heading_deg": 0.0},
        }
    )
    data = billiard.simulate(shot).to_dict()
    data["events"] = sorted(
        data["events"] + [{"t": 0.5, "type": "ball-pocket", "balls": ["9"], "pocket": "corner-bottom-left"}],
        key=lambda e: e["t"],
    )
    data["final"]["9"] = {"pos": [-1.29, -0.656, -0.1], "state": "pocketed", "pocket": "corner-bottom-left"}
    return data
