"""Table geometry for drawing, built from any :class:`~billiard.table.model.Table`: the cloth
bed, cloth-covered cushions cut at the pocket mouths, wooden rails with diamond sights, the
table body, and each pocket as a dark shaft (wall and floor) the balls can drop into.

The bed and the rails are whole pieces; the pocket holes are made with ``holes``: discs
drawn into the depth buffer only, just above the bed and the rail tops, after the pocket
shafts and before the bed and rails, which then fail the depth test inside the circles.
That keeps ``discard`` out of the big shaders (software GL loses early depth tests with it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.render.bed_marks import bed_marks
from billiard.render.geometry import UNLIT, VARNISH, WOOD, disc, extrude_profile, polygon_prism, solid_vertices
from billiard.render.obstacle_mesh import obstacle_vertices
from billiard.table.model import Pocket, Table
from billiard.table.pocket_style import POOL_POCKETS, facing_turn

WOOD_COLOR = (0.42, 0.20, 0.09)
BODY_COLOR = (0.22, 0.10, 0.05)
DIAMOND_COLOR = (0.93, 0.92, 0.86)
LINER_COLOR = (0.05, 0.045, 0.04)
POCKET_LEATHER = (0.36, 0.20, 0.10)  # the pocket's leather cup, as lit at its rim
# Light reaching into a pocket falls off with depth (ambient occlusion, done by hand): the
# leather's brightness at the rim, at a ball's depth under the bed and at the bottom.
POCKET_AO = ((0.0, 0.55), (-0.03, 0.22), (None, 0.04))
BODY_DEPTH = 0.28  # m of table body drawn below the rails
HOLE_LIFT = 0.0002  # m: hole discs sit just above the surface they cut
RIM_SEGMENTS = 48  # hole discs, shaft walls and liners share one polygon, so no sliver of
# rail shows between them at the rim (speckle at grazing angles)


@dataclass(frozen=True)
class TableMeshes:
    """Vertex arrays: ``bed`` and ``cushions`` (position, normal: cloth program), ``solids``
    (SOLID_LAYOUT: the wooden rails and the pocket liners on them: grain and highlights per
    fragment), ``flats`` (SOLID_LAYOUT: table body, diamond sights and the marks on the cloth,
    lit per vertex only),
    ``pockets`` (SOLID_LAYOUT, unlit: shafts and floors) and ``holes`` (positions (n, 3):
    depth-only discs over the pocket circles)."""

    bed: np.ndarray
    cushions: np.ndarray
    solids: np.ndarray
    flats: np.ndarray
    pockets: np.ndarray
    holes: np.ndarray


def build_table(table: Table) -> TableMeshes:
    hl, hw = table.half_length, table.half_width
    cw, rw = table.cushion_width, table.rail_width
    rail_top = table.cushion_height + 0.006
    bed = _grid(hl + cw, hw + cw, 0.0, 0.08)
    cushions = _cushions(table, rail_top)[:, :6]
    pockets = [_pocket(p, rail_top) for p in table.pockets]
    liners = [_liner(p, rail_top, (hl + cw, hw + cw)) for p in table.pockets]
    holes = [
        disc(p.center, p.radius, z, (0, 0, 0), RIM_SEGMENTS)[:, :3]
        for p in table.pockets
        for z in (HOLE_LIFT, rail_top + HOLE_LIFT)
    ]
    return TableMeshes(
        bed=bed,
        cushions=np.ascontiguousarray(cushions),
        solids=np.concatenate(
            [_rails(hl + cw, hw + cw, rw, rail_top), *liners, _body(hl + cw + rw, hw + cw + rw, rw, table.pockets)]
        ),
        flats=np.concatenate([_diamonds(table, rail_top), bed_marks(table), obstacle_vertices(table)]),
        pockets=np.concatenate(pockets) if pockets else np.zeros((0, 10), "f4"),
        holes=np.concatenate(holes).astype("f4") if holes else np.zeros((0, 3), "f4"),
    )


def _grid(hx: float, hy: float, z: float, cell: float) -> np.ndarray:
    """A flat rectangle as a grid of about ``cell``-sized squares, facing up (position, normal)."""
    xs = np.linspace(-hx, hx, max(2, int(2 * hx / cell) + 1))
    ys = np.linspace(-hy, hy, max(2, int(2 * hy / cell) + 1))
    x0, y0 = np.meshgrid(xs[:-1], ys[:-1], indexing="ij")
    x1, y1 = np.meshgrid(xs[1:], ys[1:], indexing="ij")
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)]
    pts = np.stack([np.stack([cx.ravel(), cy.ravel()], axis=1) for cx, cy in corners], axis=1).reshape(-1, 2)
    out = np.zeros((len(pts), 6), "f4")
    out[:, 0:2], out[:, 2], out[:, 5] = pts, z, 1.0
    return out


def _sides(table: Table):
    """The four cushion lines: (name, origin on the nose line, unit direction, outward normal,
    half length, coordinate of the pocket centres along the line)."""
    hl, hw = table.half_length, table.half_width
    return (
        ((0.0, hw), (1.0, 0.0), (0.0, 1.0), hl, lambda p: p.center[0], lambda p: p.center[1] > hw - 1e-3),
        ((0.0, -hw), (1.0, 0.0), (0.0, -1.0), hl, lambda p: p.center[0], lambda p: p.center[1] < -hw + 1e-3),
        ((hl, 0.0), (0.0, 1.0), (1.0, 0.0), hw, lambda p: p.center[1], lambda p: p.center[0] > hl - 1e-3),
        ((-hl, 0.0), (0.0, 1.0), (-1.0, 0.0), hw, lambda p: p.center[1], lambda p: p.center[0] < -hl + 1e-3),
    )


def _gaps(pockets: list[Pocket], half: float, coord) -> list[tuple[float, float, Pocket]]:
    """Intervals of a cushion line left open by pockets: corner pockets take ``mouth/sqrt2`` from
    the end of the line (their mouth is across the corner), side pockets ``mouth`` centred."""
    gaps = []
    for p in pockets:
        c = coord(p)
        if p.kind == "corner":
            end = math.copysign(half, c) if abs(c) > 1e-9 else half
            cut = p.mouth / math.sqrt(2)
            gaps.append((end - cut, end + 1.0, p) if end > 0 else (end - 1.0, end + cut, p))
        else:
            gaps.append((c - p.mouth / 2, c + p.mouth / 2, p))
    return sorted(gaps, key=lambda g: g[:2])


def _cushions(table: Table, rail_top: float) -> np.ndarray:
    """Cloth-covered rubber: nose at ``cushion_height``, undercut face, flat top up to the rail.
    Jaws at pocket mouths are cut along the physics facings (the pocket's ``facing_deg``)."""
    cw, h = table.cushion_width, table.cushion_height
    profile = [(0.0, h), (0.35 * cw, 0.0), (cw, 0.0), (cw, rail_top), (0.12 * cw, rail_top)]
    parts = []
    for origin, along, outward, half, coord, on_side in _sides(table):
        gaps = _gaps([p for p in table.pockets if on_side(p)], half, coord)
        start, start_pocket = -half - cw, None
        for g0, g1, pocket in gaps + [(half + cw, half + cw + 1.0, None)]:
            if g0 > start + 1e-4:
                s0, s1 = max(start, -half - cw), min(g0, half + cw)
                parts.append(
                    extrude_profile(
                        profile,
                        origin,
                        along,
                        outward,
                        s0,
                        s1,
                        _jaw(start_pocket),
                        _jaw(pocket),
                        pieces=max(1, int((s1 - s0) / 0.1)),
                    )
                )
            start, start_pocket = max(start, g1), pocket
    return np.concatenate(parts)


def _jaw(pocket: Pocket | None):
    """End shift of each profile point (u outward from the nose) toward the pocket: the facing
    turns ``beta`` from the nose (:func:`facing_turn`), so it runs ``u / tan(beta)`` along the
    nose while it goes ``u`` out. A pocket built without a facing angle is drawn as WPA's."""
    if pocket is None:
        return None
    angle = pocket.facing_deg if pocket.facing_deg is not None else POOL_POCKETS.facing_deg(pocket.kind)
    slope = 1.0 / math.tan(facing_turn(angle))
    return lambda u: u * slope


def _rails(hx: float, hy: float, rw: float, top: float) -> np.ndarray:
    """Four wooden rails: top, outer and bottom faces, cut every 10 cm along their length for
    per-vertex lamp light."""
    ox = hx + rw
    profile = [(0.0, -0.06), (rw, -0.06), (rw, top), (0.0, top)]
    sides = [
        ((0.0, hy), (1.0, 0.0), (0.0, 1.0), ox),
        ((0.0, -hy), (1.0, 0.0), (0.0, -1.0), ox),
        ((hx, 0.0), (0.0, 1.0), (1.0, 0.0), hy),
        ((-hx, 0.0), (0.0, 1.0), (-1.0, 0.0), hy),
    ]
    rails = []
    for origin, along, outward, half in sides:
        rail = extrude_profile(
            profile,
            origin,
            along,
            outward,
            -half,
            half,
            color=WOOD_COLOR,
            material=VARNISH,
            pieces=max(1, int(2 * half / 0.1)),
        )
        # no inner face (u = 0): the cushions hide it from the table, and inside a pocket's
        # shaft (where the cushion is cut away) it showed as a wooden sliver through the mouth
        u = (rail[:, 0:2] - np.asarray(origin)) @ np.asarray(outward, dtype=np.float64)
        inner = (np.abs(u) < 1e-6).reshape(-1, 3).all(axis=1).repeat(3)
        rails.append(rail[~inner])
    mesh = np.concatenate(rails)
    mesh[np.abs(mesh[:, 5]) < 0.9, 9] = WOOD  # varnish highlights on the tops only
    return mesh


def _body(ox: float, oy: float, rw: float, pockets=()) -> np.ndarray:
    """The table body below the rails (the apron: outer half size ``ox``, ``oy``), varnished wood
    set in a little, but never so far that a pocket's shaft would stick out of it."""
    inset = 0.35 * rw
    for p in pockets:
        inset = min(inset, ox - abs(p.center[0]) - p.radius, oy - abs(p.center[1]) - p.radius)
    inset = max(inset, 0.0)
    return polygon_prism(
        [(-ox + inset, -oy + inset), (ox - inset, -oy + inset), (ox - inset, oy - inset), (-ox + inset, oy - inset)],
        -BODY_DEPTH,
        -0.06,
        BODY_COLOR,
        VARNISH,
        top=False,
    )


def _diamonds(table: Table, top: float) -> np.ndarray:
    """Sights on the rail tops: every eighth of the length (not over side pockets), quarter of the width."""
    hl, hw = table.half_length, table.half_width
    mid = table.cushion_width + table.rail_width / 2
    side_pockets = [p.center[0] for p in table.pockets if p.kind == "side"]
    spots = []
    for k in range(-3, 4):
        x = k * table.length / 8
        if any(abs(x - c) < 0.05 for c in side_pockets):
            continue
        spots += [(x, hw + mid, 0.0), (x, -hw - mid, 0.0)]
    for k in (-1, 0, 1):
        y = k * table.width / 4
        spots += [(hl + mid, y, math.pi / 2), (-hl - mid, y, math.pi / 2)]
    size = min(0.012, table.rail_width * 0.18)
    parts = []
    for x, y, rot in spots:
        c, s = math.cos(rot), math.sin(rot)
        corners = [(size * 1.6, 0.0), (0.0, size * 0.7), (-size * 1.6, 0.0), (0.0, -size * 0.7)]
        pts = [(x + c * u - s * v, y + s * u + c * v) for u, v in corners]
        parts.append(polygon_prism(pts, top - 0.001, top + 0.0006, DIAMOND_COLOR))
    return np.concatenate(parts)


def _pocket(p: Pocket, rail_top: float, segments: int = RIM_SEGMENTS) -> np.ndarray:
    """The pocket: a leather cup, an inward-facing wall from the rail top to ``depth`` below the
    bed and a floor, unlit, its brightness falling with depth (``POCKET_AO``)."""
    cx, cy = p.center
    centre = np.array([cx, cy])
    ang = np.linspace(0.0, 2 * math.pi, segments + 1)
    ring = np.column_stack([np.cos(ang), np.sin(ang)])
    wall_r = 1.004 * p.radius  # just outside the hole disc: nothing is seen past it
    levels = [(rail_top, POCKET_AO[0][1]), (POCKET_AO[1][0], POCKET_AO[1][1]), (-p.depth, POCKET_AO[2][1])]
    levels = [lv for k, lv in enumerate(levels) if k != 1 or -p.depth < lv[0] < rail_top]
    parts = []
    for (z0, k0), (z1, k1) in zip(levels[:-1], levels[1:]):
        a = np.column_stack([centre + wall_r * ring, np.full(len(ring), z0)])
        b = np.column_stack([centre + wall_r * ring, np.full(len(ring), z1)])
        tris = np.stack([a[:-1], b[:-1], b[1:], a[:-1], b[1:], a[1:]], axis=1).reshape(-1, 3)
        wall = solid_vertices(tris, np.zeros_like(tris), np.multiply(POCKET_LEATHER, k0), UNLIT)
        wall[np.isclose(tris[:, 2], z1), 6:9] = np.multiply(POCKET_LEATHER, k1)
        parts.append(wall)
    floor = disc((cx, cy), p.radius, -p.depth, np.multiply(POCKET_LEATHER, levels[-1][1]), segments, UNLIT)
    return np.concatenate([*parts, floor])


def _liner(p: Pocket, rail_top: float, inner: tuple[float, float]) -> np.ndarray:
    """A leather liner on the rail around the pocket hole (``inner``: half size of the cloth
    area, where no liner is drawn)."""
    centre = np.asarray(p.center, dtype=np.float64)
    outer = p.radius + 0.012
    fine = np.linspace(0.0, 2 * math.pi, RIM_SEGMENTS + 1)
    fine_ring = np.column_stack([np.cos(fine), np.sin(fine)])
    # the liner overlaps the hole disc a little (it lies above it), covering the rim's edge
    liner = np.stack([centre + 0.99 * p.radius * fine_ring, centre + outer * fine_ring], axis=1)
    tris = []
    for i in range(len(fine) - 1):
        a, b, c, d = liner[i, 0], liner[i, 1], liner[i + 1, 1], liner[i + 1, 0]
        mid = (a + b + c + d) / 4
        if abs(mid[0]) < inner[0] and abs(mid[1]) < inner[1]:
            continue  # only on the rail, never over the cloth
        z = rail_top + 0.0005  # just above the rail top
        tris += [(*a, z), (*b, z), (*c, z), (*a, z), (*c, z), (*d, z)]
        # its inner edge turns down into the hole: at grazing angles the thin slot between the
        # liner and the rail top under it showed the rail as a dotted line along the rim
        lo = rail_top - 0.004
        tris += [(*a, z), (*d, z), (*d, lo), (*a, z), (*d, lo), (*a, lo)]
    return solid_vertices(np.reshape(tris, (-1, 3)), [(0, 0, 1)] * len(tris), LINER_COLOR, VARNISH)
