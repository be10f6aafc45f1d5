"""The World's plan (step 2 of :mod:`billiard.physics.world`): every ball's constant accelerations in
its state (:mod:`motion`), the time of its next state change, the earliest contact group
(:mod:`detect`) and pocket events within a horizon.

Two ways to plan: "full" redoes everything after each event, with a horizon cut at the first
transition (:func:`plan_full`); "incremental" keeps the contact rows as absolute times and
solves again only the rows of the balls an event changed (:func:`plan_all_rows`,
:func:`replan_rows`). A plan stays valid until one of its events is reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from billiard.physics.detect import BALL, compiled_hits, contact_hits, select_group
from billiard.physics.motion import accelerations, compiled_kinematics, in_motion, transition_times
from billiard.physics.pockets import EntryRows, entry_rows, next_events
from billiard.physics.state import POCKETED
from billiard.physics.sustained_contacts import MUTE_DEPTH, found_again

if TYPE_CHECKING:
    from billiard.physics.world import World

HORIZON = 0.25  # s: longest look-ahead of one contact search
REACH_ROWS = 0.5  # m: the incremental plan looks ahead until the fastest ball has gone this far


def plan(world: World) -> None:
    """Accelerations, transition times and earliest contacts from the current state."""
    if world.replan == "full":
        plan_full(world)
    elif world._changed is None or not world.t < world._t_plan_end < np.inf:
        plan_all_rows(world)
    else:
        replan_rows(world)
    world._changed = set()


def plan_full(world: World) -> None:
    """The reference plan: everything from the current state, to the first transition at most."""
    b, p = world.balls, world.params
    rel = plan_common(world)
    world._contacts = []
    world._t_contact = np.inf
    world._t_plan_end = np.inf
    world._t_pocket_min = np.inf
    compiled = world.engine == "compiled"
    if not (len(world._kin.acc) if compiled else in_motion(b.motion).any()):
        return
    horizon = min(float(rel.min()), HORIZON)
    world._t_plan_end = world.t + horizon
    acc = world._kin.full_acc
    if compiled:
        pi, pj, every = kernel_rows(world)  # the kernel skips the pocketed balls itself

        def find():
            t, kind, i, j, *pocket = contact_rows(world, acc, horizon, pi, pj, every)
            return select_group(t, kind, i, j, p.eps_group, frozenset(world._ignored)), pocket
    else:
        live = np.nonzero(b.motion != POCKETED)[0]
        # the pocket entries go into the contacts' batched root solve (one solve per plan)
        entries = entry_rows(b, acc, world._holes, horizon) if world._holes.names else None

        def find():
            t, kind, i, j, entry_t = contact_rows(world, acc, horizon, world._pairs.i, world._pairs.j, live, entries)
            return select_group(t, kind, i, j, p.eps_group, frozenset(world._ignored)), entry_t

    world._contacts, pocket = find()
    if found_again(world):
        world._contacts, pocket = find()
        if world._contacts:
            world._last_group = (world.t, {(c.kind, c.i, c.j) for c in world._contacts})
    if world._contacts:
        world._t_contact = world.t + world._contacts[0].t
    if world.engine == "compiled":
        rel_pocket, world._pocket_code, world._pocket_hole = pocket  # the kernel's pocket events
    else:
        rel_pocket, world._pocket_code, world._pocket_hole = next_events(
            b, acc, world._holes, p, horizon, entries, pocket
        )
    world._t_pocket = world.t + rel_pocket
    world._t_pocket_min = float(world._t_pocket.min())


def contact_rows(
    world: World,
    acc: np.ndarray,
    horizon: float,
    pi: np.ndarray,
    pj: np.ndarray,
    rows: np.ndarray,
    entries: EntryRows | None = None,
) -> tuple:
    """The contact rows within ``horizon`` of the ball pairs (``pi``, ``pj``) and of the balls
    ``rows`` with the table (muted contacts looked for ``MUTE_DEPTH`` deeper): (t, kind, i, j)
    and, from the compiled kernel, every ball's next pocket event (time, code, hole); from
    the numpy reference, the times of the pocket ``entries`` solved with them."""
    b, muted = world.balls, frozenset(world._muted)
    if world.engine == "compiled":
        return compiled_hits(
            b, acc, horizon, pi, pj, rows, world._features, muted, MUTE_DEPTH, world._holes, world.params.g
        )
    coeffs = None if entries is None else entries.coeffs
    return contact_hits(b, acc, horizon, pi, pj, rows, world._features, muted, MUTE_DEPTH, coeffs)


def kernel_rows(world: World) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pair i, pair j, every ball row) as the compiled plan takes them: writeable int64
    arrays (the shared pair index is read-only, which numba would compile apart), made
    once per World."""
    rows = world.__dict__.get("_krows")
    if rows is None:
        rows = world._krows = (
            np.array(world._pairs.i, dtype=np.int64),
            np.array(world._pairs.j, dtype=np.int64),
            np.arange(len(world.balls), dtype=np.int64),
        )
    return rows


