"""The candidates of three-cushion: carom paths from the idealised tracer
(:mod:`billiard.ai.carom`), each simulated with the real engine, stepped onto the engine's
path when it misses and centred in its window when it scores (:mod:`billiard.ai.player`
chooses among them)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from billiard.ai.carom import carom_paths, carom_speed
from billiard.ai.carom_centre import centre_carom
from billiard.ai.geometry import Layout
from billiard.ai.levels import Level
from billiard.ai.options import aim_carom
from billiard.ai.search import Search
from billiard.ai.shots import Candidate, nearest_hit
from billiard.ai.strike import Strike
from billiard.physics.state import Balls
from billiard.table.model import Table

CAROM_SIDE = 0.3  # the side (tip offset, radii) of the side variants


def carom_candidates(search: Search, lvl: Level, balls: Balls, table: Table, cue: str) -> None:
    """Carom paths from the tracer with the cue ball rolling into its first ball (follow)
    and half rolling (a firmer, stunned hit), tried alternately, widest windows first; a
    miss has its heading stepped onto the engine's path (the first ``aimed_caroms``); a
    success is turned to the middle of its window (levels 4-5) or refined half a degree
    either side. The widest ``carom_side`` windows are tried again with side either way
    (running side widens the angle off the cushions; the heading found by the engine)."""
    layout = Layout.of(balls)
    r = float(balls.radius[balls.index(cue)])
    others = {b: layout.at(b) for b in layout.ids if b != cue}
    kinds = (((0.0, 0.3), 1.0, 1.0), ((0.0, 0.0), 0.5, 1.25))
    found = [carom_paths(table, layout.at(cue), others, r, roll) for _, roll, _ in kinds]
    order = [
        (p, tip, f)
        for pair in zip(*[f + [None] * (max(map(len, found)) - len(f)) for f in found])
        for p, (tip, _, f) in zip(pair, kinds)
        if p is not None
    ]
    first = search.rules.targets(frozenset(layout.ids))  # the break: the red first (UMB)
    order = [o for o in order if o[0].first in first] or order
    aimed = lvl.aimed_caroms  # misses still to step onto the engine's path
    tried = order[: lvl.carom_windows or lvl.options * 5]
    for p, tip, factor in tried:
        strike = Strike(min(7.0, carom_speed(p.length) * factor), p.heading_deg, 0.0, tip)
        aimed -= _try(search, lvl, cue, Candidate(strike, "carom", p.first, prior=p.width_deg), others, aimed > 0)
    for p, tip, factor in tried[: lvl.carom_side]:
        for side in (-CAROM_SIDE, CAROM_SIDE):
            strike = Strike(min(7.0, carom_speed(p.length) * factor), p.heading_deg, 0.0, (side, tip[1]))
            _try(search, lvl, cue, Candidate(strike, "carom", p.first, prior=p.width_deg), others, True)
    if not search.tried:
        search.consider(nearest_hit(layout, cue, tuple(others)))


def _try(search: Search, lvl: Level, cue: str, cand: Candidate, others: dict[str, np.ndarray], aim: bool) -> bool:
    """Simulate one carom; step it onto the engine's path when it misses and ``aim``; centre or
    refine it when it scores. True when a miss was stepped (one of the level's aimed windows)."""
    t = search.consider(cand)
    second = next(b for b in others if b != cand.target)
    stepped = t is not None and not t.success and aim
    if stepped:  # step the heading onto the path
        better = aim_carom(search, search.params, cue, cand, second)
        if better.strike.heading_deg != cand.strike.heading_deg:
            t = search.consider(better)
    if t is None or not t.success:
        return stepped
    if lvl.centre_caroms:  # turned to the middle of the engine's window: the arm's error stays inside
        centred = centre_carom(search, search.params, cue, t.cand, second)
        if centred.strike != t.cand.strike:
            search.consider(centred)
    else:
        h = cand.strike.heading_deg
        for dh in (-0.5, 0.5):  # look either side of it too
            search.consider(replace(cand, strike=cand.strike.replace(heading_deg=(h + dh) % 360)))
    return stepped
