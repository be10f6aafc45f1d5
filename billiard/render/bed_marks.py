"""The marks on the cloth a player knows the table by: the spots (head and foot spots on pool
and carom tables, the six colour spots on snooker), and on snooker the baulk line and the D
(positions from ``billiard.table.spots``: WPA and WPBSA rules). Painted thin, just above the
bed; on a pool table the head string is not painted (the game shows it while the cue ball is
in hand behind it)."""

from __future__ import annotations

import math

import numpy as np

from billiard.render.geometry import disc, flat_strip
from billiard.table.model import Table

MARK_COLOR = (0.80, 0.82, 0.76)
MARK_LIFT = 0.0003  # m above the bed (well inside the depth buffer's precision)
LINE_WIDTH = 0.003  # m: chalk line
SPOT_RADIUS = 0.005  # m
POOL_SPOTS = ("head", "foot")


def bed_marks(table: Table) -> np.ndarray:
    """SOLID_LAYOUT triangles of every mark of ``table`` (empty where it has none)."""
    names = table.spots if table.ball_set == "snooker" else [n for n in POOL_SPOTS if n in table.spots]
    centres = sorted({(round(table.spots[n][0], 6), round(table.spots[n][1], 6)) for n in names})
    parts = [disc(c, SPOT_RADIUS, MARK_LIFT, MARK_COLOR, 16) for c in centres]
    if table.d_radius > 0:
        x, r = table.head_string_x, table.d_radius
        parts.append(flat_strip([(x, -table.half_width), (x, table.half_width)], LINE_WIDTH, MARK_LIFT, MARK_COLOR))
        ang = np.linspace(math.pi / 2, 3 * math.pi / 2, 49)  # the half circle on the baulk side
        parts.append(
            flat_strip(np.column_stack([x + r * np.cos(ang), r * np.sin(ang)]), LINE_WIDTH, MARK_LIFT, MARK_COLOR)
        )
    return np.concatenate(parts) if parts else np.zeros((0, 10), "f4")
