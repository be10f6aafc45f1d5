"""The computer's answers to the rules' decisions (:mod:`billiard.game.decisions`): one small,
plain policy, answered through the same rules a person's answer goes through.

The 9-ball push-out and pass-back are the search's to choose (``player.py`` weighs them with
simulated shots), and the called pocket is the one of the pot it chose (:func:`call_for`),
so they are left out here. Given the table, a choice between playing on and handing the
shot back (snooker's play or play again, 8-ball's 8 on the break, an illegal break) is
made on the layout's ease, as the search rates a leave, and the free ball nominated is the
one it pots most easily. Without it, every choice has a sensible default:
play on rather than re-rack (the table after a break is rarely worse than a new break),
accept a table left by an illegal break, have the balls replaced after a foul and a miss
(the offender faces the same hard shot again), take a free ball when offered, and nominate
as the free ball the ball nearest the cue ball (the easiest to reach).
"""

from __future__ import annotations

import math

from billiard.ai.geometry import Layout, best_aim, best_ease
from billiard.game import Rules
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

SEARCHED = ("push-out", "after-push-out", "call")  # decisions the shot search answers itself
PREFERRED = ("replace", "free-ball", "spot", "accept", "play")  # the first offered wins


PLAY_ABOVE = 0.35  # with the table known: play on from a layout whose easiest pot is at least this easy


def rule_choice(rules: Rules, balls: Balls, table: Table | None = None) -> str | None:
    """The option the computer picks for ``rules.pending`` (None: nothing to answer here).
    With the ``table`` it weighs the layout as its search would (:mod:`geometry`'s ease of
    the easiest pot for the player on turn): it plays on from an easy layout and hands a
    hard one back or re-racks it; it nominates as the free ball the one it pots most easily."""
    d = rules.pending
    if d is None or d.kind in SEARCHED or d.player != rules.turn:
        return None
    names = d.names()
    if table is not None and rules.cue in _live(balls):
        if d.kind == "nominate":
            pick = _easiest(balls, table, rules.cue, names)
            if pick is not None:
                return pick
        elif "replace" not in names and "free-ball" not in names:
            ease = best_ease(Layout.of(balls), table, rules.cue, rules.targets(_live(balls)))
            easy = ease >= PLAY_ABOVE
            for play, decline in (("play", "again"), ("spot", "re-rack"), ("accept", "re-rack")):
                if play in names and decline in names:
                    return play if easy else decline
    if d.kind == "nominate":
        return _nearest(balls, rules.cue, names)
    return next((n for n in PREFERRED if n in names), d.default or names[0])


def _live(balls: Balls) -> frozenset[str]:
    return frozenset(b for b, m in zip(balls.ids, balls.motion) if m != Motion.POCKETED)


def _easiest(balls: Balls, table: Table, cue: str, names: tuple[str, ...]) -> str | None:
    """The offered ball with the easiest pot (None when none can be potted)."""
    layout = Layout.of(balls)
    best, ease = None, 0.0
    for name in names:
        if name in layout.ids:
            aim = best_aim(layout, table, cue, (name,))
            if aim is not None and aim.ease > ease:
                best, ease = name, aim.ease
    return best


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
