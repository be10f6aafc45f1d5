"""The simulation world: fixed ticks, each split at the exact events inside it (seed 004 §3).

One :meth:`World.step` advances exactly ``params.dt``, as a pipeline of stages each in a
module of its own:

1. after any event, put nearly-still balls to rest (:mod:`rest`, :mod:`state_changes`);
2. plan (:mod:`world_plan`): constant accelerations of every ball in its state
   (:mod:`motion`), the time of each ball's next state change, and the earliest contacts
   (:mod:`detect`) within a horizon;
3. advance every ball in closed form (:mod:`world_advance`) to the earliest of (contact,
   transition, horizon end); resolve the contact group (:mod:`resolve`, :mod:`group.engine`)
   or apply the transition; replan; repeat until the tick is used; contacts that close
   too slowly are muted for the tick (:mod:`sustained_contacts`);
4. remove residual overlaps (annex C.4, :mod:`correction`) after a tick with contacts.

A plan stays valid across ticks until one of its events is reached (trajectories are fixed
polynomials until then), so a quiet tick costs one closed-form advance.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

import numpy as np

from billiard.errors import BilliardError
from billiard.physics import kernels
from billiard.physics.correction import TOL as SEPARATE_TOL
from billiard.physics.correction import separate
from billiard.physics.cue import cue_strike
from billiard.physics.detect import BALL, Contact
from billiard.physics.events import Event
from billiard.physics.flight import BED_LEVEL_TOL, land, settle
from billiard.physics.group.engine import resolve_grouped
from billiard.physics.kernels.advance import advance_ticks
from billiard.physics.kernels.overlap import any_overlap
from billiard.physics.motion import Kinematics, in_motion
from billiard.physics.params import Params
from billiard.physics.pockets import apply_event
from billiard.physics.state import AIRBORNE, Balls, Motion
from billiard.physics.state_changes import (
    LABELS,
    classify_rows_of,
    end_transition_of,
    settle_after_contact,
    stop_still_of,
)
from billiard.physics.sustained_contacts import mute_slow
from billiard.physics.table_geometry import TableGeometry as Table
from billiard.physics.world_advance import advance_to, kernel_args
from billiard.physics.world_plan import kernel_rows, plan
from billiard.physics.world_shared import pair_index, table_data

MAX_EVENTS_PER_TICK = 5000  # a 15 m/s break needs a few dozen; more means the step is stuck
REPLANS = ("incremental", "full")


class EventBudgetError(BilliardError):
    """A tick needed more than ``MAX_EVENTS_PER_TICK`` events: the step stops rather than
    skip the contact checks of the rest of the tick (issue 20)."""


Resolver = Callable[[Balls, list, "Table", Params, float], tuple[list, set]]


class World:
    """Balls on a table under ``params``; ``balls`` is the live state, ``t`` seconds elapsed.

    ``resolver`` resolves one group of simultaneous contacts (default: the grouped solver of
    :mod:`billiard.physics.group.engine`; :func:`billiard.physics.resolve.resolve_pairwise` fits too).

    ``replan``: "full" (default) redoes the whole plan after every event, with a horizon cut
    at the first transition; "incremental" re-plans after an event only the rows of the balls
    it changed (:func:`billiard.physics.world_plan.replan_rows`). Measured (``billiard bench --physics``): the same cost
    per event up to 16 balls (a plan's cost is its ~400 numpy calls, not its rows), ~10 %
    less at 64 balls; see docs/performance.md.

    ``engine``: "compiled" (the plan's contact and pocket times in one numba kernel,
    :mod:`billiard.physics.kernels`) or "numpy" (the reference); default
    :data:`billiard.physics.kernels.ENGINE`. Both find the same contacts; their times agree
    to round-off, so chaotic shots part after many events (docs/performance.md).
    """

    # the plan, set by world_plan.plan (the stage modules read and write these)
    _kin: Kinematics  # the balls' constant accelerations until the next event
    _contacts: list[Contact]  # the next contact group
    _t_contact: float  # when it happens (inf: none in the plan)
    _t_trans: np.ndarray  # when each ball's state changes
    _t_trans_min: float
    _t_pocket: np.ndarray  # when each ball's next pocket event happens
    _t_pocket_min: float
    _pocket_code: np.ndarray  # which pocket event, per ball
    _pocket_hole: np.ndarray  # in which hole, per ball
    _t_plan_end: float  # the plan's horizon
    _hits: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # incremental mode: the contact rows (t, kind, i, j)
    _krows: tuple[np.ndarray, np.ndarray, np.ndarray]  # world_plan.kernel_rows, made once per World

    def __init__(
        self,
        balls: Balls,
        table: "Table",
        params: Params,
        resolver: Resolver = resolve_grouped,
        replan: str = "full",
        engine: str | None = None,
    ):
        if replan not in REPLANS:
            raise BilliardError(f"replan must be one of {', '.join(REPLANS)}, got {replan!r}")
        engine = kernels.ENGINE if engine is None else engine
        if engine not in kernels.ENGINES or (engine == "compiled" and not kernels.COMPILED):
            raise BilliardError(
                f"engine must be one of {', '.join(kernels.ENGINES)} (compiled needs numba), got {engine!r}"
            )
        self.engine = engine  # "compiled" kernels or the "numpy" reference
        self._advance_args: tuple = (None,)  # (kinematics, its kernel arguments): see world_advance.kernel_args
        self.replan = replan
        self._changed: set[int] | None = None  # balls changed since the last plan (None: all)
        self.balls = balls
        self.table = table
        self.params = params
        if engine == "compiled" and resolver is resolve_grouped:
            resolver = partial(resolve_grouped, compiled=True)
        self.resolver = resolver
        self.t = 0.0
        self._tick = 0
        self._features, self._holes = table_data(table)
        self._pairs = pair_index(len(balls))
        self._pending: list[Event] = []
        self._muted: set[tuple[int, int, int]] = set()
        self._ignored: set[tuple[int, int, int]] = set()  # found again unchanged: ignored for the tick
        self._last_group: tuple[float, set] = (-1.0, set())
        # a ball placed above the bed flies (issue 20: it used to hover where it was put)
        above = (balls.pos[:, 2] > balls.radius + BED_LEVEL_TOL) & (balls.motion != Motion.POCKETED)
        balls.motion[above] = Motion.AIRBORNE
        classify_rows_of(self.engine, self.balls, np.arange(len(balls)))
        self._dirty = True
        self._moving: bool | None = None  # moving(), kept while only quiet ticks run (None: look again)
        self.quiet = False  # the last step only moved the balls along the plan (no event, no re-plan)
        self.probe: Callable[[], None] | None = None  # called after every event of a step (the fuzz checks)
        self.max_events = MAX_EVENTS_PER_TICK

    # ------------------------------------------------------------------ public API
    def moving(self) -> bool:
        """True while any ball is still moving on the bed or flying.

        Motion states change only through events, so the answer is kept across quiet ticks
        (like the plan, it assumes the balls are edited only through the World while a shot runs)."""
        if self._moving is None:
            self._moving = bool(in_motion(self.balls.motion).any())
        return self._moving

    def quiet_ticks(self, limit: int, out_pos: np.ndarray, out_quat: np.ndarray) -> int:
        """Run the next quiet ticks (at most ``limit``) in one compiled call, as :meth:`step`
        would run them one by one (the same bits: issue 28), and put each tick's positions and
        orientations in ``out_pos[j]``, ``out_quat[j]``; how many ran (0 when the next tick is
        not quiet, or with the numpy engine or a numerical integrator: then call :meth:`step`).
        No event happens in them: :attr:`quiet` is set and :meth:`moving` keeps its answer."""
        if self.engine != "compiled" or self.params.integrator != "exact" or self._dirty or self._pending:
            return 0
        dt = self.params.dt
        t_next = min(self._t_contact, self._t_trans_min, self._t_pocket_min, self._t_plan_end)
        count = 0
        while count < limit and t_next > (self._tick + count + 1) * dt:
            count += 1
        if count == 0:
            return 0
        args = kernel_args(self)
        b = self.balls
        if args is None:  # nothing moves along the plan: the state stays
            out_pos[:count] = b.pos
            out_quat[:count] = b.quat
            self.t = (self._tick + count) * dt
        else:
            self.t = advance_ticks(
                b.pos, b.vel, b.omega, b.quat, *args, self.t, self._tick, dt, count, out_pos, out_quat
            )
        self._tick += count
        self.quiet = True
        return count

    def strike(
        self, ball_id: str, speed: float, heading_deg: float, elevation_deg: float, tip: Sequence[float] = (0.0, 0.0)
    ) -> Event:
        """Strike ``ball_id`` with the cue (see :mod:`billiard.physics.cue`); BilliardError on bad input."""
        if ball_id not in self.balls.ids:
            raise BilliardError(f"unknown ball '{ball_id}' (balls: {', '.join(self.balls.ids)})")
        i = self.balls.index(ball_id)
        if self.balls.motion[i] in (Motion.POCKETED, Motion.AIRBORNE):
            raise BilliardError(f"ball '{ball_id}' cannot be struck now (it is {Motion(self.balls.motion[i]).label})")
        dv, dw = cue_strike(
            self.balls.mass[i],
            self.balls.radius[i],
            speed,
            heading_deg,
            elevation_deg,
            tip,
            self.params.cue_mass,
            self.params.end_mass,
        )
        self.balls.vel[i] += dv
        self.balls.omega[i] += dw
        self._pending += settle(self.balls, [i], self.params, self.t, friction=False)  # the bed returns a downward cue
        self._pending += self._state_events(classify_rows_of(self.engine, self.balls, (i,)))
        self._dirty = True
        self._moving = None
        self._touch((i,))
        return Event(
            self.t,
            "strike",
            (ball_id,),
            {
                "speed": float(speed),
                "heading_deg": float(heading_deg),
                "elevation_deg": float(elevation_deg),
                "tip": [float(tip[0]), float(tip[1])],
            },
        )

    def step(self) -> list[Event]:
        """Advance exactly ``params.dt``; the events that happened, in time order.

        A quiet tick (no event in it, the plan still valid) costs one closed-form advance;
        :attr:`quiet` tells the caller that nothing else happened."""
        t_end = (self._tick + 1) * self.params.dt
        if (
            not (self._dirty or self._pending)
            and min(self._t_contact, self._t_trans_min, self._t_pocket_min, self._t_plan_end) > t_end
        ):
            # the quiet tick, as the loop below would run it (nothing muted or touched in it)
            advance_to(self, t_end)
            self._tick += 1
            self.t = t_end
            self.quiet = self.params.integrator == "exact"
            return []
        events, self._pending = self._pending, []
        touched: set[int] = set()
        quiet = not events
        for _ in range(self.max_events):
            if self._dirty:
                quiet = False
                # balls only slow to a near stop through events, so step 1 runs after them
                stopped = stop_still_of(self.engine, self.balls)
                self._touch(c[0] for c in stopped)
                events += self._state_events(stopped)
                self._plan()
            t_next = min(self._t_contact, self._t_trans_min, self._t_pocket_min, self._t_plan_end)
            if t_next > t_end:
                break
            advance_to(self, t_next)
            self._dirty = True
            if self._t_contact <= t_next:
                hits, moved = self.resolver(self.balls, self._contacts, self.table, self.params, self.t)
                events += hits
                touched |= moved
                self._touch(moved)
                self._touch(c.i for c in self._contacts)  # a contact found not closing is looked at anew
                self._touch(c.j for c in self._contacts if c.kind == BALL)
                events += settle_after_contact(self.engine, self.balls, sorted(moved), self._holes, self.params, self.t)
                events += self._state_events(classify_rows_of(self.engine, self.balls, sorted(moved)))
                mute_slow(self, hits, moved)
            elif self._t_trans_min <= t_next:
                for i in np.nonzero(self._t_trans <= t_next)[0]:
                    self._touch((i,))
                    if self.balls.motion[i] == AIRBORNE and self._holes.falling(self.balls)[i]:
                        continue  # came down into a hole's column: no bed there
                    if self.balls.motion[i] == AIRBORNE:
                        events += land(
                            self.balls, int(i), self.params, self.t, 0.5 * self.table.length, 0.5 * self.table.width
                        )
                    else:
                        events += self._state_events(end_transition_of(self.engine, self.balls, int(i)))
            elif self._t_pocket_min <= t_next:
                for i in np.nonzero(self._t_pocket <= t_next)[0]:
                    self._touch((i,))
                    hits, changes = apply_event(
                        self.balls, int(i), int(self._pocket_code[i]), int(self._pocket_hole[i]), self._holes, self.t
                    )
                    events += hits + self._state_events(changes)
            else:
                self._changed = None  # the end of the plan's horizon: plan afresh
            if self.probe is not None:
                self.probe()
        else:
            raise EventBudgetError(self._budget_message(t_end))
        advance_to(self, t_end)
        self._tick += 1
        self.t = t_end
        self.quiet = quiet and self.params.integrator == "exact"  # the integrators are checked every tick
        if not quiet:
            self._moving = None
        if self._muted or self._ignored:
            self._muted.clear()
            self._ignored.clear()
            self._dirty = True
            self._changed = None  # every row is looked at with nothing muted
        if touched and self._overlapping():
            pushed = separate(self.balls, self._pairs.i, self._pairs.j, self.table.obstacles, g=self.params.g)
            if pushed:
                self._dirty = True
                self._touch(pushed)
        return events

    # ------------------------------------------------------------------ internals
    def _overlapping(self) -> bool:
        """Whether :func:`separate` may have an overlap to remove (the compiled engine asks a
        kernel first: nearly every tick with contacts leaves none); True with the numpy engine."""
        if self.engine != "compiled":
            return True
        b = self.balls
        pi, pj, _ = kernel_rows(self)
        return bool(any_overlap(b.pos, b.radius, b.motion, pi, pj, SEPARATE_TOL))

    def _budget_message(self, t_end: float) -> str:
        ids = self.balls.ids
        busy = {ids[c.i] for c in self._contacts}
        busy |= {ids[c.j] for c in self._contacts if c.kind == BALL}
        busy |= {ids[i] for i in np.nonzero(self._t_trans <= self._t_trans_min)[0]}
        if np.isfinite(self._t_pocket_min):
            busy |= {ids[i] for i in np.nonzero(self._t_pocket <= self._t_pocket_min)[0]}
        return (
            f"event budget exceeded: more than {self.max_events} events in the tick ending at "
            f"t = {t_end:.4f} s (balls {', '.join(sorted(busy)) or 'none'}); the engine is stuck"
        )

    def _touch(self, rows) -> None:
        """Balls ``rows`` were changed by an event: their rows of the plan are out of date."""
        if self._changed is not None:
            self._changed.update(int(i) for i in rows)

    def _plan(self) -> None:
        """Accelerations, transition times and earliest contacts from the current state (:mod:`world_plan`)."""
        plan(self)

    def _state_events(self, changes) -> list[Event]:
        return [
            Event(self.t, "state", (self.balls.ids[i],), {"from": LABELS[a], "to": LABELS[b]}) for i, a, b in changes
        ]


# What builds the world of a shot or a game: World itself, or a variant (other options, a probe)
# that tests and benchmarks hand to simulate() and to the game session.
WorldFactory = Callable[[Balls, Table, Params], World]
