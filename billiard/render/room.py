"""The room around the table: a wooden floor, dim walls and ceiling, the table's legs, and
the lamp fixture over the table (three shades on a bar) that the scene's lights come from.

Everything here is drawn by the ``room`` program with back faces culled: the walls and the
ceiling face into the room, so a camera outside the room (zoomed far out, or the top view
above the ceiling) sees through them instead of at their backs. The fixture is a separate
mesh, drawn only while the eye is below the shades (from above it would hide the table).

The floor is darkened under and around the table by hand (per-vertex occlusion): the lamps
hang over the table, so the table's body keeps their light off the floor beneath it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.render.geometry import PLAIN, UNLIT, VARNISH, WOOD, lathe, polygon_prism, solid_vertices
from billiard.render.table_mesh import BODY_COLOR, BODY_DEPTH
from billiard.table.model import Table

FLOOR_DROP = 0.79  # m from the floor up to the bed (a pool table's playing height)
CEILING = 2.05  # m above the bed
ROOM_MARGIN = 2.6  # m of floor between the table's outer edge and each wall
# The shades hang at a room's usual height, their rims 0.76 m (30 in) over the bed: low enough
# that the aim view, looking along the table, sees the far shade and its bulb's glow.
LAMP_HEIGHT = 0.82  # m above the bed: the light inside each shade
SHADE_RIM = 0.76  # m above the bed: the open lower edge of the shades
SHADE_TOP = 0.93
SHADE_RADIUS = (0.21, 0.07)  # m at the rim and at the top
FLOOR = 5.0  # material code of the floor boards (room program only)
FLOOR_COLOR = (0.36, 0.22, 0.12)
WALL_COLOR = (0.33, 0.30, 0.25)
WAINSCOT_COLOR = (0.24, 0.12, 0.06)
WAINSCOT_HEIGHT = 0.95  # m above the floor
CEILING_COLOR = (0.16, 0.15, 0.13)
SHADE_COLOR = (0.05, 0.30, 0.15)  # green enamel outside
SHADE_GLOW = (1.0, 0.95, 0.82)  # the lit inside, unlit colour
BAR_COLOR = (0.20, 0.12, 0.06)
SKIRTING_COLOR = (0.26, 0.14, 0.07)
SKIRTING_HEIGHT = 0.12  # m: the skirting board along the foot of every wall
SKIRTING_DEPTH = 0.015  # m it stands out from the wall
RACK_COLOR = (0.15, 0.075, 0.04)  # the cue rack's back board (darker than the rails: it must not draw the eye)
SHAFT_COLOR = (0.62, 0.50, 0.33)  # maple shafts of the racked cues
BUTT_COLOR = (0.10, 0.05, 0.03)  # ebony butts
RACK_OFFSET = 1.3  # m: the cue rack's middle, off the table's long axis
BOARD_COLOR = (0.08, 0.07, 0.06)  # the scoreboard's dark face
BEAD_COLORS = ((0.80, 0.75, 0.62), (0.45, 0.12, 0.08))  # ivory and red beads
# The per-vertex light needs few vertices out there (it varies slowly), and on software OpenGL
# each triangle has a set-up cost: the floor is cut along the table's outline and at
# FLOOR_RINGS (m) outside it, where the darkening under the table changes; the walls every
# WALL_CELL metres.
FLOOR_RINGS = (0.5, 1.4)
WALL_CELL = 2.0


@dataclass(frozen=True)
class RoomMeshes:
    """SOLID_LAYOUT vertices: ``room`` (floor, walls, skirting, ceiling, the cue rack and the
    scoreboard: per-vertex light), ``fixture`` (shades, bar, rods), ``legs`` (varnished wood,
    drawn with the rails' program for the grain)."""

    room: np.ndarray
    fixture: np.ndarray
    legs: np.ndarray


def lamp_positions(table: Table) -> np.ndarray:
    """(3, 3) lamp positions: a row of shades along the middle of the table, a third of its
    length apart, ``LAMP_HEIGHT`` above the bed."""
    spacing = table.length / 3
    return np.array([((k - 1) * spacing, 0.0, LAMP_HEIGHT) for k in range(3)])


def table_outer(table: Table) -> tuple[float, float]:
    """Half size of the table's outer edge (rails included)."""
    margin = table.cushion_width + table.rail_width
    return table.half_length + margin, table.half_width + margin


def room_half_size(table: Table) -> tuple[float, float]:
    ox, oy = table_outer(table)
    return ox + ROOM_MARGIN, oy + ROOM_MARGIN


def build_room(table: Table) -> RoomMeshes:
    ox, oy = table_outer(table)
    rx, ry = room_half_size(table)
    zf, zc = -FLOOR_DROP, CEILING
    floor = _panel(
        (-rx, -ry, zf),
        (2 * rx, 0, 0),
        (0, 2 * ry, 0),
        0.0,
        lambda p: _floor_color(p, ox, oy),
        FLOOR,
        cuts=(_floor_cuts(ox, rx), _floor_cuts(oy, ry)),
    )
    walls = []
    for origin, along in (
        ((rx, ry), (0, -2 * ry)),
        ((-rx, -ry), (0, 2 * ry)),
        ((-rx, ry), (2 * rx, 0)),
        ((rx, -ry), (-2 * rx, 0)),
    ):
        u = (*along, 0.0)
        walls.append(_panel((*origin, zf), u, (0, 0, WAINSCOT_HEIGHT), WALL_CELL, lambda p: WAINSCOT_COLOR))
        walls.append(
            _panel((*origin, zf + WAINSCOT_HEIGHT), u, (0, 0, zc - zf - WAINSCOT_HEIGHT), WALL_CELL, _wall_color)
        )
    ceiling = _panel((-rx, -ry, zc), (0, 2 * ry, 0), (2 * rx, 0, 0), 2.0, lambda p: CEILING_COLOR)
    # drawn without depth writes (renderer): each piece after what it stands in front of
    return RoomMeshes(
        room=np.concatenate([floor, *walls, _skirting(rx, ry), ceiling, _cue_rack(rx), _scoreboard(ry)]),
        fixture=_fixture(table),
        legs=_legs(table),
    )


def _panel(origin, u, v, cell: float, color, material: float = PLAIN, cuts=None) -> np.ndarray:
    """A flat rectangle ``origin + s u + t v`` (s, t in [0, 1]) as a grid of about ``cell``-sized
    squares (or cut at the fractions ``cuts = (s_cuts, t_cuts)``) facing ``u x v``
    (counter-clockwise seen from that side), coloured per vertex."""
    o, u, v = (np.asarray(a, dtype=np.float64) for a in (origin, u, v))
    if cuts is None:
        nu = max(1, int(round(np.linalg.norm(u) / cell)))
        nv = max(1, int(round(np.linalg.norm(v) / cell)))
        cuts = (np.linspace(0, 1, nu + 1), np.linspace(0, 1, nv + 1))
    s, t = np.meshgrid(*cuts, indexing="ij")
    grid = o + s[..., None] * u + t[..., None] * v
    a, b, c, d = grid[:-1, :-1], grid[1:, :-1], grid[1:, 1:], grid[:-1, 1:]
    tris = np.stack([a, b, c, a, c, d], axis=2).reshape(-1, 3)
    normal = np.cross(u, v)
    normal /= np.linalg.norm(normal)
    out = solid_vertices(tris, np.broadcast_to(normal, tris.shape), (0, 0, 0), material)
    out[:, 6:9] = np.array([color(p) for p in tris])
    return out


def _floor_cuts(outer: float, wall: float) -> np.ndarray:
    """Fractions along one side of the floor (from -wall to +wall) where it is cut: the wall,
    the rings outside the table, the table's outline and its middle."""
    lines = [0.0, outer] + [outer + d for d in FLOOR_RINGS if outer + d < wall - 0.1] + [wall]
    xs = np.array(sorted({*(-x for x in lines), *lines}))
    return (xs + wall) / (2 * wall)


def _floor_color(p, ox: float, oy: float) -> tuple[float, float, float]:
    """Floor boards, darker under the table and fading out from it (its body shades the lamps)."""
    d = max(abs(p[0]) - ox, abs(p[1]) - oy)  # > 0 outside the table's outline
    x = min(max((d + 0.35) / 1.4, 0.0), 1.0)
    shade = 0.28 + 0.72 * x * x * (3 - 2 * x)
    return tuple(c * shade for c in FLOOR_COLOR)


def _wall_color(p) -> tuple[float, float, float]:
    """The plain wall above the wainscot, darker towards the ceiling."""
    h = p[2] + FLOOR_DROP
    fade = 1.0 - 0.45 * (h - WAINSCOT_HEIGHT) / (CEILING + FLOOR_DROP - WAINSCOT_HEIGHT)
    return tuple(c * fade for c in WALL_COLOR)


def _skirting(rx: float, ry: float) -> np.ndarray:
    """A dark board along the foot of each wall: its face and its top edge."""
    d, h, zf = SKIRTING_DEPTH, SKIRTING_HEIGHT, -FLOOR_DROP
    parts = []
    for origin, along, inward in (
        ((rx, ry), (0, -2 * ry), (-1, 0)),
        ((-rx, -ry), (0, 2 * ry), (1, 0)),
        ((-rx, ry), (2 * rx, 0), (0, -1)),
        ((rx, -ry), (-2 * rx, 0), (0, 1)),
    ):
        o = (origin[0] + d * inward[0], origin[1] + d * inward[1], zf)
        u = (*along, 0.0)
        parts.append(_panel(o, u, (0, 0, h), WALL_CELL, lambda p: SKIRTING_COLOR))
        top = (origin[0], origin[1], zf + h)
        parts.append(
            _panel(top, u, (d * inward[0], d * inward[1], 0.0), 100.0, lambda p: tuple(1.3 * c for c in SKIRTING_COLOR))
        )
    return np.concatenate(parts)


def _box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float, color, material: float = PLAIN):
    return polygon_prism([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], z0, z1, color, material)


