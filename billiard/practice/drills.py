"""Drills: a layout, a goal, and a rule that says whether each attempt succeeded.

The shipped drills are ``assets/drills/index.json`` (name, title, goal, rule, how the
table resets) and one layout file each (``billiard-shot/1`` without a strike). Rules read
the physics events through :class:`~billiard.game.facts.ShotFacts` and the balls where they
stopped, never pixels:

* ``stop``: the target ball is pocketed and the cue ball stops within ``within`` m of where
  the target stood (a stop shot); with a ``ladder`` each success moves a ball one rung
  further (the stop-shot ladder).
* ``in-order``: the lowest-numbered ball on the table is hit first and pocketed.
* ``pocket-any``: some object ball is pocketed (the "L" drill: position play).
* ``kick``: the cue ball touches ``cushions`` cushions or more before it first hits ``target``.
* ``three-cushion``: a carom point (both object balls, three cushions before the second).

Every rule also fails a scratch. ``reset``: ``each`` puts the layout back after every
attempt and a round is ``round`` attempts; ``run`` keeps playing the table after a success
and resets after a miss or a cleared table (a round ends there). A round's score is its
successes; the best round is kept per player (:mod:`billiard.practice.drill_scores`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, get_args

from billiard.errors import BilliardError
from billiard.formats.decode import decode
from billiard.formats.drills import DrillIndex, DrillReset, DrillRule, DrillSpec
from billiard.game.facts import ShotFacts
from billiard.physics.state import Balls, Motion
from billiard.practice.layouts import Layout, load_layout
from billiard.resources import resource_path
from billiard.shot import jsonfile

RULES: tuple[str, ...] = get_args(DrillRule)
RESETS: tuple[str, ...] = get_args(DrillReset)


@dataclass(frozen=True)
class Ladder:
    """After each success, ``ball`` starts ``step`` (dx, dy) further, up to ``rungs`` rungs."""

    ball: str
    step: tuple[float, float]
    rungs: int


@dataclass(frozen=True)
class Drill:
    name: str
    title: str
    goal: str
    layout: Layout
    rule: str
    target: str | None = None
    within: float = 0.06
    cushions: int = 1
    reset: str = "each"
    round: int = 10
    ladder: Ladder | None = None

    @property
    def cue(self) -> str:
        return "white" if self.layout.table.ball_set == "carom" else "cue"

    def start_positions(self, rung: int = 0) -> dict[str, tuple[float, float]]:
        """Where the balls start at ladder rung ``rung`` (0 without a ladder)."""
        out = {b: (p[0], p[1]) for b, p in self.layout.positions().items()}
        if self.ladder is not None and rung:
            x, y = out[self.ladder.ball]
            k = min(rung, self.ladder.rungs - 1)
            out[self.ladder.ball] = (x + k * self.ladder.step[0], y + k * self.ladder.step[1])
        return out

    def succeeded(self, facts: ShotFacts, start: Balls, end: Balls) -> bool:
        """Did this attempt meet the goal? ``start``/``end``: the balls before and after."""
        if facts.scratch or facts.jumped:
            return False
        if self.rule == "stop":
            if self.target not in facts.pocketed:
                return False
            t, c = start.pos[start.index(self.target)], end.pos[end.index(facts.cue)]
            return math.hypot(c[0] - t[0], c[1] - t[1]) <= self.within
        if self.rule == "in-order":
            on = [b for b, m in zip(start.ids, start.motion) if m != Motion.POCKETED and b.isdigit()]
            lowest = min(on, key=int) if on else None
            return lowest is not None and facts.first_contact == lowest and lowest in facts.pocketed
        if self.rule == "pocket-any":
            return bool(facts.pocketed_objects)
        if self.rule == "kick":
            return (
                self.target is not None
                and facts.first_contact == self.target
                and facts.cue_cushions_before.get(self.target, 0) >= self.cushions
            )
        # three-cushion
        if len(facts.contacts) < 2:
            return False
        return facts.cue_cushions_before[facts.contacts[1]] >= 3


def balls_on(rule: str, target: str | None, cue: str, on_table: frozenset[str]) -> tuple[str, ...]:
    """The balls a shot of a drill with ``rule`` is at (the coach aims at these): the
    ``target`` of a stop shot or a kick, the lowest ball in order, else every object ball."""
    objects = sorted(b for b in on_table if b != cue)
    if rule in ("stop", "kick") and target in objects:
        return (target,)
    numbered = [b for b in objects if b.isdigit()]
    if rule == "in-order" and numbered:
        return (min(numbered, key=int),)
    return tuple(objects)


@dataclass
class DrillRun:
    """One player's go at a drill: counts, the current round, the ladder rung, the best."""

    drill: Drill
    best: int = 0
    attempts: int = 0
    successes: int = 0
    round_attempts: int = 0
    score: int = 0
    rung: int = 0
    last: bool | None = None  # the last attempt's verdict

    def attempt(self, success: bool, cleared: bool) -> bool:
        """Count one attempt; True when the layout must be put back for the next one."""
        self.attempts += 1
        self.round_attempts += 1
        self.last = success
        if success:
            self.successes += 1
            self.score += 1
            self.best = max(self.best, self.score)
            if self.drill.ladder is not None:
                self.rung = min(self.rung + 1, self.drill.ladder.rungs - 1)
        if self.drill.reset == "run":
            over = not success or cleared
        else:
            over = self.round_attempts >= self.drill.round
        if over:
            self.round_attempts = self.score = 0
            if self.drill.ladder is not None and self.drill.reset == "each":
                self.rung = 0
        return self.drill.reset == "each" or over

    def summary(self) -> dict[str, Any]:
        return {
            "name": self.drill.name,
            "attempts": self.attempts,
            "successes": self.successes,
            "best": self.best,
            "score": self.score,
            "rung": self.rung,
        }

    def hud_line(self) -> str:
        verdict = "" if self.last is None else ("   last: made it" if self.last else "   last: missed")
        rung = f"   rung {self.rung + 1}" if self.drill.ladder is not None else ""
        return (
            f"Drill {self.drill.title}: {self.successes}/{self.attempts}   round {self.score}"
            f"   best {self.best}{rung}{verdict}"
        )


