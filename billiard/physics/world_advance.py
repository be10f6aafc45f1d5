"""Moving the World's balls along its plan: the closed forms of :mod:`motion` (numpy), the
compiled advance kernels (:mod:`billiard.physics.kernels.advance`), or the seeds' numerical
integrators (``params.integrator``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from billiard.physics.integrators.ball_motion import advance_numeric
from billiard.physics.integrators.guard import ball_energy, keep_physical
from billiard.physics.kernels.advance import advance_rows
from billiard.physics.motion import advance, in_motion

if TYPE_CHECKING:
    from billiard.physics.world import World

_NO_DECAY = np.zeros(0)  # the compiled advance's "no exponential rows"


def advance_to(world: World, t: float) -> None:
    """Every ball moved along the plan to time ``t`` (step 3 of :mod:`billiard.physics.world`)."""
    h = t - world.t
    if h > 0.0:
        if world.params.integrator != "exact":
            integrate(world, h)
        elif world.engine == "compiled":
            advance_compiled(world, h)
        else:
            advance(world.balls, h, world._kin)
        world.t = t


def advance_compiled(world: World, h: float) -> None:
    """:func:`motion.advance` and the orientation's turn in one compiled call
    (:mod:`billiard.physics.kernels.advance`)."""
    args = kernel_args(world)
    if args is not None:
        b = world.balls
        advance_rows(b.pos, b.vel, b.omega, b.quat, *args, h)


def kernel_args(world: World) -> tuple | None:
    """The plan's arrays in the advance kernels' form, made once per plan (None: no row
    moves along the plan)."""
    kin = world._kin
    args = world._advance_args
    if args[0] is not kin:
        if len(kin.acc) == 0:
            args = (kin, None)
        else:
            rows = np.arange(len(world.balls)) if isinstance(kin.idx, slice) else kin.idx
            decay = _NO_DECAY if kin.decay is None else kin.decay
            args = (kin, (rows, kin.acc, kin.alpha, kin.spin_rate, kin.spin_on, kin.z_spin, decay))
        world._advance_args = args
    return args[1]


def integrate(world: World, h: float) -> None:
    """The seeds' numerical integrators instead of the closed forms (params.integrator)."""
    b, g = world.balls, world.params.g
    before = ball_energy(b, g)
    idx = np.flatnonzero(in_motion(b.motion))
    hole = world._holes.containing(b.pos[:, :2])
    advance_numeric(b, h, world.params)
    keep_physical(
        b,
        before,
        idx,
        hole,
        world._holes,
        world.table.obstacles,
        world._features.box_lo,
        world._features.box_hi,
        world._pairs.i,
        world._pairs.j,
        g,
    )
