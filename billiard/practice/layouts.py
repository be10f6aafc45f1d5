"""Layouts: where the balls lie before a shot, kept as ``billiard-shot/1`` files.

A layout file is a shot file whose ``strike`` may be left out (issue 18): the balls at
rest, the table and its parameter overrides, and, when saved after a shot, the strike
that was played from it (so a retry can restore the cue too). Saved layouts live in
``<data>/layouts/<name>.json`` (the data folder of :mod:`billiard.replay.datadir`), written
atomically. Loading trusts nothing: a broken or impossible file is one BilliardError line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.replay.capture import shot_from_balls
from billiard.replay.datadir import data_dir, ensure_dir, sanitize_name
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import BallSpec, Shot, Strike
from billiard.table.racks import cue_id

LAYOUTS = "layouts"
_PROBE_SPEED = 1.0  # a stand-in strike lets the shot-file checks run on a strike-less file


@dataclass(frozen=True)
class Layout:
    """A validated layout: ``shot`` carries the table, parameters and balls; ``strike`` is
    the shot played from it, or None for a bare layout."""

    shot: Shot
    strike: Strike | None

    @property
    def balls(self) -> tuple[BallSpec, ...]:
        return self.shot.layout

    @property
    def rules_on(self) -> str | None:
        """``"rules": {"on": ...}``: what is on when a game mode starts from the layout."""
        return self.shot.rules_on

    @property
    def table(self):
        return self.shot.table

    @property
    def params(self) -> Params:
        return self.shot.params

    def positions(self) -> dict[str, tuple[float, float, float]]:
        r = self.params.ball_radius
        return {b.id: b.position(r) for b in self.balls}


def parse_layout(data: Any) -> Layout:
    """A :class:`Layout` from decoded JSON; every ball must lie at rest on the bed."""
    data = convert(data, dict[str, Any], "a layout")  # the shot file's definition checks the rest
    strike_given = "strike" in data
    probe = (
        data
        if strike_given
        else {**data, "strike": {"ball": _probe_ball(data), "speed": _PROBE_SPEED, "heading_deg": 0.0}}
    )
    shot = Shot.from_dict(probe)
    r = shot.params.ball_radius
    for b in shot.layout:
        if any(b.velocity()) or any(b.spin()):
            raise BilliardError(f"ball '{b.id}' is moving: a layout has every ball at rest")
        if b.position(r)[2] > r + 1e-9:
            raise BilliardError(f"ball '{b.id}' is in the air: a layout has every ball on the bed")
    return Layout(shot, shot.strike if strike_given else None)


def _probe_ball(data: Mapping[str, Any]) -> str:
    balls = data.get("balls")
    if isinstance(balls, list) and balls and isinstance(balls[0], dict) and isinstance(balls[0].get("id"), str):
        return balls[0]["id"]
    rack = data.get("rack")
    try:
        return cue_id(rack) if isinstance(rack, str) else "cue"
    except BilliardError:
        return "cue"


def load_layout(path: str | os.PathLike) -> Layout:
    """Read a layout file; errors name the file."""
    try:
        return parse_layout(jsonfile.read(path))
    except BilliardError as exc:
        text = str(exc)
        raise BilliardError(text if str(path) in text else f"layout {path}: {text}") from None


def layout_dict(balls: Balls, table: Any, params: Params, strike: dict | None = None) -> dict:
    """The layout file of the balls on the table (pocketed or removed balls left out), with
    ``strike`` (the shot played from it) when given. Positions keep every bit."""
    if np.any(balls.vel[balls.motion != Motion.POCKETED]) or np.any(balls.omega[balls.motion != Motion.POCKETED]):
        raise BilliardError("the balls are still moving: a layout is saved at rest")
    out = shot_from_balls(balls, table, strike or {"ball": "cue", "speed": _PROBE_SPEED, "heading_deg": 0.0}, params)
    if strike is None:
        del out["strike"]
    return out


def layouts_dir(data: str | os.PathLike | None = None) -> Path:
    return data_dir(data) / LAYOUTS


def save_layout(name: str, layout: dict, data: str | os.PathLike | None = None) -> Path:
    """Write ``layout`` (a :func:`layout_dict`) as ``<data>/layouts/<name>.json`` atomically;
    it is checked by loading it back first, so a saved layout always loads."""
    parse_layout(layout)
    path = ensure_dir(layouts_dir(data)) / f"{sanitize_name(name)}.json"
    atomic_write(path, jsonfile.encode(layout, pretty=True))
    return path


def list_layouts(data: str | os.PathLike | None = None) -> list[str]:
    """Names of the saved layouts, sorted."""
    folder = layouts_dir(data)
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith("."))


def layout_path(name: str, data: str | os.PathLike | None = None) -> Path:
    """The file of saved layout ``name``, or of ``name`` as a path when it is one."""
    candidate = Path(name).expanduser()
    if candidate.suffix == ".json" and candidate.exists():
        return candidate
    saved = layouts_dir(data) / f"{sanitize_name(name)}.json"
    if saved.exists():
        return saved
    if candidate.exists():
        return candidate
    raise BilliardError(
        f"no layout '{name}' (neither a file nor one of: {', '.join(list_layouts(data)) or 'none saved'})"
    )
