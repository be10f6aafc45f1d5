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
ball coming to rest); so do balls come to rest touching in a cluster after a break, pushed
on by a ball's spin (issue 29: 1,151 events in one tick). A contact that closes slower than
``V_REST`` (1 mm/s: a hundred times below a soft roll, invisible) is resolved, then muted
until the end of the tick: looked for ``MUTE_DEPTH`` deeper, resolved again when so found,
and the overlap removed by step 4.
This stands in for the resting-contact forces of seed 004 annex C.2.

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
from billiard.physics.detect import BALL, Contact, compiled_hits, contact_hits, select_group
from billiard.physics.events import Event
from billiard.physics.flight import BED_LEVEL_TOL, land, settle
from billiard.physics.integrators.ball_motion import advance_numeric
from billiard.physics.kernels.advance import advance_rows, advance_ticks
from billiard.physics.kernels.overlap import any_overlap
from billiard.physics.integrators.guard import ball_energy, keep_physical
from billiard.physics.motion import accelerations, compiled_kinematics, in_motion, advance, transition_times
from billiard.physics.params import Params
from billiard.physics.pockets import apply_event, entry_rows, next_events
from billiard.physics.group.engine import resolve_grouped
from billiard.physics.state_changes import (
    LABELS,
    classify_rows_of,
    end_transition_of,
    settle_after_contact,
    stop_still_of,
)
from billiard.physics.state import AIRBORNE, POCKETED, Balls, Motion
from billiard.physics.table_geometry import TableGeometry as Table
from billiard.physics.world_shared import pair_index, table_data


