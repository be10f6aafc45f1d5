"""Resolve a group of contacts found together (seed 004 §3 step 3, annex C.5).

This is the seam where a joint (grouped, order-independent) solver plugs in: any function
with the signature of :func:`resolve_pairwise` may be passed as ``World(resolver=...)``.
The World's default is the grouped solver (:mod:`billiard.physics.group.engine`), which
falls back to this function for a lone contact.

Pairwise rule used here: contacts are taken in the order :func:`find_contacts` gives them
(ball-ball before ball-obstacle, then ball indices i < j in array order); each
one is recomputed from the current velocities just before it is applied and skipped if the
bodies no longer close. Touching chains (a frozen rack) are then handled by the step as a
sequence of instantaneous contacts, as real balls behave (docs/physics.md, Newton's cradle).
"""

from __future__ import annotations


from billiard.physics.ball_ball import collide_balls
from billiard.physics.ball_cushion import collide_obstacle
from billiard.physics.detect import BALL, Contact
from billiard.physics.events import Event
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.physics.table_geometry import TableGeometry as Table


def resolve_pairwise(
    balls: Balls, contacts: list[Contact], table: Table, params: Params, t: float
) -> tuple[list[Event], set[int]]:
    """Apply the contacts one after the other; returns the hit events and the balls touched."""
    events: list[Event] = []
    touched: set[int] = set()
    for c in contacts:
        if c.kind == BALL:
            speed = collide_balls(balls, c.i, c.j, params)
            if speed is not None:
                touched.update((c.i, c.j))
                events.append(Event(t, "ball-ball", (balls.ids[c.i], balls.ids[c.j]), {"speed": speed}))
        else:
            ob = table.obstacles[c.j]
            speed = collide_obstacle(balls, c.i, ob, params)
            if speed is not None:
                touched.add(c.i)
                events.append(
                    Event(t, "ball-cushion", (balls.ids[c.i],), {"cushion": ob.name, "kind": ob.kind, "speed": speed})
                )
    return events, touched
