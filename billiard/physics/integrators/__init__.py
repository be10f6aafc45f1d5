"""Numerical integrators for x'' = f(t, x, x'), selectable by name (param ``integrator``).

``exact`` (the closed-form motion of the core) is the engine's default and is not here.
"""
from __future__ import annotations

from billiard.errors import BilliardError
from billiard.physics.integrators.schemes import (Accel, euler, euler_cromer, leapfrog, newmark, rk2, rk3,
                                                   rk4)

INTEGRATORS = {
    "euler": euler,
    "euler-cromer": euler_cromer,
    "newmark": newmark,
    "rk2": rk2,
    "rk3": rk3,
    "rk4": rk4,
    "leapfrog": leapfrog,
}

THEORY_ORDER = {"euler": 1, "euler-cromer": 1, "newmark": 2, "rk2": 2, "rk3": 3, "rk4": 4, "leapfrog": 2}


def get_integrator(name: str):
    """The step function of the integrator called ``name``."""
    try:
        return INTEGRATORS[name]
    except KeyError:
        raise BilliardError(f"unknown integrator '{name}' (known: exact, {', '.join(INTEGRATORS)})") from None


__all__ = ["Accel", "INTEGRATORS", "THEORY_ORDER", "get_integrator"]
