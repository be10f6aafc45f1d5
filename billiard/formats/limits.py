"""The one owner of every limit and shared name that more than one module needs.

Each value here is written once; the shot files, the engine's strike check, the computer
player, the fuzz, the network messages and the front end read it from here, and a test
(tests/formats/test_one_owner.py) fails when another module spells one of them out again.

Two speed limits, with different names because they mean different things:

- :data:`MAX_STRIKE_SPEED` is the physical limit: the fastest cue-ball speed any strike may
  ask for (files, the engine, the computer, the network). It is above any human break
  (11-13 m/s, docs/physics.md) and the fastest strike the engine is validated for.
- :data:`CONTROL_MAX_SPEED` is the mouse's and the keyboard's range: full power on the
  meter. :func:`speed_of_power` and :func:`power_of_speed` are the one mapping between
  the meter (0..1) and m/s.

This module imports nothing from billiard, so every layer (the physics included) can use it.
"""

from __future__ import annotations

from typing import Literal, get_args

MAX_STRIKE_SPEED = 15.0  # m/s: the physical limit of a strike (see the module doc)
CONTROL_MAX_SPEED = 12.0  # m/s: full power from the mouse or the keyboard (a hard break)
ELEVATION_LIMIT_DEG = 90.0  # degrees: a strike's cue elevation lies in [0, 90) (90 is a vertical cue)
CONTROL_MAX_ELEVATION_DEG = 75.0  # degrees: the steepest cue the mouse's elevation bar reaches
MISCUE = 0.6  # tip offset |(a, b)| in ball radii beyond which the tip slips off
MAX_HEADING_DEG = 360.0  # |heading_deg| in files and messages (any turn is written within one)
POOL_BALL_RADIUS = 0.028575  # m, 2.25 in: the pool ball (the physics' default and pool-size drawings)
MAX_BALL_ID = 32  # characters in a ball's id
Quality = Literal["auto", "low", "medium", "high"]  # what a user may ask for: auto picks from the GL renderer
QUALITY_CHOICES: tuple[str, ...] = get_args(Quality)
QUALITIES = QUALITY_CHOICES[1:]  # picture-quality levels, cheapest first


def speed_of_power(power: float, top: float = CONTROL_MAX_SPEED) -> float:
    """The cue-ball speed (m/s) that ``power`` on the meter (0..1, clipped) asks for: linear,
    so the meter reads the same fraction of full power (``top``, the controls' range:
    :data:`CONTROL_MAX_SPEED` unless a front end sets its own) everywhere."""
    return top * min(1.0, max(0.0, power))


def power_of_speed(speed: float, top: float = CONTROL_MAX_SPEED) -> float:
    """The meter reading (0..1) of a strike at ``speed`` m/s (the inverse of speed_of_power,
    clipped: a file's strike faster than the controls' range shows as full power)."""
    return min(1.0, max(0.0, speed / top))
