"""The computer player: ``ComputerPlayer(level, seed).decide(situation) -> Decision`` and
``execute(decision)`` adds the level's noise to the chosen strike.

One decision: 9-ball pass-back after the opponent's push-out; the break; ball in hand
placement; then the search over pots (best ease first, speed and spin variations), banks,
safeties and kicks (or carom paths in three-cushion), each simulated with the real engine
and judged by a copy of the rules; the best few re-simulated with noise; a 9-ball push-out
when nothing better is on. All randomness from one numpy Generator."""
from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass, replace

import numpy as np

from billiard.ai.carom import carom_paths, carom_speed
from billiard.ai.geometry import Aim, Layout, best_ease, heading_to, pot_aims
from billiard.ai.levels import Level, level as level_of
from billiard.ai.noise import SIGMA_HEADING_DEG, Noise
from billiard.ai.placement import choose_spot
from billiard.ai.rollout import fast_params, first_hit_direction
from billiard.ai.search import Budget, Search, Tried
from billiard.ai.shots import (Candidate, kick_candidates, nearest_hit, pot_candidates, pot_speed,
                               safety_candidates)
from billiard.ai.strike import Decision, Strike
from billiard.game import Rules
from billiard.game.snooker import value as snooker_value
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

EVENTS_PER_SIM = 25          # the event budget is max_sims x this (deterministic work limit)
PASS_BELOW = 0.3             # 9-ball: pass a push-out back when our best pot is harder than this
PUSH_BELOW = 40.0            # 9-ball: push out when the best shot scores under this
BREAK_SPEEDS = (8.5, 10.0)
THROW_STEPS = 2
NOISE_SPREAD = 1.5           # speed and tip errors widen the heading error's effect (a guess, tuned)


@dataclass
class Situation:
    """What the computer sees: the rules (read, never changed), the table, the balls at rest
    and the ball-in-hand region (None when the cue ball must be played where it lies)."""

    rules: Rules
    table: Table
    params: Params
    balls: Balls
    in_hand: str | None

    @classmethod
    def of_session(cls, session) -> "Situation":
        """A copy of what a session shows (safe to hand to another thread or process)."""
        return cls(copy.deepcopy(session.rules), session.table, session.params, session.balls.copy(),
                   session.in_hand if session.ball_in_hand() else None)


