"""The shot file, ``"format": "billiard-shot/1"`` (docs/formats.md): a table, parameter
overrides, the balls before the strike (a ``balls`` list, or a ``rack`` preset with an
optional cue-ball spot ``cue`` and ``seed``) and the strike.

These are the file's rules that need no table; :mod:`billiard.shot.shotfile` adds those that
do (a ball inside a cushion, a rack the table cannot hold)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import Meta

from billiard.formats.limits import MAX_STRIKE_SPEED
from billiard.formats.strike import BallId, Strike
from billiard.formats.table import CustomTable

ShotFormat = Literal["billiard-shot/1"]
SHOT_FORMAT: str = get_args(ShotFormat)[0]
MAX_BALLS = 64
MAX_SPIN = 1000.0  # rad/s, about 4x a break ball's
MAX_POS = 100.0  # m: a ball's coordinates

Coord = Annotated[float, Meta(ge=-MAX_POS, le=MAX_POS, extra={"unit": "m"})]
Velocity = Annotated[float, Meta(ge=-MAX_STRIKE_SPEED, le=MAX_STRIKE_SPEED, extra={"unit": "m/s"})]
Spin = Annotated[float, Meta(ge=-MAX_SPIN, le=MAX_SPIN, extra={"unit": "rad/s"})]
TableName = Annotated[str, Meta(min_length=1, max_length=64)]
ParamValue = float | str | bool


class BallSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ball before the strike: ``pos`` [x, y] on the bed or [x, y, z]; optional
    ``vel`` ([vx, vy] or 3 numbers) and ``omega`` (3 numbers)."""

    id: BallId
    pos: Annotated[tuple[Coord, ...], Meta(min_length=2, max_length=3)]
    vel: Annotated[tuple[Velocity, ...], Meta(min_length=2, max_length=3)] | None = None
    omega: tuple[Spin, Spin, Spin] | None = None

    def position(self, radius: float) -> tuple[float, float, float]:
        """Centre in the table frame; a 2D position means resting on the bed (z = R)."""
        return (self.pos[0], self.pos[1], self.pos[2] if len(self.pos) == 3 else radius)

    def velocity(self) -> tuple[float, float, float]:
        v = self.vel or (0.0, 0.0, 0.0)
        return (v[0], v[1], v[2] if len(v) == 3 else 0.0)

    def spin(self) -> tuple[float, float, float]:
        w = self.omega or (0.0, 0.0, 0.0)
        return (w[0], w[1], w[2])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "pos": list(self.pos)}
        if self.vel is not None:
            out["vel"] = list(self.vel)
        if self.omega is not None:
            out["omega"] = list(self.omega)
        return out


RulesOn = Literal["red", "colour", "open", "solids", "stripes"]
RULES_ON: tuple[str, ...] = get_args(RulesOn)


class RulesSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``"rules": {"on": ...}``: what is on when a game mode starts from this layout (snooker
    ``red`` / ``colour``, 8-ball ``open`` / ``solids`` / ``stripes``); the physics ignores it."""

    on: RulesOn


class ShotFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A shot file as written: either ``balls`` or ``rack`` (``cue`` and ``seed`` go with
    ``rack``), and a strike that names its ball."""

    format: ShotFormat
    table: TableName | CustomTable
    strike: Annotated[Strike, Meta(extra_json_schema={"required": ["ball", "speed", "heading_deg"]})]
    params: dict[Annotated[str, Meta(max_length=64)], ParamValue] = {}
    balls: Annotated[tuple[BallSpec, ...], Meta(min_length=1, max_length=MAX_BALLS)] | None = None
    rack: Annotated[str, Meta(min_length=1, max_length=32)] | None = None
    cue: tuple[Coord, Coord] | None = None
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)] | None = None
    rules: RulesSpec | None = None

    def __post_init__(self) -> None:
        if (self.balls is None) == (self.rack is None):
            raise ValueError("a shot needs either 'balls' or 'rack' (not both)")
        if self.balls is not None and (self.cue is not None or self.seed is not None):
            raise ValueError("'cue' and 'seed' go with 'rack', not with 'balls'")
        if self.strike.ball is None:
            raise ValueError("strike.ball: is required (the ball the cue strikes)")


def table_value(spec: Any) -> Any:
    """The ``table`` field as plain JSON (a name, or the custom table's object as written)."""
    return msgspec.to_builtins(spec, order="deterministic") if isinstance(spec, msgspec.Struct) else spec
