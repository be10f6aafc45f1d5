"""Named tables. Each preset states where its figures come from."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.table import CustomTable
from billiard.physics.params import PRESETS
from billiard.table.file_obstacles import build_obstacles
from billiard.table.model import Table
from billiard.table.pocket_style import POOL_POCKETS, SNOOKER_POCKETS, PocketStyle
from billiard.table.pocketed import six_pockets
from billiard.table.rectangle import rectangle_table
from billiard.table.spots import D_RADIUS, pool_spots, snooker_baulk_x, snooker_spots


def pocket_table(name: str, length: float, width: float, ball_set: str, style: PocketStyle) -> Table:
    """A six-pocket table; snooker tables get the baulk line, D and colour spots."""
    params = PRESETS[ball_set]
    pockets, obstacles = six_pockets(length, width, style, params.cushion_height, params.ball_radius)
    snooker = ball_set == "snooker"
    spots = snooker_spots(length) if snooker else pool_spots(length)
    return Table(
        name=name,
        length=length,
        width=width,
        ball_set=ball_set,
        cushion_height=params.cushion_height,
        obstacles=obstacles,
        pockets=pockets,
        cushion_width=style.cushion_width,
        head_string_x=snooker_baulk_x(length) if snooker else -length / 4,
        foot_spot=spots["foot"],
        spots=spots,
        d_radius=D_RADIUS if snooker else 0.0,
    )


def plain_table(name: str, length: float, width: float, ball_set: str) -> Table:
    """A table without pockets: four cushions (carom, practice, custom)."""
    params = PRESETS[ball_set]
    return rectangle_table(name, length, width, params.cushion_height, params.ball_radius, ball_set)


def pool_7ft() -> Table:
    """7 ft (bar box) pool table: WPA playing area 78 x 39 in = 1.981 x 0.991 m (docs/physics.md);
    WPA pocket cuts (corner mouth 4.625 in, side 5.125 in, facing angles 142 / 104 deg,
    see ``pocket_style``); nose at 0.64 x ball diameter (WPA 62.5-64.5 %)."""
    return pocket_table("pool-7ft", 1.981, 0.991, "pool", POOL_POCKETS)


def pool_8ft() -> Table:
    """8 ft pool table: WPA playing area 92 x 46 in = 2.337 x 1.168 m (docs/physics.md); WPA
    pocket cuts as for ``pool-7ft``."""
    return pocket_table("pool-8ft", 2.337, 1.168, "pool", POOL_POCKETS)


def pool_9ft() -> Table:
    """9 ft tournament pool table: WPA playing area 100 x 50 in = 2.540 x 1.270 m
    (docs/physics.md); WPA pocket cuts as for ``pool-7ft``."""
    return pocket_table("pool-9ft", 2.540, 1.270, "pool", POOL_POCKETS)


def snooker() -> Table:
    """12 ft snooker table: WPBSA playing area 11 ft 8.5 in x 5 ft 10 in = 3.569 x 1.778 m;
    baulk line, D and spots from the WPBSA rules (``spots``); pockets after the usual
    approximations of the (unpublished) WPBSA templates: corner 86 mm, middle 105 mm,
    rounded knuckles (``pocket_style``); snooker balls (52.5 mm, docs/physics.md)."""
    return pocket_table("snooker", 3.569, 1.778, "snooker", SNOOKER_POCKETS)


def carom() -> Table:
    """Carom (match) table: UMB playing area 2.84 x 1.42 m, no pockets, 61.5 mm balls
    (docs/physics.md)."""
    return plain_table("carom", 2.84, 1.42, "carom")


def practice() -> Table:
    """Pocketless 9 ft pool table (2.540 x 1.270 m) for drills and physics checks."""
    return plain_table("practice", 2.540, 1.270, "pool")


TABLE_PRESETS: dict[str, Callable[[], Table]] = {
    "pool-7ft": pool_7ft,
    "pool-8ft": pool_8ft,
    "pool-9ft": pool_9ft,
    "snooker": snooker,
    "carom": carom,
    "practice": practice,
}


def custom_table(spec: Mapping[str, Any] | CustomTable) -> Table:
    """``{"length": L, "width": W, "pockets": bool = false, "ball_set": "pool", "obstacles": []}``
    (:class:`billiard.formats.table.CustomTable`); pockets are cut like the ball set's preset
    (snooker style for snooker balls, WPA otherwise); ``obstacles`` adds seed 004 annex B
    bodies (:mod:`billiard.table.file_obstacles`)."""
    spec = spec if isinstance(spec, CustomTable) else convert(spec, CustomTable, at="table")
    if spec.ball_set not in PRESETS:
        raise BilliardError(f"table.ball_set: must be one of {', '.join(PRESETS)}, got {spec.ball_set!r:.40}")
    if not spec.pockets:
        table = plain_table("custom", spec.length, spec.width, spec.ball_set)
    else:
        style = SNOOKER_POCKETS if spec.ball_set == "snooker" else POOL_POCKETS
        table = pocket_table("custom", spec.length, spec.width, spec.ball_set, style)
    if not spec.obstacles:
        return table
    extra = build_obstacles(spec.obstacles)
    taken = {o.name for o in table.obstacles} & {o.name for o in extra}
    if taken:
        raise BilliardError(f"table obstacle name '{sorted(taken)[0]}' is already a part of the table")
    return dataclasses.replace(table, obstacles=table.obstacles + extra)
