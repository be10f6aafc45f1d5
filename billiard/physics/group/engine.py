"""The grouped solver inside the World step: the resolver seam of billiard.physics.resolve.

The contact search gives the contacts that happen within eps of each other. Balls that
merely touch (a frozen rack, a ball against a cushion) have no approach speed and so no
contact time, yet they are part of the same collision: the group is grown to every ball
and cushion touching its balls, transitively, within TOUCH_GAP. The group is then solved
as one problem by ``params.group_model`` (or seed 003's soft contact when
``params.contact_model == "soft"``). A lone contact with nothing touching keeps the
pairwise seed 004 §4.2 impulse, which the wave model equals for one contact.

Ball-ball friction follows the same law as a lone pair (:func:`ball_ball_mu`): with the
speed-dependent fit on, each ball-ball contact's coefficient is the fit of its slip speed
before the group is solved (docs/physics.md "Ball-ball friction").
"""

from __future__ import annotations

import weakref

import numpy as np

from billiard.physics.ball_cushion import BED_TOL, absorb_press
from billiard.physics.contact.soft_seed003 import solve_soft
from billiard.physics.detect import BALL, Contact
from billiard.physics.detect import OBSTACLE as OBSTACLE_KIND
from billiard.physics.events import Event
from billiard.physics.group import OBSTACLE, ContactGroup, GroupResult, make_group, resolve_group
from billiard.physics.kernels.closest import closest_point as closest_kernel
from billiard.physics.kernels.closest import pack_obstacles
from billiard.physics.kernels.group_wave import solve_wave as wave_kernel
from billiard.physics.impulse import ball_ball_mu, contact_slip
from billiard.physics.kernels.resolve import ball_ball_hit, obstacle_hit, touching_group
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.params import Params
from billiard.physics.resolve import resolve_pairwise
from billiard.physics.state import POCKETED, Balls
from billiard.physics.table_geometry import TableGeometry as Table


TOUCH_GAP = 1e-8  # m: closer than this, two surfaces touch
ROUND_OFF_SPEED = 1e-12  # m/s: velocity changes and hit speeds below this are round-off, not hits
# Boxes per live table, keyed by id(table). The cache holds no reference to the table: an
# entry is dropped when its table is freed (weakref.finalize), so simulating many shots does
# not keep every table's boxes (~40 KB a shot, issue 20).
_BOUNDS: dict[int, tuple[np.ndarray, np.ndarray]] = {}
_PACKED: dict[int, np.ndarray] = {}  # the same for the packed obstacles of the compiled closest point
_NO_BOXES = np.zeros((0, 3))


def _per_table(cache: dict, table: "Table", make):
    """``make(table)``, kept in ``cache`` while the table lives (weakref.finalize drops it)."""
    key = id(table)
    cached = cache.get(key)
    if cached is not None:
        return cached
    value = make(table)
    try:
        weakref.finalize(table, cache.pop, key, None)
    except TypeError:  # not weakly referable: no caching
        return value
    cache[key] = value
    return value


def _obstacle_bounds(table: "Table") -> tuple[np.ndarray, np.ndarray]:
    """Axis-aligned boxes (lo, hi) around each obstacle (kept per live table)."""
    return _per_table(_BOUNDS, table, _make_bounds)


def _packed_obstacles(table: "Table") -> np.ndarray:
    """The table's obstacles as the compiled closest point takes them (kept per live table)."""
    return _per_table(_PACKED, table, lambda t: pack_obstacles(t.obstacles))


def _make_bounds(table: "Table") -> tuple[np.ndarray, np.ndarray]:
    """Axis-aligned boxes (lo, hi) around each obstacle, from the closest points to far probes
    (1 mm margin covers the probes' finite distance)."""
    obstacles = table.obstacles
    far = 1e6
    lo = np.empty((len(obstacles), 3))
    hi = np.empty((len(obstacles), 3))
    for k, ob in enumerate(obstacles):
        for axis in range(3):
            probe = np.zeros(3)
            probe[axis] = -far
            lo[k, axis] = closest_point(ob, probe)[axis]
            probe[axis] = far
            hi[k, axis] = closest_point(ob, probe)[axis]
    lo -= 1e-3
    hi += 1e-3
    return lo, hi


