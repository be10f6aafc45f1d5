"""The shot file of a shot played in the game: the exact ball states before the strike.

The game calls :func:`shot_from_balls` at the moment of the strike (before
``World.strike``) and hands the dict to :meth:`Recorder.record` when the balls have
stopped. Pocketed balls are left out; positions keep full float precision (JSON
round-trips Python floats exactly); velocities and spins are written only when not
zero; ``params`` become overrides of the table's preset, so ``billiard simulate`` on
the file starts from the very state and parameters the game's world had.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from billiard.physics.params import Params, preset
from billiard.physics.state import Balls, Motion
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT
from billiard.table import get_table


def shot_from_balls(balls: Balls, table: Any, strike: dict[str, Any], params: Params | None = None) -> dict[str, Any]:
    """A ``billiard-shot/1`` dict from the ball arrays before the strike.

    ``table``: the table spec (preset name); ``strike``: ``ball`` (id), ``speed``,
    ``heading_deg``, ``elevation_deg``, ``tip``; ``params``: the parameters the game uses.
    """
    out_balls = []
    for i, ball_id in enumerate(balls.ids):
        if balls.motion[i] == Motion.POCKETED or balls.pocket[i] is not None:
            continue
        entry: dict[str, Any] = {"id": ball_id, "pos": _floats(balls.pos[i])}
        if np.any(balls.vel[i]):
            entry["vel"] = _floats(balls.vel[i])
        if np.any(balls.omega[i]):
            entry["omega"] = _floats(balls.omega[i])
        out_balls.append(entry)
    shot: dict[str, Any] = {"format": SHOT_FORMAT, "table": table}
    if params is not None:
        overrides = _overrides(params, preset(get_table(table).ball_set))
        if overrides:
            shot["params"] = overrides
    shot["balls"] = out_balls
    shot["strike"] = {
        "ball": str(strike["ball"]),
        "speed": float(strike["speed"]),
        "heading_deg": float(strike["heading_deg"]),
        "elevation_deg": float(strike.get("elevation_deg", 0.0)),
        "tip": [float(v) for v in strike.get("tip", (0.0, 0.0))],
    }
    return shot


def _overrides(params: Params, base: Params) -> dict[str, float]:
    """The fields where ``params`` differs from ``base``, by name."""
    return {
        f.name: getattr(params, f.name)
        for f in dataclasses.fields(Params)
        if getattr(params, f.name) != getattr(base, f.name)
    }


def _floats(v: np.ndarray) -> list[float]:
    return [float(x) for x in v]
