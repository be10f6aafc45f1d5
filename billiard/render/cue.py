"""The cue stick: a lathed mesh (tip, ferrule, maple shaft, ebony butt with wrap) and its
placement from the aim heading, elevation, tip offset and pull-back."""

from __future__ import annotations

import numpy as np

from billiard.physics.cue import stroke_frame, tip_offset
from billiard.render.geometry import GLOSS, PLAIN, lathe
from billiard.render.scene import CueState

CUE_LENGTH = 1.47
_TIP, _FERRULE, _MAPLE = (0.16, 0.30, 0.55), (0.95, 0.94, 0.90), (0.90, 0.76, 0.54)
_JOINT, _INLAY = (0.78, 0.78, 0.80), (0.93, 0.90, 0.80)
_EBONY, _WRAP, _CAP = (0.12, 0.06, 0.03), (0.07, 0.07, 0.08), (0.02, 0.02, 0.02)


def cue_mesh(segments: int = 20) -> np.ndarray:
    """Local frame: tip at the origin, the stick along +z to the butt; SOLID_LAYOUT vertices.

    Leather tip, white ferrule, a plain glossy maple shaft (no grain: rings of grain along a
    stick read as bands), a metal joint, ebony forearm, a linen wrap between inlay rings, an
    ebony butt sleeve and a rubber bumper."""

    def radius(z: float) -> float:  # 13 mm tip to 29 mm butt diameter, linear taper
        return 0.0065 + (0.0145 - 0.0065) * z / CUE_LENGTH

    stations = [
        (0.009, _FERRULE, GLOSS),
        (0.03, _MAPLE, GLOSS),
        (0.74, _JOINT, GLOSS),
        (0.755, _EBONY, GLOSS),
        (1.02, _INLAY, GLOSS),
        (1.028, _WRAP, PLAIN),
        (1.30, _INLAY, GLOSS),
        (1.308, _EBONY, GLOSS),
        (1.45, _CAP, PLAIN),
    ]
    rings = [(0.0, 0.0, _TIP, PLAIN), (0.0, 0.0062, _TIP, PLAIN)]
    rings += [(z, radius(z), color, material) for z, color, material in stations]
    rings += [(CUE_LENGTH, radius(CUE_LENGTH), _CAP, PLAIN), (CUE_LENGTH, 0.0, _CAP, PLAIN)]
    return lathe(rings, segments)


def cue_frame(cue: CueState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unit vectors of the stroke (along, right, up): the strike's own frame
    (:func:`billiard.physics.cue.stroke_frame`)."""
    return stroke_frame(cue.heading_deg, cue.elevation_deg)


def contact_point(cue: CueState, center, radius: float) -> np.ndarray:
    """Where the cue tip meets the ball: the strike's contact point
    (:func:`billiard.physics.cue.tip_offset`) around ``center``."""
    a, b = cue.tip
    return np.asarray(center, dtype=np.float64) + radius * tip_offset(a, b, *cue_frame(cue))


def cue_matrix(cue: CueState, center, radius: float) -> np.ndarray:
    """Model matrix placing :func:`cue_mesh` with its tip ``pull`` (+2 mm) behind the contact point."""
    d, right, up = cue_frame(cue)
    m = np.eye(4)
    m[:3, 0], m[:3, 1], m[:3, 2] = right, up, -d
    m[:3, 3] = contact_point(cue, center, radius) - (cue.pull + 0.002) * d
    return m
