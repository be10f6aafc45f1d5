"""Mipmap chains made on the CPU, for a window that can upload them level by level.

``glGenerateMipmap`` makes llvmpipe (Mesa's software OpenGL, the game's renderer on machines
without a GPU) compile a blit shader for each kind of texture, once per GL context: ~50-65 ms
of CPU for the ball numbers and as much for the environment cube map, each time a window or a
quality change makes a renderer (issue 28). A 2x2 box filter on the CPU costs ~1 ms for those
sizes; a :data:`LevelWriter` (the window shell's, ``billiard.shell.gl_levels``) uploads the
levels. Without one, the texture's own ``build_mipmaps`` (the driver's filter) runs as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

# (texture kind: "2d" or a cube face 0-5, the texture's GL name, its components, the levels
# from 1 on, each (height, width, components) uint8) -> True once written (False: it could not,
# and the texture's own build_mipmaps() makes them instead)
LevelWriter = Callable[[str | int, int, int, Sequence[np.ndarray]], bool]


def box_chain(level0: np.ndarray) -> list[np.ndarray]:
    """Levels 1.. of ``level0`` ((height, width[, components]) uint8, power-of-two sides), each
    half the size of the one before down to 1x1: the mean of each 2x2 block, rounded (the box
    filter that Mesa's mipmap generation computes)."""
    img = level0 if level0.ndim == 3 else level0[:, :, None]
    levels: list[np.ndarray] = []
    acc = img.astype(np.uint32)
    while acc.shape[0] > 1 or acc.shape[1] > 1:
        h, w = max(1, acc.shape[0] // 2), max(1, acc.shape[1] // 2)
        a = acc[: h * 2 if acc.shape[0] > 1 else 1, : w * 2 if acc.shape[1] > 1 else 1]
        rows = a[0::2] + a[1::2] if a.shape[0] > 1 else 2 * a
        both = rows[:, 0::2] + rows[:, 1::2] if rows.shape[1] > 1 else 2 * rows
        acc = (both + 2) // 4
        levels.append(np.ascontiguousarray(acc.astype(np.uint8)))
    return levels
