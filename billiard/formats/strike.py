"""The strike: the one type of a cue's hit, whoever makes it (the mouse, the keyboard, the
computer player, a shot file, a network message).

``speed`` is the cue ball's speed right after a centre hit (m/s), ``heading_deg`` the aim
(0 = +x, 90 = +y), ``elevation_deg`` the cue above horizontal, ``tip`` the contact offset
[a, b] in ball radii (a > 0 right english, b > 0 follow); docs/physics.md derives the impulse.
``ball`` names the struck ball where a file or message says which; the live game, which
always strikes the player's cue ball, leaves it ``None``.

Decoding (:func:`billiard.formats.decode.convert`) checks every range below; building a
Strike in Python checks only the miscue limit (a rule between two fields), so the computer
player's many candidate strikes cost nothing extra.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from billiard.formats.limits import ELEVATION_LIMIT_DEG, MAX_BALL_ID, MAX_HEADING_DEG, MAX_STRIKE_SPEED, MISCUE

BallId = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_BALL_ID,
        pattern=r"^[^\x00-\x1f\x7f]+$",
        description="a ball's id: printable, 1 to 32 characters",
    ),
]
Speed = Annotated[
    float,
    Meta(gt=0.0, le=MAX_STRIKE_SPEED, extra={"unit": "m/s"}, description="cue-ball speed after a centre hit, m/s"),
]
Heading = Annotated[
    float,
    Meta(
        ge=-MAX_HEADING_DEG,
        le=MAX_HEADING_DEG,
        extra={"unit": "degrees"},
        description="aim in the table frame: 0 = +x, 90 = +y",
    ),
]
Elevation = Annotated[
    float, Meta(ge=0.0, lt=ELEVATION_LIMIT_DEG, extra={"unit": "degrees"}, description="cue above horizontal")
]
TipOffset = Annotated[float, Meta(ge=-MISCUE, le=MISCUE, extra={"unit": "ball radii"})]


class Strike(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One cue strike: the cue ball's speed after a centre hit, the aim, the cue's elevation,
    the tip's offset in ball radii (inside the miscue limit) and the struck ball's id."""

    speed: Speed
    heading_deg: Heading
    elevation_deg: Elevation = 0.0
    tip: tuple[TipOffset, TipOffset] = (0.0, 0.0)
    ball: BallId | None = None

    def __post_init__(self) -> None:
        a, b = self.tip
        if math.hypot(a, b) > MISCUE:  # ValueError: decoding reports it as the strike's field
            raise ValueError(f"tip [{a:g}, {b:g}] is beyond the miscue limit (|tip| <= {MISCUE} ball radii)")

    def on(self, ball: str) -> "Strike":
        """This strike, of ``ball``."""
        return msgspec.structs.replace(self, ball=ball)

    def replace(self, **changes: Any) -> "Strike":
        """A copy with ``changes`` (field names as keywords)."""
        return msgspec.structs.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The strike as a file writes it: ``ball`` first when known, every field spelled out."""
        out: dict[str, Any] = {} if self.ball is None else {"ball": self.ball}
        out.update(speed=self.speed, heading_deg=self.heading_deg, elevation_deg=self.elevation_deg, tip=list(self.tip))
        return out
