"""Whole games with no window and no script: computer players take every turn of a
:class:`Session` until the game is over or a cap on shots is reached (``billiard play
--headless --players computer:5,computer:5 --until-over``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from billiard.ai import ComputerPlayer, Decision, PlayerSpec, Situation
from billiard.ai.rule_choices import call_for, rule_choice
from billiard.app.controls import StrikeCommand
from billiard.app.session import Session
from billiard.app.setup import new_session
from billiard.errors import BilliardError
from billiard.game import Outcome

MAX_SHOTS = 300
POT_KINDS = ("pot", "bank", "combo", "masse", "kiss", "cannon")  # as billiard.ai.search


@dataclass
class ComputerStats:
    """What the computer players did in one game (both sides together)."""

    decisions: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    pots: int = 0
    attempts: int = 0
    fouls: int = 0
    illegal_spots: int = 0

    def summary(self) -> dict:
        s = self.seconds
        return {
            "decisions": self.decisions,
            "mean_s": round(float(np.mean(s)), 4) if s else 0.0,
            "max_s": round(float(max(s)), 4) if s else 0.0,
            "mean_cpu_s": round(float(np.mean(self.cpu_seconds)), 4) if s else 0.0,
            "max_cpu_s": round(float(max(self.cpu_seconds)), 4) if s else 0.0,
            "pots": self.pots,
            "attempts": self.attempts,
            "fouls": self.fouls,
            "illegal_spots": self.illegal_spots,
        }


def rack_seed(seed: int | None) -> int | None:
    """The first rack's seed from a game seed, as the window draws it (``random.Random``)."""
    return None if seed is None else random.Random(seed).randrange(2**31)


def computers(
    players: tuple[PlayerSpec, PlayerSpec], seed: int | None, deadline: bool = False
) -> list[ComputerPlayer | None]:
    """One ComputerPlayer per computer side, each with its own Generator from the seed."""
    return [
        ComputerPlayer(p.level, rng=np.random.default_rng([0 if seed is None else seed, k]), deadline=deadline)
        if p.computer
        else None
        for k, p in enumerate(players)
    ]


def apply_decision(session: Session, ai: ComputerPlayer, decision: Decision) -> StrikeCommand | None:
    """Carry a decision out on the session (pass back, place, push out, strike with the
    level's noise); the strike played, or None after a pass. A spot the rules refuse raises."""
    rules = session.rules
    if decision.pass_back:
        rules.pass_back()
        return None
    if decision.place is not None and session.ball_in_hand():
        if not session.place_cue(*decision.place):
            raise BilliardError(f"the computer chose an illegal ball-in-hand spot {decision.place}")
    if decision.push_out:
        rules.declare_push_out()
    call = call_for(rules, decision.pocket)
    if call is not None:
        session.answer(call)
    assert decision.strike is not None, "only a pass back comes without a strike"
    session.intent = decision.kind
    s = ai.execute(decision.strike, session.ball_radius())
    elevation = session.least_elevation(s.heading_deg, s.tip, s.elevation_deg)  # as the window's cue plays it
    cmd = StrikeCommand(s.speed, s.heading_deg, elevation, (s.tip[0], s.tip[1]))
    session.strike(cmd)
    return cmd


def play_game(
    mode: str,
    players: tuple[PlayerSpec, PlayerSpec],
    seed: int | None = None,
    table: str | None = None,
    max_shots: int = MAX_SHOTS,
    deadline: bool = False,
    session: Session | None = None,
    carom_target: int | None = None,
    on_decision: Callable[[Situation, Decision], None] | None = None,
    ais: list[ComputerPlayer] | None = None,
    on_shot: Callable[[Situation, Decision, StrikeCommand, Outcome], None] | None = None,
) -> dict:
    """Play one game (one rack, frame or carom game) between computer players; the session
    summary plus ``players``, ``computer`` and ``capped``. ``carom_target``: three-cushion
    points to win (the rules' own when None); ``on_decision(situation, decision)`` sees each
    decision before it is played (benchmarks); ``on_shot(situation, decision, played,
    outcome)`` sees each shot after the rules judged it (why visits end); ``ais``: the two players to use instead of
    the ones ``players`` names (tests give small search budgets)."""
    if not all(p.computer for p in players):
        raise BilliardError(
            "a headless game without a script needs two computer players (--players computer:N,computer:N)"
        )
    session = session or new_session(mode, table, rack_seed(seed))
    # both sides are computers (checked above), so no None is dropped here
    ais = ais or [ai for ai in computers(players, seed, deadline) if ai is not None]
    stats = ComputerStats()
    rules = session.rules
    if carom_target is not None and hasattr(rules, "target"):
        rules.target = carom_target
    decisions = 0
    while not session.rules.game_over and session.shots < max_shots and decisions < 3 * max_shots:
        rules = session.rules  # a re-rack makes new rules
        pick = rule_choice(rules, session.balls, session.table)
        if pick is not None:  # the rules' decisions: the same answer a person gives
            session.answer(pick)
            decisions += 1
            continue
        me = rules.turn
        ai = ais[me]
        situation = Situation.of_session(session)
        decision = ai.decide(situation)
        if on_decision is not None:
            on_decision(situation, decision)
        decisions += 1
        stats.decisions += 1
        stats.seconds.append(decision.seconds)
        stats.cpu_seconds.append(decision.cpu_seconds)
        try:
            cmd = apply_decision(session, ai, decision)
        except BilliardError:
            stats.illegal_spots += 1
            raise
        if cmd is None:
            continue
        while session.in_shot:
            session.tick()
        out = session.last_outcome
        assert out is not None, "a finished shot has an outcome"
        if on_shot is not None:
            on_shot(situation, decision, cmd, out)
        stats.fouls += bool(out.fouls)
        if decision.kind in POT_KINDS:
            stats.attempts += 1
            if decision.target in out.pocketed and not out.fouls:
                stats.pots += 1
    summary = session.summary()
    summary.update(
        players=[str(p) for p in players],
        seed=seed,
        capped=not session.rules.game_over,
        max_shots=max_shots,
        computer=stats.summary(),
    )
    return summary