def plan_common(world: World) -> np.ndarray:
    """Accelerations and transition times of every ball (cheap, vectorised); returns the
    transition times from now."""
    b, p = world.balls, world.params
    if world.engine == "compiled":
        world._kin, rel = compiled_kinematics(b, p, world._holes.center, world._holes.radius)
    else:
        world._kin = accelerations(b, p)
        rel = transition_times(b, p)
        rel[world._holes.falling(b)] = np.inf  # no bed to land on over a hole (pockets.py)
    world._t_trans = world.t + rel
    world._t_trans_min = float(world._t_trans.min()) if len(rel) else np.inf
    world._dirty = False
    return rel


def plan_all_rows(world: World) -> None:
    """Incremental mode, a fresh start: every contact row over the whole look-ahead (not cut
    at the first transition: a transition re-plans that ball's rows), kept as absolute
    times (world._hits) for :func:`replan_rows`, until the fastest ball has gone REACH_ROWS
    (few rows to solve) or HORIZON has passed."""
    b, p = world.balls, world.params
    plan_common(world)
    none = np.zeros(0, dtype=int)
    world._hits = (np.zeros(0), none, none, none)
    world._t_plan_end = np.inf
    world._t_pocket = np.full(len(b), np.inf)
    world._pocket_code = np.zeros(len(b), dtype=int)
    world._pocket_hole = np.full(len(b), -1)
    if in_motion(b.motion).any():
        fastest = float(np.sqrt(np.einsum("ij,ij->i", b.vel, b.vel)).max())
        horizon = min(HORIZON, REACH_ROWS / fastest) if fastest > 0 else HORIZON
        world._t_plan_end = world.t + horizon
        live = np.nonzero(b.motion != POCKETED)[0]
        acc = world._kin.full_acc
        if world.engine == "compiled":
            t, kind, i, j, rel_pocket, world._pocket_code, world._pocket_hole = contact_rows(
                world, acc, horizon, world._pairs.i, world._pairs.j, live
            )
        else:
            entries = entry_rows(b, acc, world._holes, horizon) if world._holes.names else None
            t, kind, i, j, entry_t = contact_rows(world, acc, horizon, world._pairs.i, world._pairs.j, live, entries)
            rel_pocket, world._pocket_code, world._pocket_hole = next_events(
                b, acc, world._holes, p, horizon, entries, entry_t
            )
        world._hits = (world.t + t, kind, i, j)
        world._t_pocket = world.t + rel_pocket
    select(world)


def replan_rows(world: World) -> None:
    """Incremental mode after an event: only the contact and pocket rows of the balls the
    event changed are solved again (from now to the plan's end); every other row keeps
    its time, since the paths of its balls did not change. Cost per event: O(N) pairs."""
    b, p = world.balls, world.params
    plan_common(world)
    assert world._changed is not None, "an incremental plan follows a full one"
    changed = np.array(sorted(world._changed), dtype=int)
    if len(changed):
        horizon = world._t_plan_end - world.t
        mark = np.zeros(len(b), bool)
        mark[changed] = True
        t, kind, i, j = world._hits
        ball = kind == BALL
        keep = ~(mark[i] | (ball & mark[np.where(ball, j, 0)]))
        pairs = mark[world._pairs.i] | mark[world._pairs.j]
        rows = changed[b.motion[changed] != POCKETED]
        hits = contact_rows(world, world._kin.full_acc, horizon, world._pairs.i[pairs], world._pairs.j[pairs], rows)
        if world.engine == "compiled":
            nt, nk, ni, nj, rel_pocket, code, hole = hits
        else:
            nt, nk, ni, nj, _ = hits
            rel_pocket, code, hole = next_events(b, world._kin.full_acc, world._holes, p, horizon)
        world._hits = (
            np.concatenate([t[keep], world.t + nt]),
            np.concatenate([kind[keep], nk]),
            np.concatenate([i[keep], ni]),
            np.concatenate([j[keep], nj]),
        )
        world._t_pocket[changed] = world.t + rel_pocket[changed]
        world._pocket_code[changed] = code[changed]
        world._pocket_hole[changed] = hole[changed]
    select(world)


def select(world: World) -> None:
    """The next contact group from the kept rows (ignored contacts left out)."""
    world._contacts = select_group(*world._hits, world.params.eps_group, frozenset(world._ignored), world.t)
    if found_again(world):
        replan_rows(world)  # the rows of the muted contacts' balls, found deeper
        return
    world._t_contact = world.t + world._contacts[0].t if world._contacts else np.inf
    world._t_pocket_min = float(world._t_pocket.min()) if len(world._t_pocket) else np.inf
