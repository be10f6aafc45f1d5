"""Plane geometry of aiming (no physics): ghost-ball aim into a pocket, clear paths, mirror
images for banks and kicks, and an estimate of how likely a pot is.

Ghost ball: to send an object ball at ``o`` along the unit vector ``u``, the cue ball must
touch it from ``g = o - 2R u`` (the "ghost ball"); the cut angle is the angle between the
cue ball's path to ``g`` and ``u``.

Likelihood of a pot: an error ``e`` (rad) in the cue ball's heading moves the contact point
sideways by ``d1 e`` and turns the object ball by about ``d1 e / (2R cos(cut))``; the pot
goes in while the object ball's heading error stays under ``w / d2`` (``w``: half the
usable pocket opening seen along the path). With a Gaussian heading error of standard
deviation ``sigma`` the pot goes in with probability ``erf(e_max / (sigma sqrt 2))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from billiard.ai.pockets import Mouths, mouths, pocket_mouth, usable_half_width
from billiard.physics.state import Balls, Motion
from billiard.table.model import Pocket, Table

SIGMA_REF = math.radians(0.5)  # heading error that sets the "ease" scale (a club player)
MAX_CUT_DEG = 78.0
BANK_CLEAR = 0.25  # m: a bank's cushion contact this far from the pocket at least


@dataclass(frozen=True)
class Layout:
    """The balls on the bed in plain arrays: ``ids``, centres ``xy`` (N, 2), ``r`` (N,)."""

    ids: tuple[str, ...]
    xy: np.ndarray
    r: np.ndarray

    @classmethod
    def of(cls, balls: Balls) -> "Layout":
        live = balls.motion != Motion.POCKETED
        ids = tuple(b for b, keep in zip(balls.ids, live) if keep)
        return cls(ids, balls.pos[live, :2].copy(), balls.radius[live].copy())

    @cached_property
    def index(self) -> dict[str, int]:
        """Each ball's row."""
        return {b: i for i, b in enumerate(self.ids)}

    def at(self, ball: str) -> np.ndarray:
        return self.xy[self.index[ball]]

    def mask(self, balls: tuple[str, ...]) -> np.ndarray:
        """True on the rows of ``balls`` (those on the bed)."""
        out = np.zeros(len(self.ids), bool)
        for b in balls:
            k = self.index.get(b)
            if k is not None:
                out[k] = True
        return out

    def moved(self, ball: str, xy: tuple[float, float]) -> "Layout":
        out = self.xy.copy()
        out[self.ids.index(ball)] = xy
        return Layout(self.ids, out, self.r)


@dataclass(frozen=True)
class Aim:
    """One way to play a ball: the cue ball's heading, and what it should do."""

    kind: str  # "pot", "bank", "kick"
    target: str
    pocket: str | None
    heading_deg: float
    cut_deg: float
    d1: float  # cue ball travel to the contact, m
    d2: float  # object ball travel to the pocket, m
    ease: float  # estimated chance of success at SIGMA_REF, 0..1
    object_deg: float = 0.0  # the heading the object ball must leave in
    tolerance: float = 0.0  # rad of cue heading error that still pots


def clear(layout: Layout, a: np.ndarray, b: np.ndarray, radius: float, skip: tuple[str, ...]) -> bool:
    """True when a ball of ``radius`` can roll from ``a`` to ``b`` touching none of the balls
    except those in ``skip``."""
    return bool(clear_paths(layout, a, np.asarray(b, float)[None, :], radius, layout.mask(skip))[0])


def clear_paths(
    layout: Layout, a: np.ndarray, b: np.ndarray, radius: float | np.ndarray, skip: np.ndarray
) -> np.ndarray:
    """:func:`clear` for many paths at once, in arrays: the paths from the points ``a`` (shape
    (..., 2)) to the points ``b`` (..., 2) of balls of ``radius`` (a number or an array of the
    paths' shape), each touching none of the balls but those where ``skip`` is True (shape
    (..., N)); the shapes broadcast (one start for many ends, K balls to P pockets as (K, 1, 2)
    and (1, P, 2)), the answer has the paths' shape. A path is blocked when a ball's centre
    lies nearer its segment than the two radii (less 1 nm); the aiming checks hundreds of
    paths a decision, and one array operation over all of them costs what one path cost in
    a loop."""
    a = np.asarray(a, float)
    dx, dy = b[..., 0] - a[..., 0], b[..., 1] - a[..., 1]
    L2 = dx * dx + dy * dy
    none = L2 < 1e-12  # a path of no length is clear
    rx = layout.xy[:, 0] - a[..., 0, None]  # (..., N): each ball seen from each path's start
    ry = layout.xy[:, 1] - a[..., 1, None]
    dx, dy = dx[..., None], dy[..., None]
    t = np.minimum(np.maximum((rx * dx + ry * dy) / np.where(none, 1.0, L2)[..., None], 0.0), 1.0)
    gap = np.hypot(rx - t * dx, ry - t * dy)
    reach = layout.r + np.asarray(radius)[..., None] - 1e-9
    return none | ~((gap < reach) & ~skip).any(axis=-1)


