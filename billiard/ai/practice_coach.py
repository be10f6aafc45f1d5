"""The coach on the practice table: judged as a game would, and in a drill for the drill's goal.

Practice keeps the table whatever happens, so level 5 searching it saw every shot succeed:
on a carom table, with no pockets, it advised "play safe"; in the drills it chose shots that
met the drill's goal in none of 24 noisy plays in four of the five shipped drills (a plain
pot of the 1 with the cue ball running on in the stop-shot ladder, a safety in the kick
drill, a pot of the 3 before the 1 in order, a safety in the carom drill). So the coach
searches the practice table with :func:`practice_rules`: three-cushion's on a carom table,
else a :class:`PracticeReferee` that keeps the table only for a pot (in a drill: for what the
drill asks of its balls). In a drill that keeps playing the table (``reset: run``) it plays
level 5's own choice from there, position included; in a drill that puts the layout back
after each attempt (:func:`drill_decision`) it rates level 5's candidates, and a grid of pace
and draw or follow on the pots when the goal is where the cue ball stops, by how often their
noisy plays meet the goal (:meth:`Drill.succeeded`), each on the same draws (common random
numbers), and plays the best.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from billiard.ai.noise import Noise, stratified
from billiard.ai.player import ComputerPlayer, Situation
from billiard.ai.rollout import simulate
from billiard.ai.search import Search
from billiard.ai.shots import Candidate
from billiard.ai.strike import Decision, Strike
from billiard.errors import BilliardError
from billiard.formats.limits import CONTROL_MAX_SPEED
from billiard.game import Rules
from billiard.game.facts import ShotFacts, shot_facts
from billiard.game.outcome import IN_HAND_ANYWHERE, Outcome, TableState
from billiard.game.practice import Practice
from billiard.game.threecushion import ThreeCushion
from billiard.physics.events import Event
from billiard.physics.state import Balls
from billiard.practice.drills import Drill, balls_on
from billiard.table.model import Table

FIRST_COPIES = 8  # noisy plays of every candidate that meets the goal played as meant
FINAL_COPIES = 64  # ... of the few best, to choose among them (32 chose the worse of two stop shots at noise 3)
FINALISTS = 4
STOP_TIPS = (-0.55, -0.45, -0.35, -0.25, -0.15, -0.05, 0.1)  # tip heights (radii) of the stop-shot grid
STOP_PACES = (0.7, 1.0, 1.4, 2.0, 2.8)  # x the pot's own speed
GRID_POTS = 2  # the pots the grid is laid on, the likeliest first
RATED = 40  # candidates rated at most (the search's best first, then the grid's)


class PracticeReferee(Practice):
    """Practice with only the drill's balls on (:func:`balls_on`; free play: every object
    ball, ``rule`` "pocket-any"), judged as a game would: the table is kept when the shot does
    what is asked of a ball on (pots one; in the kick drill, reaches it off ``cushions``
    cushions), potting the last ball wins (its pot had no next shot to leave, and the search
    called it a safety), a scratch is a foul, anything else hands the table over. Holds the drill's
    rule, target and cushions only (the search copies its referee for every simulation)."""

    def __init__(self, cue: str, rule: str = "pocket-any", target: str | None = None, cushions: int = 1) -> None:
        super().__init__(cue=cue)
        self.rule, self.target, self.cushions = rule, target, cushions

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        return balls_on(self.rule, self.target, self.cue, on_table)

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        on = self.targets(table.on_table)
        if facts.scratch or facts.jumped:
            return self.verdict(facts, fouls=["scratch"], ball_in_hand=IN_HAND_ANYWHERE, respot=(self.cue,))
        if self.rule == "kick":
            hit = facts.first_contact
            kept = hit in on and facts.cue_cushions_before.get(hit, 0) >= self.cushions
        else:
            kept = facts.first_contact in on and any(b in on for b in facts.pocketed_objects)
        left = [b for b in table.on_table if b != self.cue and b not in facts.pocketed]
        if kept and not left and self.rule != "kick":  # the table cleared: the last pot is won, as a rack's
            return self.verdict(facts, winner=self.turn, message="table cleared")
        return self.verdict(facts, keep_turn=kept)


def practice_rules(rules: Rules, table: Table, drill: Drill | None = None) -> Rules:
    """The rules the coach searches the practice table with: three-cushion's on a carom table
    (a point is the goal), else :class:`PracticeReferee` for the drill, or for free play."""
    if not table.pockets or (drill is not None and drill.rule == "three-cushion"):
        carom = ThreeCushion()
        carom.breaking = False
        return carom
    if drill is None:
        return PracticeReferee(rules.cue)
    return PracticeReferee(rules.cue, drill.rule, drill.target, drill.cushions)


@dataclass
class _Rated:
    cand: Candidate
    hits: int = 0
    plays: int = 0

    @property
    def rate(self) -> float:
        return self.hits / self.plays if self.plays else 0.0


def drill_decision(sit: Situation, drill: Drill, noise: float, player: ComputerPlayer) -> Decision:
    """What the coach plays from ``sit`` (searched with :func:`practice_rules`) in a drill
    whose layout comes back after each attempt, for a player of noise magnitude ``noise``."""
    search, place = player.candidates(sit)
    ranked = sorted(search.tried, key=lambda t: -t.prior_value)
    cue = sit.rules.cue
    cands = [
        t.cand for t in ranked if t.rollout and goal_met(drill, cue, search.balls, t.rollout.balls, t.rollout.events)
    ]
    if drill.rule == "stop":
        cands += _stop_grid(search, drill)
    if not cands:  # nothing meets the goal played as meant: rate the search's own best few
        cands = [t.cand for t in ranked[:FINALISTS]]
    if not cands:
        raise BilliardError("the coach found no shot in this drill")
    rng = player.rng
    arm = Noise(noise, float(search.balls.radius[search.balls.index(cue)]))
    rated = [_Rated(c) for c in _distinct(cands)[:RATED]]
    _rate(rated, search, drill, arm, rng, FIRST_COPIES)
    best = sorted(rated, key=lambda r: -r.rate)[:FINALISTS]
    _rate(best, search, drill, arm, rng, FINAL_COPIES - FIRST_COPIES)
    top = max(best, key=lambda r: r.rate)
    c = _as_played(search, top.cand)
    return Decision(c.strike, place=place, kind=c.kind, target=c.target, pocket=c.pocket, expected=top.rate)


def goal_met(drill: Drill, cue: str, before: Balls, after: Balls, events: list[Event]) -> bool:
    """Whether one play from ``before`` to ``after`` (its ``events``) met the drill's goal."""
    return drill.succeeded(shot_facts(events, cue), before, after)


