"""The snooker break-off, chosen by simulation: the cue ball placed in the D on either side
of the brown, a thin contact on the outside of the end red of the pack's back row, plain
ball at a medium pace; so the cue ball comes off the top and side cushions
back down to baulk. Each is simulated and judged by the rules like any shot (a foul
costs, the turn passes, and the leave counts against us by the opponent's easiest pot),
the best few again with the level's noise; the one whose noisy copies do best on average is
played."""

from __future__ import annotations

import math

import numpy as np

from billiard.ai.break_book import packed
from billiard.ai.geometry import Layout, heading_to
from billiard.ai.noise import Noise
from billiard.ai.search import Budget, Search
from billiard.ai.shots import Candidate
from billiard.ai.strike import Decision, Strike
from billiard.game import Rules
from billiard.game.outcome import IN_HAND_D
from billiard.game.spotting import in_hand_ok
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

PACK_SPAN = 0.35  # m: the reds of an untouched pack all lie within this of each other
PLACES = (0.2, 0.12)  # m either side of the brown, on the baulk line (the steadier first)
THIN = (0.68, 0.75, 0.82)  # the cue ball's centre passes this x 2R outside the red's centre
# m/s. 96 noisy plays of each break-off (four racks, seeds 1000-1003, magnitude 1): at 4.5 m/s
# the cue ball came back off the cushions into a pocket (in-off) or missed the pack in 5 to 13,
# at 4.0 in 0 to 5 (0 to 1 from 0.2 m beside the brown); at 6 m/s, the fourth session's
# choice, in 4 to 9 of 24 (docs/computer-player.md)
SPEEDS = (4.0,)


def _mean_played(t) -> float:
    """A break-off's worth as played: the mean of its noisy copies when it has them (the
    stroke as meant is one lucky draw of a chaotic shot: a red that drops only when struck
    exactly made an in-off-prone break-off look best), else its score as meant."""
    return float(np.mean(t.noisy)) if t.noisy else t.nominal


def is_break_off(rules: Rules, balls: Balls, in_hand: str | None) -> bool:
    """The frame's first stroke: the cue ball in hand in the D and all fifteen reds still
    in their pack."""
    if rules.name != "snooker" or in_hand != IN_HAND_D:
        return False
    live = balls.motion != Motion.POCKETED
    reds = [i for i, b in enumerate(balls.ids) if b.startswith("red") and live[i]]
    return len(reds) == 15 and packed(balls, reds, PACK_SPAN)


def break_off_candidates(
    table: Table, balls: Balls, cue: str, full: bool
) -> list[tuple[tuple[float, float], Candidate]]:
    """(place in the D, strike) pairs: each side of the brown, thin on the end red of the back
    row on that side; ``full`` (levels 4-5): two places and three thicknesses; otherwise one
    of each."""
    layout = Layout.of(balls)
    reds = [b for b in layout.ids if b.startswith("red")]
    rc = float(balls.radius[balls.index(cue)])
    x0 = table.head_string_x - 0.01
    out = []
    for side in (1.0, -1.0):
        back = max(layout.at(b)[0] for b in reds)
        end = max((b for b in reds if layout.at(b)[0] > back - rc), key=lambda b: side * layout.at(b)[1])
        o = layout.at(end)
        for y in PLACES if full else PLACES[:1]:
            place = (x0, side * y)
            if not in_hand_ok(IN_HAND_D, table, balls, cue, *place):
                continue
            c = np.asarray(place)
            dist = float(np.hypot(*(o - c)))
            for f in THIN if full else THIN[1:2]:
                off = math.degrees(math.asin(min(0.99, f * 2 * rc / dist)))
                heading = (heading_to(c, o) + side * off) % 360.0
                for speed in SPEEDS:
                    out.append((place, Candidate(Strike(speed, heading, 0.0, (0.0, 0.0)), "break", end)))
    return out


def choose_break_off(
    rules: Rules,
    table: Table,
    params: Params,
    balls: Balls,
    budget: Budget,
    noise: float,
    copies: int,
    finalists: int,
    rng: np.random.Generator,
) -> Decision | None:
    """The break-off that does best as meant and under ``copies`` noisy plays (None when no
    place in the D is free)."""
    cue = rules.cue
    pairs = break_off_candidates(table, balls, cue, full=copies > 0)
    if not pairs:
        return None
    r = float(balls.radius[balls.index(cue)])
    tried = []
    for place, cand in pairs:
        placed = balls.copy()
        i = placed.index(cue)
        placed.pos[i] = (place[0], place[1], r)
        placed.vel[i] = placed.omega[i] = 0.0
        placed.motion[i] = Motion.REST
        placed.pocket[i] = None
        search = Search(placed, table, params, rules, rules.turn, budget, position=True)
        t = search.consider(cand)
        if t is not None:
            tried.append((place, search, t))
    if not tried:
        return None
    tried.sort(key=lambda x: -x[2].nominal)
    shaky = Noise(max(1.0, noise), r)
    for _place, search, t in tried[: max(1, finalists)]:
        for _ in range(copies):
            got = search.run(search.playable(Candidate(shaky.apply(t.cand.strike, rng), "break", t.cand.target)))
            if got is None:
                break
            t.noisy.append(got[0])
            t.noisy_success.append(got[1])
    place, _, best = max(tried[: max(1, finalists)], key=lambda x: _mean_played(x[2]))
    return Decision(best.cand.strike, place=place, kind="break", target=best.cand.target, expected=best.expected)
