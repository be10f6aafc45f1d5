"""The candidates of a pocket game (pool and snooker): every strike a level simulates before
the noisy copies choose among the best (:mod:`billiard.ai.player`). Pots first, plain variant
of every option, then the rest, best option first; the steering grids; caroms into pots and
massé, safeties, kicks and jumps when no pot is clearly good; the escape fan when every ball
on is hidden; the look ahead at the best leaves; and the 9-ball push-outs."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from billiard.ai.carom_pots import aim_carom_pot, carom_pot_candidates
from billiard.ai.geometry import Layout, direct_hits
from billiard.ai.levels import Level
from billiard.ai.masse import masse_candidates
from billiard.ai.options import aim_kick, heading_sigma, pot_rows
from billiard.ai.plan import plan_ahead
from billiard.ai.search import Search, Tried
from billiard.ai.shots import Candidate, jump_candidates, kick_candidates, nearest_hit, safety_candidates
from billiard.ai.snooker_pace import sweep_paces
from billiard.ai.snooker_steer import grid as snooker_grid
from billiard.ai.snooker_steer import steer_snooker
from billiard.ai.steer import grid, steer
from billiard.ai.strike import Strike
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.table.model import Table

CAROM_POTS_TRIED = 3  # kisses and cannons simulated at most, the likeliest first (levels 4-5)
MASSE_TRIED = 4  # massé pots simulated at most, the likeliest first (levels 4-5)
SAFETY_ABOVE = 100.0  # levels that plan: safeties are tried unless a pot is worth this
ESCAPE_FAN = 120  # snooker, levels 4-5: headings all round tried when (nearly) every candidate fouls
ESCAPE_BELOW = 3  # ... when fewer than this many hit a ball on without a foul
ESCAPE_SPEEDS = (2.5, 4.0)  # m/s: the fan's speed, and the refinement's second speed


def pocket_candidates(
    search: Search,
    lvl: Level,
    rng: np.random.Generator,
    balls: Balls,
    table: Table,
    params: Params,
    cue: str,
    targets: tuple[str, ...],
) -> None:
    """Pots first (the plain variant of every option, then the others, best option first),
    then safeties and kicks when no pot is clearly good, jumps when every legal ball is
    hidden (levels 4-5), then the simulated look ahead at the best candidates' leaves."""
    layout = Layout.of(balls)
    rows = pot_rows(
        search, balls, params, cue, targets, lvl.noise, lvl.options, lvl.variants, lvl.banks, lvl.combos, lvl.throw
    )
    for row in rows:  # the plain variant of every option first
        search.consider(row[0])
    order = sorted(
        range(len(rows)),
        key=lambda k: (
            -max(
                (
                    t.nominal
                    for t in search.tried
                    if t.cand.target == rows[k][0].target and t.cand.pocket == rows[k][0].pocket
                ),
                default=-1e9,
            )
        ),
    )
    for k in order:
        for cand in rows[k][1:]:
            search.consider(cand)
    if lvl.steer and search.rules.name in ("8-ball", "9-ball"):
        # the steering grid's strikes come on top of the level's budget (deterministic count)
        # (with ``steer_side``, 9-ball only, side spin too: off at every level, a measured trial)
        side = lvl.steer_side and search.rules.name == "9-ball"
        search.budget.on_top(len(grid(side)) * lvl.steer, lambda: steer(search, lvl.steer, side))
    best = search.best()
    weak = best is None or (best.prior_value < SAFETY_ABOVE if lvl.safety_by_value else best.nominal < 60.0)
    if weak and lvl.combos:  # levels 4-5: caroms into pots (kisses and cannons)
        pottable = None if search.rules.name == "9-ball" else targets
        sigma = heading_sigma(lvl.noise)
        for cand, partner in carom_pot_candidates(layout, table, params, cue, targets, pottable, sigma)[
            :CAROM_POTS_TRIED
        ]:
            search.consider(aim_carom_pot(search, params, cue, cand, partner))
    if weak and lvl.jumps:  # the levels that jump (4-5) also curve the cue ball round a blocker
        for cand in masse_candidates(layout, table, params, balls, cue, targets, heading_sigma(lvl.noise))[
            :MASSE_TRIED
        ]:
            search.consider(cand)
    if weak:
        _defence(search, lvl, rng, layout, table, params, cue, targets)
    snooker = search.rules.name == "snooker"
    if snooker and lvl.jumps and sum(not fouled(t) for t in search.tried) < ESCAPE_BELOW:
        _escape(search, cue, targets)
    elif not snooker and lvl.pool_escape and weak and not any(direct_hits(layout, cue, t) for t in targets):
        # pool: every legal ball is hidden; the fan comes on top of the budget (deterministic count)
        search.budget.grant(ESCAPE_FAN + 9)
        _escape(search, cue, targets)
    if not search.tried:
        search.consider(nearest_hit(layout, cue, targets))
    if search.sigma is not None and lvl.snooker_steer:  # snooker, level 5: a grid of strikes, on top of the budget
        search.budget.on_top(len(snooker_grid()) * lvl.snooker_steer, lambda: steer_snooker(search, lvl.snooker_steer))
    if search.sigma is not None and lvl.jumps:  # snooker, levels 4-5: the pace of the best pots for position
        sweep_paces(search)
    if lvl.plan:
        plan_ahead(search, params, lvl.noise, lvl.plan, lvl.plan_options, lvl.plan_variants, lvl.banks, lvl.combos)


