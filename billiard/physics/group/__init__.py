"""Simultaneous collisions solved as one problem (seeds 000, 001, 002; seed 004 annex C).

``resolve_group(group, model)`` returns a GroupResult (new vel, omega and the impulses).
Models: ``"wave"`` (default; Newton's cradle right, wave.py) and ``"linear"`` (seed 000).
"""

from __future__ import annotations

from billiard.errors import BilliardError
from billiard.physics.group.contacts import OBSTACLE, ContactGroup, make_group
from billiard.physics.group.linear_seed000 import solve_linear
from billiard.physics.group.wave import GroupResult, solve_wave

SOLVERS = {"wave": solve_wave, "linear": solve_linear}  # group model name -> solver
GROUP_MODELS = tuple(SOLVERS)


def resolve_group(group: ContactGroup, model: str = "wave") -> GroupResult:
    """Velocities after the collision and impulses of the group under the chosen group model."""
    try:
        solve = SOLVERS[model]
    except KeyError:
        raise BilliardError(f"unknown group model '{model}' (known: {', '.join(GROUP_MODELS)})") from None
    return solve(group)


__all__ = [
    "GROUP_MODELS",
    "OBSTACLE",
    "ContactGroup",
    "GroupResult",
    "make_group",
    "resolve_group",
    "solve_linear",
    "solve_wave",
]
