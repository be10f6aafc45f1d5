"""The coach: the shot level 5 would play from here, as plain data the window can draw.

``advise(situation, noise)`` asks a level-5 :class:`ComputerPlayer` for its decision, then
plays that exact strike once more with the real engine at the game's own tick to record
every moving ball's path, the ghost ball (where the cue ball touches its first ball), and
plays it ``copies`` more times with Gaussian noise of the player's chosen magnitude to
say how often it works for that player. The next ball it plays for is the easiest pot
left after the shot (when the shooter keeps the table). Headless: numpy and the engine
only; the front end draws the result (cue, ghost ball, paths, chance, next ball)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import numpy as np

from billiard.ai.geometry import Layout, best_aim
from billiard.ai.noise import Noise
from billiard.ai.player import ComputerPlayer, Situation
from billiard.ai.practice_coach import drill_decision, goal_met, practice_rules
from billiard.ai.rollout import Rollout, fast_params, judge, on_table, play
from billiard.ai.search import POT_KINDS, shot_succeeds
from billiard.ai.strike import Decision
from billiard.errors import BilliardError
from billiard.game.spotting import put_on_table
from billiard.physics.events import Event
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.practice.drills import Drill

COPIES = 24  # noisy copies that estimate the chance of success
PATH_DT = 1.0 / 120.0  # s: the tick the paths are sampled at (the game's own)
MAX_TIME = 40.0  # s of simulated time at most
MIN_MOVE = 1e-4  # m: a ball that moved less than this has no path


@dataclass(frozen=True)
class Advice:
    """What the coach shows.

    ``decision``: level 5's decision (strike, ball-in-hand spot, kind, target, pocket).
    ``cue_xy``: where the cue ball is struck from. ``ghost``: the cue ball's centre when it
    first touches a ball (None when it touches none); ``first_ball``: that ball.
    ``paths``: ball id -> (K, 2) centres from the strike to rest, for the balls that moved.
    ``chance``: the share of ``copies`` noisy strikes (noise magnitude ``noise``) that do
    what the shot is for (pot: the target drops with no foul; carom: the point; others:
    no foul). ``next_ball``/``next_pocket``: the pot it leaves itself (None when the turn
    passes or nothing is open)."""

    decision: Decision
    cue_xy: tuple[float, float]
    ghost: tuple[float, float] | None
    first_ball: str | None
    paths: dict[str, np.ndarray] = field(default_factory=dict)
    chance: float = 0.0
    noise: float = 1.0
    copies: int = 0
    next_ball: str | None = None
    next_pocket: str | None = None
    end: dict[str, tuple[float, float]] = field(default_factory=dict)

    def line(self) -> str:
        """One line for the HUD: what to play, what is next, and the noise the chance is for
        (the front end's ``display.coach.coach_line`` adds the chance itself)."""
        if self.decision.strike is None:  # no stroke: pass the shot back, or no ball to play
            return f"Coach: {self.describe()}"
        return f"Coach: {self.describe()}, at noise {self.noise:g}"

    def line_with_chance(self) -> str:
        """:meth:`line` with the chance of success, for a front end that does not add it."""
        return f"{self.line()} ({100 * self.chance:.0f} %)"

    def describe(self) -> str:
        """What to play and what is next, in words (no chance)."""
        what, nxt = self.what()
        return what + nxt

    def what(self) -> tuple[str, str]:
        """("pot the 3 in corner-top-left", ", then the 4")."""
        d = self.decision
        if d.pass_back:
            return "pass the shot back", ""
        what = {
            "pot": f"pot the {d.target}",
            "bank": f"bank the {d.target}",
            "combo": f"combination on the {d.target}",
            "masse": f"massé the {d.target}",
            "kiss": f"kiss the {d.target}",
            "cannon": f"cannon the {d.target}",
            "carom": "the carom",
            "safety": "play safe",
            "kick": f"kick at the {d.target}",
            "break": "break",
            "push-out": "push out",
            "none": "no ball to play",
        }.get(d.kind, d.kind or "shot")
        if d.pocket and d.kind in POT_KINDS:
            what += f" in {d.pocket}"
        return what, f", then the {self.next_ball}" if self.next_ball else ""


def placed(sit: Situation, decision: Decision) -> Balls:
    """The balls as the shot is struck: the cue ball put where the decision places it."""
    balls = sit.balls.copy()
    if decision.place is not None:
        put_on_table(balls, sit.rules.cue, decision.place)
    return balls


def trace(
    balls: Balls, sit: Situation, decision: Decision, dt: float = PATH_DT
) -> tuple[dict[str, np.ndarray], list[Event], Balls, tuple[float, float] | None, str | None]:
    """Strike the decision's strike at tick ``dt``: every moving ball's centres, the events,
    the balls at rest, the ghost ball and the first ball touched."""
    assert decision.strike is not None, "a pass back has no strike to trace"
    s = decision.strike
    cue = sit.rules.cue
    params = dataclasses.replace(sit.params, dt=dt, max_time=min(sit.params.max_time, MAX_TIME))
    world = World(balls.copy(), sit.table, params)
    start = world.balls.pos[:, :2].copy()
    events = [world.strike(cue, s.speed, s.heading_deg, s.elevation_deg, s.tip)]
    track = [start.copy()]
    ghost: tuple[float, float] | None = None
    first: str | None = None
    with np.errstate(all="ignore"):
        for _ in range(int(math.ceil(params.max_time / dt))):
            got = world.step()
            events.extend(got)
            track.append(world.balls.pos[:, :2].copy())
            if first is None:
                for e in got:
                    if e.type == "ball-ball" and cue in e.balls:
                        first = next(b for b in e.balls if b != cue)
                        ghost = _ghost(world.balls, cue, first, start)
                        break
            if not world.moving():
                break
    if not np.isfinite(world.balls.pos).all():
        raise BilliardError("the simulation broke down")
    pts = np.stack(track)  # (T, N, 2)
    paths = {}
    for i, bid in enumerate(world.balls.ids):
        p = pts[:, i]
        if float(np.max(np.hypot(*(p - p[0]).T))) > MIN_MOVE:
            keep = np.r_[True, np.any(np.abs(np.diff(p, axis=0)) > 1e-9, axis=1)]
            paths[bid] = p[keep]
    return paths, events, world.balls, ghost, first


def _ghost(balls: Balls, cue: str, first: str, start: np.ndarray) -> tuple[float, float]:
    """The cue ball's centre at contact: behind the first ball's start, along the line it
    leaves on (the first ball was at rest), at the sum of the radii."""
    j = balls.index(first)
    o = start[j]
    moved = balls.pos[j, :2] - o
    n = float(np.hypot(*moved))
    i = balls.index(cue)
    if n < 1e-9:  # it has not moved yet: the cue ball is touching it now
        return float(balls.pos[i, 0]), float(balls.pos[i, 1])
    u = moved / n
    g = o - (balls.radius[i] + balls.radius[j]) * u
    return float(g[0]), float(g[1])


def advise(
    sit: Situation,
    noise: float = 1.0,
    seed: int | None = 0,
    copies: int = COPIES,
    player: ComputerPlayer | None = None,
    deadline: bool = False,
    drill: Drill | None = None,
) -> Advice:
    """What level 5 plays here (or ``player``), drawn and rated at noise ``noise``. On the
    practice table, searched as a game would judge it, and in a ``drill`` for the drill's goal
    (:mod:`billiard.ai.practice_coach`), the chance then the share of plays that meet it."""
    ai = player if player is not None else ComputerPlayer(5, seed=seed, deadline=deadline)
    practice = sit.rules.name == "practice"
    if practice:  # practice keeps the table whatever happens
        # on a carom table the ball in hand is played where it lies: a spot is chosen for the
        # pots it leaves, and with no pockets a random one was chosen (an 8 % carom)
        in_hand = sit.in_hand if sit.table.pockets else None
        sit = dataclasses.replace(sit, rules=practice_rules(sit.rules, sit.table, drill), in_hand=in_hand)
    each = drill if drill is not None and drill.reset != "run" else None  # its layout comes back after each try
    if practice and not sit.rules.targets(on_table(sit.balls)):  # cleared: it said "kick at the None"
        decision = Decision(None, kind="none")
    else:
        decision = drill_decision(sit, each, noise, ai) if each is not None else ai.decide(sit)
    if decision.strike is None:
        here = Layout.of(sit.balls).at(sit.rules.cue)
        return Advice(decision, (float(here[0]), float(here[1])), None, None, noise=noise)
    balls = placed(sit, decision)
    cue = sit.rules.cue
    i = balls.index(cue)
    cue_xy = (float(balls.pos[i, 0]), float(balls.pos[i, 1]))
    paths, events, after, ghost, first = trace(balls, sit, decision)
    nominal = judge(balls, after, events, sit.table, sit.rules, decision.push_out)
    me = sit.rules.turn
    rng = np.random.default_rng(seed)
    radius = float(balls.radius[i])
    wins = 0
    for _ in range(copies):
        strike = Noise(noise, radius).apply(decision.strike, rng)
        try:
            r = _played(balls, sit, dataclasses.replace(decision, strike=strike))
        except BilliardError:
            continue
        if drill is None:
            wins += shot_succeeds(decision.kind, decision.target, r, me)
        else:
            wins += goal_met(drill, cue, balls, r.balls, r.events)
    if each is not None:  # no next ball
        nxt, pocket = None, None
    else:
        nxt, pocket = _next_ball(nominal, sit, me, decision.next_ball)
    end = {bid: (float(after.pos[k, 0]), float(after.pos[k, 1])) for k, bid in enumerate(after.ids)}
    return Advice(
        decision, cue_xy, ghost, first, paths, wins / copies if copies else 0.0, noise, copies, nxt, pocket, end
    )


def _played(balls: Balls, sit: Situation, decision: Decision) -> Rollout:
    assert decision.strike is not None
    return play(balls, sit.table, fast_params(sit.params), sit.rules, decision.strike, decision.push_out)


def _next_ball(r: Rollout, sit: Situation, me: int, planned: str | None) -> tuple[str | None, str | None]:
    """The ball the look ahead plays next (``planned``), else the easiest pot left, and
    its pocket; None when the turn passes."""
    o = r.outcome
    if o.game_over or o.next_player != me:
        return None, None
    layout = Layout.of(r.balls)
    cue = r.rules.cue
    if cue not in layout.ids:
        return planned, None
    legal = r.rules.targets(frozenset(layout.ids))
    aim = best_aim(layout, sit.table, cue, (planned,) if planned in legal else legal)
    if aim is None:
        return planned, None
    return aim.target, aim.pocket
