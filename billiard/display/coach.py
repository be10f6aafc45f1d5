"""The coach's overlay: the shot a strong player would play here, drawn over the table.

The front end owns the key (``Q``, the command ``coach``), the drawing and the HUD line; what
the shot is comes from a :data:`Coach`, a callable another part provides (issue 27: the
computer player's level 5, in ``billiard.ai``) and sets as ``GameApp.coach``. It is asked
once per position; it may answer None while it is still working, and is asked again the next
frame. No GL here: plain scene data for the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from billiard.render.scene import Polyline

CUE_PATH_COLOR = (1.0, 0.85, 0.3, 0.9)
BALL_PATH_COLOR = (1.0, 0.6, 0.9, 0.85)
GHOST_COLOR = (1.0, 0.85, 0.3, 0.9)
PLACE_COLOR = (0.3, 1.0, 0.4, 0.9)


@dataclass(frozen=True)
class CoachShot:
    """What the coach shows: the stroke's heading (deg), where the cue ball meets the first
    ball (the ghost ball's centre, table metres; None: no ball), the balls' paths ((K, 2)
    arrays in table metres, the cue ball's first), its chance of success (0..1) and a line of
    text ("cut the 3 into the corner"). The rest of the stroke, when the coach gives it, lays
    the player's cue on the shot (elevation in degrees, tip offset in ball radii, speed in m/s):
    the cue, the spin widget and the keyboard power then show it, and SPACE plays it. ``place``:
    where the coach puts the cue ball in hand first (a ring on the cloth; None: where it lies).
    ``stroke``: False when the coach plays no stroke (it passes the shot back after a
    push-out): the player's cue is then left where it is."""

    heading_deg: float
    ghost: tuple[float, float] | None
    paths: tuple[np.ndarray, ...]
    chance: float
    text: str
    elevation_deg: float | None = None
    tip: tuple[float, float] | None = None
    speed: float | None = None
    place: tuple[float, float] | None = None
    stroke: bool = True


Coach = Callable[[Any], "CoachShot | None"]  # given the session; None while still working


def coach_paths(shot: CoachShot, radius: float) -> tuple[Polyline, ...]:
    """The coach's shot as lines on the cloth: the paths and a ring where the ghost ball sits."""
    out = [
        Polyline(np.asarray(p, float)[:, :2], CUE_PATH_COLOR if k == 0 else BALL_PATH_COLOR, 0.004)
        for k, p in enumerate(shot.paths)
        if len(p) > 1
    ]
    if shot.ghost is not None:
        a = np.linspace(0.0, 2 * np.pi, 33)
        ring = np.column_stack([radius * np.cos(a), radius * np.sin(a)]) + np.asarray(shot.ghost, float)
        out.append(Polyline(ring, GHOST_COLOR, 0.004))
    if shot.place is not None:  # the ball in hand goes here first: a wider green ring
        a = np.linspace(0.0, 2 * np.pi, 33)
        ring = np.column_stack([1.4 * radius * np.cos(a), 1.4 * radius * np.sin(a)]) + np.asarray(shot.place, float)
        out.append(Polyline(ring, PLACE_COLOR, 0.004))
    return tuple(out)


def coach_line(shot: CoachShot, more: str = "") -> str:
    """The HUD line: what the coach would play and how likely it is to work (``more``: what
    the player has to do first, e.g. put the ball in hand on the coach's spot)."""
    said = "%" in shot.text or not shot.stroke  # said once; no stroke, no chance
    chance = "" if said else f" ({round(100 * shot.chance)}% chance)"
    return f"Coach: {shot.text}{chance}{more}   Q hides"