def _cue_rack(rx: float) -> np.ndarray:
    """A wall rack of eight cues on the end wall at +x, off to one side of the table's line
    (so it is not right behind the balls in the aim view from the head end): a back board, the
    cues standing in a foot rail and held by a clip rail."""
    zf, wall = -FLOOR_DROP, rx - SKIRTING_DEPTH
    half, z0, z1, mid = 0.42, zf + 0.35, zf + 1.75, RACK_OFFSET
    parts = [_box(wall - 0.02, wall, mid - half, mid + half, z0, z1, RACK_COLOR)]
    for k in range(8):
        y = mid - half + 0.07 + k * (2 * half - 0.14) / 7
        c, cx = 0.0065, wall - 0.045
        parts.append(_box(cx - c, cx + c, y - c, y + c, z0 + 0.05, z0 + 0.60, BUTT_COLOR))
        parts.append(_box(cx - 0.7 * c, cx + 0.7 * c, y - 0.7 * c, y + 0.7 * c, z0 + 0.60, z1 - 0.05, SHAFT_COLOR))
    parts.append(_box(wall - 0.08, wall - 0.02, mid - half, mid + half, z0, z0 + 0.08, RACK_COLOR))
    parts.append(_box(wall - 0.07, wall - 0.02, mid - half, mid + half, z1 - 0.30, z1 - 0.25, RACK_COLOR))
    return np.concatenate(parts)


