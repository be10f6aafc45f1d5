"""The cue strike: an impulse at the tip's contact point (seed 001, I = 2/5 m R^2).

Geometry (table frame): heading psi gives the horizontal aim ``h = (cos psi, sin psi, 0)``;
the cue, raised by the elevation theta, pushes along ``d = cos theta h - sin theta z``. As the
player sees the ball, ``right = h x z`` and ``up = right x d``; the tip touches the ball at
``r = R (a right + b up) - R sqrt(1 - a^2 - b^2) d`` from its centre.

Impulse: the tip grips the ball (inside the miscue limit), so the impulse ``J d`` is along the
cue and seed 001's impulse law with lever arm r gives
``J = (1+e) V / (1/m + 1/M + |r x d|^2 / I)`` for a cue of mass M and speed V. ``speed`` is
defined as the ball speed of a centre hit, ``(1+e) V = speed m (1/m + 1/M)``, so
``J = m speed (1 + m/M) / (1 + m/M + m |r x d|^2 / I)``; then ``dv = J d / m``,
``dw = r x J d / I``. Follow (b > 0) gives topspin, draw (b < 0) backspin, right english
(a > 0) a positive (counter-clockwise seen from above) z-spin that throws the ball to the
shooter's right off a cushion.

Squirt (TP A-31, docs/physics.md "Squirt"): the tip grips the ball while the shaft's end
(effective mass ``m_e``, ``end_mass``) is free to move sideways. The ball's contact point and
the end mass then move together across the cue, which adds a lateral impulse ``J_l s``
(``s = right``) to ``J d``: from ``s . (J/m + ((r x J) x r)/I) = -J_l / m_e``,
``J_l = -J s.A(d) / (s.A(s) + 1/m_e)`` with ``A(u) = u/m + ((r x u) x r)/I``. A level cue with
side offset a gives Alciatore's ``tan(alpha) = (5/2) a sqrt(1-a^2) / (1 + m/m_e + (5/2)(1-a^2))``:
the ball leaves away from the english side (1.2 deg at a = 0.3, 1.9 deg at 0.5 for
``m_e = m/30``). ``end_mass = 0`` turns squirt off; an elevated cue adds swerve (massé,
the flight and cloth do it), so the two combine as in a real shot.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from billiard.errors import BilliardError
from billiard.formats.limits import ELEVATION_LIMIT_DEG, MAX_STRIKE_SPEED, MISCUE


def _finite(name: str, value) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise BilliardError(f"strike {name} must be a number, got {value!r}") from None
    if isinstance(value, bool) or not math.isfinite(x):
        raise BilliardError(f"strike {name} must be a finite number, got {value!r}")
    return x


def check_strike(speed, heading_deg, elevation_deg, tip) -> tuple[float, float, float, float, float]:
    """Validated (speed, heading, elevation, a, b); BilliardError with one clear line otherwise."""
    speed = _finite("speed", speed)
    heading = _finite("heading_deg", heading_deg)
    elevation = _finite("elevation_deg", elevation_deg)
    if not 0.0 <= speed <= MAX_STRIKE_SPEED:
        raise BilliardError(f"strike speed must be between 0 and {MAX_STRIKE_SPEED:g} m/s, got {speed:g}")
    if not 0.0 <= elevation < ELEVATION_LIMIT_DEG:
        raise BilliardError(f"strike elevation_deg must be in [0, {ELEVATION_LIMIT_DEG:g}), got {elevation:g}")
    if isinstance(tip, (str, bytes)) or not isinstance(tip, Sequence) or len(tip) != 2:
        raise BilliardError(f"strike tip must be a pair [a, b] in ball radii, got {tip!r}")
    a, b = _finite("tip[0]", tip[0]), _finite("tip[1]", tip[1])
    if math.hypot(a, b) > MISCUE:
        raise BilliardError(f"strike tip offset {math.hypot(a, b):.3g} R is beyond the miscue limit of {MISCUE} R")
    return speed, heading, elevation, a, b


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.cross`` of two 3-vectors: the same products and differences, so the same numbers to
    the last bit, without its general-case overhead (~30 us a call, a strike makes five and a
    computer player's decision thousands of strikes)."""
    a0, a1, a2 = a.tolist()
    b0, b1, b2 = b.tolist()
    return np.array([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0])


def stroke_frame(heading_deg: float, elevation_deg: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Unit vectors of the stroke (module doc): ``d`` along the cue (butt to tip: the heading
    tilted down by the elevation), ``right = h x z`` and ``up = right x d``. The strike and the
    drawn cue (billiard.render.cue) both place the cue with these."""
    psi, theta = math.radians(heading_deg), math.radians(elevation_deg)
    h = np.array([math.cos(psi), math.sin(psi), 0.0])
    d = math.cos(theta) * h - math.sin(theta) * np.array([0.0, 0.0, 1.0])
    right = np.array([h[1], -h[0], 0.0])  # h x z
    return d, right, _cross(right, d)


def tip_offset(a: float, b: float, d: np.ndarray, right: np.ndarray, up: np.ndarray) -> np.ndarray:
    """Where the tip touches the ball, from its centre in ball radii: ``a right + b up`` across
    the cue, then back along ``d`` to the surface (module doc). Offsets past the miscue limit
    (only drawn, never struck) keep the depth at least sqrt(0.02) so the point stays finite."""
    return a * right + b * up - math.sqrt(max(1.0 - a * a - b * b, 0.02)) * d


def cue_strike(
    mass: float,
    radius: float,
    speed: float,
    heading_deg: float,
    elevation_deg: float,
    tip: Sequence[float],
    cue_mass: float,
    end_mass: float = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Velocity and angular-velocity changes (3,), (3,) a strike gives a ball (validated);
    ``end_mass`` > 0 adds squirt (see the module doc)."""
    speed, heading, elevation, a, b = check_strike(speed, heading_deg, elevation_deg, tip)
    d, right, up = stroke_frame(heading, elevation)
    r = radius * tip_offset(a, b, d, right, up)
    inertia = 0.4 * mass * radius * radius
    lever = _cross(r, d)
    ratio = mass / cue_mass if cue_mass > 0 else 0.0
    j = mass * speed * (1.0 + ratio) / (1.0 + ratio + mass * float(np.dot(lever, lever)) / inertia)
    impulse = j * d
    if end_mass > 0.0 and a != 0.0:

        def along_s(u: np.ndarray) -> float:  # s . (u/m + ((r x u) x r)/I)
            return float(np.dot(right, u / mass + _cross(_cross(r, u), r) / inertia))

        impulse = impulse - j * along_s(d) / (along_s(right) + 1.0 / end_mass) * right
    return impulse / mass, _cross(r, impulse) / inertia


def squirt_angle_deg(offset: float, ball_mass: float, end_mass: float) -> float:
    """TP A-31's squirt angle for a level cue at side offset ``offset`` (in ball radii)."""
    if end_mass <= 0.0:
        return 0.0
    c2 = 1.0 - offset * offset
    return math.degrees(math.atan(2.5 * offset * math.sqrt(c2) / (1.0 + ball_mass / end_mass + 2.5 * c2)))