HORIZON = 0.25  # s: longest look-ahead of one contact search
REACH_ROWS = 0.5  # m: the incremental plan looks ahead until the fastest ball has gone this far
MAX_EVENTS_PER_TICK = 5000  # a 15 m/s break needs a few dozen; more means the step is stuck
V_REST = 1e-3  # m/s: contacts closing slower than this are muted for a while
MUTE_DEPTH = 2.5e-7  # m: a muted contact is found again when its bodies have sunk this deep into each other
REPLANS = ("incremental", "full")
_NO_DECAY = np.zeros(0)  # the compiled advance's "no exponential rows"


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
    it changed (:meth:`_replan_rows`). Measured (``billiard bench --physics``): the same cost
    per event up to 16 balls (a plan's cost is its ~400 numpy calls, not its rows), ~10 %
    less at 64 balls; see docs/performance.md.

    ``engine``: "compiled" (the plan's contact and pocket times in one numba kernel,
    :mod:`billiard.physics.kernels`) or "numpy" (the reference); default
    :data:`billiard.physics.kernels.ENGINE`. Both find the same contacts; their times agree
    to round-off, so chaotic shots part after many events (docs/performance.md).
    """

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
        self._advance_args: tuple = (None,)  # (kinematics, its kernel arguments): see _advance_compiled
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
        args = self._kernel_args()
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
            self._advance_to(t_end)
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
            self._advance_to(t_next)
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
                self._mute_slow(hits, moved)
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
        self._advance_to(t_end)
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
        pi, pj, _ = self._kernel_rows()
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
        """Accelerations, transition times and earliest contacts from the current state."""
        if self.replan == "full":
            self._plan_full()
        elif self._changed is None or not self.t < self._t_plan_end < np.inf:
            self._plan_all_rows()
        else:
            self._replan_rows()
        self._changed = set()

    def _plan_full(self) -> None:
        """The reference plan: everything from the current state, to the first transition at most."""
        b, p = self.balls, self.params
        rel = self._plan_common()
        self._contacts: list[Contact] = []
        self._t_contact = np.inf
        self._t_plan_end = np.inf
        self._t_pocket_min = np.inf
        compiled = self.engine == "compiled"
        if not (len(self._kin.acc) if compiled else in_motion(b.motion).any()):
            return
        horizon = min(float(rel.min()), HORIZON)
        self._t_plan_end = self.t + horizon
        acc = self._kin.full_acc
        if compiled:
            pi, pj, every = self._kernel_rows()  # the kernel skips the pocketed balls itself

            def find():
                t, kind, i, j, *pocket = compiled_hits(
                    b, acc, horizon, pi, pj, every, self._features, frozenset(self._muted), MUTE_DEPTH, self._holes, p.g
                )
                return select_group(t, kind, i, j, p.eps_group, frozenset(self._ignored)), pocket
        else:
            live = np.nonzero(b.motion != POCKETED)[0]
            # the pocket entries go into the contacts' batched root solve (one solve per plan)
            entries = entry_rows(b, acc, self._holes, horizon) if self._holes.names else None

            def find():
                t, kind, i, j, entry_t = contact_hits(
                    b,
                    acc,
                    horizon,
                    self._pairs.i,
                    self._pairs.j,
                    live,
                    self._features,
                    frozenset(self._muted),
                    MUTE_DEPTH,
                    None if entries is None else entries.coeffs,
                )
                return select_group(t, kind, i, j, p.eps_group, frozenset(self._ignored)), entry_t

        self._contacts, pocket = find()
        if self._found_again():
            self._contacts, pocket = find()
            if self._contacts:
                self._last_group = (self.t, {(c.kind, c.i, c.j) for c in self._contacts})
        if self._contacts:
            self._t_contact = self.t + self._contacts[0].t
        if self.engine == "compiled":
            rel_pocket, self._pocket_code, self._pocket_hole = pocket  # the kernel's pocket events
        else:
            rel_pocket, self._pocket_code, self._pocket_hole = next_events(
                b, acc, self._holes, p, horizon, entries, pocket
            )
        self._t_pocket = self.t + rel_pocket
        self._t_pocket_min = float(self._t_pocket.min())

    def _kernel_rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(pair i, pair j, every ball row) as the compiled plan takes them: writeable int64
        arrays (the shared pair index is read-only, which numba would compile apart), made
        once per World."""
        rows = self.__dict__.get("_krows")
        if rows is None:
            rows = self._krows = (
                np.array(self._pairs.i, dtype=np.int64),
                np.array(self._pairs.j, dtype=np.int64),
                np.arange(len(self.balls), dtype=np.int64),
            )
        return rows

    def _plan_common(self) -> np.ndarray:
        """Accelerations and transition times of every ball (cheap, vectorised); returns the
        transition times from now."""
        b, p = self.balls, self.params
        if self.engine == "compiled":
            self._kin, rel = compiled_kinematics(b, p, self._holes.center, self._holes.radius)
        else:
            self._kin = accelerations(b, p)
            rel = transition_times(b, p)
            rel[self._holes.falling(b)] = np.inf  # no bed to land on over a hole (pockets.py)
        self._t_trans = self.t + rel
        self._t_trans_min = float(self._t_trans.min()) if len(rel) else np.inf
        self._dirty = False
        return rel

    def _plan_all_rows(self) -> None:
        """Incremental mode, a fresh start: every contact row over the whole look-ahead (not cut
        at the first transition: a transition re-plans that ball's rows), kept as absolute
        times (self._hits) for :meth:`_replan_rows`, until the fastest ball has gone REACH_ROWS
        (few rows to solve) or HORIZON has passed."""
        b, p = self.balls, self.params
        self._plan_common()
        none = np.zeros(0, dtype=int)
        self._hits = (np.zeros(0), none, none, none)
        self._t_plan_end = np.inf
        self._t_pocket = np.full(len(b), np.inf)
        self._pocket_code = np.zeros(len(b), dtype=int)
        self._pocket_hole = np.full(len(b), -1)
        if in_motion(b.motion).any():
            fastest = float(np.sqrt(np.einsum("ij,ij->i", b.vel, b.vel)).max())
            horizon = min(HORIZON, REACH_ROWS / fastest) if fastest > 0 else HORIZON
            self._t_plan_end = self.t + horizon
            live = np.nonzero(b.motion != POCKETED)[0]
            acc = self._kin.full_acc
            if self.engine == "compiled":
                t, kind, i, j, rel_pocket, self._pocket_code, self._pocket_hole = compiled_hits(
                    b,
                    acc,
                    horizon,
                    self._pairs.i,
                    self._pairs.j,
                    live,
                    self._features,
                    frozenset(self._muted),
                    MUTE_DEPTH,
                    self._holes,
                    p.g,
                )
            else:
                entries = entry_rows(b, acc, self._holes, horizon) if self._holes.names else None
                t, kind, i, j, entry_t = contact_hits(
                    b,
                    acc,
                    horizon,
                    self._pairs.i,
                    self._pairs.j,
                    live,
                    self._features,
                    frozenset(self._muted),
                    MUTE_DEPTH,
                    None if entries is None else entries.coeffs,
                )
                rel_pocket, self._pocket_code, self._pocket_hole = next_events(
                    b, acc, self._holes, p, horizon, entries, entry_t
                )
            self._hits = (self.t + t, kind, i, j)
            self._t_pocket = self.t + rel_pocket
        self._select()

    def _replan_rows(self) -> None:
        """Incremental mode after an event: only the contact and pocket rows of the balls the
        event changed are solved again (from now to the plan's end); every other row keeps
        its time, since the paths of its balls did not change. Cost per event: O(N) pairs."""
        b, p = self.balls, self.params
        self._plan_common()
        assert self._changed is not None, "an incremental plan follows a full one"
        changed = np.array(sorted(self._changed), dtype=int)
        if len(changed):
            horizon = self._t_plan_end - self.t
            mark = np.zeros(len(b), bool)
            mark[changed] = True
            t, kind, i, j = self._hits
            ball = kind == BALL
            keep = ~(mark[i] | (ball & mark[np.where(ball, j, 0)]))
            pairs = mark[self._pairs.i] | mark[self._pairs.j]
            rows = changed[b.motion[changed] != POCKETED]
            if self.engine == "compiled":
                nt, nk, ni, nj, rel_pocket, code, hole = compiled_hits(
                    b,
                    self._kin.full_acc,
                    horizon,
                    self._pairs.i[pairs],
                    self._pairs.j[pairs],
                    rows,
                    self._features,
                    frozenset(self._muted),
                    MUTE_DEPTH,
                    self._holes,
                    p.g,
                )
            else:
                nt, nk, ni, nj, _ = contact_hits(
                    b,
                    self._kin.full_acc,
                    horizon,
                    self._pairs.i[pairs],
                    self._pairs.j[pairs],
                    rows,
                    self._features,
                    frozenset(self._muted),
                    MUTE_DEPTH,
                )
                rel_pocket, code, hole = next_events(b, self._kin.full_acc, self._holes, p, horizon)
            self._hits = (
                np.concatenate([t[keep], self.t + nt]),
                np.concatenate([kind[keep], nk]),
                np.concatenate([i[keep], ni]),
                np.concatenate([j[keep], nj]),
            )
            self._t_pocket[changed] = self.t + rel_pocket[changed]
            self._pocket_code[changed] = code[changed]
            self._pocket_hole[changed] = hole[changed]
        self._select()

    def _select(self) -> None:
        """The next contact group from the kept rows (ignored contacts left out)."""
        self._contacts = select_group(*self._hits, self.params.eps_group, frozenset(self._ignored), self.t)
        if self._found_again():
            self._replan_rows()  # the rows of the muted contacts' balls, found deeper
            return
        self._t_contact = self.t + self._contacts[0].t if self._contacts else np.inf
        self._t_pocket_min = float(self._t_pocket.min()) if len(self._t_pocket) else np.inf

    def _found_again(self) -> bool:
        """The group just resolved, found again at once: resolving it again would change
        nothing, and an event that leaves the state unchanged must never be found again
        (issue 20). It is muted (looked for MUTE_DEPTH deeper); if even that finds it at
        once, it is ignored for the rest of the tick. True when the plan must look again."""
        keys = {(c.kind, c.i, c.j) for c in self._contacts}
        again = bool(self._contacts) and self._contacts[0].t == 0.0 and self._last_group == (self.t, keys)
        if again:
            if keys <= self._muted:
                self._ignored |= keys
            self._muted |= keys
            if self._changed is None:
                self._changed = set()
            self._touch(k[1] for k in keys)
            self._touch(k[2] for k in keys if k[0] == BALL)
        elif self._contacts:
            self._last_group = (self.t, keys)
        return again

    def _mute_slow(self, hits: list[Event], moved: set[int]) -> None:
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
        ids, obstacles = self.balls.ids, self.table.obstacles
        slow = []
        for c in self._contacts:
            key = tuple(sorted((ids[c.i], ids[c.j]))) if c.kind == BALL else (ids[c.i], obstacles[c.j].name)
            if hit.get(key, 0.0) < V_REST:
                slow.append(c)
                self._muted.add((c.kind, c.i, c.j))
        if slow:
            pairs = [(c.i, c.j) for c in slow if c.kind == BALL]
            separate(
                self.balls,
                np.array([i for i, _ in pairs], int),
                np.array([j for _, j in pairs], int),
                obstacles,
                also=[c.i for c in slow if c.kind != BALL],
                g=self.params.g,
            )

    def _advance_to(self, t: float) -> None:
        h = t - self.t
        if h > 0.0:
            if self.params.integrator != "exact":
                self._advance_numeric(h)
            elif self.engine == "compiled":
                self._advance_compiled(h)
            else:
                advance(self.balls, h, self._kin)
            self.t = t

    def _advance_compiled(self, h: float) -> None:
        """:func:`motion.advance` and the orientation's turn in one compiled call
        (:mod:`billiard.physics.kernels.advance`)."""
        args = self._kernel_args()
        if args is not None:
            b = self.balls
            advance_rows(b.pos, b.vel, b.omega, b.quat, *args, h)

    def _kernel_args(self) -> tuple | None:
        """The plan's arrays in the advance kernels' form, made once per plan (None: no row
        moves along the plan)."""
        kin = self._kin
        args = self._advance_args
        if args[0] is not kin:
            if len(kin.acc) == 0:
                args = (kin, None)
            else:
                rows = np.arange(len(self.balls)) if isinstance(kin.idx, slice) else kin.idx
                decay = _NO_DECAY if kin.decay is None else kin.decay
                args = (kin, (rows, kin.acc, kin.alpha, kin.spin_rate, kin.spin_on, kin.z_spin, decay))
            self._advance_args = args
        return args[1]

    def _advance_numeric(self, h: float) -> None:
        """The seeds' numerical integrators instead of the closed forms (params.integrator)."""
        b, g = self.balls, self.params.g
        before = ball_energy(b, g)
        idx = np.flatnonzero(in_motion(b.motion))
        hole = self._holes.containing(b.pos[:, :2])
        advance_numeric(b, h, self.params)
        keep_physical(
            b,
            before,
            idx,
            hole,
            self._holes,
            self.table.obstacles,
            self._features.box_lo,
            self._features.box_hi,
            self._pairs.i,
            self._pairs.j,
            g,
        )

    def _state_events(self, changes) -> list[Event]:
        return [
            Event(self.t, "state", (self.balls.ids[i],), {"from": LABELS[a], "to": LABELS[b]}) for i, a, b in changes
        ]


# What builds the world of a shot or a game: World itself, or a variant (other options, a probe)
# that tests and benchmarks hand to simulate() and to the game session.
WorldFactory = Callable[[Balls, Table, Params], World]
