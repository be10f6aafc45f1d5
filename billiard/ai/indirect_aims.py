"""Aims that reach their ball indirectly (plane geometry, no physics): kicks, the cue ball
off one or two cushions into a ball (mirror images of the target), and combinations, the
cue ball sending one ball into another that goes in (a ghost-ball aim twice over). The
direct pots and the ease of a pot are in :mod:`billiard.ai.geometry`."""

from __future__ import annotations

import math

import numpy as np

from billiard.ai.geometry import (
    SIGMA_REF,
    Aim,
    Layout,
    _cut,
    bounce_point,
    chance,
    clear,
    heading_to,
    mirror,
    rails,
    tolerance,
)
from billiard.ai.pockets import pocket_lines, usable_half_width
from billiard.table.model import Table


def kick_aims(layout: Layout, table: Table, cue: str, target: str) -> list[Aim]:
    """Cue ball off one cushion into the full face of ``target``."""
    c, o = layout.at(cue), layout.at(target)
    rc = float(layout.r[layout.ids.index(cue)])
    out = []
    for rail in rails(table, rc):
        image = mirror(o, rail)
        bp = bounce_point(c, image, rail)
        if bp is None:
            continue
        if clear(layout, c, bp, rc, (cue,)) and clear(layout, bp, o, rc, (cue, target)):
            d = float(np.hypot(*(bp - c)) + np.hypot(*(o - bp)))
            out.append(Aim("kick", target, None, heading_to(c, bp), 0.0, d, 0.0, 0.0))
    return out


def kick2_aims(layout: Layout, table: Table, cue: str, target: str) -> list[Aim]:
    """Cue ball off two cushions (mirror images twice: two rails at right angles, or the
    two opposite rails) into ``target``."""
    c, o = layout.at(cue), layout.at(target)
    rc = float(layout.r[layout.ids.index(cue)])
    rl = rails(table, rc)
    out = []
    for r1 in rl:
        for r2 in rl:
            if r2 == r1:
                continue
            image = mirror(mirror(o, r2), r1)  # the target seen through r2, then r1
            b1 = bounce_point(c, image, r1)
            if b1 is None:
                continue
            b2 = bounce_point(b1, mirror(o, r2), r2)
            if b2 is None:
                continue
            if (
                clear(layout, c, b1, rc, (cue,))
                and clear(layout, b1, b2, rc, (cue,))
                and clear(layout, b2, o, rc, (cue, target))
            ):
                d = float(np.hypot(*(b1 - c)) + np.hypot(*(b2 - b1)) + np.hypot(*(o - b2)))
                out.append(Aim("kick", target, None, heading_to(c, b1), 0.0, d, 0.0, 0.0))
    return out


def combo_aims(layout: Layout, table: Table, cue: str, first: str, targets: tuple[str, ...] | None = None) -> list[Aim]:
    """Combinations: the cue ball sends ``first`` into another ball (``targets``: those
    that may be potted this way; None: any) that goes into a pocket. Each is a ghost-ball
    aim twice over (the second ball's ghost is where ``first`` must arrive); its ease is
    the product of both legs' tolerances, the second one seen through the first's gearing."""
    if first not in layout.ids or cue not in layout.ids:
        return []
    c, a = layout.at(cue), layout.at(first)
    rc = float(layout.r[layout.ids.index(cue)])
    ra = float(layout.r[layout.ids.index(first)])
    out: list[Aim] = []
    for b in layout.ids:
        if b in (cue, first) or (targets is not None and b not in targets):
            continue
        o = layout.at(b)
        rb = float(layout.r[layout.ids.index(b)])
        if float(np.hypot(*(o - a))) > 0.8:  # long combinations are not worth simulating
            continue
        for p, mouth, half, u, d3 in pocket_lines(table, o):
            if not clear(layout, o, mouth, rb, (b, first, cue)):
                continue
            w = usable_half_width(p, u, half, rb)
            ghost_b = o - (ra + rb) * u
            cut2, d2 = _cut(a, ghost_b, u)
            if cut2 >= math.radians(50.0) or not clear(layout, a, ghost_b, ra, (first, b, cue)):
                continue
            ua = (ghost_b - a) / max(d2, 1e-9)
            ghost_a = a - (ra + rc) * ua
            cut1, d1 = _cut(c, ghost_a, ua)
            if cut1 >= math.radians(60.0) or not clear(layout, c, ghost_a, rc, (cue, first)):
                continue
            tol_b = tolerance(d2, d3, cut2, w, rb)  # first ball's heading error that pots
            tol = tol_b * 2 * ra * math.cos(cut1) / max(d1, ra)  # through the first leg's gearing
            ease = chance(tol, SIGMA_REF)
            if ease > 1e-3:
                out.append(
                    Aim(
                        "combo",
                        b,
                        p.name,
                        heading_to(c, ghost_a),
                        math.degrees(cut1),
                        d1,
                        d2 + d3,
                        ease,
                        math.degrees(math.atan2(ua[1], ua[0])) % 360.0,
                        tol,
                    )
                )
    return out
