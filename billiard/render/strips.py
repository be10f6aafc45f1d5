"""Flat strips along polylines: the aim aids and paths on the bed, and the marks drawn in the
picture's pixels (spin arrows), as triangles ready for one draw call."""

from __future__ import annotations

import numpy as np

from billiard.render.scene import Polyline

OVERLAY_LIFT = 0.0015  # m above the bed for lines


def ribbons(lines: list[Polyline]) -> np.ndarray:
    """Triangles of flat strips (each line's width and colour) along polylines, just above the
    bed: (n, 7) position and RGBA, all lines in one pass."""
    tris, color = strips(
        [
            np.asarray(line.points, dtype=np.float64)[:, :2] if np.ndim(line.points) == 2 else np.zeros((0, 2))
            for line in lines
        ],
        [line.width for line in lines],
        [line.color for line in lines],
    )
    out = np.empty((len(tris), 6, 7))
    out[:, :, 0:2] = tris
    out[:, :, 2] = OVERLAY_LIFT
    out[:, :, 3:7] = color[:, None, :]
    return out.reshape(-1, 7)


def strips(parts: list[np.ndarray], widths: list[float], colors: list) -> tuple[np.ndarray, np.ndarray]:
    """Two triangles (m, 6, 2) per segment of each 2D polyline in ``parts``, ``widths[k]``
    wide, and each segment's colour (m, 4): the bed's paths and the picture's marks alike."""
    keep = [k for k, p in enumerate(parts) if p.ndim == 2 and len(p) >= 2]
    if not keep:
        return np.zeros((0, 6, 2)), np.zeros((0, 4))
    counts = [len(parts[k]) - 1 for k in keep]
    a = np.concatenate([parts[k][:-1, :2] for k in keep])
    b = np.concatenate([parts[k][1:, :2] for k in keep])
    half = np.repeat([widths[k] / 2 for k in keep], counts)
    color = np.repeat([colors[k] for k in keep], counts, axis=0)
    seg = b - a
    length = np.hypot(seg[:, 0], seg[:, 1])
    ok = length > 1e-9
    a, b, color = a[ok], b[ok], color[ok]
    side = seg[ok][:, ::-1] * (half[ok] / length[ok])[:, None] * (-1.0, 1.0)
    tris = np.stack([a - side, b - side, b + side, a - side, b + side, a + side], axis=1)
    return tris, np.asarray(color, dtype=np.float64).reshape(-1, 4)
