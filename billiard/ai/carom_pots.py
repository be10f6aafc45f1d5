"""Caroms into pots (levels 4-5): a "kiss", the object ball glancing off another ball into a
pocket, and a "cannon", the cue ball glancing off the first ball into another that goes in.

Both are found the way a player sees them: the glancing ball leaves along the tangent line
of the contact, bent forward by its roll (a rolling ball keeps 2/7 of its speed along the
line of centres, Alciatore TP A.4; ``roll`` 0 is a stunned ball, 1 a rolling one), so the
heading onto the first ball is swept across its face until the glancing ball's line passes
through the aim point (the pocket's mouth for a kiss, the ghost ball for a cannon). The
real engine then steps the heading (a secant search on by how much the ball to be potted
really passes the pocket, :func:`route_miss`) before the shot is simulated in full."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import replace

import numpy as np

from billiard.ai.carom import _hit_ball
from billiard.ai.geometry import (
    MAX_CUT_DEG,
    Aim,
    Layout,
    chance,
    clear,
    heading_to,
    pocket_mouth,
    tolerance,
    usable_half_width,
)
from billiard.ai.options import secant, take_out_throw
from billiard.ai.rollout import _closer
from billiard.ai.search import Search
from billiard.ai.shots import Candidate
from billiard.ai.strike import Strike
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table.model import Table

SWEEP = 120  # headings across the first ball's face
ROLLS = ((1.0, (0.0, 0.3)), (0.0, (0.0, -0.2)))  # (roll of the glancing ball, tip) for a cannon
KISS_ROLLS = (0.0, 0.5)  # the object ball stunned or half rolling into the kissed ball (it slides ~1 m)
MAX_GLANCE_DEG = 65.0  # the potted ball is hit at most this thin
KISS_SPREAD = 2.0  # a carom's heading error counts this many times a pot's (two contacts)
PROBE_DT = 0.01
FIRSTS = 4  # the legal balls nearest the cue ball (and in its sight) tried as the first ball
PARTNER_REACH = 1.0  # m: the ball cannoned onto or kissed lies this near the first ball at most
AIM_STEP_DEG = 0.3


def _solve(
    start: np.ndarray, ball: np.ndarray, reach: float, aim: np.ndarray, roll: float
) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """Headings (deg) from ``start`` onto ``ball`` (centres ``reach`` apart at contact) whose
    glancing line passes through ``aim``: (heading, contact point, direction after). The
    headings across the ball's face are swept all at once (numpy) and each sign change of
    the glancing line's miss is interpolated."""
    v = ball - start
    dist = float(np.hypot(*v))
    if dist <= reach:
        return []
    centre = math.atan2(v[1], v[0])
    half = math.asin(min(1.0, reach / dist)) * 0.98
    h = centre + np.linspace(-half, half, SWEEP + 1)
    d = np.stack([np.cos(h), np.sin(h)], axis=1)
    # distance along each heading to the contact (the ball is always met inside the sweep)
    b = d @ v
    s = b - np.sqrt(np.maximum(b * b - (dist * dist - reach * reach), 0.0))
    p = start + s[:, None] * d
    n = (ball - p) / reach
    vn = np.sum(d * n, axis=1)
    after = d - vn[:, None] * n + roll * 2 / 7 * vn[:, None] * n
    norm = np.hypot(after[:, 0], after[:, 1])
    ok = norm > 1e-9
    after = after / np.where(ok, norm, 1.0)[:, None]
    w = aim - p
    miss = after[:, 0] * w[:, 1] - after[:, 1] * w[:, 0]
    ok &= np.sum(after * w, axis=1) > 0
    out = []
    for k in np.nonzero(ok[:-1] & ok[1:] & (miss[:-1] * miss[1:] < 0))[0]:
        f = miss[k] / (miss[k] - miss[k + 1])
        hz = float(h[k] + f * (h[k + 1] - h[k]))
        dz = np.array([math.cos(hz), math.sin(hz)])
        sz = _hit_ball(start, dz, ball, reach)
        if math.isfinite(sz):
            pz = start + sz * dz
            vz = float(dz @ ((ball - pz) / reach))
            az = dz - vz * (ball - pz) / reach * (1 - roll * 2 / 7)
            nz = float(np.hypot(*az))
            if nz > 1e-9:
                out.append((math.degrees(hz) % 360.0, pz, az / nz))
    return out


