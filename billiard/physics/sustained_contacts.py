"""Sustained contacts: the contacts the World mutes or ignores for the rest of a tick.

A ball pushed into another (or into a cushion) by its own spin would bounce off it ever more
often with ever smaller speeds (a Zeno sequence, like a bouncing ball coming to rest); so do
balls come to rest touching in a cluster after a break, pushed on by a ball's spin (issue 29:
1,151 events in one tick). A contact that closes slower than ``V_REST`` (1 mm/s: a hundred
times below a soft roll, invisible) is resolved, then muted until the end of the tick: looked
for ``MUTE_DEPTH`` deeper, resolved again when so found, and the overlap removed
(annex C.4, :mod:`correction`). This stands in for the resting-contact forces of seed 004
annex C.2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from billiard.physics.correction import separate
from billiard.physics.detect import BALL
from billiard.physics.events import Event

if TYPE_CHECKING:
    from billiard.physics.world import World

V_REST = 1e-3  # m/s: contacts closing slower than this are muted for a while
MUTE_DEPTH = 2.5e-7  # m: a muted contact is found again when its bodies have sunk this deep into each other


def found_again(world: World) -> bool:
    """The group just resolved, found again at once: resolving it again would change
    nothing, and an event that leaves the state unchanged must never be found again
    (issue 20). It is muted (looked for MUTE_DEPTH deeper); if even that finds it at
    once, it is ignored for the rest of the tick. True when the plan must look again."""
    keys = {(c.kind, c.i, c.j) for c in world._contacts}
    again = bool(world._contacts) and world._contacts[0].t == 0.0 and world._last_group == (world.t, keys)
    if again:
        if keys <= world._muted:
            world._ignored |= keys
        world._muted |= keys
        if world._changed is None:
            world._changed = set()
        world._touch(k[1] for k in keys)
        world._touch(k[2] for k in keys if k[0] == BALL)
    elif world._contacts:
        world._last_group = (world.t, keys)
    return again


def mute_slow(world: World, hits: list[Event], moved: set[int]) -> None:
    """Mute, for the rest of the tick, the contacts just resolved that closed slower than
    V_REST, and those the resolver found not closing at all (a grazing contact whose
    approach speed round-off put on the other side of zero): found again at once, they
    would stall the tick.

    A muted contact is not ignored: it is looked for ``MUTE_DEPTH`` deeper (the bodies
    may sink that far into each other). A ball driven into another or into a cushion by
    its spin (a sustained contact) is so found again, resolved, its overlap removed
    (:func:`separate`) and muted anew: it never sinks more than a fraction of a
    micrometre (issue 20: it used to sink tens of micrometres into a ball, a millimetre
    into a cushion, during the rest of the tick). A fast new approach of a muted pair is
    found too, MUTE_DEPTH late; so a mute is kept when its balls are hit again (dropping
    it let three balls in a row bounce ever faster between each other: a Zeno livelock)."""
    hit: dict[tuple[str | None, ...], float] = {}  # the balls, or a ball and its cushion
    for e in hits:
        key = tuple(sorted(e.balls)) if e.type == "ball-ball" else (e.balls[0], e.info.get("cushion"))
        hit[key] = max(hit.get(key, 0.0), e.info.get("speed", V_REST))
    ids, obstacles = world.balls.ids, world.table.obstacles
    slow = []
    for c in world._contacts:
        key = tuple(sorted((ids[c.i], ids[c.j]))) if c.kind == BALL else (ids[c.i], obstacles[c.j].name)
        if hit.get(key, 0.0) < V_REST:
            slow.append(c)
            world._muted.add((c.kind, c.i, c.j))
    if slow:
        pairs = [(c.i, c.j) for c in slow if c.kind == BALL]
        separate(
            world.balls,
            np.array([i for i, _ in pairs], int),
            np.array([j for _, j in pairs], int),
            obstacles,
            also=[c.i for c in slow if c.kind != BALL],
            g=world.params.g,
        )
