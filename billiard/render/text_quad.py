"""Screen text from a glyph atlas: Pillow draws printable ASCII once (shipped DejaVu Sans
Bold) into an RGBA texture, and each text is a batch of quads, one per character, on a
translucent dark panel. Changing the text costs a few numpy operations, not a redraw, so a
HUD line that changes every frame (the power while pulling) stays cheap.
Used where no pyglet window exists (benchmarks, headless pictures)."""
from __future__ import annotations

import math

import moderngl
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from billiard.render.programs import load_program
from billiard.resources import resource_path

TEXT_UNIT = 3
FIRST, LAST = 32, 126              # printable ASCII; anything else is drawn as '?'
COLUMNS = 16
PAD = 6                            # panel margin around the text, pixels
PANEL_RGBA = (0, 0, 0, 140)


class TextQuad:
    def __init__(self, ctx: moderngl.Context, font_px: int = 18):
        self.ctx = ctx
        font = ImageFont.truetype(str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")), font_px)
        ascent, descent = font.getmetrics()
        self.line_h = ascent + descent
        chars = [chr(c) for c in range(FIRST, LAST + 1)]
        self.advance = np.array([round(font.getlength(c)) for c in chars] + [0], dtype=np.float32)
        self.cell = (int(self.advance.max()) + 2, self.line_h)
        rows = math.ceil((len(chars) + 1) / COLUMNS)
        atlas = Image.new("RGBA", (COLUMNS * self.cell[0], rows * self.cell[1]), (255, 255, 255, 0))
        draw = ImageDraw.Draw(atlas)
        for k, ch in enumerate(chars):
            draw.text(self._cell_origin(k), ch, font=font, fill=(255, 255, 255, 255))
        self._panel = len(chars)                          # the last cell: solid panel colour
        x, y = self._cell_origin(self._panel)
        draw.rectangle((x, y, x + self.cell[0] - 1, y + self.cell[1] - 1), fill=PANEL_RGBA)
        self._atlas_size = atlas.size
        self._tex = ctx.texture(atlas.size, 4, np.ascontiguousarray(np.asarray(atlas)[::-1]).tobytes())
        self._tex.filter = (moderngl.NEAREST, moderngl.NEAREST)
        self.prog = load_program(ctx, "hud")
        self.prog["u_image"] = TEXT_UNIT
        self._buf = ctx.buffer(reserve=256 * 6 * 16, dynamic=True)
        self._vao = ctx.vertex_array(self.prog, [(self._buf, "2f 2f", "a_pos", "a_uv")])
        self._text: str | None = None
        self._quads = np.zeros((0, 6, 4), np.float32)

    def _cell_origin(self, k: int) -> tuple[int, int]:
        return (k % COLUMNS) * self.cell[0], (k // COLUMNS) * self.cell[1]

    def set_text(self, text: str) -> None:
        """Lay out ``text`` (lines separated by newlines) when it differs from the last one."""
        if text == self._text:
            return
        self._text = text
        lines = text.split("\n")
        codes, xs, ys, width = [], [], [], 0.0
        for row, line in enumerate(lines):
            c = np.frombuffer(line.encode("ascii", "replace"), np.uint8).astype(np.int64) - FIRST
            c[(c < 0) | (c > LAST - FIRST)] = ord("?") - FIRST
            right = np.cumsum(self.advance[c])
            codes.append(c)
            xs.append(PAD + right - self.advance[c])
            ys.append(np.full(len(c), PAD + row * self.line_h, np.float32))
            width = max(width, float(right[-1]) if len(right) else 0.0)
        codes, xs, ys = np.concatenate(codes), np.concatenate(xs), np.concatenate(ys)
        panel = (0.0, 0.0, width + 2 * PAD, len(lines) * self.line_h + 2 * PAD)
        self._quads = np.concatenate([self._quad_rows(np.array([self._panel]), *(np.array([v]) for v in panel)),
                                      self._quad_rows(codes, xs, ys, xs + self.cell[0], ys + self.cell[1])])

    def _quad_rows(self, cells, x0, y0, x1, y1) -> np.ndarray:
        """(n, 6, 4) vertices (x, y from the top left; u, v) of the quads showing atlas ``cells``."""
        w, h = self._atlas_size
        u0 = (cells % COLUMNS) * self.cell[0] / w
        u1 = u0 + self.cell[0] / w
        v1 = 1.0 - (cells // COLUMNS) * self.cell[1] / h            # the atlas is stored flipped
        v0 = v1 - self.cell[1] / h
        corners = [(x0, y1, u0, v0), (x1, y1, u1, v0), (x1, y0, u1, v1),
                   (x0, y1, u0, v0), (x1, y0, u1, v1), (x0, y0, u0, v1)]
        return np.stack([np.stack(c, axis=-1) for c in corners], axis=1).astype(np.float32)

    def draw(self, x: float, y: float, screen: tuple[int, int]) -> None:
        """Draw with the panel's top-left corner at pixel (x, y) from the top left of ``screen``."""
        if not len(self._quads):
            return
        verts = self._quads.reshape(-1, 4).copy()
        verts[:, 0] += round(x)
        verts[:, 1] += round(y)
        raw = verts.tobytes()
        if len(raw) > self._buf.size:
            self._buf.orphan(2 * len(raw))
        self._buf.write(raw)
        self.prog["u_screen"] = (float(screen[0]), float(screen[1]))
        self._tex.use(TEXT_UNIT)
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self._vao.render(vertices=len(verts))
        self.ctx.disable(moderngl.BLEND)
