"""Candidate strikes for the pocket games: pots (direct and bank) by ghost-ball aim with
speed and spin variations, safeties (the legal ball hit thin, half or full, soft or
firm) and one-cushion kicks when no legal ball can be hit straight."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.ai.geometry import Aim, Layout, chance, direct_hits, heading_to
from billiard.ai.indirect_aims import kick2_aims, kick_aims
from billiard.ai.strike import Strike
from billiard.physics.params import Params

MIN_SPEED, MAX_POT_SPEED = 0.8, 6.5


def pot_pace(speed: float) -> float:
    """``speed`` kept within the pots' range of cue-ball speeds (m/s)."""
    return min(MAX_POT_SPEED, max(MIN_SPEED, speed))


# (speed factor, tip) per variant, in the order they are tried: plain, follow, draw, soft, firm, side
VARIANTS = (
    (1.0, (0.0, 0.05)),
    (1.0, (0.0, 0.3)),
    (1.25, (0.0, -0.35)),
    (0.75, (0.0, 0.15)),
    (1.6, (0.0, 0.0)),
    (1.0, (0.25, 0.1)),
    (1.0, (-0.25, 0.1)),
)
# snooker: position is played with the cue ball's travel kept short, so softer strikes come
# early (stunned, screwed and rolled at 0.7 and 0.85 of the pot speed), side last
SNOOKER_VARIANTS = (
    (1.0, (0.0, 0.05)),
    (1.0, (0.0, 0.3)),
    (1.25, (0.0, -0.35)),
    (0.7, (0.0, 0.0)),
    (0.85, (0.0, -0.3)),
    (0.7, (0.0, 0.3)),
    (1.6, (0.0, 0.0)),
    (1.0, (0.25, 0.1)),
    (1.0, (-0.25, 0.1)),
)
SAFETY_FRACTIONS = (-0.75, -0.4, 0.0, 0.4, 0.75)  # contact offset across the object ball, x 2R
SAFETY_SPEEDS = (0.9, 1.7)


@dataclass(frozen=True)
class Candidate:
    """A strike the search may simulate, with what it is meant to do."""

    strike: Strike
    kind: str
    target: str | None = None
    pocket: str | None = None
    prior: float = 0.0  # a-priori worth, orders the search
    push_out: bool = False
    chance: float = 1.0  # a-priori chance the strike does what it is for under the player's noise
    prior_offset: float = 0.0  # deg a kick's heading is turned off its mirror aim


def pot_speed(aim: Aim, params: Params) -> float:
    """A cue-ball speed that sends the object ball to the pocket with some left: both balls
    lose 2/7 of their speed going from sliding to rolling, then decelerate at mu_roll g."""
    a = params.mu_roll * params.g
    v_obj = 7 / 5 * math.sqrt(2 * a * (aim.d2 + 0.4))
    v_contact = v_obj / max(math.cos(math.radians(aim.cut_deg)) * (1 + params.e_ball) / 2, 0.2)
    v0 = 7 / 5 * math.sqrt(v_contact**2 + 2 * a * aim.d1)
    return pot_pace(1.2 * v0 + 0.3)


def pot_candidates(
    aims: list[Aim],
    params: Params,
    variants: int,
    sigma: float,
    table: tuple[tuple[float, tuple[float, float]], ...] = VARIANTS,
) -> list[list[Candidate]]:
    """For each aim (best first), its strikes in variant order (``table``: the (speed factor,
    tip) of each variant); ``sigma``: the player's heading error (rad) for the a-priori
    chance of the pot."""
    out = []
    for aim in aims:
        base = pot_speed(aim, params)
        row = []
        for factor, tip in table[: max(1, variants)]:
            speed = pot_pace(base * factor)
            row.append(
                Candidate(
                    Strike(speed, aim.heading_deg, 0.0, tip),
                    aim.kind,
                    aim.target,
                    aim.pocket,
                    aim.ease,
                    chance=chance(aim.tolerance, sigma),
                )
            )
        out.append(row)
    return out


RICH_FRACTIONS = (-0.85, -0.6, -0.3, 0.0, 0.3, 0.6, 0.85)
RICH_SPEEDS = (0.7, 1.2, 1.8, 2.6)
RICH_TIPS = ((0.0, 0.0), (0.0, -0.3))  # plain, and draw to hold the cue ball back


