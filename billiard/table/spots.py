"""Marked spots and lines of the bed (table frame, head/baulk end at -x).

Pool (WPA): head string at x = -L/4, head spot (-L/4, 0), centre spot, foot spot (L/4, 0).
Snooker (WPBSA rules, section 1): baulk line 29 in (737 mm) from the face of the bottom
(baulk) cushion, D of radius 11.5 in (292 mm) centred on it; brown on the middle of the
baulk line, yellow on the right corner of the D and green on the left one as seen from
the baulk end (right = -y when looking along +x); blue on the centre spot; pink midway
between the centre and the face of the top cushion; black 12.75 in (324 mm) from it.
"""

from __future__ import annotations

Vec2 = tuple[float, float]

BAULK_FROM_CUSHION = 0.737
D_RADIUS = 0.292
BLACK_FROM_CUSHION = 0.324


def pool_spots(length: float) -> dict[str, Vec2]:
    """Head, centre and foot spots of a pool or carom table."""
    return {"head": (-length / 4, 0.0), "center": (0.0, 0.0), "foot": (length / 4, 0.0)}


def snooker_baulk_x(length: float) -> float:
    """x of the baulk line."""
    return -length / 2 + BAULK_FROM_CUSHION


def snooker_spots(length: float) -> dict[str, Vec2]:
    """The six colour spots (by colour name) plus head/center/foot aliases for the rules."""
    xb = snooker_baulk_x(length)
    spots = {
        "yellow": (xb, -D_RADIUS),
        "brown": (xb, 0.0),
        "green": (xb, D_RADIUS),
        "blue": (0.0, 0.0),
        "pink": (length / 4, 0.0),
        "black": (length / 2 - BLACK_FROM_CUSHION, 0.0),
    }
    spots.update({"head": spots["brown"], "center": spots["blue"], "foot": spots["pink"]})
    return spots