def _scoreboard(ry: float) -> np.ndarray:
    """A bead scoreboard on the side wall at +y: a dark board in a frame, two wires of beads."""
    zf, wall = -FLOOR_DROP, ry - SKIRTING_DEPTH
    half, z0, z1 = 0.6, zf + 1.45, zf + 1.80
    parts = [
        _box(-half - 0.03, half + 0.03, wall - 0.02, wall, z0 - 0.03, z1 + 0.03, RACK_COLOR),
        _box(-half, half, wall - 0.025, wall - 0.02, z0, z1, BOARD_COLOR),
    ]
    for row, z in enumerate((z0 + 0.11, z1 - 0.11)):
        parts.append(_box(-half, half, wall - 0.05, wall - 0.045, z - 0.002, z + 0.002, (0.5, 0.48, 0.42)))
        for k in range(10):
            x = -half + 0.05 + k * 0.045 + (0.45 if k >= 7 - 3 * row else 0.0)  # some beads moved across
            parts.append(_box(x - 0.018, x + 0.018, wall - 0.065, wall - 0.03, z - 0.02, z + 0.02, BEAD_COLORS[row]))
    return np.concatenate(parts)


def _legs(table: Table) -> np.ndarray:
    """Square legs under the body's corners (and mid-length on long tables), with a foot."""
    ox, oy = table_outer(table)
    inset, half = 0.2, 0.065
    xs = [-ox + inset, ox - inset] + ([0.0] if table.length > 3.0 else [])
    parts = []
    for x in xs:
        for y in (-oy + inset, oy - inset):
            square = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
            parts.append(polygon_prism(square, -FLOOR_DROP + 0.05, -BODY_DEPTH, BODY_COLOR, VARNISH, top=False))
            foot = [
                (x - 1.3 * half, y - 1.3 * half),
                (x + 1.3 * half, y - 1.3 * half),
                (x + 1.3 * half, y + 1.3 * half),
                (x - 1.3 * half, y + 1.3 * half),
            ]
            parts.append(polygon_prism(foot, -FLOOR_DROP, -FLOOR_DROP + 0.05, (0.08, 0.05, 0.03), WOOD))
    return np.concatenate(parts)


