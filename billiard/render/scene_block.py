"""The uniform block ``Scene`` that every program shares (binding 1; pyglet text uses 0):
the camera's part (80 bytes: view-projection, eye, size of a pixel at 1 m) written each
frame, and the table's part after it (lamps, ambient light, pocket holes, the cloth's
colour, the room's measures and the shades' glow) written once per table. The layout is the
``Scene`` block of ``shaders/scene.glsl``."""

from __future__ import annotations

import math

import numpy as np

from billiard.render.camera import Camera
from billiard.render.room import (
    CEILING,
    FLOOR_DROP,
    SHADE_GLOW,
    SHADE_RADIUS,
    SHADE_RIM,
    lamp_positions,
    room_half_size,
)
from billiard.table.model import Table

SCENE_BINDING = 1
CAMERA_BYTES = 80
BLOCK_BYTES = 400
ENV_EYE_HEIGHT = 0.03  # m: the environment map is seen from the table's middle at a ball's centre
CLOTH_COLORS = {"snooker": (0.10, 0.40, 0.16), "carom": (0.12, 0.36, 0.62)}
POOL_CLOTH = (0.05, 0.35, 0.23)
SHADE_BRIGHTNESS = 3.0  # the shades' glowing insides as the balls mirror them (linear)
CLOTH_LIGHT = 0.9  # the lamps' light on the bed, for the cloth's bounce and reflection
MAX_POCKETS = 8
LAMP_COLOR = (1.05, 1.0, 0.92)
AMBIENT = (0.16, 0.16, 0.17)


def cloth_color(table: Table) -> tuple[float, float, float]:
    """The bed's colour (sRGB) for the table's ball set: green pool and snooker, blue carom."""
    return CLOTH_COLORS.get(table.ball_set, POOL_CLOTH)


def lamps(table: Table) -> np.ndarray:
    """(3, 4) lamp positions (x, y, z, 0): inside the shades of the room's fixture."""
    return np.column_stack([lamp_positions(table), np.zeros(3)])


def camera_block(camera: Camera, size: tuple[int, int], eye=None) -> bytes:
    """The camera's part for a picture of ``size`` pixels."""
    data = np.empty(20, "f4")
    data[0:16] = camera.view_projection(size).T.ravel()
    data[16:19] = camera.eye() if eye is None else eye
    data[19] = 2.0 * math.tan(math.radians(camera.fov_deg) / 2) / size[1]
    return data.tobytes()


def table_block(table: Table) -> bytes:
    """The table's part (written at offset ``CAMERA_BYTES``)."""
    data = np.zeros(80, "f4")
    data[0:12] = lamps(table).ravel()
    for k in range(3):
        data[12 + 4 * k : 15 + 4 * k] = LAMP_COLOR
    data[24:27] = AMBIENT
    for k, p in enumerate(table.pockets[:MAX_POCKETS]):
        data[28 + 4 * k : 31 + 4 * k] = (p.center[0], p.center[1], p.radius)
    data[64:67] = np.asarray(cloth_color(table)) ** 2 * CLOTH_LIGHT
    cw = table.cushion_width
    data[68:72] = (table.half_length + cw, table.half_width + cw, -FLOOR_DROP, SHADE_RIM)
    data[72] = SHADE_RADIUS[0]
    data[73:76] = np.asarray(SHADE_GLOW) ** 2 * SHADE_BRIGHTNESS
    rx, ry = room_half_size(table)
    data[76:80] = (rx, ry, CEILING, ENV_EYE_HEIGHT)
    raw = bytearray(data.tobytes())
    raw[240:256] = np.array([min(len(table.pockets), MAX_POCKETS), 0, 0, 0], "i4").tobytes()
    return bytes(raw)