def route_miss(
    balls: Balls,
    table: Table,
    params: Params,
    cue: str,
    strike: Strike,
    first: str,
    pair: tuple[str, str],
    mover: str,
    mouth: np.ndarray,
    max_time: float = 6.0,
) -> tuple[float, int] | None:
    """Strike and follow ``mover`` once the two balls of ``pair`` have touched: 0 when it
    drops, else by how much (m, signed) it passes ``mouth`` at its closest approach before
    a cushion stops it; and the events used. None when the cue ball's first ball is not
    ``first`` or ``pair`` never touch."""
    world = World(balls.copy(), table, dataclasses.replace(params, dt=PROBE_DT))
    world.strike(cue, strike.speed, strike.heading_deg, strike.elevation_deg, strike.tip)
    j = world.balls.index(mover)
    met_first, touched, n = False, False, 1
    best = None
    prev = world.balls.pos[j, :2].copy()
    with np.errstate(all="ignore"):
        for _ in range(int(max_time / PROBE_DT)):
            events = world.step()
            n += len(events)
            for e in events:
                if e.type == "ball-ball" and cue in e.balls and not met_first:
                    if first not in e.balls:
                        return None
                    met_first = True
                if e.type == "ball-ball" and set(pair) <= set(e.balls):
                    touched = True
                if touched and mover in e.balls and e.type == "ball-pocket":
                    return 0.0, n
                if touched and mover in e.balls and e.type == "ball-cushion":
                    return None if best is None else (best[1], n)
            here = world.balls.pos[j, :2].copy()
            if touched:
                best = _closer(best, prev, here, mouth, 0.0)
            prev = here
            if not world.moving():
                break
    return None if best is None else (best[1], n)


