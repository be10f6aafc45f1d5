"""Position play by simulation: judge the best candidates of this shot by the shot they
leave, found by searching that next shot too (the way PickPocket and CueCard planned).

For each of the ``plan`` best candidates that keep the table, the next shot's pot options
are simulated from where this one leaves the balls (with the rules as they will be then:
in snooker a colour after a red); the best of them, rated by its own chance under the
player's noise and by the ease of the shot *it* leaves (geometry), becomes this
candidate's leave. So a 9-ball or 8-ball candidate is judged three balls deep: this one,
the next (simulated), and the one after (estimated). In three-cushion the leave is the
next point's ease: how wide the scoring windows of the idealised tracer are from there."""

from __future__ import annotations

import math

from billiard.ai.carom import carom_paths
from billiard.ai.evaluate import CONTINUE, POINT, POSITION
from billiard.ai.geometry import Layout
from billiard.ai.options import pot_rows
from billiard.ai.rollout import on_table
from billiard.ai.search import MISS_VALUE, POT_KINDS, Search, Tried
from billiard.ai.snooker_leave import leave_value, pot_worth
from billiard.game.snooker import value as snooker_value
from billiard.physics.params import Params
from billiard.table.model import Table

CAROM_WIDTH = 3.0  # deg of scoring windows that make a next point "easy" (ease 1 - 1/e)
SECOND_LEAVE = (0.7, 0.6)  # snooker: the next pot's worth x (a + b x the leave it gives), 1 at a leave of 0.5


def leave_quality(best: Tried | None, most_points: int = 0) -> float:
    """0..1 from the next shot's best value: a sure pot with a perfect leave (worth
    ``most_points``, the black's 7 in snooker) is 1, a miss-like value is 0."""
    if best is None:
        return 0.0
    top = CONTINUE + POSITION + POINT * most_points
    return min(1.0, max(0.0, (best.prior_value - MISS_VALUE) / (top - MISS_VALUE)))


def carom_ease(t: Tried, table: Table) -> float:
    """Three-cushion: how easy the next point is from the balls this candidate leaves."""
    assert t.rollout is not None
    layout = Layout.of(t.rollout.balls)
    cue = t.rollout.rules.cue
    if cue not in layout.ids:
        return 0.0
    others = {b: layout.at(b) for b in layout.ids if b != cue}
    r = float(layout.r[layout.ids.index(cue)])
    width = sum(p.width_deg for p in carom_paths(table, layout.at(cue), others, r, 1.0))
    return 1.0 - math.exp(-width / CAROM_WIDTH)


def plan_ahead(
    search: Search, params: Params, noise: float, plan: int, options: int, variants: int, banks: bool, combos: bool
) -> None:
    """Re-score the ``plan`` best candidates that keep the table by their simulated leave."""
    me = search.me
    keep = [
        t
        for t in search.tried
        if t.rollout is not None
        and t.success
        and not t.planned
        and not t.rollout.outcome.game_over
        and t.rollout.outcome.next_player == me
    ]
    keep.sort(key=lambda t: -t.prior_value)
    for t in keep[:plan]:
        if not search.budget.left():
            return
        r = t.rollout
        assert r is not None
        t.planned = True
        if r.rules.name == "three-cushion":
            ease = carom_ease(t, search.table)
            t.nominal = search.judge(r, ease, True)
            continue
        cue = r.rules.cue
        if cue not in on_table(r.balls):
            continue
        sub = search.beside(r.balls, r.rules)
        targets = r.rules.targets(on_table(r.balls))
        rows = pot_rows(sub, r.balls, params, cue, targets, noise, options, variants, banks, combos, throw=True)
        for row in rows:
            for cand in row:
                sub.consider(cand)
        if sub.sigma is not None:  # snooker: the leave is the next pot's chance, worth and own leave
            ease, t.next_ball = snooker_leave_ahead(sub)
            t.nominal = search.judge(r, ease, True)
            continue
        best = sub.best()
        ease = leave_quality(best, 7 if r.rules.name == "snooker" else 0)
        t.nominal = search.judge(r, ease, True)
        t.next_ball = best.cand.target if best is not None and best.success else None


def snooker_leave_ahead(sub: Search) -> tuple[float, str | None]:
    """Snooker: a leave's worth found by simulating the next shot's pots (``sub.tried``):
    the best of their chances under the player's noise x the ball's worth
    (:func:`snooker_leave.pot_worth`), each raised or lowered by the leave *it* gives
    (:data:`SECOND_LEAVE`), so a red is judged by the colour after it and that colour by
    the red after it; the ball it pots (None when no pot goes in)."""
    assert sub.sigma is not None
    a, b = SECOND_LEAVE
    best, ball = 0.0, None
    for t in sub.tried:
        if not t.success or t.cand.kind not in POT_KINDS or t.rollout is None or t.cand.target is None:
            continue
        r = t.rollout
        second = 0.0
        if not r.outcome.game_over and r.outcome.next_player == sub.me:
            layout = Layout.of(r.balls)
            second = leave_value(layout, sub.table, r.rules.cue, r.rules.targets(frozenset(layout.ids)), sub.sigma)
        worth = t.cand.chance * pot_worth(snooker_value(t.cand.target)) * (a + b * second)
        if worth > best:
            best, ball = worth, t.cand.target
    return best, ball