class ComputerPlayer:
    """A computer opponent of ``level`` (1-5 or a :class:`Level`); ``seed`` or ``rng`` makes it
    repeatable. ``deadline`` adds the level's wall-clock limit to the deterministic budget."""

    def __init__(self, level: int | Level = 5, seed: int | None = None, rng: np.random.Generator | None = None,
                 deadline: bool = False) -> None:
        self.level = level if isinstance(level, Level) else level_of(level)
        self.rng = rng if rng is not None else np.random.default_rng(seed)
        self.noise_model = None
        self.deadline = deadline

    # -- the decision --------------------------------------------------------------------
    def decide(self, sit: Situation) -> Decision:
        t0, c0 = time.perf_counter(), time.process_time()
        lvl = self.level
        budget = Budget(lvl.max_sims, lvl.max_sims * EVENTS_PER_SIM,
                        t0 + lvl.seconds if self.deadline else None)
        decision = self._decide(sit, budget)
        return replace(decision, simulations=budget.sims, seconds=time.perf_counter() - t0,
                       cpu_seconds=time.process_time() - c0)

    def _decide(self, sit: Situation, budget: Budget) -> Decision:
        rules = sit.rules
        params = fast_params(sit.params)
        cue = rules.cue
        targets = rules.targets(_on_table(sit.balls))
        if getattr(rules, "may_pass", False):
            ease = best_ease(Layout.of(sit.balls), sit.table, cue, targets)
            if ease < PASS_BELOW:
                return Decision(None, pass_back=True, kind="pass")
        balls = sit.balls
        place = None
        if getattr(rules, "breaking", False) and rules.name in ("8-ball", "9-ball"):
            return self._break(sit, params, budget)
        if sit.in_hand is not None:
            spots = choose_spot(sit.in_hand, sit.table, balls, cue, targets, self.rng)
            if spots:
                place = spots[0]
                balls = balls.copy()
                i = balls.index(cue)
                balls.pos[i] = (place[0], place[1], balls.radius[i])
                balls.vel[i] = balls.omega[i] = 0.0
                balls.motion[i] = Motion.REST
                balls.pocket[i] = None
        search = Search(balls, sit.table, params, rules, rules.turn, budget, self.level.position)
        if rules.name == "three-cushion":
            self._carom(search, balls, sit.table, cue)
        else:
            self._pocket_game(search, balls, sit.table, params, cue, targets)
        push = getattr(rules, "push_available", False) and not getattr(rules, "breaking", False)
        best = search.best()
        if push and (best is None or best.nominal < PUSH_BELOW):
            self._push_outs(search, balls, cue)
        noise = Noise(max(1.0, self.level.noise), float(balls.radius[balls.index(cue)]))
        chosen = search.robustness(self.level.finalists, self.level.robust, noise, self.rng)
        if chosen is None:
            layout = Layout.of(balls)
            chosen = Tried(nearest_hit(layout, cue, targets), 0.0, False)
        c = chosen.cand
        kind = "push-out" if c.push_out else c.kind
        if kind in ("pot", "bank") and not chosen.success:
            kind = "safety"          # no pot in its own simulation: chosen for what it leaves
        return Decision(c.strike, place=place, push_out=c.push_out, kind=kind,
                        target=c.target, pocket=c.pocket, expected=chosen.expected)

    def _pocket_game(self, search: Search, balls: Balls, table: Table, params: Params, cue: str,
                     targets: tuple[str, ...]) -> None:
        lvl = self.level
        layout = Layout.of(balls)
        aims = []
        for t in targets:
            if t in layout.ids:
                aims += pot_aims(layout, table, cue, t, banks=lvl.banks)
        weight = (lambda a: 1 + 0.08 * snooker_value(a.target)) if search.rules.name == "snooker" else (lambda a: 1.0)
        aims.sort(key=lambda a: -a.ease * weight(a))
        aims = aims[:lvl.options]
        if lvl.throw:
            aims = [self._take_out_throw(search, a, params, cue) for a in aims]
        sigma = math.radians(SIGMA_HEADING_DEG * max(lvl.noise, 1.0) * NOISE_SPREAD)
        rows = pot_candidates(aims, params, lvl.variants, sigma)
        for row in rows:                          # the plain variant of every option first
            search.consider(row[0])
        order = sorted(range(len(rows)), key=lambda k: -max((t.nominal for t in search.tried
                                                              if t.cand.target == rows[k][0].target
                                                              and t.cand.pocket == rows[k][0].pocket), default=-1e9))
        for k in order:
            for cand in rows[k][1:]:
                search.consider(cand)
        best = search.best()
        if best is None or best.nominal < 60.0:
            safeties = safety_candidates(layout, cue, targets)
            if not safeties:
                safeties = kick_candidates(layout, table, cue, targets)[:12]
            picks = safeties if len(safeties) <= 12 or safeties[0].kind == "kick" else [safeties[i] for i in
                                                           sorted(self.rng.choice(len(safeties), 10, replace=False))]
            for cand in picks:
                search.consider(cand)
        if not search.tried:
            search.consider(nearest_hit(layout, cue, targets))

    def _take_out_throw(self, search: Search, aim: Aim, params: Params, cue: str) -> Aim:
        """Correct the ghost-ball heading for throw (the object ball leaves off the line of
        centres, by friction between the balls): probe the first contact, then step the cue
        heading by the miss over the gearing d(object)/d(cue) ~ d1 / (2R cos cut), twice."""
        speed = pot_speed(aim, params)
        gear = max(1.0, aim.d1 / (2 * float(search.balls.radius[0]) * max(math.cos(math.radians(aim.cut_deg)), 0.2)))
        heading = aim.heading_deg
        for _ in range(THROW_STEPS):
            if not search.budget.left():
                break
            got = first_hit_direction(search.balls, search.table, params, cue, Strike(speed, heading, 0.0, (0.0, 0.05)),
                                      aim.target)
            if got is None:
                break
            direction, events = got
            search.budget.events += events
            miss = (math.degrees(direction) - aim.object_deg + 180.0) % 360.0 - 180.0
            if abs(miss) < 0.02 or abs(miss) > 10.0:
                break
            heading = (heading - miss / gear) % 360.0
        return replace(aim, heading_deg=heading)

    def _carom(self, search: Search, balls: Balls, table: Table, cue: str) -> None:
        """Carom paths from the tracer with the cue ball rolling into its first ball (follow)
        and half rolling (a firmer, stunned hit), tried alternately, widest windows first; a
        success is refined half a degree either side."""
        layout = Layout.of(balls)
        r = float(balls.radius[balls.index(cue)])
        others = {b: layout.at(b) for b in layout.ids if b != cue}
        kinds = (((0.0, 0.3), 1.0, 1.0), ((0.0, 0.0), 0.5, 1.25))
        found = [carom_paths(table, layout.at(cue), others, r, roll) for _, roll, _ in kinds]
        order = [(p, tip, f) for pair in zip(*[f + [None] * (max(map(len, found)) - len(f)) for f in found])
                 for p, (tip, _, f) in zip(pair, kinds) if p is not None]
        for p, tip, factor in order[:self.level.options * 5]:
            cand = Candidate(Strike(min(7.0, carom_speed(p.length) * factor), p.heading_deg, 0.0, tip), "carom",
                             p.first, prior=p.width_deg)
            t = search.consider(cand)
            if t is not None and t.success:
                for dh in (-0.5, 0.5):      # a good one: look either side of it too
                    search.consider(replace(cand, strike=cand.strike.replace(
                        heading_deg=(p.heading_deg + dh) % 360)))
        if not search.tried:
            search.consider(nearest_hit(layout, cue, tuple(others)))

    def _push_outs(self, search: Search, balls: Balls, cue: str) -> None:
        """9-ball push-out: roll the cue ball softly to leave a shot the opponent would rather
        pass back (the score rates the leave as max(ease, 0.35) against us)."""
        for _ in range(6):
            heading = float(self.rng.uniform(0, 360))
            search.consider(Candidate(Strike(float(self.rng.uniform(0.8, 1.8)), heading), "push-out", push_out=True))

    def _break(self, sit: Situation, params: Params, budget: Budget) -> Decision:
        """The opening break: the cue ball in the kitchen, full on the head ball, hard."""
        rules, table, cue = sit.rules, sit.table, sit.rules.cue
        layout = Layout.of(sit.balls)
        head = min((b for b in layout.ids if b != cue), key=lambda b: layout.at(b)[0])
        r = float(sit.balls.radius[sit.balls.index(cue)])
        search = Search(sit.balls, table, params, rules, rules.turn, budget, position=False)
        places = [(table.head_string_x - r, y) for y in (0.0, 0.15, -0.15)]
        tried_place = {}
        for place in places:
            balls = sit.balls.copy()
            i = balls.index(cue)
            balls.pos[i] = (place[0], place[1], r)
            balls.vel[i] = balls.omega[i] = 0.0
            balls.motion[i] = Motion.REST
            search.balls = balls
            for speed in BREAK_SPEEDS[:1 + (self.level.number >= 4)]:
                strike = Strike(speed, heading_to(np.asarray(place), layout.at(head)), 0.0, (0.0, -0.1))
                t = search.consider(Candidate(strike, "break", head))
                if t is not None:
                    tried_place[id(t)] = place
        best = search.best()
        if best is None:
            place = places[0]
            strike = Strike(BREAK_SPEEDS[0], heading_to(np.asarray(place), layout.at(head)), 0.0, (0.0, -0.1))
            return Decision(strike, place=place, kind="break", target=head)
        return Decision(best.cand.strike, place=tried_place[id(best)], kind="break", target=head,
                        expected=float(best.success))

    # -- carrying it out -----------------------------------------------------------------
    def execute(self, strike: Strike, radius: float) -> Strike:
        """The strike as the level's arm plays it (Gaussian noise, :mod:`noise`)."""
        return Noise(self.level.noise, radius).apply(strike, self.rng)


def _on_table(balls: Balls) -> frozenset[str]:
    return frozenset(b for b, m in zip(balls.ids, balls.motion) if m != Motion.POCKETED)