def _touching(balls: Balls, contacts: list[Contact], table: "Table") -> list[tuple[int, int, int]]:
    """(kind, i, j) of the contacts plus every touching ball pair / ball-obstacle pair of their balls."""
    obstacles = table.obstacles
    live = balls.motion != POCKETED
    found = {(c.kind, min(c.i, c.j), max(c.i, c.j)) if c.kind == BALL else (c.kind, c.i, c.j) for c in contacts}
    members = sorted({c.i for c in contacts} | {c.j for c in contacts if c.kind == BALL})
    frontier = list(members)
    seen = set(members)
    while frontier:
        i = frontier.pop()
        d = balls.pos - balls.pos[i]
        gap = np.sqrt(np.einsum("ij,ij->i", d, d)) - balls.radius - balls.radius[i]
        near = live & (gap < TOUCH_GAP)
        near[i] = False
        for j in map(int, np.flatnonzero(near)):
            found.add((BALL, min(i, j), max(i, j)))
            if j not in seen:
                seen.add(j)
                frontier.append(j)
    if obstacles:
        lo, hi = _obstacle_bounds(table)
        for i in sorted(seen):
            reach = balls.radius[i] + TOUCH_GAP
            box = np.all((balls.pos[i] > lo - reach) & (balls.pos[i] < hi + reach), axis=1)
            for o in np.flatnonzero(box):
                ob = obstacles[o]
                if (OBSTACLE_KIND, i, int(o)) in found:
                    continue
                gap = np.linalg.norm(balls.pos[i] - closest_point(ob, balls.pos[i])) - balls.radius[i]
                if gap < TOUCH_GAP:
                    found.add((OBSTACLE_KIND, i, int(o)))
    return sorted(found)


def resolve_grouped(
    balls: Balls, contacts: list[Contact], table: "Table", params: Params, t: float, compiled: bool = False
) -> tuple[list[Event], set[int]]:
    """Resolver for World: the whole touching group as one problem; hit events and touched balls.

    ``compiled``: the touching search and a lone contact's impulse by the compiled kernels
    (:mod:`billiard.physics.kernels.resolve`; the World's compiled engine), else the numpy
    references. The bed is no obstacle: landings are the World's (billiard.physics.flight)."""
    group_contacts = (_touching_compiled if compiled else _touching)(balls, contacts, table)
    if params.group_model == "linear" and params.contact_model == "impulse":
        # seed 000's group holds the pairs in collision: its restitution on every contact would
        # turn a separating pair back into an approaching one
        group_contacts = [c for c in group_contacts if _closing(balls, table, c) >= -ROUND_OFF_SPEED]
    if not group_contacts:
        return [], set()
    if len(group_contacts) == 1 and params.contact_model == "impulse":
        kind, i, j = group_contacts[0]
        if compiled:
            return _resolve_one_compiled(balls, kind, i, j, table, params, t)
        return resolve_pairwise(balls, [Contact(0.0, kind, i, j)], table, params, t)
    members = sorted({c[1] for c in group_contacts} | {c[2] for c in group_contacts if c[0] == BALL})
    local = {g: k for k, g in enumerate(members)}
    a, b, normal, point, e, mu = [], [], [], [], [], []
    for kind, i, j in group_contacts:
        if kind == BALL:
            n = balls.pos[i] - balls.pos[j]
            n /= np.linalg.norm(n)
            a.append(local[i])
            b.append(local[j])
            normal.append(n)
            point.append(balls.pos[j] + balls.radius[j] * n)
            slip = contact_slip(
                balls.vel[i], balls.omega[i], balls.radius[i], balls.vel[j], balls.omega[j], balls.radius[j], n
            )
            e.append(params.e_ball)
            mu.append(ball_ball_mu(params.mu_ball, params.mu_ball_fit > 0, slip))
        else:
            cp = closest_point(table.obstacles[j], balls.pos[i])
            n = balls.pos[i] - cp
            n /= np.linalg.norm(n)
            a.append(local[i])
            b.append(OBSTACLE)
            normal.append(n)
            point.append(cp)
            e.append(params.e_cushion)
            mu.append(params.mu_cushion)
    idx = np.array(members)
    group = make_group(
        balls.pos[idx], balls.vel[idx], balls.omega[idx], balls.mass[idx], balls.radius[idx], a, b, normal, point, e, mu
    )
    if params.contact_model == "soft":
        integrator = "rk4" if params.integrator == "exact" else params.integrator
        result = solve_soft(group, params.k_soft, integrator)
    elif compiled and params.group_model == "wave":
        result = solve_wave_compiled(group)
    else:
        result = resolve_group(group, params.group_model)
    events = _events(balls, group, group_contacts, members, result, table, t)
    moved = _write_back(balls, idx, result)
    absorb_press(balls, sorted({i for kind, i, _ in group_contacts if kind == OBSTACLE_KIND}))
    return events, moved


def solve_wave_compiled(group: ContactGroup) -> GroupResult:
    """:func:`billiard.physics.group.wave.solve_wave` by the compiled kernel
    (:mod:`billiard.physics.kernels.group_wave`): the same rounds, friction along the impulse
    included, to round-off."""
    nb, nc = group.n_balls, group.n_contacts
    vel, omega, normal, friction = np.empty((nb, 3)), np.empty((nb, 3)), np.empty(nc), np.empty((nc, 3))
    wave_kernel(
        group.pos,
        group.vel,
        group.omega,
        group.mass,
        group.radius,
        group.a,
        group.b,
        group.normal,
        group.point,
        group.e,
        group.mu,
        vel,
        omega,
        normal,
        friction,
    )
    return GroupResult(vel, omega, normal, friction)


