"""Ball poses between two known states: positions lerped, orientations slerped.

One rule for every place that draws or stores an in-between pose: the game between two
physics ticks, the replay viewer and ``billiard render`` between two samples, and the
replay sampler when a sample falls between two ticks. Slerp (constant angular speed on the
shortest arc) is exact for a ball spinning at a constant rate about a fixed axis, which is
what a ball does over one tick.
"""
from __future__ import annotations

import numpy as np


def slerp(q0, q1, alpha: float) -> np.ndarray:
    """Spherical interpolation of quaternion arrays (..., 4), shortest arc, ``alpha`` in [0, 1]."""
    q0 = np.asarray(q0, dtype=np.float64)
    q1 = np.asarray(q1, dtype=np.float64)
    dot = np.sum(q0 * q1, axis=-1, keepdims=True)
    q1 = np.where(dot < 0, -q1, q1)             # q and -q are the same rotation: take the short way
    dot = np.clip(np.abs(dot), 0.0, 1.0)
    theta = np.arccos(dot)
    sin_t = np.sin(theta)
    near = sin_t < 1e-6                          # almost equal: plain lerp is exact enough
    safe = np.where(near, 1.0, sin_t)
    w0 = np.where(near, 1 - alpha, np.sin((1 - alpha) * theta) / safe)
    w1 = np.where(near, alpha, np.sin(alpha * theta) / safe)
    out = w0 * q0 + w1 * q1
    return out / np.linalg.norm(out, axis=-1, keepdims=True)


def interpolate_balls(pos0, quat0, pos1, quat1, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Ball state a fraction ``alpha`` of the way from state 0 to state 1."""
    alpha = float(min(max(alpha, 0.0), 1.0))
    pos = (1 - alpha) * np.asarray(pos0, dtype=np.float64) + alpha * np.asarray(pos1, dtype=np.float64)
    return pos, slerp(quat0, quat1, alpha)
