"""Pure-numpy billiards physics (seed 004), a pipeline of small stages.

Entry points: :class:`billiard.physics.world.World` (``strike``, ``step``, ``moving``, ``t``),
:func:`billiard.physics.cue.cue_strike` (a standard scene: :func:`billiard.validation.break_scene.break_world`).

Stages, in step order:

* ``rest``        seed 004 §3 step 1: stop nearly-still balls
* ``motion``      closed-form motion per state, transition times, classification (§2.2)
* ``detect``      earliest contacts: broad phase + exact times of impact (§4.1)
* ``obstacle_toi`` / ``obstacle_distance``   annex B obstacles: times of impact, closest points
* ``polynomial``  batched real roots of quartics
* ``resolve``     a group of simultaneous contacts (pairwise; the grouped solver's seam)
* ``impulse``, ``ball_ball``, ``ball_cushion``   §4.2 impulses
* ``correction``  annex C.4 residual-overlap removal
* ``cue``         the strike (seed 001)
* ``quaternion``  ball orientation
"""
