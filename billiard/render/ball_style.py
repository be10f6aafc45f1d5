"""How each ball looks: base colour, pattern and number, from its id (pool, snooker, carom),
and the atlas of number discs drawn with Pillow and the shipped DejaVu Sans Bold font."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from billiard.resources import resource_path

PLAIN, SOLID, STRIPE, SPOTTED = 0, 1, 2, 3  # pattern codes read by shaders/ball.frag
ATLAS_CELLS = 4  # 4 x 4 cells: numbers 0..15
ATLAS_CELL_PX = 128  # a number disc stays sharp filling a tenth of a 1080p picture

_POOL = {
    1: (0.97, 0.76, 0.05),
    2: (0.06, 0.20, 0.70),
    3: (0.85, 0.08, 0.07),
    4: (0.33, 0.10, 0.55),
    5: (0.98, 0.42, 0.04),
    6: (0.04, 0.45, 0.20),
    7: (0.50, 0.07, 0.07),
    8: (0.03, 0.03, 0.03),
}
_NAMED = {
    "cue": ((0.96, 0.95, 0.90), SPOTTED),
    "white": ((0.96, 0.95, 0.90), SPOTTED),
    "yellow": ((0.97, 0.80, 0.08), PLAIN),
    "red": ((0.80, 0.05, 0.05), PLAIN),
    "green": ((0.02, 0.42, 0.16), PLAIN),
    "brown": ((0.40, 0.20, 0.07), PLAIN),
    "blue": ((0.05, 0.20, 0.72), PLAIN),
    "pink": ((0.98, 0.50, 0.64), PLAIN),
    "black": ((0.03, 0.03, 0.03), PLAIN),
}
UNKNOWN_COLOR = (0.6, 0.6, 0.62)


def ball_style(ball_id: str) -> tuple[tuple[float, float, float], int, int]:
    """(sRGB colour, pattern, number) of a ball id; unknown ids get a plain grey ball."""
    if ball_id.isdigit() and 1 <= int(ball_id) <= 15:
        n = int(ball_id)
        return _POOL[n if n <= 8 else n - 8], SOLID if n <= 8 else STRIPE, n
    if ball_id.startswith("red-"):
        return _NAMED["red"][0], PLAIN, 0
    color, pattern = _NAMED.get(ball_id, (UNKNOWN_COLOR, PLAIN))
    return color, pattern, 0


def styles(ids) -> np.ndarray:
    """(N, 5) float32 per-ball style: r, g, b, pattern, number."""
    out = np.empty((len(ids), 5), dtype="f4")
    for i, bid in enumerate(ids):
        color, pattern, number = ball_style(str(bid))
        out[i] = (*color, pattern, number)
    return out


@lru_cache(maxsize=1)
def number_atlas() -> Image.Image:
    """A 512x512 greyscale image; cell n (row-major from the top left) holds number n in
    black-on-white coverage (255 = ink), centred, for the white disc of pool balls."""
    size = ATLAS_CELLS * ATLAS_CELL_PX
    img = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(img)
    for n in range(1, 16):
        text = str(n)
        font = ImageFont.truetype(
            str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")), int(ATLAS_CELL_PX * (0.62 if n < 10 else 0.5))
        )
        cx = (n % ATLAS_CELLS + 0.5) * ATLAS_CELL_PX
        cy = (n // ATLAS_CELLS + 0.5) * ATLAS_CELL_PX
        draw.text((cx, cy), text, fill=255, font=font, anchor="mm")
        if n in (6, 9):  # underline tells 6 from 9 when the ball turns
            w = ATLAS_CELL_PX * 0.22
            y = cy + ATLAS_CELL_PX * 0.27
            draw.rectangle((cx - w, y, cx + w, y + ATLAS_CELL_PX * 0.05), fill=255)
    return img
