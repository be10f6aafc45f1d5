"""Compiled motion-state bookkeeping: :func:`billiard.physics.motion.classify`,
:func:`billiard.physics.motion.end_transition` and :func:`billiard.physics.rest.stop_still`
(the numpy references), one call for all rows.

Same tests, same thresholds, same order of operations as the references; each kernel writes
the ``(ball, old state, new state)`` triples of the balls whose state changed into ``changes``
and returns how many it wrote.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit
from billiard.physics.motion import ROLL_STOP_SPEED, SLIP_EPS, SPEED_EPS
from billiard.physics.rest import STILL_SPEED
from billiard.physics.state import AIRBORNE, POCKETED, REST, ROLLING, SLIDING, SPINNING

_SLIP2 = SLIP_EPS**2
_SPEED2 = SPEED_EPS**2
_ROLL_ON = ROLL_STOP_SPEED * (1.0 + 1e-6)


@njit
def classify_one(vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, motion: np.ndarray, i: int) -> int:
    """:func:`motion.classify` of ball ``i`` (on the bed), in place; its old state."""
    old = motion[i]
    if old == POCKETED or old == AIRBORNE:
        return old
    vel[i, 2] = 0.0
    r = radius[i]
    ux = vel[i, 0] - r * omega[i, 1]
    uy = vel[i, 1] + r * omega[i, 0]
    if ux * ux + uy * uy > _SLIP2:
        new = SLIDING
    elif vel[i, 0] * vel[i, 0] + vel[i, 1] * vel[i, 1] > _SPEED2:
        new = ROLLING
        omega[i, 0] = -vel[i, 1] / r
        omega[i, 1] = vel[i, 0] / r
    elif math.fabs(omega[i, 2]) * r > SPEED_EPS:
        new = SPINNING
        vel[i, 0] = vel[i, 1] = vel[i, 2] = 0.0
        omega[i, 0] = omega[i, 1] = 0.0
    else:
        new = REST
        vel[i, 0] = vel[i, 1] = vel[i, 2] = 0.0
        omega[i, 0] = omega[i, 1] = omega[i, 2] = 0.0
    motion[i] = new
    return old


@njit
def classify_rows(
    vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, motion: np.ndarray, rows: np.ndarray, changes: np.ndarray
) -> int:
    """:func:`motion.classify` of balls ``rows`` (those on the bed), in place."""
    n = 0
    for k in range(rows.shape[0]):
        i = rows[k]
        old = classify_one(vel, omega, radius, motion, i)
        if motion[i] != old:
            changes[n, 0], changes[n, 1], changes[n, 2] = i, old, motion[i]
            n += 1
    return n


@njit
def end_transition_one(vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, motion: np.ndarray, i: int) -> int:
    """:func:`motion.end_transition`: ball i reached its transition time, snapped to the exact
    end state and classified, in place; its old state."""
    m = motion[i]
    r = radius[i]
    if m == SLIDING:
        omega[i, 0] = -vel[i, 1] / r
        omega[i, 1] = vel[i, 0] / r
    elif m == ROLLING:
        if not math.hypot(vel[i, 0], vel[i, 1]) > _ROLL_ON:  # else a torque-rolling re-plan time
            vel[i, 0] = vel[i, 1] = vel[i, 2] = 0.0
            omega[i, 0] = omega[i, 1] = 0.0
    elif m == SPINNING:
        omega[i, 0] = omega[i, 1] = omega[i, 2] = 0.0
    return classify_one(vel, omega, radius, motion, i)


@njit
def stop_still_all(
    vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, motion: np.ndarray, changes: np.ndarray
) -> int:
    """:func:`rest.stop_still`: balls on the bed with speed and R|omega| below STILL_SPEED to rest."""
    n = 0
    for i in range(motion.shape[0]):
        old = motion[i]
        if old < SPINNING or old > ROLLING:
            continue
        speed = math.sqrt(vel[i, 0] * vel[i, 0] + vel[i, 1] * vel[i, 1] + vel[i, 2] * vel[i, 2])
        spin = radius[i] * math.sqrt(omega[i, 0] * omega[i, 0] + omega[i, 1] * omega[i, 1] + omega[i, 2] * omega[i, 2])
        if speed < STILL_SPEED and spin < STILL_SPEED:
            changes[n, 0], changes[n, 1], changes[n, 2] = i, old, REST
            n += 1
            vel[i, 0] = vel[i, 1] = vel[i, 2] = 0.0
            omega[i, 0] = omega[i, 1] = omega[i, 2] = 0.0
            motion[i] = REST
    return n


def triples(changes: np.ndarray, n: int) -> list[tuple[int, int, int]]:
    """The first ``n`` rows of ``changes`` as the references' list of (ball, old, new)."""
    return [(int(a), int(b), int(c)) for a, b, c in changes[:n].tolist()] if n else []
