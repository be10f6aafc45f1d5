"""Which sound a physics event makes, and how loud: the only place that reads events.

Loudness: the pressure radiated by an impact grows with the impact speed (peak
acceleration ~ v / tau with tau ~ v^(-1/5), so ~ v^1.2); perceived loudness grows more
slowly, so the gain is ``(v / v_ref)^0.8`` clamped to 1, with ``v_ref`` the speed of the
loudest hit of that kind in play (a break for balls, a power shot for cushions). Touches
slower than ``MIN_SPEED`` are not heard (a resting line of balls settling would
otherwise hum). Brightness and pitch rise with speed through the bank level (see sounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from billiard.audio.sounds import level_for
from billiard.physics.events import Event

MIN_SPEED = 0.02  # m/s: slower contacts are silent
EXPONENT = 0.8
REF_SPEED = {"cue": 10.0, "ball": 8.0, "cushion": 5.0, "bed": 4.0, "jaw": 4.0}
DROP_GAIN = 0.6  # a pocket event carries no speed: every drop is as loud
JAW_KINDS = ("jaw", "point", "pocket-wall")


@dataclass(frozen=True)
class SoundCue:
    """A sound to play: at event time ``t`` (s), bank ``sound`` at ``level``, ``gain`` 0..1
    (before the master volume), ``speed`` of the impact (m/s), ``point`` on the table (m)
    where it happened (for the left/right pan), or None when unknown."""

    t: float
    sound: str
    level: int
    gain: float
    speed: float
    point: tuple[float, float, float] | None


def sound_name(event: Event) -> str | None:
    """The bank sound of ``event``, or None for events that make no sound (state changes)."""
    if event.type == "strike":
        return "cue"
    if event.type == "ball-ball":
        return "ball"
    if event.type == "ball-cushion":
        return "jaw" if event.info.get("kind") in JAW_KINDS else "cushion"
    if event.type == "ball-bed":
        return "bed"
    if event.type == "ball-pocket":
        return "drop"
    return None


def gain_for(sound: str, speed: float) -> float:
    """Gain 0..1 of a hit at ``speed`` m/s (strictly increasing below the clamp)."""
    if sound == "drop":
        return DROP_GAIN
    return float(min(1.0, (speed / REF_SPEED[sound]) ** EXPONENT))


Where = Callable[[Event], "np.ndarray | None"]


def cue_for(event: Event, where: Where | None = None) -> SoundCue | None:
    """The sound of ``event``; ``where(event)`` gives the contact point (or None)."""
    name = sound_name(event)
    if name is None:
        return None
    speed = float(event.info.get("speed", 1.0 if name == "drop" else 0.0))
    if name != "drop" and speed < MIN_SPEED:
        return None
    point = where(event) if where is not None else None
    p = None if point is None else (float(point[0]), float(point[1]), float(point[2]))
    return SoundCue(float(event.t), name, level_for(speed), gain_for(name, speed), speed, p)


def cues_for(events, where: Where | None = None) -> list[SoundCue]:
    """The sounds of a list of events, in order (silent events left out)."""
    return [c for c in (cue_for(e, where) for e in events) if c is not None]


def contact_point(ids: tuple[str, ...], pos: np.ndarray, table=None) -> Where:
    """``where`` for :func:`cue_for` from ball ``ids`` and positions ``pos`` (N, 3): the mean
    of the event's balls (a ball-ball contact lies half-way between the centres); a drop is
    at its pocket's centre when ``table`` (with ``pockets``) is given, since by the time the
    sound is placed the rules may have put a pocketed ball back on the table."""
    index = {b: i for i, b in enumerate(ids)}
    holes = {p.name: p.center for p in getattr(table, "pockets", ())}

    def where(event: Event) -> np.ndarray | None:
        hole = holes.get(event.info.get("pocket")) if event.type == "ball-pocket" else None
        if hole is not None:
            return np.array([float(hole[0]), float(hole[1]), 0.0])
        rows = [index[b] for b in event.balls if b in index]
        return pos[rows].mean(axis=0) if rows else None

    return where
