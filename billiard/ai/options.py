"""Pot options of one shot, as rows of candidate strikes (best option first, its plain
variant first): direct pots, banks and combinations ranked by their estimated chance, the
aim corrected for throw with a cheap probe of the first contact. The player uses it for
the shot on turn and the look ahead (:mod:`plan`) for the shot after."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

from billiard.ai.geometry import Aim, Layout, pot_aims
from billiard.ai.indirect_aims import combo_aims
from billiard.ai.noise import SIGMA_HEADING_DEG
from billiard.ai.rollout import carom_miss, first_hit_direction, path_miss
from billiard.ai.search import Search
from billiard.ai.shots import SNOOKER_VARIANTS, VARIANTS, Candidate, pot_candidates, pot_speed
from billiard.ai.strike import Strike
from billiard.game.snooker import value as snooker_value
from billiard.physics.params import Params
from billiard.physics.state import Balls

THROW_STEPS = 3
NOISE_SPREAD = 1.5  # speed and tip errors widen the heading error's effect (a guess, tuned)
COMBO_WEIGHT = 0.6  # a combination is ranked below a direct pot of the same estimate


def heading_sigma(noise: float) -> float:
    """The heading error (rad) a player of noise magnitude ``noise`` effectively has."""
    return math.radians(SIGMA_HEADING_DEG * max(noise, 1.0) * NOISE_SPREAD)


def aims_for(search: Search, balls: Balls, cue: str, targets: tuple[str, ...], banks: bool, combos: bool) -> list[Aim]:
    """Every pot aim for the legal balls (and combinations off them), best estimate first."""
    layout = Layout.of(balls)
    table, rules = search.table, search.rules
    aims: list[Aim] = []
    for t in targets:
        if t in layout.ids:
            aims += pot_aims(layout, table, cue, t, banks=banks)
    if combos and cue in layout.ids:
        # 9-ball: any ball may be potted off the lowest; otherwise only a legal ball
        pottable = None if rules.name == "9-ball" else targets
        for t in targets:
            aims += [replace(a, ease=a.ease * COMBO_WEIGHT) for a in combo_aims(layout, table, cue, t, pottable)]
    if rules.name == "snooker":
        aims.sort(key=lambda a: -a.ease * (1 + 0.08 * snooker_value(a.target)))
    else:
        aims.sort(key=lambda a: -a.ease)
    return aims


def take_out_throw(
    search: Search, aim: Aim, params: Params, cue: str, strike: Strike | None = None, steps: int = THROW_STEPS
) -> Aim:
    """Correct the ghost-ball heading for throw (the object ball leaves off the line of
    centres, by friction between the balls) and, for a ``strike`` with side spin, for its
    squirt and swerve: probe the first contact and read the object ball's heading; the
    first step turns the cue by the miss over the gearing d(object)/d(cue) ~ d1 / (2R cos
    cut), the next ones follow the secant of the last two probes; the best probe is kept."""
    speed = pot_speed(aim, params) if strike is None else strike.speed
    tip = (0.0, 0.05) if strike is None else strike.tip
    gear = max(1.0, aim.d1 / (2 * float(search.balls.radius[0]) * max(math.cos(math.radians(aim.cut_deg)), 0.2)))
    first = aim.target if aim.kind != "combo" else _first_ball(search, aim)
    if first is None:
        return aim

    def miss(h: float) -> float | None:
        if not search.budget.left():
            return None
        got = first_hit_direction(search.balls, search.table, params, cue, Strike(speed, h % 360.0, 0.0, tip), first)
        if got is None:
            return None
        search.budget.events += got[1]
        return (math.degrees(got[0]) - aim.object_deg + 180.0) % 360.0 - 180.0

    h0 = aim.heading_deg
    m0 = miss(h0)
    if m0 is None:
        return aim
    best = (abs(m0), h0)
    h1 = h0 - max(-2.0, min(2.0, m0 / gear))
    for _ in range(steps):
        if best[0] < 0.02:
            break
        m1 = miss(h1)
        if m1 is None:
            break
        best = min(best, (abs(m1), h1))
        if m1 == m0:
            break
        h0, m0, h1 = h1, m1, h1 - m1 * (h1 - h0) / (m1 - m0)
        if abs(h1 - h0) > 3.0:
            break
    return replace(aim, heading_deg=best[1] % 360.0)


def _first_ball(search: Search, aim: Aim) -> str | None:
    """A combination's first ball: the one nearest the cue ball's path to its ghost."""
    layout = Layout.of(search.balls)
    cue = search.rules.cue
    if cue not in layout.ids:
        return None
    c = layout.at(cue)
    h = math.radians(aim.heading_deg)
    best, dist = None, 1e9
    for b in layout.ids:
        if b in (cue, aim.target):
            continue
        v = layout.at(b) - c
        along = v[0] * math.cos(h) + v[1] * math.sin(h)
        if 0 < along < aim.d1 + 0.1:
            side = abs(-v[0] * math.sin(h) + v[1] * math.cos(h))
            if side < dist:
                best, dist = b, side
    return best


def pot_rows(
    search: Search,
    balls: Balls,
    params: Params,
    cue: str,
    targets: tuple[str, ...],
    noise: float,
    options: int,
    variants: int,
    banks: bool,
    combos: bool,
    throw: bool,
) -> list[list[Candidate]]:
    """The best ``options`` pot options, each a row of ``variants`` strikes."""
    aims = aims_for(search, balls, cue, targets, banks, combos)[:options]
    if throw:
        aims = [take_out_throw(search, a, params, cue) for a in aims]
    strikes = SNOOKER_VARIANTS if search.rules.name == "snooker" else VARIANTS
    rows = pot_candidates(aims, params, variants, heading_sigma(noise), strikes)
    if throw:  # throw changes with speed and spin, side spin adds squirt and swerve: aim each variant again
        for aim, row in zip(aims, rows):
            for k, cand in enumerate(row):
                if k > 0:
                    h = take_out_throw(search, aim, params, cue, cand.strike).heading_deg
                    row[k] = replace(cand, strike=cand.strike.replace(heading_deg=h))
    return rows


KICK_STEP_DEG = 0.6  # the second heading of the secant search
CAROM_STEP_DEG = 0.3


def secant(miss: Callable[[float], float | None], h0: float, step: float, tries: int) -> float:
    """The heading (deg) near ``h0`` whose ``miss`` is nearest 0: a secant search from ``h0``
    and ``h0 + step``; the best probe seen is kept (None: the probe failed, stop)."""
    m0 = miss(h0)
    if m0 is None or m0 == 0.0:
        return h0
    best = (abs(m0), h0)
    h1 = h0 + step
    for _ in range(tries):
        m1 = miss(h1)
        if m1 is None:
            break
        best = min(best, (abs(m1), h1))
        if m1 == 0.0 or m1 == m0:
            break
        h0, m0, h1 = h1, m1, h1 - m1 * (h1 - h0) / (m1 - m0)
        if abs(h1 - h0) > 10.0:
            break
    return best[1] % 360.0


def aim_kick(search: Search, params: Params, cue: str, cand: Candidate, tries: int = 4) -> Candidate:
    """Step a kick's heading until its cue ball really meets the target (secant search on
    the signed miss of :func:`rollout.path_miss`; each probe runs only to the first contact)."""
    target = cand.target
    if target is None:
        return cand

    def miss(h: float) -> float | None:
        if not search.budget.left():
            return None
        got = path_miss(search.balls, search.table, params, cue, cand.strike.replace(heading_deg=h % 360.0), target)
        if got is None:
            return None
        search.budget.events += got[1]
        return got[0]

    h = secant(miss, cand.strike.heading_deg, KICK_STEP_DEG, tries)
    return replace(cand, strike=cand.strike.replace(heading_deg=h))


def aim_carom(search: Search, params: Params, cue: str, cand: Candidate, second: str, tries: int = 3) -> Candidate:
    """Step a carom's heading until the cue ball, after its first ball and three cushions,
    really meets the second (secant search on :func:`rollout.carom_miss`)."""
    first = cand.target
    if first is None:
        return cand

    def miss(h: float) -> float | None:
        if not search.budget.left():
            return None
        got = carom_miss(
            search.balls, search.table, params, cue, cand.strike.replace(heading_deg=h % 360.0), first, second
        )
        if got is None:
            return None
        search.budget.events += got[1]
        search.budget.sims += 1  # a whole shot's worth of engine work
        return got[0]

    h = secant(miss, cand.strike.heading_deg, CAROM_STEP_DEG, tries)
    return replace(cand, strike=cand.strike.replace(heading_deg=h))
