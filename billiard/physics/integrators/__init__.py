"""Numerical integrators for x'' = f(t, x, x'), selectable by name (param ``integrator``).

``exact`` (the closed-form motion of the core) is the engine's default and is not here.
"""

from __future__ import annotations

from billiard.errors import BilliardError
from billiard.physics.integrators.schemes import Accel, euler, euler_cromer, leapfrog, newmark, rk2, rk3, rk4

# name, step function, theoretical order (seed 003 table 4.1): the one list of the schemes
_SCHEMES = (
    ("euler", euler, 1),
    ("euler-cromer", euler_cromer, 1),
    ("newmark", newmark, 2),
    ("rk2", rk2, 2),
    ("rk3", rk3, 3),
    ("rk4", rk4, 4),
    ("leapfrog", leapfrog, 2),
)
INTEGRATORS = {name: step for name, step, _ in _SCHEMES}
THEORY_ORDER = {name: order for name, _, order in _SCHEMES}


def get_integrator(name: str):
    """The step function of the integrator called ``name``."""
    try:
        return INTEGRATORS[name]
    except KeyError:
        raise BilliardError(f"unknown integrator '{name}' (known: exact, {', '.join(INTEGRATORS)})") from None


__all__ = ["Accel", "INTEGRATORS", "THEORY_ORDER", "get_integrator"]