def _fixture(table: Table) -> np.ndarray:
    """Three conical shades (green outside, glowing inside), the bar holding them, two rods up
    to the ceiling."""
    parts = []
    (r0, r1), lamps = SHADE_RADIUS, lamp_positions(table)
    for x, y, _ in lamps:
        outer = lathe([(SHADE_RIM, r0, SHADE_COLOR, PLAIN), (SHADE_TOP, r1, SHADE_COLOR, PLAIN)], 24)
        inner = lathe([(SHADE_TOP, 0.985 * r1, SHADE_GLOW, UNLIT), (SHADE_RIM, 0.985 * r0, SHADE_GLOW, UNLIT)], 24)
        bulb = _disc_down(0.6 * r1, SHADE_TOP - 0.005, 12)
        for part in (outer, inner, bulb):
            part[:, 0] += x
            part[:, 1] += y
            parts.append(part)
    end = table.length / 3 + 0.12
    bar = [(-end, -0.025), (end, -0.025), (end, 0.025), (-end, 0.025)]
    parts.append(polygon_prism(bar, SHADE_TOP, SHADE_TOP + 0.05, BAR_COLOR))
    for x in (-table.length / 3, table.length / 3):
        rod = [(x - 0.006, -0.006), (x + 0.006, -0.006), (x + 0.006, 0.006), (x - 0.006, 0.006)]
        parts.append(polygon_prism(rod, SHADE_TOP + 0.05, CEILING, (0.15, 0.13, 0.1), top=False))
    return np.concatenate(parts)


def fixture_bounds(table: Table) -> np.ndarray:
    """(8, 3) corners of a box holding the fixture (to skip it when it is out of view)."""
    end = table.length / 3 + SHADE_RADIUS[0]
    return np.array(
        [(x, y, z) for x in (-end, end) for y in (-SHADE_RADIUS[0], SHADE_RADIUS[0]) for z in (SHADE_RIM, CEILING)]
    )


def _disc_down(radius: float, z: float, segments: int = 24) -> np.ndarray:
    """The bulb's bright disc at the top inside a shade, facing down."""
    ang = np.linspace(0.0, 2 * math.pi, segments + 1)
    rim = np.column_stack([radius * np.cos(ang), radius * np.sin(ang), np.full(len(ang), z)])
    mid = np.broadcast_to([0.0, 0.0, z], rim[:-1].shape)
    tris = np.stack([mid, rim[1:], rim[:-1]], axis=1).reshape(-1, 3)
    return solid_vertices(tris, np.tile((0.0, 0.0, -1.0), (len(tris), 1)), (1.0, 1.0, 1.0), UNLIT)
