"""The typed commands the front end's parts hand each other: a cue strike, and an action the
game or the window carries out. Their own module, so the match (``app.session``) does not
import the input handling (``app.controls``) to know what a strike is."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StrikeCommand:
    """A cue strike as ``World.strike`` takes it (speed in m/s, angles in degrees)."""

    speed: float
    heading_deg: float
    elevation_deg: float
    tip: tuple[float, float]


@dataclass(frozen=True)
class Action:
    """Something the game or the window must do, by name, through their tables: ``strike`` (a
    StrikeCommand), ``pause``, ``speed``, ``menu``, ``decide`` (a rules choice)..."""

    name: str
    value: Any = None
