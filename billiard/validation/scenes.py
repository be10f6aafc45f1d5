"""Small worlds for the checks: a few balls on a big pocketless table, stepped until
something happens. Everything goes through the public engine API (World, strike, step)."""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

import numpy as np

from billiard.physics.events import Event
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.physics.world import World, WorldFactory
from billiard.shot.shotfile import BallSpec
from billiard.shot.simulate import make_balls
from billiard.table import get_table
from billiard.validation.break_scene import rack_positions

BIG_TABLE = {"length": 8.0, "width": 4.0}  # room for a 3 m rolling stop, far from cushions


def world(
    specs: Iterable[BallSpec],
    base: Params,
    overrides: Mapping[str, float | str] | None = None,
    table_spec=None,
    factory: WorldFactory = World,
) -> World:
    """A world with ``specs`` (pool-sized by ``base``) on ``table_spec`` (default: BIG_TABLE)."""
    params = base.with_overrides(dict(overrides or {}))
    return factory(make_balls(specs, params), get_table(table_spec or BIG_TABLE), params)


def rolling(ball_id: str, pos, speed: float, radius: float, spin_ratio: float = 1.0) -> BallSpec:
    """A ball moving along +x at ``speed`` with topspin ``spin_ratio`` x the rolling spin
    (1 rolls, 0 is a stun, -1 full backspin)."""
    return BallSpec(ball_id, tuple(pos), (speed, 0.0), (0.0, spin_ratio * speed / radius, 0.0))


def run_until(w: World, done: Callable[[list[Event]], bool], max_time: float = 30.0) -> list[Event]:
    """Step until ``done(events so far)`` or nothing moves or ``max_time``; all events."""
    events: list[Event] = []
    while w.t < max_time:
        events += w.step()
        if done(events) or not w.moving():
            break
    return events


def first(
    events: list[Event], kind: str, ball: str | None = None, to: str | None = None, after: float = -1.0
) -> Event | None:
    """The first event of ``kind`` (for ``ball``, into state ``to``) at or after ``after``."""
    for e in events:
        if (
            e.type == kind
            and e.t >= after
            and (ball is None or ball in e.balls)
            and (to is None or e.info.get("to") == to)
        ):
            return e
    return None


def rolling_again(*ball_ids: str) -> Callable[[list[Event]], bool]:
    """A ``done`` test for :func:`run_until`: each ball rolls again after the first ball-ball hit."""

    def done(events: list[Event]) -> bool:
        hit = first(events, "ball-ball")
        return hit is not None and all(
            first(events, "state", b, to="rolling", after=hit.t) is not None for b in ball_ids
        )

    return done


def energy(b: Balls, g: float) -> float:
    """Kinetic (translation + rotation, I = 2/5 m R^2) plus potential energy above the bed, J."""
    inertia = 0.4 * b.mass * b.radius**2
    return float(
        0.5 * (b.mass * np.einsum("ij,ij->i", b.vel, b.vel)).sum()
        + 0.5 * (inertia * np.einsum("ij,ij->i", b.omega, b.omega)).sum()
        + (b.mass * g * (b.pos[:, 2] - b.radius)).sum()
    )


def momentum(b: Balls) -> np.ndarray:
    """Total horizontal linear momentum, kg m/s."""
    return (b.mass[:, None] * b.vel[:, :2]).sum(axis=0)


def rack(apex_x: float, radius: float, gap: float = 0.0) -> list[BallSpec]:
    """Balls "1".."15" in a triangle pointing to -x with its apex at (apex_x, 0)."""
    return [BallSpec(str(k + 1), p) for k, p in enumerate(rack_positions(apex_x, radius, gap))]
