"""The shot file (``"format": "billiard-shot/1"``, DESIGN.md contract): a table, parameter
overrides, the balls' states before the strike, and the strike.

The balls come either as a ``balls`` list or as a rack preset: ``"rack": "9-ball"`` with
an optional cue-ball position ``"cue": [x, y]`` and an optional ``"seed"`` that shuffles
and jitters the rack (:func:`billiard.table.racks.rack`). :attr:`Shot.layout` is the
resolved list either way.

:meth:`Shot.from_dict` trusts nothing: every problem is one :class:`BilliardError` naming
the field or ball.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.limits import MAX_STRIKE_SPEED
from billiard.formats.strike import Strike
from billiard.physics.params import Params, preset
from billiard import values
from billiard.shot import paramsfile
from billiard.table import Table, get_table
from billiard.table.audit import deepest_obstacle
from billiard.table.cushion import nose_setback
from billiard.table.file_obstacles import KIND as FILE_OBSTACLE
from billiard.table.file_obstacles import blocks
from billiard.table.mouth import on_bed_area

FORMAT = "billiard-shot/1"
MAX_BALLS = 64
MAX_SPIN = 1000.0         # rad/s, about 4x a break ball's
TOUCH_TOLERANCE = 1e-9    # m: balls this much closer than touching still count as touching
MAX_TICKS = 200_000       # max_time / dt: keeps a hostile shot from running for hours

_TOP_KEYS = ("format", "table", "strike")
_OPTIONAL_TOP_KEYS = ("params", "balls", "rack", "cue", "seed", "rules")
# "rules": {"on": ...}: what is on when a game mode starts from this layout (docs/formats.md);
# snooker "red" / "colour", 8-ball "open" / "solids" / "stripes". The physics ignores it.
RULES_ON = ("red", "colour", "open", "solids", "stripes")


def parse_rules_on(data: Any) -> str:
    """The ``on`` of a shot or layout's ``"rules"`` object (one clear error otherwise)."""
    rules = values.mapping(data, "'rules'")
    values.check_keys(rules, "'rules'", ("on",))
    return values.choice(rules["on"], "'rules' 'on'", RULES_ON)


@dataclass(frozen=True)
class BallSpec:
    """One ball before the strike, as the file gives it (``pos`` has 2 or 3 numbers)."""

    id: str
    pos: tuple[float, ...]
    vel: tuple[float, ...] | None = None
    omega: tuple[float, ...] | None = None

    def position(self, radius: float) -> tuple[float, float, float]:
        """Centre in the table frame; a 2D position means resting on the bed (z = R)."""
        return (self.pos[0], self.pos[1], self.pos[2] if len(self.pos) == 3 else radius)

    def velocity(self) -> tuple[float, float, float]:
        v = self.vel or (0.0, 0.0, 0.0)
        return (v[0], v[1], v[2] if len(v) == 3 else 0.0)

    def spin(self) -> tuple[float, float, float]:
        w = self.omega or (0.0, 0.0, 0.0)      # three values when given (checked on reading)
        return (w[0], w[1], w[2])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "pos": list(self.pos)}
        if self.vel is not None:
            out["vel"] = list(self.vel)
        if self.omega is not None:
            out["omega"] = list(self.omega)
        return out

    @classmethod
    def from_dict(cls, data: Any, index: int) -> "BallSpec":
        data = values.mapping(data, f"balls[{index}]")
        ball_id = values.string(data.get("id"), f"balls[{index}] 'id'", 32)
        what = f"ball '{ball_id}'"
        values.check_keys(data, what, ("id", "pos"), ("vel", "omega"))
        pos = values.vector(data["pos"], f"{what} 'pos'", (2, 3), 100.0)
        vel = values.vector(data["vel"], f"{what} 'vel'", (2, 3), MAX_STRIKE_SPEED) if "vel" in data else None
        omega = values.vector(data["omega"], f"{what} 'omega'", (3,), MAX_SPIN) if "omega" in data else None
        return cls(ball_id, pos, vel, omega)


