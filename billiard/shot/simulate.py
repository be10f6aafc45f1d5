"""Run a shot through the engine: ``simulate(shot) -> Replay``.

Build the balls (mass and radius from the shot's parameter preset), strike, then tick
``params.dt`` until nothing moves or ``params.max_time`` is reached, collecting every
event and sampling the state at exact multiples of 1/fps (see :mod:`billiard.shot.sampler`).
Pure and deterministic: the same shot gives the same Replay, bit for bit, at any fps.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import numpy as np

import billiard
from billiard.errors import BilliardError
from billiard.physics.events import Event
from billiard.physics.obstacles import vec3
from billiard.physics.params import Params
from billiard.physics.state import AIRBORNE, Balls, Motion
from billiard.shot.replayfile import MAX_FPS, FinalBall, Replay
from billiard.shot.sampler import Sampler
from billiard.shot.shotfile import BallSpec, Shot

SAMPLE_DECIMALS = 9  # samples are for display: 1 nm / 1e-9 keeps files compact
MAX_BALL_SAMPLES = 500_000  # ball x sample count: about 45 MB of JSON, under the 64 MiB read limit
QUIET_BLOCK = 64  # quiet ticks run per compiled call (World.quiet_ticks; issue 28)


def make_balls(specs: Iterable[BallSpec], params: Params) -> Balls:
    """Ball arrays for ``specs``, every ball of the preset's mass and radius (the World
    classifies each ball's motion state from its velocity and spin)."""
    specs = tuple(specs)
    r = params.ball_radius
    return Balls.create(
        ids=[s.id for s in specs],
        pos=[s.position(r) for s in specs],
        mass=params.ball_mass,
        radius=r,
        vel=[s.velocity() for s in specs],
        omega=[s.spin() for s in specs],
    )


def _check_finite(b: Balls, t: float) -> None:
    """BilliardError if any ball value is non-finite (one sum is non-finite as soon as any
    value is; a finite state never sums to 1e308)."""
    if not math.isfinite(b.pos.sum() + b.vel.sum() + b.omega.sum() + b.quat.sum()):
        raise BilliardError(
            f"the simulation broke down at t = {t:.3f} s (non-finite "
            f"ball state): the shot's parameters are beyond what the engine handles"
        )


def _finite_check(engine: str) -> Callable[[Balls, float], None]:
    """:func:`_check_finite`, or for the compiled engine the same by one kernel call (a few
    numpy sums cost ~5 us a tick with events)."""
    if engine != "compiled":
        return _check_finite
    from billiard.physics.kernels.overlap import all_finite

    def check(b: Balls, t: float) -> None:
        if not all_finite(b.pos, b.vel, b.omega, b.quat):
            _check_finite(b, t)

    return check


_PLAIN = (float, str, int, bool, type(None))