def _touching_compiled(balls: Balls, contacts: list[Contact], table: "Table") -> list[tuple[int, int, int]]:
    """:func:`_touching` with the ball scan, the obstacle boxes and the exact obstacle
    distances of the few candidates compiled (:mod:`billiard.physics.kernels.closest`)."""
    found = {(c.kind, min(c.i, c.j), max(c.i, c.j)) if c.kind == BALL else (c.kind, c.i, c.j) for c in contacts}
    members = np.array(sorted({c.i for c in contacts} | {c.j for c in contacts if c.kind == BALL}), dtype=np.int64)
    lo, hi = _obstacle_bounds(table) if table.obstacles else (_NO_BOXES, _NO_BOXES)
    pairs, cand = touching_group(balls.pos, balls.radius, balls.motion != POCKETED, members, TOUCH_GAP, lo, hi)
    found.update((BALL, min(i, j), max(i, j)) for i, j in pairs.tolist())
    if len(cand):
        packed, cp, pos = _packed_obstacles(table), np.empty(3), balls.pos
        for i, o in cand.tolist():
            if (OBSTACLE_KIND, i, o) in found:
                continue
            closest_kernel(packed, o, pos[i, 0], pos[i, 1], pos[i, 2], cp)
            if np.linalg.norm(pos[i] - cp) - balls.radius[i] < TOUCH_GAP:
                found.add((OBSTACLE_KIND, i, o))
    return sorted(found)


def _resolve_one_compiled(
    balls: Balls, kind: int, i: int, j: int, table: "Table", params: Params, t: float
) -> tuple[list[Event], set[int]]:
    """:func:`resolve_pairwise` of one contact by the compiled impulse kernels."""
    if kind == BALL:
        speed = ball_ball_hit(
            balls.pos,
            balls.vel,
            balls.omega,
            balls.mass,
            balls.radius,
            i,
            j,
            params.e_ball,
            params.mu_ball,
            params.mu_ball_fit > 0,
        )
        if speed < 0.0:
            return [], set()
        return [Event(t, "ball-ball", (balls.ids[i], balls.ids[j]), {"speed": speed})], {i, j}
    ob = table.obstacles[j]
    cp = np.empty(3)
    closest_kernel(_packed_obstacles(table), j, balls.pos[i, 0], balls.pos[i, 1], balls.pos[i, 2], cp)
    speed = obstacle_hit(
        balls.pos,
        balls.vel,
        balls.omega,
        balls.radius,
        balls.motion,
        i,
        cp,
        params.e_cushion,
        params.mu_cushion,
        BED_TOL,
    )
    if speed < 0.0:
        return [], set()
    return [Event(t, "ball-cushion", (balls.ids[i],), {"cushion": ob.name, "kind": ob.kind, "speed": speed})], {i}


def _closing(balls: Balls, table: "Table", contact: tuple[int, int, int]) -> float:
    """Normal closing speed of a (kind, i, j) contact (negative when separating)."""
    kind, i, j = contact
    if kind == BALL:
        n = balls.pos[i] - balls.pos[j]
        return -float((balls.vel[i] - balls.vel[j]) @ n) / float(np.linalg.norm(n))
    n = balls.pos[i] - closest_point(table.obstacles[j], balls.pos[i])
    return -float(balls.vel[i] @ n) / float(np.linalg.norm(n))


def _write_back(balls: Balls, idx: np.ndarray, result) -> set[int]:
    """Store the new velocities; the balls that really changed (beyond round-off) are the moved ones."""
    dv = np.abs(result.vel - balls.vel[idx]).max(axis=1)
    dw = np.abs(result.omega - balls.omega[idx]).max(axis=1) * balls.radius[idx]
    changed = np.maximum(dv, dw) > ROUND_OFF_SPEED
    balls.vel[idx] = result.vel
    balls.omega[idx] = result.omega
    return {int(i) for i in idx[changed]}


def _events(balls: Balls, group, group_contacts, members, result, table, t: float) -> list[Event]:
    """A hit event per contact that carried an impulse; speed = approach speed before the group,
    or, for a contact reached by the wave, the approach speed its impulse implies."""
    events = []
    ball_b = group.b != OBSTACLE
    vb = np.where(ball_b[:, None], group.vel[np.maximum(group.b, 0)], 0.0)
    approach = -np.einsum("ij,ij->i", group.vel[group.a] - vb, group.normal)
    inv_m = 1.0 / group.mass[group.a] + np.where(ball_b, 1.0 / group.mass[np.maximum(group.b, 0)], 0.0)
    implied = result.normal_impulse * inv_m / (1.0 + group.e)
    for k, (kind, i, j) in enumerate(group_contacts):
        speed = float(approach[k]) if approach[k] > 0.0 else float(implied[k])
        if result.normal_impulse[k] <= 0.0 or speed <= ROUND_OFF_SPEED:
            continue
        if kind == BALL:
            events.append(Event(t, "ball-ball", (balls.ids[i], balls.ids[j]), {"speed": speed}))
        else:
            ob = table.obstacles[j]
            events.append(
                Event(t, "ball-cushion", (balls.ids[i],), {"cushion": ob.name, "kind": ob.kind, "speed": speed})
            )
    return events
