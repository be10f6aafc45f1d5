"""Pockets in the step: the bed's holes, the fall into them, the pocketed state.

The bed is the plane z = 0 minus a round hole under each pocket (``Table.pockets``: centre,
radius). Rules, each an exact event time on the closed-form paths of :mod:`motion`:

* ENTER: a ball on the bed whose centre crosses the edge of a hole loses its support and
  becomes AIRBORNE (:mod:`billiard.physics.flight`: weight only, spin kept).
  The crossing is the first root of ``|xy(t) - H|^2 - r^2``, a quartic, so a fast ball
  cannot skip a hole between ticks.
* WALL: below the bed level (z < R) the centre of a falling ball stays over the hole: the
  slate's cut edge and the pocket liner turn it back (radial velocity reversed with
  ``LINER_RESTITUTION``, at least ``LINER_PUSH`` inwards, never gaining speed:
  :func:`liner_bounce`). A ball hit hard into the middle of
  a pocket therefore stops at the back of the hole instead of flying over it. Above the bed
  level the ball may leave the hole (EXIT) and fly on; the jaws, points and the liner bricks
  behind the hole are ordinary obstacles for it.
* DROP: when the centre is R below the bed the ball is in the pocket: ``ball-pocket`` event,
  state POCKETED, frozen (excluded from every further contact).
* Flight over the bed (landing, bounces, flying off the table) is
  :mod:`billiard.physics.flight`'s; over a hole the bed is absent, so those balls never land
  (:meth:`Holes.falling`) and the bed never pushes them (:meth:`Holes.off_holes`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.events import Event
from billiard.physics.motion import on_bed
from billiard.physics.obstacle_toi import first_entry, quartic_coeffs
from billiard.physics.params import Params
from billiard.physics.state import AIRBORNE, REST, Balls, Motion
from billiard.physics.table_geometry import TableGeometry as Table


NONE, ENTER, WALL, EXIT, DROP = range(5)
LINER_RESTITUTION = 0.3  # cloth-lined slate and leather liner absorb most of a hit
LINER_PUSH = 0.05  # m/s: least inward speed after a liner hit (no grazing chatter)
INSIDE_TOL = 1e-9  # relative slack on "centre over the hole"


@dataclass(frozen=True)
class Holes:
    """The pocket holes of a table as arrays: centres (P, 2), radii (P,), names."""

    center: np.ndarray
    radius: np.ndarray
    names: tuple[str, ...]

    @classmethod
    def from_table(cls, table: "Table") -> "Holes":
        return cls(
            np.array([p.center for p in table.pockets], dtype=float).reshape(-1, 2),
            np.array([p.radius for p in table.pockets], dtype=float),
            tuple(p.name for p in table.pockets),
        )

    def containing(self, xy: np.ndarray, vel: np.ndarray | None = None) -> np.ndarray:
        """Index of the hole under each point of ``xy`` (K, 2), -1 where none.

        A centre on a hole's edge (within ``INSIDE_TOL``) counts as over the hole only if
        ``vel`` (K, 2) carries it inwards: a ball on the edge that is leaving the hole (the
        EXIT event has just put it there) is over the bed, and one coming in is over the
        hole. Without this, an event that leaves the state unchanged (EXIT) would be found
        again at the same instant, for ever (a livelock, issue 20)."""
        n, m = len(xy), len(self.names)
        if n == 0 or m == 0:
            return np.full(n, -1)
        d = (xy[:, None, :] - self.center[None, :, :]).reshape(n * m, 2)  # every (point, hole) at once
        d2 = np.einsum("ij,ij->i", d, d).reshape(n, m)
        r2 = self.radius**2
        inside = d2 <= r2 * (1 + INSIDE_TOL) ** 2
        if vel is not None:
            rim = inside & (d2 >= r2 * (1 - INSIDE_TOL) ** 2)
            inward = np.einsum("ij,ij->i", d, np.repeat(vel, m, axis=0)).reshape(n, m) < 0.0
            inside &= ~rim | inward
        return np.where(inside.any(axis=1), inside.argmax(axis=1), -1)

    def falling(self, balls: Balls) -> np.ndarray:
        """Mask of the airborne balls over a hole: their flight ends in the pocket (DROP) or
        at its edge (EXIT), never by a landing on the bed (``billiard.physics.flight``)."""
        air = balls.motion == AIRBORNE
        if air.any() and len(self.names):
            air[air] = self.containing(balls.pos[air, :2], balls.vel[air, :2]) >= 0
            return air
        return np.zeros(len(balls), bool)

    def off_holes(self, balls: Balls, idx) -> list[int]:
        """The balls of ``idx`` whose centre is not over a hole (the bed can push them)."""
        idx = [int(i) for i in idx]
        if not idx or not len(self.names):
            return idx
        return [i for i, k in zip(idx, self.containing(balls.pos[idx, :2], balls.vel[idx, :2])) if k < 0]


def next_events(
    balls: Balls,
    acc: np.ndarray,
    holes: Holes,
    params: Params,
    horizon: float,
    entries: "EntryRows | None" = None,
    entry_t: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per ball: time from now of its next pocket event within ``horizon`` (inf if none),
    the event code and the hole index. ``entries`` / ``entry_t``: the ENTER rows of
    :func:`entry_rows` and their first-entry times when the caller solved them already (in
    the same batch as the contacts: one root solve per plan)."""
    n = len(balls)
    t = np.full(n, np.inf)
    code = np.full(n, NONE)
    hole = np.full(n, -1)
    if not len(holes.names):
        return t, code, hole
    if entries is None:
        entries = entry_rows(balls, acc, holes, horizon)
        entry_t = first_entry(entries.coeffs, horizon, lambda rows, tt: np.ones(len(rows), bool))
    assert entry_t is not None, "entries come with their entry times"
    _entries(entries, entry_t, t, code, hole)
    _flights(balls, holes, params, horizon, t, code, hole)
    return t, code, hole


