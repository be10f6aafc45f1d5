"""Stop nearly-still balls (seed 004 §3 step 1).

With exact transition times a ball normally reaches rest through its rolling -> rest or
spinning -> rest event; this catches the round-off leftovers of collisions (e.g. a stun
shot's cue ball keeping 1e-17 m/s), which would otherwise keep the table "moving".
"""

from __future__ import annotations

import numpy as np

from billiard.physics.motion import on_bed
from billiard.physics.state import Balls, Motion

STILL_SPEED = 1e-6  # m/s, for the centre speed and for R |omega|


def stop_still(balls: Balls) -> list[tuple[int, int, int]]:
    """Put balls on the bed with speed and R|omega| below STILL_SPEED to rest."""
    moving = on_bed(balls.motion)
    if not moving.any():
        return []
    speed = np.sqrt(np.einsum("ij,ij->i", balls.vel, balls.vel))
    spin = balls.radius * np.sqrt(np.einsum("ij,ij->i", balls.omega, balls.omega))
    still = moving & (speed < STILL_SPEED) & (spin < STILL_SPEED)
    changes = []
    for i in np.nonzero(still)[0]:
        changes.append((int(i), int(balls.motion[i]), int(Motion.REST)))
        balls.vel[i] = 0.0
        balls.omega[i] = 0.0
        balls.motion[i] = Motion.REST
    return changes
