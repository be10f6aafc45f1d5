"""Massé pots: when a ball blocks the straight path to the ghost ball, curve the cue ball
round it with a raised cue and side spin.

The curve is the engine's, not a model's: each massé strike (speed, elevation, side) is
played once on an empty copy of the table at heading 0 and its path recorded
(:func:`curve`, cached: on a level bed the path's shape does not depend on where the ball
starts or which way it is aimed). For a blocked pot, the recorded path is turned so that
it passes through the ghost ball; the turned path must then clear every other ball and
the cushions, and arrive at an angle and a speed that can pot the ball. The candidates
are then simulated in full like every other shot (the search's rules judge them)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from billiard.ai.geometry import Layout, chance, clear, heading_to, tolerance
from billiard.ai.pockets import pocket_mouth, usable_half_width
from billiard.ai.shots import Candidate
from billiard.ai.strike import Strike
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.table.model import Table

# (speed m/s, elevation deg, side tip) of the massé strikes tried: the engine's curve is
# stronger with a steeper cue and slower with a faster ball (tests/physics/test_cue.py)
MASSE_STRIKES = tuple((speed, el, side) for el in (45.0, 60.0) for speed in (2.5, 3.5, 4.5) for side in (0.5, -0.5))
PATH_DT = 0.01  # s between the recorded points (a few cm at massé speeds)
PATH_TIME = 4.0  # s of path recorded at most
MAX_ARRIVAL_CUT_DEG = 65.0
MASSE_SPREAD = 3.0  # a massé's heading error counts this many times a plain shot's (speed and tip matter too)


@dataclass(frozen=True)
class Curve:
    """A massé strike's path at heading 0 from the origin: points (n, 2) and speeds (n,)."""

    strike: Strike
    xy: np.ndarray
    speed: np.ndarray


_CURVES: dict[tuple, Curve] = {}


def curve(table: Table, params: Params, balls: Balls, cue: str, strike: Strike) -> Curve:
    """The path of ``strike`` (heading 0) played alone on ``table``, until it stops, meets a
    cushion or a pocket, or PATH_TIME; recorded by the engine and cached."""
    i = balls.index(cue)
    r = float(balls.radius[i])
    key = (table.name, params, r, float(balls.mass[i]), strike)
    got = _CURVES.get(key)
    if got is not None:
        return got
    alone = balls.copy()
    alone.motion[:] = Motion.POCKETED
    start = np.array([-table.half_length + 2 * r, 0.0])
    alone.pos[i] = (start[0], start[1], r)
    alone.vel[i] = alone.omega[i] = 0.0
    alone.motion[i] = Motion.REST
    alone.pocket[i] = None
    world = World(alone, table, dataclasses.replace(params, dt=PATH_DT))
    world.strike(cue, strike.speed, 0.0, strike.elevation_deg, strike.tip)
    xy, speed = [np.zeros(2)], [strike.speed]
    with np.errstate(all="ignore"):
        for _ in range(int(PATH_TIME / PATH_DT)):
            events = world.step()
            if any(e.type in ("ball-cushion", "ball-pocket") for e in events):
                break
            xy.append(world.balls.pos[i, :2] - start)
            speed.append(float(np.hypot(*world.balls.vel[i, :2])))
            if not world.moving():
                break
    out = Curve(strike, np.asarray(xy), np.asarray(speed))
    _CURVES[key] = out
    return out


def _turned(c: Curve, reach: float) -> tuple[int, float, np.ndarray] | None:
    """Where the path first gets ``reach`` from its start: (index after it, the path's
    bearing there in deg, the point), or None when it never does."""
    dist = np.hypot(c.xy[:, 0], c.xy[:, 1])
    k = int(np.argmax(dist >= reach))
    if dist[k] < reach or k == 0:
        return None
    f = (reach - dist[k - 1]) / max(dist[k] - dist[k - 1], 1e-12)
    p = c.xy[k - 1] + f * (c.xy[k] - c.xy[k - 1])
    return k, math.degrees(math.atan2(p[1], p[0])), p


