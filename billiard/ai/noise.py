"""Execution noise on a strike, the computational-pool tournaments' model (FastFiz, ICGA
computer pool olympiads): zero-mean Gaussian errors on each strike parameter, with standard
deviations proportional to one ``magnitude``. Magnitude 1 (the tournaments' setting):
heading 0.125 deg, elevation 0.1 deg, cue-ball speed 0.075 m/s, each tip offset 0.5 mm."""

from __future__ import annotations

import math
from statistics import NormalDist
from dataclasses import dataclass

import numpy as np

from billiard.ai.strike import Strike
from billiard.formats.limits import ELEVATION_LIMIT_DEG, MAX_STRIKE_SPEED, MISCUE, POOL_BALL_RADIUS

SIGMA_HEADING_DEG = 0.125
SIGMA_ELEVATION_DEG = 0.1
SIGMA_SPEED = 0.075  # m/s
SIGMA_TIP_M = 0.0005  # m, each of the two tip offsets
STEEPEST_DEG = math.nextafter(ELEVATION_LIMIT_DEG, 0.0)  # just below the limit: still a strike


@dataclass(frozen=True)
class Noise:
    """Gaussian strike noise of ``magnitude`` (0: none) for balls of ``radius`` (tip offsets
    are in ball radii in a Strike, so 0.5 mm becomes 0.5 mm / R)."""

    magnitude: float
    radius: float = POOL_BALL_RADIUS

    def apply(self, strike: Strike, rng: np.random.Generator, z: np.ndarray | None = None) -> Strike:
        """A noisy copy of ``strike``; always a strike the engine accepts (speed and elevation
        clipped to their ranges, tip kept inside the miscue circle). ``z``: the five standard
        normal draws (speed, heading, elevation, tip side, tip height) to use instead of ``rng``'s."""
        if self.magnitude <= 0:
            return strike
        e = (rng.standard_normal(5) if z is None else np.asarray(z, dtype=float)) * self.magnitude
        speed = min(MAX_STRIKE_SPEED, max(0.05, strike.speed + e[0] * SIGMA_SPEED))
        heading = (strike.heading_deg + e[1] * SIGMA_HEADING_DEG) % 360.0
        elevation = min(STEEPEST_DEG, abs(strike.elevation_deg + e[2] * SIGMA_ELEVATION_DEG))
        a = strike.tip[0] + e[3] * SIGMA_TIP_M / self.radius
        b = strike.tip[1] + e[4] * SIGMA_TIP_M / self.radius
        r = math.hypot(a, b)
        if r > MISCUE * 0.999:
            a, b = a * MISCUE * 0.999 / r, b * MISCUE * 0.999 / r
        return strike.replace(speed=speed, heading_deg=heading, elevation_deg=elevation, tip=(a, b))


_UNIT = NormalDist()


def stratified(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` draws of the five standard normals (rows), Latin-hypercube stratified: each
    column has one draw in each of ``n`` equally likely slices, in random order. A few noisy
    copies of a shot then span its noise evenly (a pot that survives them survives the
    tails too), so its success rate is estimated with far less spread than from plain draws."""
    u = (np.argsort(rng.random((5, n)), axis=1) + rng.random((5, n))) / n
    return np.array([[_UNIT.inv_cdf(min(max(x, 1e-9), 1 - 1e-9)) for x in row] for row in u]).T
