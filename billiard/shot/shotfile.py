"""The shot file (``"format": "billiard-shot/1"``, docs/formats.md): a table, parameter
overrides, the balls' states before the strike, and the strike.

The balls come either as a ``balls`` list or as a rack preset: ``"rack": "9-ball"`` with
an optional cue-ball position ``"cue": [x, y]`` and an optional ``"seed"`` that shuffles
and jitters the rack (:func:`billiard.table.racks.rack`). :attr:`Shot.layout` is the
resolved list either way.

:meth:`Shot.from_dict` trusts nothing: the file's shape and ranges are the typed definition's
(:mod:`billiard.formats.shot`), the rules that need the table are checked here; every
problem is one :class:`BilliardError` naming the field or ball.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.shot import SHOT_FORMAT, BallSpec, ShotFile
from billiard.formats.strike import Strike
from billiard.physics.params import Params, preset
from billiard.shot import paramsfile
from billiard.table import Table, get_table
from billiard.table.audit import deepest_obstacle
from billiard.table.cushion import nose_setback
from billiard.table.file_obstacles import KIND as FILE_OBSTACLE
from billiard.table.file_obstacles import blocks
from billiard.table.mouth import on_bed_area

__all__ = ["FORMAT", "BallSpec", "Rack", "Shot", "Strike"]  # BallSpec, Strike: the formats' own

FORMAT = SHOT_FORMAT
TOUCH_TOLERANCE = 1e-9  # m: balls this much closer than touching still count as touching
MAX_TICKS = 200_000  # max_time / dt: keeps a hostile shot from running for hours


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
    overrides: tuple[tuple[str, float | str | bool], ...] = ()
    rack: Rack | None = None
    rules_on: str | None = None  # "rules": {"on": ...} (formats.shot.RulesSpec); the physics ignores it

    def __post_init__(self) -> None:
        ticks = self.params.max_time / self.params.dt
        if ticks > MAX_TICKS:
            raise BilliardError(
                f"parameters 'max_time' / 'dt' ask for {ticks:.3g} ticks, at most {MAX_TICKS} are allowed"
            )
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
    def from_dict(cls, data: Any, at: str = "") -> "Shot":
        """The shot ``data`` (parsed JSON) holds: its shape checked by the one typed
        definition (:class:`billiard.formats.shot.ShotFile`), then against its table.
        ``at``: where the shot sits in a larger document (``"shot"`` in a replay)."""
        if isinstance(data, dict) and (
            isinstance(data.get("params"), str) or paramsfile.is_params_document(data.get("params"))
        ):
            # a parameter file named (relative to the working folder; io.load reads names
            # relative to the shot file first) or given inline: its overrides
            data = {**data, "params": paramsfile.resolve(data["params"])}
        f = convert(data, ShotFile, at=at)
        try:
            return cls(
                table_spec=copy.deepcopy(data["table"]),
                balls=f.balls or (),
                strike=f.strike,
                overrides=tuple(sorted(f.params.items())),
                rack=Rack(f.rack, f.cue, f.seed) if f.rack is not None else None,
                rules_on=f.rules.on if f.rules is not None else None,
            )
        except BilliardError as exc:
            raise BilliardError(f"{at}: {exc}" if at else str(exc)) from None

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
            raise BilliardError(
                f"strike 'ball' '{struck.id}' is in the air (z = {struck.position(radius)[2]:g} m): "
                f"the cue strikes a ball on the bed"
            )


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
        raise BilliardError(
            f"ball '{ball.id}' at ({x:g}, {y:g}) is outside the playing area "
            f"(|x| <= {max_x:.4f}, |y| <= {max_y:.4f} m on table '{table.name}'){inside}"
        )
    if not radius - TOUCH_TOLERANCE <= z <= 1.0:
        raise BilliardError(
            f"ball '{ball.id}' height z = {z:g} m must lie in [R, 1] (R = {radius:g} m: a ball on the bed has z = R)"
        )
    for ob in table.obstacles:
        if ob.kind == FILE_OBSTACLE and blocks(ob, (x, y, z), radius, TOUCH_TOLERANCE):
            raise BilliardError(f"ball '{ball.id}' at ({x:g}, {y:g}, {z:g}) overlaps table obstacle '{ob.name}'")
    for p in table.pockets:
        if z <= radius + TOUCH_TOLERANCE and math.dist((x, y), p.center) < p.radius:
            raise BilliardError(
                f"ball '{ball.id}' at ({x:g}, {y:g}) is over the hole of pocket {p.name}: "
                f"with nothing under it, it cannot rest there"
            )
    name, depth = deepest_obstacle(table, (x, y, z), radius)
    if depth > TOUCH_TOLERANCE:
        raise BilliardError(
            f"ball '{ball.id}' at ({x:g}, {y:g}) is {depth * 1000:.3g} mm inside {name}: "
            f"a ball cannot start inside a cushion, jaw, point or pocket liner"
        )


def _check_no_overlap(balls: tuple[BallSpec, ...], radius: float) -> None:
    centres = [b.position(radius) for b in balls]
    need = 2 * radius - TOUCH_TOLERANCE
    for i in range(len(balls)):
        for j in range(i + 1, len(balls)):
            gap = math.dist(centres[i], centres[j])
            if gap < need:
                raise BilliardError(
                    f"balls '{balls[i].id}' and '{balls[j].id}' overlap: centres "
                    f"{gap:.5f} m apart, at least {2 * radius:.5f} m needed"
                )