@dataclass(frozen=True)
class Rack:
    """A rack preset by name, the cue ball's (x, y) (None: the rack's default) and a seed
    (None: the textbook rack, no shuffle or jitter)."""

    name: str
    cue: tuple[float, float] | None = None
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rack": self.name}
        if self.cue is not None:
            out["cue"] = list(self.cue)
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rack":
        name = values.string(data["rack"], "'rack'", 32)
        cue = values.vector(data["cue"], "'cue'", (2,), 100.0) if "cue" in data else None
        seed = values.integer(data["seed"], "'seed'", 0, 2**63 - 1) if "seed" in data else None
        return cls(name, cue, seed)  # type: ignore[arg-type]

    def layout(self, table: Table, radius: float) -> tuple[BallSpec, ...]:
        from billiard.table.racks import rack

        ids, pos = rack(self.name, table, seed=self.seed, cue=self.cue, radius=radius)
        return tuple(BallSpec(b, (float(p[0]), float(p[1]))) for b, p in zip(ids, pos))


@dataclass(frozen=True)
class Shot:
    """A validated shot. ``table_spec``, ``overrides``, ``balls`` (as listed, empty for a
    rack) and ``rack`` are kept as given so the file round-trips; :attr:`table`,
    :attr:`params` and :attr:`layout` are what the simulation uses."""

    table_spec: Any
    balls: tuple[BallSpec, ...]
    strike: Strike
    overrides: tuple[tuple[str, float], ...] = ()
    rack: Rack | None = None
    rules_on: str | None = None

    def __post_init__(self) -> None:
        ticks = self.params.max_time / self.params.dt
        if ticks > MAX_TICKS:
            raise BilliardError(f"parameters 'max_time' / 'dt' ask for {ticks:.3g} ticks, at most "
                                f"{MAX_TICKS} are allowed")
        self._check_layout()

    @cached_property
    def table(self) -> Table:
        return get_table(self.table_spec)

    @cached_property
    def params(self) -> Params:
        """The table's ball-set preset with the shot's overrides."""
        return preset(self.table.ball_set).with_overrides(dict(self.overrides))

    @cached_property
    def layout(self) -> tuple[BallSpec, ...]:
        """Every ball before the strike: the listed balls, or the rack's."""
        return self.rack.layout(self.table, self.params.ball_radius) if self.rack else self.balls

    @property
    def struck(self) -> str:
        """The id of the ball the cue strikes (a shot always names it: checked on reading)."""
        assert self.strike.ball is not None, "a shot's strike names its ball"
        return self.strike.ball

    @property
    def ball_ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.layout)

    @classmethod
    def from_dict(cls, data: Any) -> "Shot":
        data = values.document(data, "shot", FORMAT)
        values.check_keys(data, "the shot", _TOP_KEYS, _OPTIONAL_TOP_KEYS)
        table_spec = data["table"]
        if not isinstance(table_spec, (str, dict)):
            raise BilliardError("'table' must be a preset name or an object with 'length' and 'width'")
        overrides = paramsfile.resolve(data.get("params", {}))
        if ("balls" in data) == ("rack" in data):
            raise BilliardError("a shot needs either 'balls' or 'rack' (not both)")
        if "balls" in data and ("cue" in data or "seed" in data):
            raise BilliardError("'cue' and 'seed' go with 'rack', not with 'balls'")
        return cls(table_spec=copy.deepcopy(table_spec),
                   balls=_parse_balls(data["balls"]) if "balls" in data else (),
                   strike=_strike(data["strike"]),
                   overrides=tuple(sorted(overrides.items())),
                   rack=Rack.from_dict(data) if "rack" in data else None,
                   rules_on=parse_rules_on(data["rules"]) if "rules" in data else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "table": copy.deepcopy(self.table_spec)}
        if self.overrides:
            out["params"] = dict(self.overrides)
        if self.rack:
            out.update(self.rack.to_dict())
        else:
            out["balls"] = [b.to_dict() for b in self.balls]
        out["strike"] = self.strike.to_dict()
        if self.rules_on is not None:
            out["rules"] = {"on": self.rules_on}
        return out

    def _check_layout(self) -> None:
        """Ids unique, every ball on the table and clear of the others, the struck ball present."""
        table, radius, balls = self.table, self.params.ball_radius, self.layout
        if not balls:
            raise BilliardError("a shot needs at least one ball")
        seen: set[str] = set()
        for ball in balls:
            if ball.id in seen:
                raise BilliardError(f"duplicate ball id '{ball.id}'")
            seen.add(ball.id)
            _check_on_table(ball, table, radius)
        _check_no_overlap(balls, radius)
        if self.strike.ball not in seen:
            raise BilliardError(f"strike 'ball' '{self.strike.ball}' is not one of the balls")
        struck = next(b for b in balls if b.id == self.strike.ball)
        if struck.position(radius)[2] > radius + TOUCH_TOLERANCE:
            raise BilliardError(f"strike 'ball' '{struck.id}' is in the air (z = {struck.position(radius)[2]:g} m): "
                                f"the cue strikes a ball on the bed")