def tolerance(d1: float, d2: float, cut_rad: float, w: float, r: float) -> float:
    """The largest cue heading error (rad) that still pots (module docstring)."""
    if w <= 0 or cut_rad >= math.radians(MAX_CUT_DEG):
        return 0.0
    return (w / max(d2, r)) * 2 * r * math.cos(cut_rad) / max(d1, r)


def chance(tol: float, sigma: float) -> float:
    """Probability that a Gaussian heading error of ``sigma`` stays within ``tol``."""
    return math.erf(tol / (sigma * math.sqrt(2))) if tol > 0 else 0.0


def likelihood(d1: float, d2: float, cut_rad: float, w: float, r: float, sigma: float = SIGMA_REF) -> float:
    return chance(tolerance(d1, d2, cut_rad, w, r), sigma)


def heading_to(a: np.ndarray, b: np.ndarray) -> float:
    d = b - a
    return math.degrees(math.atan2(d[1], d[0])) % 360.0


def _cut(cue: np.ndarray, ghost: np.ndarray, u: np.ndarray) -> tuple[float, float]:
    v = ghost - cue
    d1 = float(np.hypot(*v))
    if d1 < 1e-9:
        return 0.0, d1
    c = min(max(float(v @ u / d1), -1.0), 1.0)
    return math.acos(c), d1


def rails(table: Table, r: float) -> list[tuple[int, float]]:
    """The four lines a ball centre of radius ``r`` bounces on: (axis, coordinate)."""
    return [
        (0, table.half_length - r),
        (0, -(table.half_length - r)),
        (1, table.half_width - r),
        (1, -(table.half_width - r)),
    ]


def mirror(p: np.ndarray, rail: tuple[int, float]) -> np.ndarray:
    q = p.copy()
    q[rail[0]] = 2 * rail[1] - p[rail[0]]
    return q


def bounce_point(a: np.ndarray, image: np.ndarray, rail: tuple[int, float]) -> np.ndarray | None:
    """Where the straight line from ``a`` to the mirror image meets the rail line."""
    k, c = rail
    den = image[k] - a[k]
    if abs(den) < 1e-12:
        return None
    s = (c - a[k]) / den
    if not 0.0 < s < 1.0:
        return None
    return a + s * (image - a)


@dataclass(frozen=True)
class DirectPot:
    """A direct pot whose paths are clear and whose cut is playable (:func:`direct_pots`):
    the target, the pocket's place in the table's list, the cue ball's ghost-ball point,
    the object ball's unit direction to the mouth, and the numbers of the chance."""

    target: str
    pocket: int
    ghost: np.ndarray
    u: np.ndarray
    w: float
    cut: float
    d1: float
    d2: float


@dataclass(frozen=True)
class _Lanes:
    """Every (target, pocket) pair of :func:`direct_pots` in arrays (K targets, P pockets):
    the object ball's distance ``d2`` and unit direction ``u`` to the mouth, the cue ball's
    ghost-ball point, and whether the object ball's path to the mouth is clear (``lane``)."""

    m: Mouths
    targets: tuple[str, ...]
    c: np.ndarray
    rc: float
    r: np.ndarray  # (K,)
    d2: np.ndarray  # (K, P)
    u: np.ndarray  # (K, P, 2)
    ghost: np.ndarray  # (K, P, 2)
    skip: np.ndarray  # (K, N): the target and the cue ball
    lane: np.ndarray  # (K, P)


