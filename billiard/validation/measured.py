"""Checks against measurements and the models added to the engine (docs/physics.md "Validation").

Unlike :mod:`billiard.validation.checks` (closed forms under idealised parameters), these run
the default parameters of a ball set and compare with measured values: throw against speed
(TP A-14), squirt (TP A-31), the cushion's rebound right after impact (the band of
docs/physics.md, Mathavan et al. 2010), seed 002's rolling torque against its closed form,
a carom shot over five cushions (recorded three-cushion play), the Corner-5 diamond
system over three rails, and the object ball's speed
after a full hit with a rolling cue ball (about 1 % under (1+e)/2 v, explained there).
"""

from __future__ import annotations

import copy
import math

import numpy as np

from billiard.physics.cue import squirt_angle_deg
from billiard.physics.flight import settle
from billiard.physics.motion import ROLL_STOP_SPEED
from billiard.physics.params import CAROM, Params
from billiard.physics.world import WorldFactory
from billiard.shot.shotfile import BallSpec
from billiard.table import get_table
from billiard.table.cushion import nose_setback
from billiard.validation import scenes
from billiard.validation.checks import Result
from billiard.validation.scenes import first, rolling, run_until


def _record_after_hits(w, kind: str) -> list:
    """Wrap the world's resolver: the velocities (N,3) right after each ``kind`` hit, once the
    bed has answered (as the World does next), before the cloth acts."""
    seen: list = []
    inner = w.resolver

    def resolver(balls, contacts, table, params, t):
        events, moved = inner(balls, contacts, table, params, t)
        if any(e.type == kind for e in events):
            after = copy.deepcopy(balls)
            settle(after, sorted(moved), params, t, impact=False)
            seen.append(after.vel.copy())
        return events, moved

    w.resolver = resolver
    return seen


def throw_vs_speed(base: Params, factory: WorldFactory) -> list[Result]:
    """TP A-14: a stun 30 deg cut throws the object ball ~4.7 deg at 0.67 m/s, ~1.7 deg at 3.1 m/s."""
    r, phi, out = base.ball_radius, math.radians(30.0), []
    for speed, measured in ((0.67, 4.7), (3.1, 1.7)):
        cue = BallSpec("cue", (-2 * r * math.cos(phi) - 1e-4, -2 * r * math.sin(phi)), (speed, 0.0))
        w = scenes.world([cue, BallSpec("1", (0.0, 0.0))], base, factory=factory)
        seen = _record_after_hits(w, "ball-ball")
        run_until(w, lambda ev: first(ev, "ball-ball") is not None, max_time=1.0)
        v = seen[0][1] if seen else np.full(3, math.nan)
        throw = 30.0 - math.degrees(math.atan2(v[1], v[0]))
        out.append(
            Result(f"throw, stun 30 deg cut at {speed:g} m/s (TP A-14)", measured, throw, "deg", 0.5, relative=False)
        )
    return out


def squirt(base: Params, factory: WorldFactory) -> list[Result]:
    """TP A-31: a level cue with side offset a sends the ball off the cue line by alpha(a)."""
    out = []
    for offset, measured in ((0.3, 1.2), (0.5, 1.9)):
        w = scenes.world([BallSpec("cue", (0.0, 0.0))], base, factory=factory)
        w.strike("cue", 2.0, 0.0, 0.0, (offset, 0.0))
        v = w.balls.vel[0]
        out.append(
            Result(
                f"squirt at {offset:g} R, end mass {1000 * base.end_mass:.2g} g (TP A-31 ~{measured:g} deg)",
                squirt_angle_deg(offset, base.ball_mass, base.end_mass),
                math.degrees(math.atan2(v[1], v[0])),
                "deg",
                0.05,
                relative=False,
            )
        )
    return out


def cushion_rebound(base: Params, factory: WorldFactory) -> list[Result]:
    """A rolling ball square into a cushion comes off at 0.73-0.84 of its speed right after the
    impact (docs/physics.md "Cushions"); theory is the band's middle, tolerance its half width."""
    out, r = [], base.ball_radius
    half = 0.5 * scenes.BIG_TABLE["length"]
    for speed in (1.0, 3.0):
        x0 = half - nose_setback(base.cushion_height, r) - 1e-3
        w = scenes.world([rolling("cue", (x0, 0.0), speed, r)], base, factory=factory)
        seen = _record_after_hits(w, "ball-cushion")
        run_until(w, lambda ev: first(ev, "ball-cushion") is not None, max_time=1.0)
        e_eff = -seen[0][0, 0] / speed if seen else math.nan
        out.append(
            Result(
                f"cushion: rebound right after impact, rolling at {speed:g} m/s",
                0.785,
                e_eff,
                "",
                0.055,
                relative=False,
            )
        )
    return out


def rolling_models(base: Params, factory: WorldFactory) -> list[Result]:
    """Seed 002's torque (rolling_model "torque"): v0 e^{-kt}, k = 15 alpha / 7, stopped at
    ROLL_STOP_SPEED after (v0 - v_stop) / k and ln(v0 / v_stop) / k. (The force model's rows
    are "rolling stop distance/time" above.)"""
    v0 = 0.8
    k = 15.0 * base.alpha_roll / 7.0
    w = scenes.world(
        [rolling("cue", (-3.5, 0.0), v0, base.ball_radius)], base, {"rolling_model": "torque"}, factory=factory
    )
    mid = round(2.0 / base.dt) * base.dt
    run_until(w, lambda ev: w.t >= mid - 1e-12)
    v_mid = float(w.balls.vel[0, 0])
    events = run_until(w, lambda ev: False, max_time=60.0)
    stop = first(events, "state", "cue", to="rest")
    return [
        Result(f"torque rolling: speed at t = {mid:g} s, v0 {v0:g} m/s", v0 * math.exp(-k * mid), v_mid, "m/s", 1e-6),
        Result("torque rolling: stop distance", (v0 - ROLL_STOP_SPEED) / k, float(w.balls.pos[0, 0]) + 3.5, "m", 1e-6),
        Result(
            "torque rolling: stop time", math.log(v0 / ROLL_STOP_SPEED) / k, stop.t if stop else math.nan, "s", 1e-6
        ),
    ]


