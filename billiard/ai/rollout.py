"""Play a candidate strike on a copy of the table with the real engine and let a copy of the
rules judge it: the cheapest way to know what a shot does from an in-game state.

The search runs the engine with the longest tick it allows (``ROLLOUT_DT``): a tick is split
at every event inside it anyway (``physics.world``), so a longer tick changes the result by
round-off while skipping most quiet ticks. The game itself still plays the chosen strike at
its own tick.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass

import numpy as np

from billiard.ai.strike import Strike
from billiard.errors import BilliardError
from billiard.game import Outcome, Rules
from billiard.game.spotting import respot
from billiard.game.table_state import table_state
from billiard.physics.events import Event
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.table.model import Table

ROLLOUT_DT = 0.1  # s, the engine's longest tick
ROLLOUT_MAX_TIME = 40.0  # s of simulated time at most


@dataclass
class Rollout:
    """The result of one simulated strike: the balls at rest (respots done), the events, the
    rules after their verdict, and the verdict."""

    balls: Balls
    events: list[Event]
    rules: Rules
    outcome: Outcome


def fast_params(params: Params) -> Params:
    return dataclasses.replace(params, dt=ROLLOUT_DT, max_time=min(params.max_time, ROLLOUT_MAX_TIME))


def on_table(balls: Balls) -> frozenset[str]:
    return frozenset(b for b, m in zip(balls.ids, balls.motion) if m != Motion.POCKETED)


def simulate(balls: Balls, table: Table, params: Params, cue: str, strike: Strike) -> tuple[Balls, list[Event]]:
    """Strike ``cue`` on a copy of ``balls`` and run to rest; (balls at rest, events)."""
    world = World(balls.copy(), table, params)
    events = [world.strike(cue, strike.speed, strike.heading_deg, strike.elevation_deg, strike.tip)]
    ticks = int(np.ceil(params.max_time / params.dt))
    with np.errstate(all="ignore"):
        for _ in range(ticks):
            events.extend(world.step())
            if not world.moving():
                break
    if not np.isfinite(world.balls.pos).all():
        raise BilliardError("the simulation broke down")
    return world.balls, events


def play(balls: Balls, table: Table, params: Params, rules: Rules, strike: Strike, push_out: bool = False) -> Rollout:
    """Simulate ``strike`` for the player on turn in ``rules`` (left untouched) and judge it."""
    after, events = simulate(balls, table, params, rules.cue, strike)
    return judge(balls, after, events, table, rules, push_out)


def judge(
    before: Balls, after: Balls, events: list[Event], table: Table, rules: Rules, push_out: bool = False
) -> Rollout:
    """Let a copy of ``rules`` judge a shot already simulated from ``before`` to ``after``
    (changed in place: respotted balls are put back)."""
    referee = copy.deepcopy(rules)
    if push_out:
        referee.declare_push_out()
    outcome = referee.shot_played(events, table_state(table, before, referee.cue))
    respot(table, after, outcome.respot)
    return Rollout(after, events, referee, outcome)


PROBE_DT = 0.01  # s: short ticks, so the object ball's velocity is read right after the hit


def first_hit_direction(
    balls: Balls, table: Table, params: Params, cue: str, strike: Strike, target: str, max_time: float = 6.0
) -> tuple[float, int] | None:
    """Strike and run only until the cue ball first touches a ball: the heading (rad) the
    ``target`` leaves in, and the events used; None when the cue ball met another ball first
    or nothing. Cheap (a handful of events): the search uses it to take out cut-induced
    throw before simulating whole shots."""
    p = dataclasses.replace(params, dt=PROBE_DT)
    world = World(balls.copy(), table, p)
    world.strike(cue, strike.speed, strike.heading_deg, strike.elevation_deg, strike.tip)
    j = world.balls.index(target)
    n = 1
    with np.errstate(all="ignore"):
        for _ in range(int(max_time / PROBE_DT)):
            events = world.step()
            n += len(events)
            for e in events:
                if e.type == "ball-ball" and cue in e.balls:
                    if target not in e.balls:
                        return None
                    v = world.balls.vel[j]
                    return float(np.arctan2(v[1], v[0])), n
            if not world.moving():
                return None
    return None


def path_miss(
    balls: Balls, table: Table, params: Params, cue: str, strike: Strike, target: str, max_time: float = 8.0
) -> tuple[float, int] | None:
    """Strike and follow the cue ball until it first touches a ball or stops: 0 when it
    touches ``target`` first, else by how much (m, signed: positive when the target lies
    to the left of the cue ball's path) it passes the target at its closest approach; and
    the events used. None when it hits another ball before coming near. The search steps a
    kick's heading on this (real cushions do not bounce at the mirror angle)."""
    p = dataclasses.replace(params, dt=PROBE_DT)
    world = World(balls.copy(), table, p)
    world.strike(cue, strike.speed, strike.heading_deg, strike.elevation_deg, strike.tip)
    i, j = world.balls.index(cue), world.balls.index(target)
    o = world.balls.pos[j, :2].copy()
    reach = float(world.balls.radius[i] + world.balls.radius[j])
    best: tuple[float, float] | None = None
    n = 1
    prev = world.balls.pos[i, :2].copy()
    with np.errstate(all="ignore"):
        for _ in range(int(max_time / PROBE_DT)):
            events = world.step()
            n += len(events)
            for e in events:
                if e.type == "ball-ball" and cue in e.balls:
                    return (0.0, n) if target in e.balls else (None if best is None else (best[1], n))
            here = world.balls.pos[i, :2].copy()
            best = _closer(best, prev, here, o, reach)
            prev = here
            if not world.moving():
                break
    return None if best is None else (best[1], n)


def _closer(best, prev, here, target, reach: float):
    """The closest approach so far of a ball moving from ``prev`` to ``here`` to ``target``:
    (distance, signed miss beyond ``reach``, the sign saying on which side it passes)."""
    d = here - prev
    if float(d @ d) <= 1e-12:
        return best
    rel = target - here
    dist = float(np.hypot(*rel))
    if best is not None and dist >= best[0]:
        return best
    side = float(np.sign(d[0] * rel[1] - d[1] * rel[0]))
    return (dist, side * max(dist - reach, 0.0))


CAROM_PROBE_DT = 0.02  # s: path samples close enough to find the closest approach


def carom_miss(
    balls: Balls,
    table: Table,
    params: Params,
    cue: str,
    strike: Strike,
    first: str,
    second: str,
    max_time: float = 12.0,
) -> tuple[float, int] | None:
    """Three-cushion: strike and follow the cue ball; 0 when it meets ``first``, then three
    cushions or more, then ``second``; else, once it has met ``first`` and three cushions,
    by how much (m, signed as :func:`path_miss`) it passes ``second`` at its closest
    approach; and the events used. None when the shot goes wrong before that (another ball
    first, the second ball before three cushions, too few cushions)."""
    p = dataclasses.replace(params, dt=CAROM_PROBE_DT)
    world = World(balls.copy(), table, p)
    world.strike(cue, strike.speed, strike.heading_deg, strike.elevation_deg, strike.tip)
    i, k = world.balls.index(cue), world.balls.index(second)
    reach = float(world.balls.radius[i] + world.balls.radius[k])
    met_first, cushions, n = False, 0, 1
    best: tuple[float, float] | None = None
    prev = world.balls.pos[i, :2].copy()
    with np.errstate(all="ignore"):
        for _ in range(int(max_time / CAROM_PROBE_DT)):
            events = world.step()
            n += len(events)
            for e in events:
                if cue not in e.balls:
                    continue
                if e.type == "ball-ball":
                    other = next(b for b in e.balls if b != cue)
                    if not met_first:
                        if other != first:
                            return None
                        met_first = True
                    elif other == second:
                        return (0.0, n) if cushions >= 3 else None
                elif e.type == "ball-cushion":
                    cushions += 1  # the rule counts them all, before the first ball too
            here = world.balls.pos[i, :2].copy()
            if met_first and cushions >= 3:
                best = _closer(best, prev, here, world.balls.pos[k, :2], reach)
            prev = here
            if not world.moving():
                break
    return None if best is None else (best[1], n)