def _path_clear(layout: Layout, path: np.ndarray, rc: float, cue: str, target: str) -> bool:
    """The cue ball rolls along ``path`` touching no ball (the target only at its end): the
    distance of every ball from every segment, at once."""
    a, b = path[:-1], path[1:]
    seg = b - a
    l2 = np.maximum(np.sum(seg * seg, axis=1), 1e-12)
    rel = layout.xy[None, :, :] - a[:, None, :]
    t = np.clip(np.sum(rel * seg[:, None, :], axis=2) / l2[:, None], 0.0, 1.0)
    gap = np.hypot(*(rel - t[:, :, None] * seg[:, None, :]).transpose(2, 0, 1))
    hit = gap < (layout.r + rc - 1e-9)[None, :]
    hit[:, layout.ids.index(cue)] = False
    hit[-2:, layout.ids.index(target)] = False  # it arrives touching the target
    return not bool(hit.any())


def masse_candidates(
    layout: Layout, table: Table, params: Params, balls: Balls, cue: str, targets: tuple[str, ...], sigma: float
) -> list[Candidate]:
    """Massé pots of the legal balls whose straight path to the ghost ball is blocked, the
    likeliest first (``sigma``: the player's heading error, rad)."""
    if cue not in layout.ids:
        return []
    c = layout.at(cue)
    rc = float(layout.r[layout.ids.index(cue)])
    hx, hy = table.half_length - rc, table.half_width - rc
    a_roll = params.mu_roll * params.g
    curves = [curve(table, params, balls, cue, Strike(s, 0.0, el, (side, 0.0))) for s, el, side in MASSE_STRIKES]
    out: list[tuple[float, Candidate]] = []
    for t in targets:
        if t not in layout.ids:
            continue
        o = layout.at(t)
        r = float(layout.r[layout.ids.index(t)])
        for p in table.pockets:
            mouth, half = pocket_mouth(p)
            v = mouth - o
            d2 = float(np.hypot(*v))
            if d2 < 1e-6 or not clear(layout, o, mouth, r, (t, cue)):
                continue
            u = v / d2
            w = usable_half_width(p, u, half, r)
            ghost = o - (r + rc) * u
            if w <= 0 or clear(layout, c, ghost, rc, (cue, t)):
                continue  # no pocket, or a straight pot: not a massé
            reach = float(np.hypot(*(ghost - c)))
            bearing = heading_to(c, ghost)
            for cv in curves:
                got = _turned(cv, reach)
                if got is None:
                    continue
                k, phi, _ = got
                h = math.radians(bearing - phi)
                rot = np.array([[math.cos(h), -math.sin(h)], [math.sin(h), math.cos(h)]])
                path = cv.xy[:k] @ rot.T + c
                path = np.vstack([path, ghost])
                if (np.abs(path[:, 0]) > hx).any() or (np.abs(path[:, 1]) > hy).any():
                    continue
                if not _path_clear(layout, path, rc, cue, t):
                    continue
                arrive = path[-1] - path[-2]
                arrive /= max(float(np.hypot(*arrive)), 1e-12)
                cut = math.acos(max(-1.0, min(1.0, float(arrive @ u))))
                if cut > math.radians(MAX_ARRIVAL_CUT_DEG):
                    continue
                v_obj = cv.speed[k - 1] * math.cos(cut) * (1 + params.e_ball) / 2 * 5 / 7
                if v_obj * v_obj < 2 * a_roll * (d2 + 0.15):
                    continue  # the object ball would stop short of the pocket
                length = float(np.sum(np.hypot(*np.diff(path, axis=0).T)))
                tol = tolerance(length, d2, cut, w, r)
                odds = chance(tol, sigma * MASSE_SPREAD)
                if odds <= 1e-3:
                    continue
                strike = cv.strike.replace(heading_deg=math.degrees(h) % 360.0)
                cand = Candidate(strike, "masse", t, p.name, odds, chance=odds)
                out.append((odds, cand))
    out.sort(key=lambda x: -x[0])
    return [cand for _, cand in out]


def object_heading(cand: Candidate, layout: Layout, table: Table) -> float:
    """The heading (deg) a massé candidate's object ball must leave in (to its pocket)."""
    assert cand.target is not None and cand.pocket is not None
    p = next(p for p in table.pockets if p.name == cand.pocket)
    return heading_to(layout.at(cand.target), pocket_mouth(p)[0])
