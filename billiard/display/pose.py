"""The pose rule lives in :mod:`billiard.shot.pose` (the replay sampler, in ``shot``, uses it
too, and ``shot`` must not import ``display``); the display layer reads it from here."""
from billiard.shot.pose import interpolate_balls, slerp

__all__ = ["interpolate_balls", "slerp"]