def carom_banks(base: Params, factory: WorldFactory) -> list[Result]:
    """Several banks on a carom table with the carom ball set: a recorded cue ball struck at
    ~4.5 m/s rolls nearly 10 m over five cushions in ~15 s (docs/physics.md "Ball sets")."""
    del base  # the carom ball set's own cloth and cushions
    w = scenes.world([BallSpec("cue", (-1.0, -0.4))], CAROM, table_spec="carom", factory=factory)
    w.strike("cue", 4.5, 35.0, 0.0, (0.0, 0.3))
    travelled, prev, cushions = 0.0, w.balls.pos[0, :2].copy(), 0
    while w.moving() and w.t < 60.0:
        cushions += sum(e.type == "ball-cushion" for e in w.step())
        travelled += float(np.linalg.norm(w.balls.pos[0, :2] - prev))
        prev = w.balls.pos[0, :2].copy()
    return [Result(f"carom: 4.5 m/s shot rolls ~10 m ({cushions} cushions, {w.t:.1f} s)", 10.0, travelled, "m", 0.15)]


def object_ball_speed(base: Params, factory: WorldFactory) -> list[Result]:
    """Full hit, rolling cue ball: the object ball leaves 0.2-1 % under (1+e)/2 v, because the
    vertical part of the ball-ball friction impulse presses it into the bed, whose friction
    answers (kept on purpose; docs/physics.md "Object-ball speed")."""
    r, v = base.ball_radius, 2.0
    w = scenes.world([rolling("cue", (-2 * r - 1e-4, 0.0), v, r), BallSpec("1", (0.0, 0.0))], base, factory=factory)
    seen = _record_after_hits(w, "ball-ball")
    events = run_until(w, lambda ev: first(ev, "ball-ball") is not None, max_time=1.0)
    hit = first(events, "ball-ball")
    speed = float(hit.info["speed"]) if hit else math.nan
    obj = float(np.linalg.norm(seen[0][1, :2])) if seen else math.nan
    return [
        Result(
            "object ball after a full rolling hit at 2 m/s (slightly under (1+e)/2 v: docs/physics.md)",
            (1 + base.e_ball) / 2 * speed,
            obj,
            "m/s",
            0.02,
        )
    ]


def _corner5_arrival(base: Params, factory: WorldFactory, origin: float, first: float) -> float:
    """Shoot along the Corner-5 line from origin number D (on the long rail A, y < 0: D = 1 +
    p/2 at p diamonds from the far end) through first-rail number F (long rail B, F diamonds
    from the far end), both on the diamond line (the sights on the rail tops); return the third
    rail number T where the ball's arrival line (second to third rail contact) crosses rail A's
    diamond line, in diamonds from the far end."""
    table = get_table("pool-9ft")
    length, width, d = table.length, table.width, table.length / 8
    off = table.cushion_width + table.rail_width / 2
    o = np.array([length / 2 - 2 * (origin - 1) * d, -width / 2 - off])
    f = np.array([length / 2 - first * d, width / 2 + off])
    u = (f - o) / np.linalg.norm(f - o)
    inset = np.array([-length / 2 + 0.05, -width / 2 + 0.05])
    start = o + u * max((inset[0] - o[0]) / u[0], (inset[1] - o[1]) / u[1])
    w = scenes.world([BallSpec("cue", tuple(start))], base, table_spec="pool-9ft", factory=factory)
    w.strike("cue", 2.0, math.degrees(math.atan2(u[1], u[0])), 0.0, (0.3, 0.2))
    contacts: list[np.ndarray] = []
    while w.moving() and w.t < 20.0 and len(contacts) < 3:
        contacts += [w.balls.pos[0, :2].copy() for e in w.step() if e.type == "ball-cushion"]
    if len(contacts) < 3:
        return math.nan
    p2, p3 = contacts[1], contacts[2]
    x = p3[0] + (-width / 2 - off - p3[1]) / (p3[1] - p2[1]) * (p3[0] - p2[0])
    return float((length / 2 - x) / d)


def diamond_system(base: Params, factory: WorldFactory) -> list[Result]:
    """The Corner-5 three-rail system (Alciatore TP 7.2, Byrne): with running english at medium
    speed a ball from origin D through first-rail diamond F heads for third-rail T = D - F."""
    return [
        Result(
            f"diamond system (Corner-5): D {origin:g} through F {first:g}, T = D - F",
            origin - first,
            _corner5_arrival(base, factory, origin, first),
            "diamond",
            0.5,
            relative=False,
        )
        for origin, first in ((5.0, 2.0), (5.0, 3.0), (4.5, 2.0), (5.0, 1.0))
    ]


MEASURED = (throw_vs_speed, squirt, cushion_rebound, rolling_models, carom_banks, diamond_system, object_ball_speed)