def carom_pot_candidates(
    layout: Layout,
    table: Table,
    params: Params,
    cue: str,
    targets: tuple[str, ...],
    pottable: tuple[str, ...] | None,
    sigma: float,
) -> list[tuple[Candidate, str]]:
    """Kisses and cannons, likeliest first: (candidate, its partner ball: the one the cue
    ball strikes first in a cannon, the one kissed in a kiss). ``targets``: the balls the cue ball may hit
    first; ``pottable``: those that may be potted (None: any)."""
    if cue not in layout.ids:
        return []
    c = layout.at(cue)
    rc = float(layout.r[layout.ids.index(cue)])
    out: list[tuple[float, Candidate, str]] = []
    near = sorted((t for t in targets if t in layout.ids), key=lambda t: float(np.hypot(*(layout.at(t) - c))))
    for first in near[:FIRSTS]:
        a = layout.at(first)
        ra = float(layout.r[layout.ids.index(first)])
        if not clear(layout, c, a, rc, (cue, first)):
            continue
        for other in layout.ids:
            if other in (cue, first) or float(np.hypot(*(layout.at(other) - a))) > PARTNER_REACH:
                continue
            o = layout.at(other)
            ro = float(layout.r[layout.ids.index(other)])
            for p in table.pockets:
                mouth, half = pocket_mouth(p)
                # a cannon: the cue ball off ``first`` onto ``other``, which goes in
                if pottable is None or other in pottable:
                    v = mouth - o
                    d3 = float(np.hypot(*v))
                    if d3 > 1e-6 and clear(layout, o, mouth, ro, (other, cue)):
                        u = v / d3
                        w = usable_half_width(p, u, half, ro)
                        ghost = o - (rc + ro) * u
                        for roll, tip in ROLLS:
                            for h, contact, after in _solve(c, a, rc + ra, ghost, roll):
                                cut = math.acos(max(-1.0, min(1.0, float(after @ u))))
                                d2 = float(np.hypot(*(ghost - contact)))
                                d1 = float(np.hypot(*(contact - c)))
                                if w <= 0 or cut > math.radians(MAX_GLANCE_DEG):
                                    continue
                                if not (
                                    clear(layout, c, contact, rc, (cue, first))
                                    and clear(layout, contact, ghost, rc, (cue, first, other))
                                ):
                                    continue
                                tol = tolerance(d1 + d2, d3, cut, w, ro) * 0.5
                                odds = chance(tol, sigma * KISS_SPREAD)
                                speed = min(6.5, 1.6 + 1.1 * (d1 + d2 + d3))
                                cand = Candidate(Strike(speed, h, 0.0, tip), "cannon", other, p.name, odds, chance=odds)
                                out.append((odds, cand, first))
                # a kiss: ``first`` glances off ``other`` into the pocket
                if pottable is not None and first not in pottable:
                    continue
                for roll in KISS_ROLLS:
                    for h, contact, after in _solve(a, o, ra + ro, mouth, roll):
                        wk = usable_half_width(p, after, half, ra)
                        wdir = np.array([math.cos(math.radians(h)), math.sin(math.radians(h))])
                        glance = math.acos(max(-1.0, min(1.0, float(after @ wdir))))
                        if wk <= 0 or glance > math.radians(MAX_GLANCE_DEG):
                            continue
                        ghost = a - (rc + ra) * wdir
                        v = ghost - c
                        d1 = float(np.hypot(*v))
                        if d1 < 1e-6:
                            continue
                        cut = math.acos(max(-1.0, min(1.0, float(v @ wdir) / d1)))
                        if cut > math.radians(MAX_CUT_DEG - 10):
                            continue
                        d2 = float(np.hypot(*(contact - a)))
                        d3 = float(np.hypot(*(mouth - contact)))
                        if not (
                            clear(layout, c, ghost, rc, (cue, first))
                            and clear(layout, a, contact, ra, (first, other))
                            and clear(layout, contact, mouth, ra, (first, other))
                        ):
                            continue
                        tol = tolerance(d1, d2 + d3, cut, wk, ra) * 0.5
                        odds = chance(tol, sigma * KISS_SPREAD)
                        speed = min(6.5, 1.8 + 1.2 * (d1 + d2 + d3))
                        cand = Candidate(
                            Strike(speed, heading_to(c, ghost), 0.0, (0.0, 0.0)),
                            "kiss",
                            first,
                            p.name,
                            odds,
                            chance=odds,
                            prior_offset=h,  # the heading the object ball must leave in
                        )
                        out.append((odds, cand, other))
    out.sort(key=lambda x: -x[0])
    return [(cand, partner) for _, cand, partner in out if cand.chance > 1e-3]


def aim_carom_pot(search: Search, params: Params, cue: str, cand: Candidate, partner: str, tries: int = 3) -> Candidate:
    """Step a cannon's heading until the ball to be potted really reaches its pocket in the
    engine (secant search on :func:`route_miss`); a kiss's until the object ball really
    leaves along the line the kiss needs (the throw taken out by probing the first contact,
    :func:`options.take_out_throw`: its glance off the kissed ball magnifies any error)."""
    assert cand.target is not None and cand.pocket is not None
    target = cand.target
    if cand.kind == "kiss":
        aim = Aim("pot", target, cand.pocket, cand.strike.heading_deg, 0.0, 0.5, 0.5, cand.chance, cand.prior_offset)
        aimed = take_out_throw(search, aim, params, cue, cand.strike, steps=tries)
        return replace(cand, strike=cand.strike.replace(heading_deg=aimed.heading_deg))
    mouth = pocket_mouth(next(p for p in search.table.pockets if p.name == cand.pocket))[0]

    def miss(h: float) -> float | None:
        if not search.budget.left():
            return None
        got = route_miss(
            search.balls,
            search.table,
            params,
            cue,
            cand.strike.replace(heading_deg=h % 360.0),
            partner,
            (cue, target),
            target,
            mouth,
        )
        if got is None:
            return None
        search.budget.events += got[1]
        return got[0]

    h = secant(miss, cand.strike.heading_deg, AIM_STEP_DEG, tries)
    return replace(cand, strike=cand.strike.replace(heading_deg=h))