def _defence(
    search: Search,
    lvl: Level,
    rng: np.random.Generator,
    layout: Layout,
    table: Table,
    params: Params,
    cue: str,
    targets: tuple[str, ...],
) -> None:
    """Safeties on the legal balls that can be hit straight; kicks (one cushion, and two
    at levels 4-5) and jumps (levels 4-5) when none can."""
    safeties = safety_candidates(layout, cue, targets, rich=lvl.safety_by_value)
    if safeties:
        n = lvl.safeties
        picks = (
            safeties
            if len(safeties) <= n
            else [safeties[i] for i in sorted(rng.choice(len(safeties), n, replace=False))]
        )
    else:
        kicks = kick_candidates(layout, table, cue, targets, cushions=lvl.kicks)
        aimed = [aim_kick(search, params, cue, k) for k in kicks if k.prior_offset == 0.0][: lvl.aimed_kicks]
        picks = aimed + kicks[: max(0, lvl.safeties - len(aimed))]
        if lvl.jumps:
            picks += jump_candidates(layout, cue, targets)
    for cand in picks:
        search.consider(cand)


def _escape(search: Search, cue: str, targets: tuple[str, ...]) -> None:
    """Snooker, levels 4-5: (nearly) every pot, safety, kick and jump tried fouls (a ball on hidden
    behind others in a corner), and a foul and a miss gives the same position back, so
    the same failing kick could be played again and again: the cue ball is sent every
    3 degrees all round (one, two or more cushions, as the engine finds), then the
    best few that hit a ball on without a foul again either side and firmer."""
    fan = [
        Candidate(Strike(ESCAPE_SPEEDS[0], 360.0 * k / ESCAPE_FAN), "kick", targets[0] if targets else None)
        for k in range(ESCAPE_FAN)
    ]
    for cand in fan:
        if not search.budget.left():
            return
        search.consider(cand)
    legal = sorted((t for t in search.tried if not fouled(t)), key=lambda t: -t.prior_value)[:3]
    for t in legal:
        h = t.cand.strike.heading_deg
        for dh in (-1.0, 1.0):
            search.consider(replace(t.cand, strike=t.cand.strike.replace(heading_deg=(h + dh) % 360.0)))
        search.consider(replace(t.cand, strike=t.cand.strike.replace(speed=ESCAPE_SPEEDS[1])))


def push_outs(search: Search, lvl: Level, rng: np.random.Generator) -> None:
    """9-ball push-out: roll the cue ball softly in evenly spread directions (a random
    turn) to leave a shot the opponent should pass back: the score
    (:func:`evaluate.push_out_value`) likes a leave just too hard for them to take."""
    n = lvl.push_outs
    turn = float(rng.uniform(0, 360))
    for k in range(n):
        heading = (turn + 360.0 * k / n) % 360.0
        speed = float(rng.uniform(0.8, 2.0))
        search.consider(Candidate(Strike(speed, heading), "push-out", push_out=True))


def fouled(t: Tried) -> bool:
    """The candidate's own simulation fouled (or was not simulated)."""
    return t.rollout is None or bool(t.rollout.outcome.fouls)