def _stop_grid(search: Search, drill: Drill) -> list[Candidate]:
    """Pace and draw or follow on the likeliest pots of the target, each played as meant once
    (on top of the budget); those that pot it and stop the cue ball in place."""
    pots = [t for t in search.tried if t.cand.kind == "pot" and t.cand.target == drill.target and t.success]
    pots.sort(key=lambda t: -t.cand.chance)
    out = []
    for t in pots[:GRID_POTS]:
        s = t.cand.strike
        for pace in STOP_PACES:
            for tip in STOP_TIPS:
                strike = s.replace(speed=min(CONTROL_MAX_SPEED, s.speed * pace), tip=(s.tip[0], tip))
                cand = search.playable(dataclasses.replace(t.cand, strike=strike))
                if _met(search, drill, cand.strike):
                    out.append(cand)
    return out


def _as_played(search: Search, cand: Candidate) -> Candidate:
    """``cand`` named for what it does played as meant: the pocket its target drops in, and a
    pot or a bank by whether it met a cushion first. With the ball in line with a pocket, a
    bank and a pot share their heading, and the pace decides which one drops it."""
    if cand.kind not in ("pot", "bank") or cand.target is None:
        return cand
    played = _play(search, cand.strike)
    if played is None:
        return cand
    facts = shot_facts(played[1], search.rules.cue)
    pocket = facts.pocket_of(cand.target)
    if pocket is None:
        return cand
    return dataclasses.replace(cand, kind="pot" if cand.target in facts.direct else "bank", pocket=pocket)


def _distinct(cands: list[Candidate]) -> list[Candidate]:
    seen, out = set(), []
    for c in cands:
        key = (c.strike, c.kind, c.target, c.pocket)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _rate(rated: list[_Rated], search: Search, drill: Drill, arm: Noise, rng: np.random.Generator, copies: int) -> None:
    """Play each candidate ``copies`` times with the arm's noise, the same stratified draws
    for all, and count the plays that meet the goal."""
    for z in stratified(copies, rng):
        for r in rated:
            strike = search.playable(dataclasses.replace(r.cand, strike=arm.apply(r.cand.strike, rng, z))).strike
            r.plays += 1
            r.hits += _met(search, drill, strike)


def _play(search: Search, strike: Strike) -> tuple[Balls, list[Event]] | None:
    """``strike`` from the search's layout, played as given (None: the engine refused it)."""
    try:
        return simulate(search.balls, search.table, search.params, search.rules.cue, strike)
    except BilliardError:
        return None


def _met(search: Search, drill: Drill, strike: Strike) -> bool:
    """Whether ``strike``, played from the search's layout, meets the drill's goal."""
    played = _play(search, strike)
    return played is not None and goal_met(drill, search.rules.cue, search.balls, *played)
