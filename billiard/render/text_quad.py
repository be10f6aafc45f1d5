"""Screen text as a textured quad: Pillow draws the lines (shipped DejaVu Sans Bold) into
an RGBA texture, re-uploaded only when the text changes; the quad is placed in pixels.
Used where no pyglet window exists (benchmarks, headless pictures)."""
from __future__ import annotations

import moderngl
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from billiard.render.programs import load_program
from billiard.resources import resource_path

TEXT_UNIT = 3


class TextQuad:
    def __init__(self, ctx: moderngl.Context, font_px: int = 18):
        self.ctx = ctx
        self.font = ImageFont.truetype(str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")), font_px)
        self.prog = load_program(ctx, "hud")
        self.prog["u_image"] = TEXT_UNIT
        self._buf = ctx.buffer(reserve=6 * 4 * 4, dynamic=True)
        self._vao = ctx.vertex_array(self.prog, [(self._buf, "2f 2f", "a_pos", "a_uv")])
        self._text: str | None = None
        self._tex: moderngl.Texture | None = None

    def set_text(self, text: str) -> None:
        """Redraw the texture when ``text`` (lines separated by newlines) differs from the last one."""
        if text == self._text:
            return
        self._text = text
        left, top, right, bottom = ImageDraw.Draw(Image.new("L", (1, 1))).multiline_textbbox((0, 0), text, font=self.font)
        pad = 6
        img = Image.new("RGBA", (max(1, right + 2 * pad), max(1, bottom + 2 * pad)), (0, 0, 0, 140))
        ImageDraw.Draw(img).multiline_text((pad, pad), text, font=self.font, fill=(255, 255, 255, 255))
        if self._tex is None or self._tex.size != img.size:
            if self._tex is not None:
                self._tex.release()
            self._tex = self.ctx.texture(img.size, 4)
        self._tex.write(np.ascontiguousarray(np.asarray(img)[::-1]).tobytes())

    def draw(self, x: float, y: float, screen: tuple[int, int]) -> None:
        """Draw with the top-left corner at pixel (x, y) from the top left of ``screen``."""
        if self._tex is None:
            return
        w, h = self._tex.size
        quad = np.array([(x, y + h, 0, 0), (x + w, y + h, 1, 0), (x + w, y, 1, 1),
                         (x, y + h, 0, 0), (x + w, y, 1, 1), (x, y, 0, 1)], "f4")
        self._buf.write(quad.tobytes())
        self.prog["u_screen"] = (float(screen[0]), float(screen[1]))
        self._tex.use(TEXT_UNIT)
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.ctx.enable(moderngl.BLEND)
        self._vao.render()
        self.ctx.disable(moderngl.BLEND)
