"""The computer's answers to the rules' decisions (:mod:`billiard.game.decisions`): one small,
plain policy, answered through the same rules a person's answer goes through.

The 9-ball push-out and pass-back are the search's to choose (``player.py`` weighs them with
simulated shots), and the called pocket is the one of the pot it chose (:func:`call_for`),
so they are left out here. Every other choice has a sensible default:
play on rather than re-rack (the table after a break is rarely worse than a new break),
accept a table left by an illegal break, have the balls replaced after a foul and a miss
(the offender faces the same hard shot again), take a free ball when offered, and nominate
as the free ball the ball nearest the cue ball (the easiest to reach).
"""
from __future__ import annotations

import math

from billiard.game import Rules
from billiard.physics.state import Balls, Motion

SEARCHED = ("push-out", "after-push-out", "call")     # decisions the shot search answers itself
PREFERRED = ("replace", "free-ball", "spot", "accept", "play")   # the first offered wins


def rule_choice(rules: Rules, balls: Balls) -> str | None:
    """The option the computer picks for ``rules.pending`` (None: nothing to answer here)."""
    d = rules.pending
    if d is None or d.kind in SEARCHED or d.player != rules.turn:
        return None
    if d.kind == "nominate":
        return _nearest(balls, rules.cue, d.names())
    names = d.names()
    return next((n for n in PREFERRED if n in names), d.default or names[0])


def _nearest(balls: Balls, cue: str, names: tuple[str, ...]) -> str:
    i = balls.index(cue)
    cx, cy = float(balls.pos[i, 0]), float(balls.pos[i, 1])

    def distance(ball: str) -> float:
        j = balls.index(ball)
        if balls.motion[j] == Motion.POCKETED:
            return math.inf
        return math.hypot(float(balls.pos[j, 0]) - cx, float(balls.pos[j, 1]) - cy)

    return min(names, key=distance)


def call_for(rules: Rules, pocket: str | None) -> str | None:
    """8-ball with called shots: the pocket to call for a chosen pot into ``pocket`` (the
    call's default, an obvious shot, when the pot's pocket is not one of the options)."""
    d = rules.pending
    if d is None or d.kind != "call":
        return None
    return pocket if pocket is not None and d.choice(pocket) is not None else d.default
