"""The replay file, ``"format": "billiard-replay/1"`` (docs/formats.md): the shot as given,
the engine version, every parameter used, the events, samples at ``fps`` and each ball's
final state.

Decoded straight from the bytes into these types (the samples are most of a replay: each
number is checked for its range as it is read); :mod:`billiard.shot.replayfile` adds the
rules between fields (the same balls everywhere, ``t`` at 1/fps steps, the shot's own
checks) and builds the arrays."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import Meta

from billiard.formats.strike import BallId

ReplayFormat = Literal["billiard-replay/1"]
REPLAY_FORMAT: str = get_args(ReplayFormat)[0]
MAX_FPS = 240
MAX_SAMPLES = 2_000_000
MAX_EVENTS = 1_000_000
MAX_EVENT_FIELDS = 16
MAX_SAMPLE = 1e3  # |x| of any sampled coordinate or quaternion component

Sample = Annotated[float, Meta(ge=-MAX_SAMPLE, le=MAX_SAMPLE)]
Position = Annotated[float, Meta(ge=-100.0, le=100.0, extra={"unit": "m"})]
Text = Annotated[str, Meta(max_length=64)]
Scalar = None | bool | Annotated[int, Meta(ge=-(10**6), le=10**6)] | Annotated[float, Meta(ge=-1e6, le=1e6)] | Text
EventValue = Scalar | Annotated[list[Scalar], Meta(max_length=8)]
EventFile = Annotated[dict[Text, EventValue], Meta(max_length=MAX_EVENT_FIELDS)]


class BallSamples(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ball's centre (m) and orientation quaternion (w, x, y, z) at every sample time."""

    pos: list[tuple[Sample, Sample, Sample]]
    quat: list[tuple[Sample, Sample, Sample, Sample]]


class Samples(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Sample times ``t`` (0, 1/fps, 2/fps, ...) and every ball's samples."""

    t: Annotated[list[Sample], Meta(min_length=1, max_length=MAX_SAMPLES)]
    balls: dict[BallId, BallSamples]


class FinalBallFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a ball ended: its centre, its motion state's name and its pocket (or null)."""

    pos: tuple[Position, Position, Position]
    state: Annotated[str, Meta(min_length=1, max_length=32)]
    pocket: Annotated[str, Meta(min_length=1, max_length=32)] | None


class ReplayFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A replay file as written. ``shot`` is a whole shot file (read by its own definition);
    ``table`` repeats its table; ``params`` lists every physical parameter used."""

    format: ReplayFormat
    engine: Annotated[str, Meta(min_length=1, max_length=64)]
    shot: Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/$defs/ShotFile"})]
    table: Any
    params: dict[Text, float | Text | bool]
    fps: Annotated[int, Meta(ge=1, le=MAX_FPS)]
    events: Annotated[list[EventFile], Meta(max_length=MAX_EVENTS)]
    samples: Samples
    final: dict[BallId, FinalBallFile]
