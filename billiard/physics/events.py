"""Events the simulation emits; rules, replays and sounds read them (never the physics internals)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EVENT_TYPES = ("strike", "ball-ball", "ball-cushion", "ball-pocket", "ball-bed", "state")


@dataclass(frozen=True)
class Event:
    """Something that happened at time ``t`` (s since the strike) to ``balls`` (ids).

    ``info`` holds type-specific data, JSON-ready: e.g. ``{"speed": approach m/s}`` for a
    hit, ``{"cushion": name}``, ``{"pocket": name}``, ``{"from": "sliding", "to": "rolling"}``.
    """

    t: float
    type: str
    balls: tuple[str, ...]
    info: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "balls": list(self.balls), **self.info}