def _plain(value: Any) -> Any:
    """JSON-ready copy of an event detail (numpy scalars -> float, tuples -> lists)."""
    if type(value) in _PLAIN:  # the common case, already plain
        return value
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_plain(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    return value


def _event(e: Event) -> Event:
    return Event(
        float(e.t), str(e.type), tuple(str(b) for b in e.balls), {str(k): _plain(v) for k, v in e.info.items()}
    )


class _InTick:
    """The states of one tick right after each of its events (the World's probe), so that a
    sample inside the tick is the state of its last event before it moved along the closed
    forms (:func:`billiard.physics.motion.advance`): exact, where a blend of the tick's ends
    cuts across a collision or a landing (issue 29: two balls 0.2 mm inside each other at a
    240 Hz sample, a flying ball struck mid-tick)."""

    def __init__(self, world) -> None:
        self.world = world
        self.t0 = world.t
        self.dt = world.params.dt
        self.snaps: list[tuple[float, Balls]] = [(world.t, world.balls.copy())]
        self.outer = world.probe
        world.probe = self._probe

    def _probe(self) -> None:
        self.snaps.append((self.world.t, self.world.balls.copy()))
        if self.outer is not None:
            self.outer()

    def done(self):
        """Give the World its probe back; the state at a fraction of the tick, as a function
        (None for a tick without events: the blend, as the quiet ticks run in blocks get)."""
        self.world.probe = self.outer
        return self.at if len(self.snaps) > 1 else None

    def at(self, frac: float) -> tuple[np.ndarray, np.ndarray]:
        from billiard.physics.motion import accelerations, advance

        t = self.t0 + frac * self.dt
        k = max(j for j, (ts, _) in enumerate(self.snaps) if ts <= t or j == 0)
        ts, snap = self.snaps[k]
        state = snap.copy()
        advance(state, t - ts, accelerations(state, self.world.params))
        return state.pos, state.quat


def simulate(shot: Shot | dict, fps: int = 60, *, world_factory=None) -> Replay:
    """Simulate ``shot`` (a Shot or a shot dict) to rest; samples at ``fps`` per second.
    ``world_factory(balls, table, params)`` (default :class:`World`) lets tests and benchmarks
    run the reference engine (``World(..., replan="full")``) on the same shot."""
    from billiard.physics.world import EventBudgetError, World

    if isinstance(shot, dict):
        shot = Shot.from_dict(shot)
    if not isinstance(shot, Shot):
        raise BilliardError(f"simulate() needs a Shot or a shot dict, got {type(shot).__name__}")
    if isinstance(fps, bool) or not isinstance(fps, int) or not 1 <= fps <= MAX_FPS:
        raise BilliardError(f"fps must be an integer from 1 to {MAX_FPS}, got {fps!r}")
    params = shot.params
    world = (world_factory or World)(make_balls(shot.layout, params), shot.table, params)
    s = shot.strike
    events = [world.strike(shot.struck, s.speed, s.heading_deg, s.elevation_deg, s.tip)]
    sampler = Sampler(
        fps,
        params.dt,
        world.balls.pos,
        world.balls.quat,
        MAX_BALL_SAMPLES,
        params.g,
        world.balls.motion == Motion.AIRBORNE,
    )
    max_ticks = int(np.ceil(params.max_time / params.dt))
    # samples inside a tick with events come from the engine's closed forms (exact integrator
    # and hard contacts; the others keep the blend of the tick's ends)
    exact = params.integrator == "exact" and params.contact_model == "impulse"
    check_finite = _finite_check(getattr(world, "engine", "numpy"))
    b = world.balls
    # quiet ticks (no event, the plan valid) run QUIET_BLOCK at a time in one compiled call
    # (World.quiet_ticks: the same bits as tick by tick), each tick's state kept for the sampler
    out_pos, out_quat = np.empty((QUIET_BLOCK,) + b.pos.shape), np.empty((QUIET_BLOCK,) + b.quat.shape)
    ticks = 0
    with np.errstate(all="ignore"):  # a breakdown is reported below, as one clear error
        while ticks < max_ticks:
            # moving() is True here (else the loop has ended) and quiet ticks keep it so
            quiet = world.quiet_ticks(min(QUIET_BLOCK, max_ticks - ticks), out_pos, out_quat)
            if quiet:
                sampler.ticks(out_pos, out_quat, quiet)
                ticks += quiet
                continue
            track = _InTick(world) if exact and sampler.inside_next() else None
            try:
                events.extend(world.step())
            except EventBudgetError as exc:
                raise EventBudgetError(
                    f"shot on table '{shot.table.name}' (strike {s.ball} at {s.speed:g} m/s, "
                    f"heading {s.heading_deg:g} deg, elevation {s.elevation_deg:g} deg): "
                    f"{exc}"
                ) from None
            # a quiet tick moved a checked state along its closed forms (finite in, finite out);
            # a non-finite value comes from an event or a plan, so the check runs after those
            if not world.quiet:
                check_finite(b, world.t)
            sampler.tick(b.pos, b.quat, b.motion == AIRBORNE, None if track is None else track.done())
            ticks += 1
            if not world.moving():
                break
        _check_finite(b, world.t)
    sampler.finish(b.pos, b.quat)
    balls = world.balls
    t, pos, quat = sampler.arrays()
    pos, quat = np.round(pos, SAMPLE_DECIMALS), np.round(quat, SAMPLE_DECIMALS)
    ids = balls.ids
    final = {
        ball_id: FinalBall(vec3(balls.pos[i]), Motion(balls.motion[i]).label, balls.pocket[i])
        for i, ball_id in enumerate(ids)
    }
    return Replay(
        engine=f"billiard {billiard.__version__}",
        shot=shot,
        params=params,
        fps=fps,
        events=tuple(_event(e) for e in events),
        t=t,
        pos={b: pos[:, i] for i, b in enumerate(ids)},
        quat={b: quat[:, i] for i, b in enumerate(ids)},
        final=final,
    )
