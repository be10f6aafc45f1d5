"""The recording file (``"format": "billiard-recording/1"``, docs/formats.md): tracked ball
positions of one shot. The shape is here; the rules between fields (each ball's times
increase, the strike's ball is recorded) are :mod:`billiard.calibration.recording`'s."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from billiard.formats.strike import Strike

RECORDING_FORMAT = "billiard-recording/1"
MAX_RECORDED_BALLS = 64
MAX_TIME = 3600.0  # s after the strike
MAX_COORD = 100.0  # m, as in shot files

Coord = Annotated[float, Meta(ge=-MAX_COORD, le=MAX_COORD, extra={"unit": "m"})]
Time = Annotated[float, Meta(ge=0.0, le=MAX_TIME, extra={"unit": "s"})]
BallId = Annotated[str, Meta(min_length=1, max_length=32)]
Sample = tuple[Time, Coord, Coord]


class RecordingFile(msgspec.Struct, forbid_unknown_fields=True):
    """The document as written: table, optional ball radius, [t, x, y] samples per ball,
    optional strike."""

    format: Literal["billiard-recording/1"]
    table: str | dict[str, Any]
    balls: Annotated[
        dict[BallId, Annotated[list[Sample], Meta(min_length=1)]], Meta(min_length=1, max_length=MAX_RECORDED_BALLS)
    ]
    ball_radius: Annotated[float, Meta(gt=0.005, le=0.2, extra={"unit": "m"})] | None = None
    strike: Strike | None = None
