"""The motion-state changes of the world step, each on the compiled kernels
(:mod:`billiard.physics.kernels.states`, :mod:`~billiard.physics.kernels.resolve`) or on the
numpy reference (:func:`motion.classify`, :func:`motion.end_transition`,
:func:`rest.stop_still`, :func:`flight.settle`), by the World's engine."""

from __future__ import annotations

import numpy as np

from billiard.physics.events import Event
from billiard.physics.flight import BED_LEVEL_TOL, LIFT_SPEED, settle
from billiard.physics.kernels.resolve import settle_rows
from billiard.physics.kernels.states import classify_rows, end_transition_one, stop_still_all, triples
from billiard.physics.motion import classify, end_transition
from billiard.physics.params import Params
from billiard.physics.pockets import Holes
from billiard.physics.rest import stop_still
from billiard.physics.state import Balls, Motion

LABELS = tuple(m.label for m in Motion)  # state labels by value (Motion(x) costs a microsecond)

Change = tuple[int, int, int]  # (ball, old state, new state)


def classify_rows_of(engine: str, balls: Balls, rows) -> list[Change]:
    """:func:`motion.classify` of balls ``rows``."""
    if engine != "compiled":
        return classify(balls, rows)
    rows = np.asarray(rows, dtype=np.int64).reshape(-1)
    changes = np.empty((len(rows), 3), dtype=np.int64)
    return triples(changes, classify_rows(balls.vel, balls.omega, balls.radius, balls.motion, rows, changes))


def end_transition_of(engine: str, balls: Balls, i: int) -> list[Change]:
    """:func:`motion.end_transition` of ball ``i``."""
    if engine != "compiled":
        return end_transition(balls, i)
    old = end_transition_one(balls.vel, balls.omega, balls.radius, balls.motion, i)
    new = int(balls.motion[i])
    return [(i, int(old), new)] if new != old else []


def stop_still_of(engine: str, balls: Balls) -> list[Change]:
    """:func:`rest.stop_still`."""
    if engine != "compiled":
        return stop_still(balls)
    changes = np.empty((len(balls), 3), dtype=np.int64)
    return triples(changes, stop_still_all(balls.vel, balls.omega, balls.radius, balls.motion, changes))


def settle_after_contact(
    engine: str, balls: Balls, rows: list[int], holes: Holes, params: Params, now: float
) -> list[Event]:
    """The bed's reaction after a contact (:func:`flight.settle` with ``impact=False``) for the
    balls of ``rows`` not over a hole."""
    if engine != "compiled":
        return settle(balls, holes.off_holes(balls, rows), params, now, impact=False)
    if not rows:
        return []
    rows_ = np.asarray(rows, dtype=np.int64)
    speed = np.empty(len(rows_))
    states = np.empty((len(rows_), 2), dtype=np.int64)
    settle_rows(
        balls.pos,
        balls.vel,
        balls.omega,
        balls.radius,
        balls.motion,
        rows_,
        params.e_table,
        params.mu_slide,
        False,
        LIFT_SPEED,
        BED_LEVEL_TOL,
        holes.center,
        holes.radius,
        speed,
        states,
    )
    events = []
    for i, v, (old, new) in zip(rows, speed.tolist(), states.tolist()):
        if v == v:  # not nan: the bed was hit
            events.append(Event(now, "ball-bed", (balls.ids[i],), {"speed": v}))
        if new != old:
            events.append(Event(now, "state", (balls.ids[i],), {"from": LABELS[old], "to": LABELS[new]}))
    return events
