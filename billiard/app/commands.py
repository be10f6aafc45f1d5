"""The typed commands the front end's parts hand each other: a cue strike (the one
:class:`billiard.formats.strike.Strike`, whoever strikes), and an action the game or the window
carries out. Their own module, so the match (``app.session``) does not
import the input handling (``app.controls``) to know what a strike is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from billiard.formats.strike import Strike as StrikeCommand  # the one strike type (issue 30)

__all__ = ["Action", "StrikeCommand"]


@dataclass(frozen=True)
class Action:
    """Something the game or the window must do, by name, through their tables: ``strike`` (a
    StrikeCommand), ``pause``, ``speed``, ``menu``, ``decide`` (a rules choice)..."""

    name: str
    value: Any = None
