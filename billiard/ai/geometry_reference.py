"""The aiming geometry as it was before it worked in arrays (cb896da): one path and one pocket
at a time. :mod:`billiard.ai.geometry` must give the same answers (the tests compare both on
random layouts; ``benchmarks/bench_geometry.py`` times both on the same layouts). Not used by
the player.

Plane geometry of aiming (no physics): ghost-ball aim into a pocket, clear paths, mirror
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
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from billiard.formats.limits import POOL_BALL_RADIUS
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

    def at(self, ball: str) -> np.ndarray:
        return self.xy[self.ids.index(ball)]

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
    d = b - a
    L2 = float(d @ d)
    if L2 < 1e-12:
        return True
    rel = layout.xy - a
    t = np.clip(rel @ d / L2, 0.0, 1.0)
    gap = np.hypot(*(rel - t[:, None] * d).T)
    hit = gap < layout.r + radius - 1e-9
    for s in skip:
        if s in layout.ids:
            hit[layout.ids.index(s)] = False
    return not bool(hit.any())


def pocket_mouth(p: Pocket) -> tuple[np.ndarray, float]:
    """The point to send a ball to (middle of the opening) and half the opening."""
    if p.points:
        return np.mean(np.asarray(p.points, float), axis=0), 0.5 * p.mouth
    return np.asarray(p.center, float), p.radius


def usable_half_width(p: Pocket, u: np.ndarray, half: float, r: float) -> float:
    """Half the opening a ball of radius ``r`` coming along ``u`` can use (narrower at an angle,
    side pockets much more than corners)."""
    axis = np.asarray(p.axis, float)
    cos_a = float(u @ axis) if axis.any() else 1.0
    if p.kind == "side":
        if cos_a < 0.45:
            return 0.0
        return max(0.0, half * cos_a - 0.75 * r)
    return max(0.0, half * max(cos_a, 0.35) - 0.45 * r)


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
    c = float(np.clip(v @ u / d1, -1.0, 1.0))
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


def pot_aims(layout: Layout, table: Table, cue: str, target: str, banks: bool = False) -> list[Aim]:
    """Ghost-ball aims that pot ``target`` into each pocket (and, with ``banks``, off one
    cushion first), with clear paths for both balls."""
    c, o = layout.at(cue), layout.at(target)
    r = float(layout.r[layout.ids.index(target)])
    rc = float(layout.r[layout.ids.index(cue)])
    out: list[Aim] = []
    for p in table.pockets:
        mouth, half = pocket_mouth(p)
        routes: list[tuple[str, np.ndarray, tuple[int, float] | None]] = [("pot", mouth, None)]
        if banks:
            routes += [("bank", mirror(mouth, rail), rail) for rail in rails(table, r)]
        for kind, aim_pt, rail in routes:
            v = aim_pt - o
            d2 = float(np.hypot(*v))
            if d2 < 1e-6:
                continue
            u = v / d2
            if rail is not None:
                bp = bounce_point(o, aim_pt, rail)
                if bp is None or np.hypot(*(bp - o)) < 3 * r or np.hypot(*(bp - mouth)) < BANK_CLEAR:
                    continue
                leg2 = (mouth - bp) / max(np.hypot(*(mouth - bp)), 1e-9)
                if not (clear(layout, o, bp, r, (target, cue)) and clear(layout, bp, mouth, r, (target, cue))):
                    continue
                w = 0.5 * usable_half_width(p, leg2, half, r)
            else:
                if not clear(layout, o, mouth, r, (target, cue)):
                    continue
                w = usable_half_width(p, u, half, r)
            ghost = o - (r + rc) * u
            cut, d1 = _cut(c, ghost, u)
            if cut >= math.radians(MAX_CUT_DEG) or not clear(layout, c, ghost, rc, (cue, target)):
                continue
            tol = tolerance(d1, d2, cut, w, r)
            ease = chance(tol, SIGMA_REF)
            if ease > 1e-3:
                out.append(
                    Aim(
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
                )
    return out


def kick_aims(layout: Layout, table: Table, cue: str, target: str) -> list[Aim]:
    """Cue ball off one cushion into the full face of ``target``."""
    c, o = layout.at(cue), layout.at(target)
    rc = float(layout.r[layout.ids.index(cue)])
    out = []
    for rail in rails(table, rc):
        image = mirror(o, rail)
        bp = bounce_point(c, image, rail)
        if bp is None:
            continue
        if clear(layout, c, bp, rc, (cue,)) and clear(layout, bp, o, rc, (cue, target)):
            d = float(np.hypot(*(bp - c)) + np.hypot(*(o - bp)))
            out.append(Aim("kick", target, None, heading_to(c, bp), 0.0, d, 0.0, 0.0))
    return out


def direct_hits(layout: Layout, cue: str, target: str) -> bool:
    """True when the cue ball can reach the centre of ``target`` in a straight line."""
    rc = float(layout.r[layout.ids.index(cue)])
    return clear(layout, layout.at(cue), layout.at(target), rc, (cue, target))


def best_ease(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> float:
    """How easy the easiest direct pot is for the player on turn (0 when none is open)."""
    best = 0.0
    for t in targets:
        if t in layout.ids and cue in layout.ids:
            for a in pot_aims(layout, table, cue, t):
                best = max(best, a.ease)
    return best


def pocket_lines(table: Table, o: np.ndarray) -> Iterator[tuple[Pocket, np.ndarray, float, np.ndarray, float]]:
    """Each pocket seen from a ball at ``o``: the pocket, its mouth's centre and half width,
    the unit direction from ``o`` to the mouth and the distance (a mouth at ``o`` is left out)."""
    for p in table.pockets:
        mouth, half = pocket_mouth(p)
        v = mouth - o
        d = float(np.hypot(*v))
        if d >= 1e-6:
            yield p, mouth, half, v / d, d


def open_pockets(layout: Layout, table: Table, cue: str, target: str) -> int:
    """How many pockets ``target`` could be potted in from somewhere: a clear path to the
    mouth at an angle the pocket takes, and room for the cue ball on the ghost-ball spot
    (on the bed, touching no other ball). 0: a "problem ball" (clustered or blocked)."""
    o = layout.at(target)
    r = float(layout.r[layout.ids.index(target)])
    others = np.array([b not in (target, cue) for b in layout.ids])
    n = 0
    for p, mouth, half, u, _ in pocket_lines(table, o):
        if usable_half_width(p, u, half, r) <= 0.0 or not clear(layout, o, mouth, r, (target, cue)):
            continue
        ghost = o - 2 * r * u
        if abs(ghost[0]) > table.half_length - r or abs(ghost[1]) > table.half_width - r:
            continue
        if others.any() and float(np.min(np.hypot(*(layout.xy[others] - ghost).T) - layout.r[others])) < r:
            continue
        n += 1
    return n


def problem_balls(layout: Layout, table: Table, cue: str, balls: tuple[str, ...]) -> int:
    """The balls of ``balls`` on the bed that no pocket is open to (:func:`open_pockets`)."""
    return sum(1 for b in balls if b in layout.ids and b != cue and open_pockets(layout, table, cue, b) == 0)


def best_aim(layout: Layout, table: Table, cue: str, targets: tuple[str, ...]) -> Aim | None:
    """The easiest direct pot for the player on turn (None when none is open)."""
    best: Aim | None = None
    for t in targets:
        if t in layout.ids and cue in layout.ids:
            for a in pot_aims(layout, table, cue, t):
                if best is None or a.ease > best.ease:
                    best = a
    return best


def combo_aims(layout: Layout, table: Table, cue: str, first: str, targets: tuple[str, ...] | None = None) -> list[Aim]:
    """Combinations: the cue ball sends ``first`` into another ball (``targets``: those
    that may be potted this way; None: any) that goes into a pocket. Each is a ghost-ball
    aim twice over (the second ball's ghost is where ``first`` must arrive); its ease is
    the product of both legs' tolerances, the second one seen through the first's gearing."""
    if first not in layout.ids or cue not in layout.ids:
        return []
    c, a = layout.at(cue), layout.at(first)
    rc = float(layout.r[layout.ids.index(cue)])
    ra = float(layout.r[layout.ids.index(first)])
    out: list[Aim] = []
    for b in layout.ids:
        if b in (cue, first) or (targets is not None and b not in targets):
            continue
        o = layout.at(b)
        rb = float(layout.r[layout.ids.index(b)])
        if float(np.hypot(*(o - a))) > 0.8:  # long combinations are not worth simulating
            continue
        for p, mouth, half, u, d3 in pocket_lines(table, o):
            if not clear(layout, o, mouth, rb, (b, first, cue)):
                continue
            w = usable_half_width(p, u, half, rb)
            ghost_b = o - (ra + rb) * u
            cut2, d2 = _cut(a, ghost_b, u)
            if cut2 >= math.radians(50.0) or not clear(layout, a, ghost_b, ra, (first, b, cue)):
                continue
            ua = (ghost_b - a) / max(d2, 1e-9)
            ghost_a = a - (ra + rc) * ua
            cut1, d1 = _cut(c, ghost_a, ua)
            if cut1 >= math.radians(60.0) or not clear(layout, c, ghost_a, rc, (cue, first)):
                continue
            tol_b = tolerance(d2, d3, cut2, w, rb)  # first ball's heading error that pots
            tol = tol_b * 2 * ra * math.cos(cut1) / max(d1, ra)  # through the first leg's gearing
            ease = chance(tol, SIGMA_REF)
            if ease > 1e-3:
                out.append(
                    Aim(
                        "combo",
                        b,
                        p.name,
                        heading_to(c, ghost_a),
                        math.degrees(cut1),
                        d1,
                        d2 + d3,
                        ease,
                        math.degrees(math.atan2(ua[1], ua[0])) % 360.0,
                        tol,
                    )
                )
    return out


def kick2_aims(layout: Layout, table: Table, cue: str, target: str) -> list[Aim]:
    """Cue ball off two cushions (mirror images twice: two rails at right angles, or the
    two opposite rails) into ``target``."""
    c, o = layout.at(cue), layout.at(target)
    rc = float(layout.r[layout.ids.index(cue)])
    rl = rails(table, rc)
    out = []
    for r1 in rl:
        for r2 in rl:
            if r2 == r1:
                continue
            image = mirror(mirror(o, r2), r1)  # the target seen through r2, then r1
            b1 = bounce_point(c, image, r1)
            if b1 is None:
                continue
            b2 = bounce_point(b1, mirror(o, r2), r2)
            if b2 is None:
                continue
            if (
                clear(layout, c, b1, rc, (cue,))
                and clear(layout, b1, b2, rc, (cue,))
                and clear(layout, b2, o, rc, (cue, target))
            ):
                d = float(np.hypot(*(b1 - c)) + np.hypot(*(b2 - b1)) + np.hypot(*(o - b2)))
                out.append(Aim("kick", target, None, heading_to(c, b1), 0.0, d, 0.0, 0.0))
    return out


def random_layout(rng: np.random.Generator, table: Table, n: int) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """A layout to compare the two geometries on (the tests, ``benchmarks/bench_geometry.py``):
    ``n`` balls that do not overlap: some anywhere, some by a pocket's mouth, some touching
    or nearly touching another (clusters, where the clear-path checks are closest)."""
    rad = 0.02625 if table.ball_set == "snooker" else POOL_BALL_RADIUS
    lo, hi = (
        np.array([-table.half_length + rad, -table.half_width + rad]),
        -np.array([-table.half_length + rad, -table.half_width + rad]),
    )
    pts: list[np.ndarray] = []
    for _ in range(4000):
        if len(pts) == n:
            break
        pick = rng.random()
        if pick < 0.15:
            q = pocket_mouth(table.pockets[int(rng.integers(len(table.pockets)))])[0] + rng.normal(0, 0.08, 2)
        elif pick < 0.4 and pts:
            q = pts[int(rng.integers(len(pts)))] + rng.normal(0, 0.07, 2)
        else:
            q = rng.uniform(lo, hi)
        q = np.clip(q, lo, hi)
        if all(np.hypot(*(q - p)) >= 2 * rad for p in pts):
            pts.append(q)
    ids = ("cue",) + tuple(str(i) for i in range(1, len(pts)))
    return ids, np.array(pts), np.full(len(pts), rad)