def safety_candidates(layout: Layout, cue: str, targets: tuple[str, ...], rich: bool = False) -> list[Candidate]:
    """Hit a legal ball straight on at several contact offsets and speeds (the score then
    prefers what leaves the opponent nothing); ``rich`` (levels 4-5): finer offsets, four
    speeds, with and without draw."""
    fractions, speeds, tips = (
        (RICH_FRACTIONS, RICH_SPEEDS, RICH_TIPS) if rich else (SAFETY_FRACTIONS, SAFETY_SPEEDS, ((0.0, 0.0),))
    )
    c = layout.at(cue)
    rc = float(layout.r[layout.ids.index(cue)])
    out = []
    for t in targets:
        if t not in layout.ids or not direct_hits(layout, cue, t):
            continue
        o = layout.at(t)
        d = o - c
        dist = float(np.hypot(*d))
        r = float(layout.r[layout.ids.index(t)])
        for f in fractions:
            off = math.degrees(math.asin(max(-0.99, min(0.99, f * (r + rc) / max(dist, r + rc)))))
            for s in speeds:
                for tip in tips:
                    out.append(Candidate(Strike(s, (heading_to(c, o) + off) % 360.0, 0.0, tip), "safety", t))
    return out


KICK_OFFSETS = (0.0, 1.5, -1.5, 3.0, -3.0)  # deg: real cushions do not bounce at the mirror angle


def kick_candidates(layout: Layout, table, cue: str, targets: tuple[str, ...], cushions: int = 1) -> list[Candidate]:
    """Kicks at the mirror image of each legal ball, the shortest first, each with a few
    heading offsets (best guess first): one cushion, and with ``cushions=2`` also two."""
    aims = sorted((a for t in targets for a in kick_aims(layout, table, cue, t)), key=lambda a: a.d1)
    out = []
    for off in KICK_OFFSETS:
        for aim in aims[:3]:
            speed = min(4.0, 1.2 + 0.6 * aim.d1)
            out.append(
                Candidate(
                    Strike(speed, (aim.heading_deg + off) % 360.0, 0.0, (0.0, 0.0)),
                    "kick",
                    aim.target,
                    prior=-aim.d1,
                    prior_offset=off,
                )
            )
    if cushions >= 2:
        two = sorted((a for t in targets for a in kick2_aims(layout, table, cue, t)), key=lambda a: a.d1)
        for off in KICK_OFFSETS[:3]:
            for aim in two[:3]:
                speed = min(5.0, 1.4 + 0.6 * aim.d1)
                out.append(
                    Candidate(
                        Strike(speed, (aim.heading_deg + off) % 360.0, 0.0, (0.0, 0.0)),
                        "kick",
                        aim.target,
                        prior=-aim.d1,
                        prior_offset=off,
                    )
                )
    return out


JUMP_ELEVATIONS = (28.0, 38.0)  # deg
JUMP_SPEEDS = (3.5, 5.0)  # m/s


def jump_candidates(layout: Layout, cue: str, targets: tuple[str, ...]) -> list[Candidate]:
    """Jump shots at the nearest legal balls: a raised cue hit above centre drives the cue
    ball into the bed so it leaves it and flies over a blocker (the engine decides whether
    it clears; the rules whether it is legal)."""
    c = layout.at(cue)
    live = sorted((t for t in targets if t in layout.ids), key=lambda b: float(np.hypot(*(layout.at(b) - c))))
    out = []
    for t in live[:2]:
        h = heading_to(c, layout.at(t))
        for el in JUMP_ELEVATIONS:
            for sp in JUMP_SPEEDS:
                out.append(Candidate(Strike(sp, h, el, (0.0, 0.2)), "jump", t))
    return out


def nearest_hit(layout: Layout, cue: str, targets: tuple[str, ...]) -> Candidate:
    """The last resort: the nearest legal ball, full, at a medium speed."""
    c = layout.at(cue)
    live = [t for t in targets if t in layout.ids] or [b for b in layout.ids if b != cue]
    t = min(live, key=lambda b: float(np.hypot(*(layout.at(b) - c))))
    return Candidate(Strike(2.0, heading_to(c, layout.at(t)), 0.0, (0.0, 0.0)), "safety", t)
