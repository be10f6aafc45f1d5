"""Left/right placement of a sound from where its contact is on screen.

The contact point is put in the camera's frame: its horizontal screen coordinate
(-1 left edge .. 1 right edge) is the pan, narrowed by ``WIDTH`` so nothing plays from
one speaker only. A point behind the camera pans to the side it is on. Equal-power law:
left = cos(theta), right = sin(theta), theta = (pan + 1) pi / 4, so a sound moving across
keeps its loudness.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.render.camera import Camera

WIDTH = 0.8


def screen_pan(camera: Camera, point, aspect: float) -> float:
    """Pan in [-WIDTH, WIDTH] of table ``point`` seen by ``camera`` in a view of ``aspect``."""
    eye, right, _, forward = camera.basis()
    d = np.asarray(point, dtype=np.float64) - eye
    x, z = float(d @ right), float(d @ forward)
    half_w = math.tan(math.radians(camera.fov_deg) / 2) * aspect
    ndc = x / (z * half_w) if z > 1e-6 else math.copysign(1.0, x)
    return WIDTH * max(-1.0, min(1.0, ndc))


def pan_gains(pan: float) -> tuple[float, float]:
    """(left, right) gains of ``pan`` in [-1, 1] (equal power)."""
    theta = (max(-1.0, min(1.0, pan)) + 1.0) * math.pi / 4
    return math.cos(theta), math.sin(theta)
