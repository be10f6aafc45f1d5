"""The snooker break-off, chosen by simulation: the cue ball placed in the D on either side
of the brown, a thin contact on the outside of the end red of the pack's back row, with
and without side, at a few speeds; so the cue ball comes off the top and side cushions
back down to baulk. Each is simulated and judged by the rules like any shot (a foul
costs, the turn passes, and the leave counts against us by the opponent's easiest pot),
the best few again with the level's noise; the safest on average is played."""

from __future__ import annotations

import math

import numpy as np

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
PLACES = (0.12, 0.2)  # m either side of the brown, on the baulk line
THIN = (0.72, 0.82, 0.9)  # the cue ball's centre passes this x 2R outside the red's centre
SPEEDS = (4.5, 6.0)  # m/s
SIDE = 0.3  # tip offset of the running side (towards the near side cushion)


def is_break_off(rules: Rules, balls: Balls, in_hand: str | None) -> bool:
    """The frame's first stroke: the cue ball in hand in the D and all fifteen reds still
    in their pack."""
    if rules.name != "snooker" or in_hand != IN_HAND_D:
        return False
    live = balls.motion != Motion.POCKETED
    reds = [i for i, b in enumerate(balls.ids) if b.startswith("red") and live[i]]
    if len(reds) != 15:
        return False
    xy = balls.pos[reds, :2]
    return float(np.ptp(xy[:, 0])) < PACK_SPAN and float(np.ptp(xy[:, 1])) < PACK_SPAN


def break_off_candidates(
    table: Table, balls: Balls, cue: str, full: bool
) -> list[tuple[tuple[float, float], Candidate]]:
    """(place in the D, strike) pairs: each side of the brown, thin on the end red of the back
    row on that side; ``full`` (levels 4-5): two places, three thicknesses, two speeds, with
    and without side; otherwise one of each."""
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
                for speed in SPEEDS if full else SPEEDS[:1]:
                    for tip in ((0.0, 0.0), (side * -SIDE, 0.0)) if full else ((0.0, 0.0),):
                        out.append((place, Candidate(Strike(speed, heading, 0.0, tip), "break", end)))
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
            got = search.run(Candidate(shaky.apply(t.cand.strike, rng), "break", t.cand.target))
            if got is None:
                break
            t.noisy.append(got[0])
            t.noisy_success.append(got[1])
    place, _, best = max(tried, key=lambda x: (x[2].nominal + sum(x[2].noisy)) / (1 + len(x[2].noisy)))
    return Decision(best.cand.strike, place=place, kind="break", target=best.cand.target, expected=best.expected)
