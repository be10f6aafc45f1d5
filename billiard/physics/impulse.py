"""Collision of two spheres with restitution and Coulomb friction (seed 004 §4.2).

Conventions of the seed: ``n = unit(x1 - x2)`` points into body 1, ``v* = (v2 - v1) . n`` is
the normal approach speed (> 0 when closing), ``v_c = v1 - v2 + v* n + n x (R1 w1 + R2 w2)``
the tangential slip of the contact points, ``lambda = (1 + e) m2 / (m1 + m2)``.
If ``7 mu (1 + e) v* > 2 |v_c|`` friction stops the slip (sticking), else the contact slides
with a friction impulse of ``mu`` times the normal one. Body 2 gets the opposite impulse.
An immovable body 2 (a cushion) is ``m2 = inf``: ``m2 / (m1 + m2) = 1``, ``m1 / m2 = 0``.
"""

from __future__ import annotations

import math

import numpy as np


def ball_friction_fit(slip: float) -> float:
    """Ball-ball friction from the contact slip speed: Alciatore's fit (TP A-14, docs/physics.md
    "Ball-ball friction"), mu = 0.00995 + 0.108 exp(-1.088 v_slip)."""
    return 0.00995 + 0.108 * math.exp(-1.088 * slip)


def contact_slip(v1, w1, r1: float, v2, w2, r2: float, n) -> float:
    """Tangential slip speed ``|v_c|`` of the contact points of two spheres (seed 004 §4.2)."""
    v_star = float(np.dot(v2 - v1, n))
    v_c = v1 - v2 + v_star * n + np.cross(n, r1 * w1 + r2 * w2)
    return float(np.linalg.norm(v_c))


def ball_ball_mu(mu: float, mu_fit: bool, slip: float) -> float:
    """The one ball-ball friction law of the engine, for a pair and for a group alike:
    the TP A-14 fit of the slip speed when ``mu_fit``, else the constant ``mu``."""
    return ball_friction_fit(slip) if mu_fit else mu


def sphere_impulse(
    v1, w1, r1: float, m1: float, v2, w2, r2: float, m2: float, n, e: float, mu: float, mu_fit: bool = False
) -> tuple[np.ndarray, np.ndarray, float]:
    """Changes ``(dv1, dw1, v*)`` of body 1; body 2 changes by ``-m1/m2 dv1`` and
    ``m1 R1 / (m2 R2) dw1`` (seed 004 §4.2 step 4). ``r2`` is unused for an immovable body.
    ``mu_fit``: use :func:`ball_friction_fit` of the slip speed instead of ``mu``."""
    ratio = 1.0 if math.isinf(m2) else m2 / (m1 + m2)
    v_star = float(np.dot(v2 - v1, n))
    v_c = v1 - v2 + v_star * n + np.cross(n, r1 * w1 + r2 * w2)
    slip = float(np.linalg.norm(v_c))
    mu = ball_ball_mu(mu, mu_fit, slip)
    lam = (1.0 + e) * ratio
    if 7.0 * mu * (1.0 + e) * v_star > 2.0 * slip:
        dv = lam * v_star * n - (2.0 * ratio / 7.0) * v_c
        dw = (5.0 * ratio / (7.0 * r1)) * np.cross(n, v_c)
    else:
        t = v_c / slip if slip > 0 else np.zeros(3)
        dv = lam * v_star * (n - mu * t)
        dw = (2.5 / r1) * mu * lam * v_star * np.cross(n, t)
    return dv, dw, v_star