@dataclass(frozen=True)
class EntryRows:
    """The ENTER candidates of a plan: quartic rows ``coeffs`` of (ball ``ball``, hole
    ``hole``) pairs, and ``now`` (N, H): balls already over a hole's edge moving in."""

    coeffs: np.ndarray
    ball: np.ndarray
    hole: np.ndarray
    now: np.ndarray


def entry_rows(balls: Balls, acc: np.ndarray, holes: Holes, horizon: float) -> EntryRows:
    """ENTER candidates of every (ball on the bed, hole) pair near enough to be reached
    within ``horizon``: ``|xy(t) - H|^2 - r^2`` as quartic rows."""
    bed = on_bed(balls.motion) | (balls.motion == REST)
    speed = np.sqrt(np.einsum("ij,ij->i", balls.vel[:, :2], balls.vel[:, :2]))
    reach = speed * horizon + 0.5 * np.sqrt(np.einsum("ij,ij->i", acc[:, :2], acc[:, :2])) * horizon**2
    over = holes.containing(balls.pos[:, :2], balls.vel[:, :2])  # the same test as falling()
    n, m = len(balls), len(holes.names)
    w0 = (balls.pos[:, None, :2] - holes.center[None, :, :]).reshape(n * m, 2)
    dist = np.sqrt(np.einsum("ij,ij->i", w0, w0)).reshape(n, m)
    now = bed[:, None] & (over[:, None] == np.arange(m)[None, :])
    ci, ck = np.nonzero(bed[:, None] & ~now & (dist - holes.radius[None, :] <= reach[:, None]))
    w = [np.zeros((len(ci), 3)) for _ in range(3)]
    w[0][:, :2], w[1][:, :2], w[2][:, :2] = w0[ci * m + ck], balls.vel[ci, :2], 0.5 * acc[ci, :2]
    return EntryRows(quartic_coeffs(w[0], w[1], w[2], holes.radius[ck]), ci, ck, now)


def _entries(rows: EntryRows, entry_t: np.ndarray, t, code, hole) -> None:
    """Each ball keeps its earliest ENTER time, the lowest hole number on a tie."""
    n, m = rows.now.shape
    tk = np.full((n, m), np.inf)
    tk[rows.now] = 0.0
    tk[rows.ball, rows.hole] = entry_t
    k = np.argmin(tk, axis=1)
    first = tk[np.arange(n), k]
    better = first < t
    t[better], code[better], hole[better] = first[better], ENTER, k[better]


