"""Six degrees of freedom: leaving the bed, ballistic flight, landing (seed 004 §2.1, §4.1 note).

A ball on the bed that receives a downward velocity is pushed back by the bed: the bed is
an immovable body for seed 004 §4.2's impulse with the cloth's friction ``mu_slide``. An
impact on the bed (the elevated cue driving the ball into the slate, a landing) bounces
with ``e_table``; a push through a contact the ball keeps with the bed all along (a cushion
nose above the centre, another ball) is absorbed (restitution 0, as the cushion models of
Mathavan et al. 2010 keep the bed contact), so a ball only rides up a cushion when the
cushion's friction lifts it more than the tilted normal presses it down. If it then moves up faster than LIFT_SPEED it flies: gravity only, spin kept
(no contact, no torque), until its centre is back at z = R, where the same bed impulse
makes it bounce. Once a bounce would rise less than ~0.5 mm (LIFT_SPEED) the ball is put
back on the bed (seed 004 §4.1: "plaquer la boule au sol lorsque l'énergie cinétique est
faible") and its motion state is classified again.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.events import Event
from billiard.physics.impulse import sphere_impulse
from billiard.physics.motion import classify
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion

OFF_TABLE = "off-table"  # pocket name of a ball that flew off the table
LIFT_SPEED = 0.1  # m/s upward: a hop of v^2 / 2g ~ 0.5 mm; slower bounces stay on the bed
BED_LEVEL_TOL = 1e-9  # m: a centre this close to z = R is on the bed
UP = np.array([0.0, 0.0, 1.0])
ZERO = np.zeros(3)


def _bed_bounce(balls: Balls, i: int, restitution: float, friction: float) -> float:
    """Seed 004 §4.2 with the bed (n = +z, immovable); returns the approach speed."""
    dv, dw, v_star = sphere_impulse(
        balls.vel[i],
        balls.omega[i],
        balls.radius[i],
        balls.mass[i],
        ZERO,
        ZERO,
        0.0,
        math.inf,
        UP,
        restitution,
        friction,
    )
    balls.vel[i] += dv
    balls.omega[i] += dw
    return v_star


def settle(balls: Balls, idx, params: Params, t: float, impact: bool = True, friction: bool = True) -> list[Event]:
    """Bed reaction for balls ``idx`` at bed level: bounce, lift off, or put back on the bed.

    ``impact``: the bed is hit (restitution e_table) rather than pressed through a lasting
    contact (restitution 0). ``friction``: the cloth's friction acts during the bed impulse
    (not for the cue's own push, which is part of the strike). Returns the ``ball-bed`` and
    ``state`` events. Balls in mid-air or pocketed are left alone.
    """
    events: list[Event] = []
    for i in np.atleast_1d(idx):
        i = int(i)
        old = int(balls.motion[i])
        if old == Motion.POCKETED or balls.pos[i, 2] > balls.radius[i] + BED_LEVEL_TOL:
            continue
        if balls.vel[i, 2] < 0.0:
            hit = impact or old == Motion.AIRBORNE
            speed = _bed_bounce(balls, i, params.e_table if hit else 0.0, params.mu_slide if friction else 0.0)
            if hit:
                events.append(Event(t, "ball-bed", (balls.ids[i],), {"speed": float(speed)}))
        if balls.vel[i, 2] > LIFT_SPEED:
            balls.motion[i] = Motion.AIRBORNE
        else:
            balls.vel[i, 2] = 0.0
            balls.pos[i, 2] = balls.radius[i]
            if old == Motion.AIRBORNE:
                balls.motion[i] = Motion.SLIDING  # any bed state; classify picks the right one
            classify(balls, i)
        new = int(balls.motion[i])
        if new != old:
            events.append(Event(t, "state", (balls.ids[i],), {"from": Motion(old).label, "to": Motion(new).label}))
    return events


def land(balls: Balls, i: int, params: Params, t: float, half_length: float, half_width: float) -> list[Event]:
    """A flying ball came down to bed level: snap to z = R and bounce, or, if it came down
    beyond the cushion noses (|x| > half_length or |y| > half_width: it flew over a cushion),
    take it off the table: pocketed in the pseudo-pocket OFF_TABLE, never left behind a cushion."""
    balls.pos[i, 2] = balls.radius[i]
    if abs(balls.pos[i, 0]) > half_length or abs(balls.pos[i, 1]) > half_width:
        balls.vel[i] = 0.0
        balls.omega[i] = 0.0
        balls.motion[i] = Motion.POCKETED
        balls.pocket[i] = OFF_TABLE
        return [
            Event(t, "ball-pocket", (balls.ids[i],), {"pocket": OFF_TABLE}),
            Event(t, "state", (balls.ids[i],), {"from": Motion.AIRBORNE.label, "to": Motion.POCKETED.label}),
        ]
    return settle(balls, [i], params, t)