def _strike(raw: Any) -> Strike:
    """The file's strike: every field checked by the one Strike type; a file names its ball."""
    strike = convert(raw, Strike, at="strike")
    if strike.ball is None:
        raise BilliardError("strike.ball: is required (the ball the cue strikes)")
    return strike


def _parse_balls(raw: Any) -> tuple[BallSpec, ...]:
    if not isinstance(raw, list) or not raw:
        raise BilliardError("'balls' must be a non-empty list of balls")
    if len(raw) > MAX_BALLS:
        raise BilliardError(f"'balls' has {len(raw)} balls, at most {MAX_BALLS} are allowed")
    return tuple(BallSpec.from_dict(item, i) for i, item in enumerate(raw))


def _check_on_table(ball: BallSpec, table: Table, radius: float) -> None:
    """The centre must be where a ball fits: inside the cushion noses, or in a pocket's
    mouth (:mod:`billiard.table.mouth`), on or above the bed, clear of every obstacle and
    not resting over a hole."""
    x, y, z = ball.position(radius)
    if not on_bed_area(table, x, y, radius, TOUCH_TOLERANCE):
        reach = nose_setback(table.cushion_height, radius) - TOUCH_TOLERANCE
        max_x, max_y = table.half_length - reach, table.half_width - reach
        name, depth = deepest_obstacle(table, (x, y, z), radius)
        inside = f", {depth * 1000:.3g} mm inside {name}" if depth > TOUCH_TOLERANCE else ""
        raise BilliardError(f"ball '{ball.id}' at ({x:g}, {y:g}) is outside the playing area "
                            f"(|x| <= {max_x:.4f}, |y| <= {max_y:.4f} m on table '{table.name}'){inside}")
    if not radius - TOUCH_TOLERANCE <= z <= 1.0:
        raise BilliardError(f"ball '{ball.id}' height z = {z:g} m must lie in [R, 1] "
                            f"(R = {radius:g} m: a ball on the bed has z = R)")
    for ob in table.obstacles:
        if ob.kind == FILE_OBSTACLE and blocks(ob, (x, y, z), radius, TOUCH_TOLERANCE):
            raise BilliardError(f"ball '{ball.id}' at ({x:g}, {y:g}, {z:g}) overlaps table obstacle '{ob.name}'")
    for p in table.pockets:
        if z <= radius + TOUCH_TOLERANCE and math.dist((x, y), p.center) < p.radius:
            raise BilliardError(f"ball '{ball.id}' at ({x:g}, {y:g}) is over the hole of pocket {p.name}: "
                                f"with nothing under it, it cannot rest there")
    name, depth = deepest_obstacle(table, (x, y, z), radius)
    if depth > TOUCH_TOLERANCE:
        raise BilliardError(f"ball '{ball.id}' at ({x:g}, {y:g}) is {depth * 1000:.3g} mm inside {name}: "
                            f"a ball cannot start inside a cushion, jaw, point or pocket liner")


def _check_no_overlap(balls: tuple[BallSpec, ...], radius: float) -> None:
    centres = [b.position(radius) for b in balls]
    need = 2 * radius - TOUCH_TOLERANCE
    for i in range(len(balls)):
        for j in range(i + 1, len(balls)):
            gap = math.dist(centres[i], centres[j])
            if gap < need:
                raise BilliardError(f"balls '{balls[i].id}' and '{balls[j].id}' overlap: centres "
                                    f"{gap:.5f} m apart, at least {2 * radius:.5f} m needed")