@lru_cache(maxsize=1)
def _index() -> tuple[DrillSpec, ...]:
    path = resource_path("assets", "drills", "index.json")
    return tuple(decode(jsonfile.read_bytes(path), DrillIndex, str(path)).drills)


def drill_names() -> tuple[str, ...]:
    return tuple(d.name for d in _index())


@lru_cache(maxsize=None)
def load_drill(name: str) -> Drill:
    """The shipped drill ``name`` (one clear error for an unknown name)."""
    for spec in _index():
        if spec.name == name:
            return _build(spec)
    raise BilliardError(f"unknown drill '{name}' (known: {', '.join(drill_names())})")


def _build(spec: DrillSpec) -> Drill:
    """A Drill from its typed entry (:class:`billiard.formats.drills.DrillSpec`) and its layout."""
    layout = load_layout(resource_path("assets", "drills", spec.layout))
    ladder = Ladder(spec.ladder.ball, spec.ladder.step, spec.ladder.rungs) if spec.ladder else None
    ids = {b.id for b in layout.balls}
    for ball in (spec.target, ladder.ball if ladder else None):
        if ball is not None and ball not in ids:
            raise BilliardError(f"drill '{spec.name}': ball '{ball}' is not in its layout")
    return Drill(
        name=spec.name,
        title=spec.title,
        goal=spec.goal,
        layout=layout,
        rule=spec.rule,
        target=spec.target,
        within=spec.within,
        cushions=spec.cushions,
        reset=spec.reset,
        round=spec.round,
        ladder=ladder,
    )