def _flights(balls, holes, params, horizon, t, code, hole) -> None:
    g = params.g
    for i in np.nonzero(holes.falling(balls))[0]:
        p, v, r = balls.pos[i], balls.vel[i], balls.radius[i]
        k = int(holes.containing(p[None, :2], v[None, :2])[0])
        td = (v[2] + np.sqrt(max(v[2] ** 2 + 2 * g * (p[2] + r), 0.0))) / g  # z = -R
        best, what = td, DROP
        w = p[:2] - holes.center[k]
        a = float(v[:2] @ v[:2])
        if a > 0.0:  # horizontal path leaves the circle at tw
            b, c = float(2 * w @ v[:2]), float(w @ w - holes.radius[k] ** 2)
            tw = (-b + np.sqrt(max(b * b - 4 * a * c, 0.0))) / (2 * a)
            if tw < best:
                z = p[2] + v[2] * tw - 0.5 * g * tw * tw
                best, what = tw, (WALL if z < r else EXIT)
        if best <= horizon:
            t[i], code[i], hole[i] = best, what, k


def liner_bounce(v: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Horizontal velocity after a liner hit: ``v`` meets the wall of outward normal ``u``.

    The radial part is reversed with ``LINER_RESTITUTION``; a slow or grazing hit leaves at
    least ``LINER_PUSH`` inwards (no grazing chatter), but never faster than the ball came:
    that extra inward speed is taken from the tangential part, so the horizontal speed never
    grows. (Adding the push on top of the tangential speed gave a ball that rolled slowly
    over a hole's edge more energy than it had: issue 20, fuzz seed 3 shot 499.)"""
    vr = float(v @ u)
    vt = v - vr * u
    st = float(np.sqrt(vt @ vt))
    speed = float(np.hypot(vr, st))
    inward = max(LINER_RESTITUTION * vr, min(LINER_PUSH, speed))
    if inward <= LINER_RESTITUTION * vr or st == 0.0:
        return vt - inward * u
    # |v_out|^2 = inward^2 + st_out^2 <= vr^2 + st^2: the tangential part gives up the difference
    st_out = min(st, float(np.sqrt(max(speed * speed - inward * inward, 0.0))))
    return vt * (st_out / st) - inward * u


def apply_event(
    balls: Balls, i: int, what: int, k: int, holes: Holes, now: float
) -> tuple[list[Event], list[tuple[int, int, int]]]:
    """Apply pocket event ``what`` to ball ``i`` (hole ``k``) at time ``now``; returns the
    events and the ``(ball, old, new)`` motion changes."""
    old = int(balls.motion[i])
    ball = (balls.ids[i],)
    if what == ENTER:
        balls.motion[i] = Motion.AIRBORNE
        balls.vel[i, 2] = 0.0
        return [], [(i, old, int(Motion.AIRBORNE))]
    if what == WALL:
        u = balls.pos[i, :2] - holes.center[k]
        u /= np.linalg.norm(u)
        balls.pos[i, :2] = holes.center[k] + holes.radius[k] * u
        vr = float(balls.vel[i, :2] @ u)
        balls.vel[i, :2] = liner_bounce(balls.vel[i, :2], u)
        return [
            Event(
                now,
                "ball-cushion",
                ball,
                {"cushion": f"liner-{holes.names[k]}", "kind": "pocket-wall", "speed": max(vr, 0.0)},
            )
        ], []
    if what == DROP:
        balls.pos[i, 2] = -balls.radius[i]  # exact already; a numerical integrator may differ a little
        balls.motion[i] = Motion.POCKETED
        balls.pocket[i] = holes.names[k]
        balls.vel[i] = 0.0
        balls.omega[i] = 0.0
        return [Event(now, "ball-pocket", ball, {"pocket": holes.names[k]})], [(i, old, int(Motion.POCKETED))]
    return [], []  # EXIT: only a replan
