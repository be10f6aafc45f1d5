"""Random shot files for the engine fuzz (issue 20): one ``billiard-shot/1`` dict per draw.

Everything comes from one ``numpy.random.Generator``, so shot ``k`` of a run with seed ``S``
is reproducible (:func:`shot_rng`). A draw picks:

* the table: every preset, or a custom table (random size, with or without pockets, any
  ball set);
* the balls: the table's rack (shuffled and jittered, cue ball anywhere), a free layout of
  1-16 balls anywhere on the bed (pocket mouths included, some in the air or already
  moving), or a "frozen" layout: the struck ball touching a cushion or another ball and
  driven into it;
* the strike: speed up to 15 m/s, any heading, tip anywhere inside the miscue limit, cue
  elevation up to 80 degrees;
* the engine: both contact models, every integrator, both group models.

Draws may be impossible layouts (a ball inside a jaw, over a hole): the shot file parser
refuses those, and the runner counts them as ``refused``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from billiard.formats.limits import MAX_STRIKE_SPEED, MISCUE
from billiard.physics.params import CHOICES
from billiard.physics.params import PRESETS
from billiard.table import TABLE_PRESETS, Table, get_table
from billiard.table.cushion import nose_setback

STEEP_ELEVATION_DEG = 80.0  # degrees: the steepest cue sampled (massé), below the strike's limit
MAX_BALLS = 16
RACKS = {"pool": ("8-ball", "9-ball", "10-ball"), "snooker": ("snooker",), "carom": ("carom",)}
NUMERIC_MAX_TIME = 3.0  # s: numeric integrators and the soft model are slow; their shots are cut short
EXACT_MAX_TIME = 30.0  # s


def shot_rng(seed: int, index: int) -> np.random.Generator:
    """The generator of shot ``index`` of a run seeded ``seed`` (independent streams)."""
    return np.random.default_rng([int(seed), int(index)])


def _table_spec(rng: np.random.Generator) -> Any:
    names = tuple(TABLE_PRESETS)
    k = int(rng.integers(len(names) + 2))
    if k < len(names):
        return names[k]
    length = float(rng.uniform(1.2, 4.0))
    return {
        "length": round(length, 4),
        "width": round(float(length * rng.uniform(0.4, 0.6)), 4),
        "pockets": bool(rng.random() < 0.6),
        "ball_set": str(rng.choice(tuple(PRESETS))),
    }


def _params(rng: np.random.Generator) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rng.random() < 0.2:
        out["contact_model"] = "soft"
    if rng.random() < 0.3:
        out["integrator"] = str(rng.choice(CHOICES["integrator"][1:]))
    if rng.random() < 0.2:
        out["group_model"] = "linear"
    if rng.random() < 0.1:
        out["mu_ball_fit"] = 1.0
    numeric = out.get("integrator", "exact") != "exact" or out.get("contact_model") == "soft"
    out["max_time"] = NUMERIC_MAX_TIME if numeric else EXACT_MAX_TIME
    return out


def _strike(rng: np.random.Generator, ball: str, heading: float | None = None) -> dict[str, Any]:
    top = MAX_STRIKE_SPEED if rng.random() < 0.5 else 4.0
    speed = float(rng.uniform(0.05, top))
    tip_r = MISCUE * math.sqrt(float(rng.random()))
    tip_a = float(rng.uniform(0, 2 * math.pi))
    u = rng.random()
    elevation = 0.0 if u < 0.5 else float(rng.uniform(0, 30.0 if u < 0.75 else STEEP_ELEVATION_DEG))
    if heading is None:
        heading = float(rng.uniform(0.0, 360.0))
    return {
        "ball": ball,
        "speed": speed,
        "heading_deg": heading,
        "elevation_deg": elevation,
        "tip": [tip_r * math.cos(tip_a), tip_r * math.sin(tip_a)],
    }


def _free_spot(rng: np.random.Generator, table: Table, r: float) -> tuple[float, float]:
    """A centre anywhere a ball may touch the bed: mostly inside the noses, sometimes in a mouth."""
    if table.pockets and rng.random() < 0.15:
        p = table.pockets[int(rng.integers(len(table.pockets)))]
        ang = rng.uniform(0, 2 * math.pi)
        d = p.radius + rng.uniform(-0.2, 1.5) * r
        return float(p.center[0] + d * math.cos(ang)), float(p.center[1] + d * math.sin(ang))
    reach = nose_setback(table.cushion_height, r)
    hx, hy = table.half_length - reach, table.half_width - reach
    return float(rng.uniform(-hx, hx)), float(rng.uniform(-hy, hy))


def _free_balls(rng: np.random.Generator, table: Table, r: float) -> list[dict[str, Any]]:
    n = int(rng.integers(1, MAX_BALLS + 1))
    moving = rng.random() < 0.1
    balls: list[dict[str, Any]] = []
    centres: list[tuple[float, float, float]] = []
    for _ in range(20 * n):
        if len(balls) == n:
            break
        x, y = _free_spot(rng, table, r)
        z = r if not balls or rng.random() > 0.05 else float(r + rng.uniform(0, 0.2))  # the cue ball on the bed
        if any(math.dist((x, y, z), c) < 2 * r for c in centres):
            continue
        ball: dict[str, Any] = {"id": "cue" if not balls else f"b{len(balls)}", "pos": [x, y] if z == r else [x, y, z]}
        if moving and balls:
            ball["vel"] = [float(v) for v in rng.uniform(-3, 3, 2)]
            ball["omega"] = [float(v) for v in rng.uniform(-100, 100, 3)]
        balls.append(ball)
        centres.append((x, y, z))
    return balls


def _frozen_balls(rng: np.random.Generator, table: Table, r: float) -> tuple[list[dict[str, Any]], float]:
    """The cue ball touching a cushion (or a ball touching it), and a heading into it."""
    reach = nose_setback(table.cushion_height, r)
    hx, hy = table.half_length - reach, table.half_width - reach
    if rng.random() < 0.5:  # frozen to a rail, struck into the rail
        side = int(rng.integers(4))
        s = float(rng.uniform(-0.6, 0.6))
        x, y, normal = [(hx, s * hy, 0.0), (-hx, s * hy, 180.0), (s * hx, hy, 90.0), (s * hx, -hy, 270.0)][side]
        heading = normal + float(rng.uniform(-85, 85))
        return [{"id": "cue", "pos": [x, y]}], heading
    x, y = float(rng.uniform(-0.5, 0.5) * hx), float(rng.uniform(-0.5, 0.5) * hy)
    ang = float(rng.uniform(0, 360))
    balls = [{"id": "cue", "pos": [x, y]}]
    for k in range(1, int(rng.integers(2, 5))):  # a line of touching balls
        a = math.radians(ang)
        balls.append({"id": f"b{k}", "pos": [x + 2 * r * k * math.cos(a), y + 2 * r * k * math.sin(a)]})
    return balls, ang + float(rng.uniform(-40, 40))


def random_shot(rng: np.random.Generator) -> dict[str, Any]:
    """One random shot file (a dict in the ``billiard-shot/1`` format)."""
    spec = _table_spec(rng)
    table = get_table(spec)
    r = PRESETS[table.ball_set].ball_radius
    shot: dict[str, Any] = {"format": "billiard-shot/1", "table": spec, "params": _params(rng)}
    u = rng.random()
    if u < 0.35:
        name = str(rng.choice(RACKS[table.ball_set]))
        reach = nose_setback(table.cushion_height, r)
        cue = [
            float(rng.uniform(-1, 1) * (table.half_length - reach)),
            float(rng.uniform(-1, 1) * (table.half_width - reach)),
        ]
        shot.update({"rack": name, "cue": cue, "seed": int(rng.integers(2**31))})
        shot["strike"] = _strike(rng, "white" if name == "carom" else "cue")
        return shot
    if u < 0.85:
        shot["balls"] = _free_balls(rng, table, r)
        shot["strike"] = _strike(rng, "cue")
        return shot
    shot["balls"], heading = _frozen_balls(rng, table, r)
    shot["strike"] = _strike(rng, "cue", heading % 360.0)
    return shot
