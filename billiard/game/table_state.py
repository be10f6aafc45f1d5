"""What the rules need to know about where the balls lie before a shot (or after it, for a
free ball): their positions, the balls frozen to a cushion and the balls touching the cue
ball, measured once here for the session and the computer's rollouts alike."""

from __future__ import annotations

import numpy as np

from billiard.game.outcome import TableState
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

FROZEN_GAP = 1e-4  # m: a ball this close to a cushion or to the cue ball touches it


def table_state(table: Table, balls: Balls, cue: str) -> TableState:
    """The :class:`TableState` of ``balls`` on ``table`` with ``cue`` as the striker's ball."""
    live = balls.motion != Motion.POCKETED
    ids = [b for b, alive in zip(balls.ids, live) if alive]
    pos = {b: (float(balls.pos[i, 0]), float(balls.pos[i, 1])) for i, b in enumerate(balls.ids) if live[i]}
    r = float(balls.radius[0]) if len(balls.ids) else 0.0
    rails = {b: _rails(table, x, y, r) for b, (x, y) in pos.items()}
    rails = {b: sides for b, sides in rails.items() if sides}
    touching: frozenset[str] = frozenset()
    if cue in pos:
        cx, cy = pos[cue]
        touching = frozenset(
            b for b, (x, y) in pos.items() if b != cue and np.hypot(x - cx, y - cy) <= 2 * r + FROZEN_GAP
        )
    return TableState(frozenset(ids), pos, r, frozenset(rails), touching, tuple(p.name for p in table.pockets), rails)


def _rails(table: Table, x: float, y: float, r: float) -> tuple[str, ...]:
    """The rails a ball at (x, y) touches (within ``FROZEN_GAP``)."""
    reach_x, reach_y = table.half_length - r - FROZEN_GAP, table.half_width - r - FROZEN_GAP
    return tuple(
        side
        for side, near in (
            ("top", y >= reach_y),
            ("bottom", y <= -reach_y),
            ("right", x >= reach_x),
            ("left", x <= -reach_x),
        )
        if near
    )
