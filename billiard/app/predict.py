"""The cue ball's full predicted path: the shot simulated by the physics engine on a copy of
the world (every bounce, collision and spin effect the engine models)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from billiard.app.controls import StrikeCommand
from billiard.errors import BilliardError
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.table.model import Table

if TYPE_CHECKING:
    from billiard.physics.world import WorldFactory

MAX_SECONDS = 8.0
SAMPLE_EVERY = 3  # ticks between path points


def predict_path(
    world_factory: WorldFactory, balls: Balls, table: Table, params: Params, cue: str, cmd: StrikeCommand
) -> np.ndarray:
    """Cue-ball centres (K, 3) from the strike until it stops (or ``MAX_SECONDS``)."""
    world = world_factory(balls.copy(), table, params)
    try:
        world.strike(cue, cmd.speed, cmd.heading_deg, cmd.elevation_deg, tuple(cmd.tip))
    except BilliardError:
        return np.zeros((0, 3))
    i = world.balls.index(cue)
    points = [world.balls.pos[i].copy()]
    for n in range(1, int(MAX_SECONDS / params.dt) + 1):
        world.step()
        if n % SAMPLE_EVERY == 0 or not world.moving():
            points.append(world.balls.pos[i].copy())
        if not world.moving():
            break
    return np.array(points)
