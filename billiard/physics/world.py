"""The simulation world: fixed ticks, each split at the exact events inside it (seed 004 §3).

One :meth:`World.step` advances exactly ``params.dt``:

1. after any event, put nearly-still balls to rest (:mod:`rest`);
2. plan: constant accelerations of every ball in its state (:mod:`motion`), the time of each
   ball's next state change, and the earliest contacts (:mod:`detect`) within a horizon;
3. advance every ball in closed form to the earliest of (contact, transition, horizon end);
   resolve the contact group (:mod:`resolve`) or apply the transition; replan; repeat until
   the tick is used;
4. remove residual overlaps (annex C.4, :mod:`correction`) after a tick with contacts.

Sustained contacts: a ball pushed into another (or into a cushion) by its own spin would
bounce off it ever more often with ever smaller speeds (a Zeno sequence, like a bouncing
ball coming to rest). A contact that closes slower than ``V_REST`` (a bounce of at most
1e-4 m/s moves the balls less than a micrometre in a tick) is resolved, then ignored until
the end of the tick; the overlap the push then causes (micrometres) is removed by step 4.
This stands in for the resting-contact forces of seed 004 annex C.2.

A plan stays valid across ticks until one of its events is reached (trajectories are fixed
polynomials until then), so a quiet tick costs one closed-form advance.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from billiard.errors import BilliardError
from billiard.physics.correction import separate
from billiard.physics.cue import cue_strike
from billiard.physics.detect import BALL, Contact, PairIndex, find_contacts
from billiard.physics.events import Event
from billiard.physics.flight import land, settle
from billiard.physics.integrators.ball_motion import advance_numeric
from billiard.physics.motion import accelerations, in_motion, advance, classify, end_transition, transition_times
from billiard.physics.obstacle_toi import table_features
from billiard.physics.params import Params
from billiard.physics.pockets import Holes, apply_event, next_events
from billiard.physics.group.engine import resolve_grouped
from billiard.physics.rest import stop_still
from billiard.physics.state import Balls, Motion
from billiard.physics.table_geometry import TableGeometry as Table


HORIZON = 0.25           # s: longest look-ahead of one contact search
MAX_EVENTS_PER_TICK = 5000   # a 15 m/s break needs a few dozen; more means the step is stuck
V_REST = 1e-4            # m/s: contacts closing slower than this are muted for the rest of the tick



class EventBudgetError(BilliardError):
    """A tick needed more than ``MAX_EVENTS_PER_TICK`` events: the step stops rather than
    skip the contact checks of the rest of the tick (issue 20)."""


Resolver = Callable[[Balls, list, "Table", Params, float], tuple[list, set]]


class World:
    """Balls on a table under ``params``; ``balls`` is the live state, ``t`` seconds elapsed.

    ``resolver`` resolves one group of simultaneous contacts (default: the grouped solver of
    :mod:`billiard.physics.group.engine`; :func:`billiard.physics.resolve.resolve_pairwise` fits too).
    """

    def __init__(self, balls: Balls, table: "Table", params: Params, resolver: Resolver = resolve_grouped):
        self.balls = balls
        self.table = table
        self.params = params
        self.resolver = resolver
        self.t = 0.0
        self._tick = 0
        self._features = table_features(table.obstacles)
        self._holes = Holes.from_table(table)
        self._pairs = PairIndex(len(balls))
        self._pending: list[Event] = []
        self._muted: set[tuple[int, int, int]] = set()
        classify(balls, np.arange(len(balls)))
        self._dirty = True
        self.probe: Callable[[], None] | None = None   # called after every event of a step (the fuzz checks)
        self.max_events = MAX_EVENTS_PER_TICK

    # ------------------------------------------------------------------ public API
    def moving(self) -> bool:
        """True while any ball is still moving on the bed or flying."""
        return bool(in_motion(self.balls.motion).any())

    def strike(self, ball_id: str, speed: float, heading_deg: float, elevation_deg: float,
               tip: Sequence[float] = (0.0, 0.0)) -> Event:
        """Strike ``ball_id`` with the cue (see :mod:`billiard.physics.cue`); BilliardError on bad input."""
        if ball_id not in self.balls.ids:
            raise BilliardError(f"unknown ball '{ball_id}' (balls: {', '.join(self.balls.ids)})")
        i = self.balls.index(ball_id)
        if self.balls.motion[i] in (Motion.POCKETED, Motion.AIRBORNE):
            raise BilliardError(f"ball '{ball_id}' cannot be struck now (it is {Motion(self.balls.motion[i]).label})")
        dv, dw = cue_strike(self.balls.mass[i], self.balls.radius[i], speed, heading_deg, elevation_deg,
                            tip, self.params.cue_mass, self.params.end_mass)
        self.balls.vel[i] += dv
        self.balls.omega[i] += dw
        self._pending += settle(self.balls, [i], self.params, self.t, friction=False)   # the bed returns a downward cue
        self._pending += self._state_events(classify(self.balls, i))
        self._dirty = True
        return Event(self.t, "strike", (ball_id,), {"speed": float(speed), "heading_deg": float(heading_deg),
                                                    "elevation_deg": float(elevation_deg),
                                                    "tip": [float(tip[0]), float(tip[1])]})

    def step(self) -> list[Event]:
        """Advance exactly ``params.dt``; the events that happened, in time order."""
        events, self._pending = self._pending, []
        t_end = (self._tick + 1) * self.params.dt
        touched: set[int] = set()
        for _ in range(self.max_events):
            if self._dirty:
                # balls only slow to a near stop through events, so step 1 runs after them
                events += self._state_events(stop_still(self.balls))
                self._plan()
            t_next = min(self._t_contact, self._t_trans_min, self._t_pocket_min, self._t_plan_end)
            if t_next > t_end:
                break
            self._advance_to(t_next)
            self._dirty = True
            if self._t_contact <= t_next:
                hits, moved = self.resolver(self.balls, self._contacts, self.table, self.params, self.t)
                events += hits
                self._mute_slow(hits, moved)
                touched |= moved
                events += settle(self.balls, self._holes.off_holes(self.balls, sorted(moved)), self.params, self.t,
                                 impact=False)
                events += self._state_events(classify(self.balls, sorted(moved)))
            elif self._t_trans_min <= t_next:
                for i in np.nonzero(self._t_trans <= t_next)[0]:
                    if self._holes.falling(self.balls)[i]:
                        continue                # came down into a hole's column: no bed there
                    if self.balls.motion[i] == Motion.AIRBORNE:
                        events += land(self.balls, int(i), self.params, self.t,
                                       0.5 * self.table.length, 0.5 * self.table.width)
                    else:
                        events += self._state_events(end_transition(self.balls, int(i)))
            elif self._t_pocket_min <= t_next:
                for i in np.nonzero(self._t_pocket <= t_next)[0]:
                    hits, changes = apply_event(self.balls, int(i), int(self._pocket_code[i]),
                                                int(self._pocket_hole[i]), self._holes, self.t)
                    events += hits + self._state_events(changes)
            if self.probe is not None:
                self.probe()
        else:
            raise EventBudgetError(self._budget_message(t_end))
        self._advance_to(t_end)
        self._tick += 1
        self.t = t_end
        if self._muted:
            self._muted.clear()
            self._dirty = True
        if touched and separate(self.balls, self._pairs.i, self._pairs.j, self.table.obstacles):
            self._dirty = True
        return events

    # ------------------------------------------------------------------ internals
    def _budget_message(self, t_end: float) -> str:
        ids = self.balls.ids
        busy = {ids[c.i] for c in self._contacts}
        busy |= {ids[c.j] for c in self._contacts if c.kind == BALL}
        busy |= {ids[i] for i in np.nonzero(self._t_trans <= self._t_trans_min)[0]}
        if np.isfinite(self._t_pocket_min):
            busy |= {ids[i] for i in np.nonzero(self._t_pocket <= self._t_pocket_min)[0]}
        return (f"event budget exceeded: more than {self.max_events} events in the tick ending at "
                f"t = {t_end:.4f} s (balls {', '.join(sorted(busy)) or 'none'}); the engine is stuck")

    def _plan(self) -> None:
        """Accelerations, transition times and earliest contacts from the current state."""
        b, p = self.balls, self.params
        self._kin = accelerations(b, p)
        rel = transition_times(b, p)
        rel[self._holes.falling(b)] = np.inf      # no bed to land on over a hole (pockets.py)
        self._t_trans = self.t + rel
        self._t_trans_min = float(self._t_trans.min()) if len(rel) else np.inf
        self._contacts: list[Contact] = []
        self._t_contact = np.inf
        self._t_plan_end = np.inf
        self._t_pocket_min = np.inf
        self._dirty = False
        if not in_motion(b.motion).any():
            return
        horizon = min(float(rel.min()), HORIZON)
        self._t_plan_end = self.t + horizon
        self._contacts = find_contacts(b, self._kin.full_acc, horizon, self._pairs, self._features, p.eps_group,
                                       frozenset(self._muted))
        if self._contacts:
            self._t_contact = self.t + self._contacts[0].t
        rel_pocket, self._pocket_code, self._pocket_hole = next_events(b, self._kin.full_acc, self._holes, p, horizon)
        self._t_pocket = self.t + rel_pocket
        self._t_pocket_min = float(self._t_pocket.min())

    def _mute_slow(self, hits: list[Event], moved: set[int]) -> None:
        """Mute, for the rest of the tick, the contacts just resolved that closed slower than
        V_REST, and those the resolver found not closing at all (a grazing contact whose
        approach speed round-off put on the other side of zero): found again at once, they
        would stall the tick. A muted contact of a ball that has just been hit again is
        unmuted, so a fast new approach is never ignored."""
        self._muted = {m for m in self._muted
                       if m[1] not in moved and not (m[0] == BALL and m[2] in moved)}
        hit: dict[tuple[str, ...], float] = {}
        for e in hits:
            key = tuple(sorted(e.balls)) if e.type == "ball-ball" else (e.balls[0], e.info.get("cushion"))
            hit[key] = max(hit.get(key, 0.0), e.info.get("speed", V_REST))
        ids, obstacles = self.balls.ids, self.table.obstacles
        for c in self._contacts:
            key = tuple(sorted((ids[c.i], ids[c.j]))) if c.kind == BALL else (ids[c.i], obstacles[c.j].name)
            if hit.get(key, 0.0) < V_REST:
                self._muted.add((c.kind, c.i, c.j))

    def _advance_to(self, t: float) -> None:
        h = t - self.t
        if h > 0.0:
            if self.params.integrator == "exact":
                advance(self.balls, h, self._kin)
            else:
                advance_numeric(self.balls, h, self.params)
            self.t = t

    def _state_events(self, changes) -> list[Event]:
        return [Event(self.t, "state", (self.balls.ids[i],), {"from": Motion(a).label, "to": Motion(b).label})
                for i, a, b in changes]
