"""The aim aids drawn over the 3D scene: the aim and object-ball lines and the balls' paths as
flat ribbons on the bed, the ghost ball as a see-through sphere with a ring, and the marks in
the picture's own pixels (spin arrows). One drawer for the window and saved pictures alike."""

from __future__ import annotations

import math

import moderngl
import numpy as np

from billiard.render.geometry import unit_sphere
from billiard.render.gl_draw import translucent, write_dynamic
from billiard.render.programs import load_program
from billiard.render.scene import Overlay, Polyline, SceneState, ScreenLine
from billiard.render.strips import ribbons, strips

GHOST_RING = np.column_stack(
    [np.cos(np.linspace(0, 2 * math.pi, 41)), np.sin(np.linspace(0, 2 * math.pi, 41)), np.zeros(41)]
)
GHOST_RING_COLOR = (1.0, 1.0, 1.0, 0.6)
GHOST_RING_WIDTH = 0.0025  # m
IN_PLACE = (0.0, 0.0, 0.0, 1.0)  # overlay program's u_place: table coordinates as they are


class AimAids:
    """Buffers and vertex arrays of the overlay program (shared scene block) and the screen
    program (pixels only)."""

    def __init__(self, ctx: moderngl.Context, overlay: moderngl.Program, defines: dict) -> None:
        self.ctx = ctx
        self.prog = overlay
        self._owned: list = []
        self.buf = self._own(ctx.buffer(reserve=4096 * 28, dynamic=True))
        self.vao = self._own(ctx.vertex_array(overlay, [(self.buf, "3f 4f", "a_pos", "a_color")]))
        overlay["u_place"] = IN_PLACE
        unit = unit_sphere(12, 18).astype(np.float64)
        ghost = np.column_stack([unit, np.ones((len(unit), 3)), 0.16 + 0.10 * unit[:, 2]])  # lighter on top
        ghost_buf = self._own(ctx.buffer(ghost.astype("f4").tobytes()))
        self._ghost_vao = self._own(ctx.vertex_array(overlay, [(ghost_buf, "3f 4f", "a_pos", "a_color")]))
        self._screen_prog = load_program(ctx, "screen", defines)  # no scene block: pixels only
        self._screen_buf = self._own(ctx.buffer(reserve=256 * 36, dynamic=True))
        self._screen_vao = self._own(
            ctx.vertex_array(self._screen_prog, [(self._screen_buf, "2f 4f", "a_pos", "a_color")])
        )

    def _own(self, obj):
        self._owned.append(obj)
        return obj

    def release(self) -> None:
        for obj in reversed(self._owned):  # vertex arrays before their buffers
            obj.release()
        self._owned.clear()
        self._screen_prog.release()

    def draw_ribbons(self, lines: list[Polyline], fbo) -> None:
        """``lines`` as flat ribbons on the bed, blended, leaving the depth buffer as it was."""
        verts = ribbons(lines)
        if len(verts):
            write_dynamic(self.buf, verts)
            translucent(self.ctx, fbo, self.vao, vertices=len(verts))

    def draw(self, overlay: Overlay, scene: SceneState, fbo) -> None:
        """Aim line, object-ball line and paths; the ghost ball with its ring on the bed."""
        lines = overlay.lines()
        if overlay.ghost is not None:
            balls = scene.balls
            cue_r = (
                float(balls.radius[balls.index(scene.cue.ball)])
                if (scene.cue is not None and scene.cue.ball in balls.ids)
                else float(np.median(balls.radius))
            )
            center = np.asarray(overlay.ghost, dtype=np.float64)
            self.prog["u_place"] = (*center, cue_r)
            translucent(self.ctx, fbo, self._ghost_vao)
            self.prog["u_place"] = IN_PLACE
            lines.append(Polyline(center + cue_r * GHOST_RING, GHOST_RING_COLOR, GHOST_RING_WIDTH))
        self.draw_ribbons(lines, fbo)

    def draw_screen(self, lines: tuple[ScreenLine, ...], size: tuple[int, int]) -> None:
        """Marks on top of a picture of ``size`` pixels, in its pixels: blended, no depth test."""
        tris, color = strips(
            [np.asarray(line.points, dtype=np.float64) for line in lines],
            [line.width for line in lines],
            [line.color for line in lines],
        )
        if not len(tris):
            return
        verts = np.empty((len(tris), 6, 6))
        verts[:, :, 0:2] = tris
        verts[:, :, 2:6] = color[:, None, :]
        write_dynamic(self._screen_buf, verts.reshape(-1, 6))
        self._screen_prog["u_screen"] = tuple(float(v) for v in size)
        self.ctx.disable(moderngl.DEPTH_TEST)
        self.ctx.enable(moderngl.BLEND)
        self._screen_vao.render(vertices=6 * len(tris))
        self.ctx.disable(moderngl.BLEND)
        self.ctx.enable(moderngl.DEPTH_TEST)