def _lanes(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> _Lanes | None:
    m = mouths(table)
    rows = [layout.index[t] for t in targets]
    K, P = len(rows), len(m.pockets)
    if not K or not P:
        return None
    ci = layout.index[cue]
    o = layout.xy[rows]  # (K, 2)
    r = layout.r[rows]
    rc = float(layout.r[ci])
    v = m.centre[None, :, :] - o[:, None, :]  # (K, P, 2): each object ball to each mouth
    d2 = np.hypot(v[..., 0], v[..., 1])
    near = d2 < 1e-6
    u = v / np.where(near, 1.0, d2)[..., None]
    ghost = o[:, None, :] - (r + rc)[:, None, None] * u
    skip = np.zeros((K, len(layout.ids)), bool)
    skip[np.arange(K), rows] = True
    skip[:, ci] = True
    lane = clear_paths(layout, o[:, None, :], m.centre[None, :, :], r[:, None], skip[:, None, :])
    return _Lanes(m, targets, layout.xy[ci], rc, r, d2, u, ghost, skip, lane & ~near)


def _exact(ln: _Lanes, k: int, i: int) -> DirectPot | None:
    """The pot of pair (k, i) worked out as one pocket at a time would (None: cut too thin)."""
    rk = float(ln.r[k])
    w = usable_half_width(ln.m.pockets[i], ln.u[k, i], float(ln.m.half[i]), rk)
    cut, d1 = _cut(ln.c, ln.ghost[k, i], ln.u[k, i])
    if cut >= math.radians(MAX_CUT_DEG):
        return None
    return DirectPot(ln.targets[k], i, ln.ghost[k, i], ln.u[k, i], w, cut, d1, float(ln.d2[k, i]))


def direct_pots(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> list[DirectPot]:
    """The direct pots of ``targets`` (on the bed) by ghost-ball aim, target by target and
    pocket by pocket: the object ball's path to the mouth clear, the cut under
    ``MAX_CUT_DEG``, the cue ball's path to the ghost ball clear. Every (target, pocket)
    path is checked in one array operation (:func:`clear_paths`) and so are the cue ball's;
    each pot's own numbers are worked out as one pocket at a time would (the same to the
    last bit as :mod:`geometry_reference`)."""
    ln = _lanes(layout, table, cue, targets)
    if ln is None:
        return []
    found = [(int(k), d) for k, i in zip(*np.nonzero(ln.lane)) if (d := _exact(ln, int(k), int(i))) is not None]
    if not found:
        return []
    cue_clear = clear_paths(layout, ln.c, np.array([d.ghost for _, d in found]), ln.rc, ln.skip[[k for k, _ in found]])
    return [d for (_, d), ok in zip(found, cue_clear) if ok]


_COS_MAX_CUT = math.cos(math.radians(MAX_CUT_DEG))
_REL, _ABS = 1e-9, 1e-12  # margins of the estimated tolerances (their rounding is ~1e-15)


def _easiest(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> float:
    """The largest ease of :func:`direct_pots` (0 when none is over 1e-3), worked out exactly
    for the few pots that can be the largest: every pot's tolerance is first estimated in
    arrays (the same formula; its numbers differ from the exact ones by rounding only), and
    a pot whose estimate, raised by a margin far above the rounding, stays under the best
    estimate lowered by that margin cannot be the easiest."""
    ln = _lanes(layout, table, cue, targets)
    if ln is None or not ln.lane.any():
        return 0.0
    ks, ps = np.nonzero(ln.lane)
    ghost, u = ln.ghost[ks, ps], ln.u[ks, ps]
    ok = clear_paths(layout, ln.c, ghost, ln.rc, ln.skip[ks])
    ks, ps, ghost, u = ks[ok], ps[ok], ghost[ok], u[ok]
    if not len(ks):
        return 0.0
    r, d2 = ln.r[ks], ln.d2[ks, ps]
    g = ghost - ln.c
    d1 = np.hypot(g[:, 0], g[:, 1])
    tiny = d1 < 1e-9  # the cue ball on the ghost-ball spot: no cut (_cut)
    cos_cut = (g[:, 0] * u[:, 0] + g[:, 1] * u[:, 1]) / np.where(tiny, 1.0, d1)
    cos_cut = np.where(tiny, 1.0, np.minimum(np.maximum(cos_cut, -1.0), 1.0))
    axis, half = ln.m.axis[ps], ln.m.half[ps]
    cos_a = np.where(ln.m.has_axis[ps], u[:, 0] * axis[:, 0] + u[:, 1] * axis[:, 1], 1.0)
    side = ln.m.side[ps]
    w = np.where(
        side,
        np.where(cos_a < 0.45, 0.0, np.maximum(0.0, half * cos_a - 0.75 * r)),
        np.maximum(0.0, half * np.maximum(cos_a, 0.35) - 0.45 * r),
    )
    est = (w / np.maximum(d2, r)) * 2 * r * np.maximum(cos_cut, 0.0) / np.maximum(d1, r)
    upper = est * (1 + _REL) + _ABS
    lower = np.where(cos_cut > _COS_MAX_CUT + 1e-9, est * (1 - _REL) - _ABS, 0.0)
    best = 0.0
    for j in np.flatnonzero(upper >= lower.max()):
        d = _exact(ln, int(ks[j]), int(ps[j]))
        if d is not None:
            ease = chance(tolerance(d.d1, d.d2, d.cut, d.w, float(r[j])), SIGMA_REF)
            if ease > 1e-3:
                best = max(best, ease)
    return best


def pot_aims(layout: Layout, table: Table, cue: str, target: str, banks: bool = False) -> list[Aim]:
    """Ghost-ball aims that pot ``target`` into each pocket (and, with ``banks``, off one
    cushion first), with clear paths for both balls."""
    c, o = layout.at(cue), layout.at(target)
    r = float(layout.r[layout.index[target]])
    rc = float(layout.r[layout.index[cue]])
    direct = {d.pocket: d for d in direct_pots(layout, table, cue, (target,))}
    banked = _bank_aims(layout, table, c, o, r, rc, cue, target) if banks else {}
    out: list[Aim] = []
    for i, p in enumerate(table.pockets):
        d = direct.get(i)
        if d is not None:
            aim = _aim("pot", target, p, c, d.ghost, d.u, d.cut, d.d1, d.d2, d.w, r)
            if aim is not None:
                out.append(aim)
        out += banked.get(i, [])
    return out


def _aim(
    kind: str,
    target: str,
    p: Pocket,
    c: np.ndarray,
    ghost: np.ndarray,
    u: np.ndarray,
    cut: float,
    d1: float,
    d2: float,
    w: float,
    r: float,
) -> Aim | None:
    """The aim of a pot whose paths are clear (None when its chance is negligible)."""
    tol = tolerance(d1, d2, cut, w, r)
    ease = chance(tol, SIGMA_REF)
    if ease <= 1e-3:
        return None
    return Aim(
        kind,
        target,
        p.name,
        heading_to(c, ghost),
        math.degrees(cut),
        d1,
        d2,
        ease,
        math.degrees(math.atan2(u[1], u[0])) % 360.0,
        tol,
    )


def _bank_aims(
    layout: Layout, table: Table, c: np.ndarray, o: np.ndarray, r: float, rc: float, cue: str, target: str
) -> dict[int, list[Aim]]:
    """One-cushion banks of ``target``, by pocket (its place in the table's list), rail by rail:
    each route's numbers worked out one at a time, its three paths (the object ball to the
    cushion and on to the mouth, the cue ball to the ghost ball) checked for every route at once."""
    routes = []
    for i, p in enumerate(table.pockets):
        mouth, half = pocket_mouth(p)
        for rail in rails(table, r):
            aim_pt = mirror(mouth, rail)
            v = aim_pt - o
            d2 = float(np.hypot(*v))
            if d2 < 1e-6:
                continue
            u = v / d2
            bp = bounce_point(o, aim_pt, rail)
            if bp is None or np.hypot(*(bp - o)) < 3 * r or np.hypot(*(bp - mouth)) < BANK_CLEAR:
                continue
            leg2 = (mouth - bp) / max(np.hypot(*(mouth - bp)), 1e-9)
            routes.append((i, p, mouth, half, u, d2, bp, leg2, o - (r + rc) * u))
    out: dict[int, list[Aim]] = {}
    if not routes:
        return out
    n = len(routes)
    starts = np.array([o] * n + [rt[6] for rt in routes] + [c] * n)
    ends = np.array([rt[6] for rt in routes] + [rt[2] for rt in routes] + [rt[8] for rt in routes])
    radius = np.array([r] * (2 * n) + [rc] * n)
    ok = clear_paths(layout, starts, ends, radius, layout.mask((target, cue))).reshape(3, n)
    for k, (i, p, _mouth, half, u, d2, _bp, leg2, ghost) in enumerate(routes):
        if not (ok[0, k] and ok[1, k]):
            continue
        w = 0.5 * usable_half_width(p, leg2, half, r)
        cut, d1 = _cut(c, ghost, u)
        if cut >= math.radians(MAX_CUT_DEG) or not ok[2, k]:
            continue
        aim = _aim("bank", target, p, c, ghost, u, cut, d1, d2, w, r)
        if aim is not None:
            out.setdefault(i, []).append(aim)
    return out


def direct_hits(layout: Layout, cue: str, target: str) -> bool:
    """True when the cue ball can reach the centre of ``target`` in a straight line."""
    rc = float(layout.r[layout.ids.index(cue)])
    return clear(layout, layout.at(cue), layout.at(target), rc, (cue, target))


def best_ease(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> float:
    """How easy the easiest direct pot is for the player on turn (0 when none is open): the
    largest ease of :func:`pot_aims`' direct pots over ``targets``, all at once."""
    if cue not in layout.index:
        return 0.0
    return _easiest(layout, table, cue, tuple(dict.fromkeys(t for t in targets if t in layout.index)))


def open_pockets(layout: Layout, table: Table, cue: str, target: str) -> int:
    """How many pockets ``target`` could be potted in from somewhere: a clear path to the
    mouth at an angle the pocket takes, and room for the cue ball on the ghost-ball spot
    (on the bed, touching no other ball). 0: a "problem ball" (clustered or blocked)."""
    return int(open_counts(layout, table, cue, (target,))[0])


def open_counts(layout: Layout, table: Table, cue: str, balls: tuple[str, ...]) -> np.ndarray:
    """:func:`open_pockets` of each of ``balls`` (on the bed, not the cue ball), all (ball,
    pocket) pairs in one set of array operations."""
    m = mouths(table)
    rows = [layout.index[b] for b in balls]
    P, K = len(m.pockets), len(rows)
    if not K or not P:
        return np.zeros(K, int)
    o = layout.xy[rows]  # (K, 2)
    r = layout.r[rows]
    v = m.centre[None, :, :] - o[:, None, :]  # (K, P, 2)
    d = np.hypot(v[..., 0], v[..., 1])
    near = d < 1e-6
    u = v / np.where(near, 1.0, d)[..., None]
    # the opening the ball can use coming along u (usable_half_width): none, or a positive width
    cos_a = np.where(m.has_axis, u[..., 0] * m.axis[:, 0] + u[..., 1] * m.axis[:, 1], 1.0)
    rr = r[:, None]
    side_w = np.where(cos_a < 0.45, 0.0, m.half * cos_a - 0.75 * rr)
    corner_w = m.half * np.maximum(cos_a, 0.35) - 0.45 * rr
    takes = np.where(m.side, side_w, corner_w) > 0.0
    ghost = o[:, None, :] - 2 * rr[..., None] * u
    on_bed = (np.abs(ghost[..., 0]) <= table.half_length - rr) & (np.abs(ghost[..., 1]) <= table.half_width - rr)
    cue_row = layout.index.get(cue)
    skip = np.zeros((K, len(layout.ids)), bool)  # the ball itself and the cue ball
    skip[np.arange(K), rows] = True
    if cue_row is not None:
        skip[:, cue_row] = True
    # room for the cue ball on the ghost-ball spot: no other ball nearer than its radius
    gap = np.hypot(layout.xy[None, None, :, 0] - ghost[..., 0, None], layout.xy[None, None, :, 1] - ghost[..., 1, None])
    room = ~np.any((gap - layout.r < rr[..., None]) & ~skip[:, None, :], axis=2)
    lane = clear_paths(layout, o[:, None, :], m.centre[None, :, :], r[:, None], skip[:, None, :])
    return np.sum(~near & takes & on_bed & room & lane, axis=1)


def problem_balls(layout: Layout, table: Table, cue: str, balls: tuple[str, ...]) -> int:
    """The balls of ``balls`` on the bed that no pocket is open to (:func:`open_pockets`)."""
    live = tuple(b for b in balls if b in layout.index and b != cue)
    return int(np.sum(open_counts(layout, table, cue, live) == 0))


def best_aim(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> Aim | None:
    """The easiest direct pot for the player on turn (None when none is open)."""
    best: Aim | None = None
    for t in targets:
        if t in layout.ids and cue in layout.ids:
            for a in pot_aims(layout, table, cue, t):
                if best is None or a.ease > best.ease:
                    best = a
    return best
