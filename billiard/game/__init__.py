"""Game rules: pure functions of the physics events. ``make_rules("8-ball")`` gives a rule set
whose ``shot_played(events, TableState) -> Outcome`` judges each shot."""

from __future__ import annotations

from billiard.errors import BilliardError
from billiard.game.base import Rules
from billiard.game.eightball import EightBall
from billiard.game.nineball import NineBall
from billiard.game.outcome import IN_HAND_ANYWHERE, IN_HAND_D, IN_HAND_KITCHEN, Outcome, TableState
from billiard.game.practice import Practice
from billiard.game.snooker import Snooker
from billiard.game.threecushion import ThreeCushion

RULES: dict[str, type[Rules]] = {r.name: r for r in (Practice, EightBall, NineBall, ThreeCushion, Snooker)}
MODES = tuple(RULES)

__all__ = [
    "MODES",
    "RULES",
    "Outcome",
    "Rules",
    "TableState",
    "make_rules",
    "IN_HAND_ANYWHERE",
    "IN_HAND_D",
    "IN_HAND_KITCHEN",
]


def make_rules(mode: str, **options) -> Rules:
    """A fresh rule set for ``mode`` (one of :data:`MODES`)."""
    try:
        return RULES[mode](**options)
    except KeyError:
        raise BilliardError(f"unknown game mode '{mode}' (known: {', '.join(MODES)})") from None
