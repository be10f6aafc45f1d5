"""The 3D frame: table, ball shadows, balls, cue and aim aids, drawn with moderngl.

``Renderer(ctx, size)`` never creates a context: the game hands it the window's context
(and draws into ``ctx.screen``), headless code hands it an EGL one (see ``offscreen``).
All programs share one uniform block ``Scene`` at binding 1 (pyglet text uses binding 0);
the ball numbers are on texture unit 2 (pyglet binds its glyph atlas to unit 0).

Fill rate is what costs on software OpenGL (llvmpipe), so: static meshes are indexed, what
varies slowly is lit per vertex, plain surfaces go through the cheapest program (``flat``),
the cloth's weave is procedural, and balls are ray-traced impostors whose outlines are
anti-aliased by coverage, so the window needs no MSAA there (``render.msaa``).
"""

from __future__ import annotations


import weakref

import moderngl
import numpy as np

from billiard.render.ball_style import styles
from billiard.render.camera import Camera
from billiard.render.cue import cue_matrix, cue_mesh
from billiard.render.environment import EnvironmentMap
from billiard.render.mipmaps import LevelWriter
from billiard.render.geometry import SOLID_LAYOUT, indexed
from billiard.render.msaa import is_software
from billiard.render.offscreen import Offscreen
from billiard.render.programs import load_program, uniform, uniform_block
from billiard.render.quality import Quality, get_quality
from billiard.render.aim_aids import AimAids
from billiard.render.gl_draw import translucent, write_dynamic
from billiard.render.room import SHADE_RIM, RoomMeshes, build_room, fixture_bounds
from billiard.render.scene import BallView, SceneState
from billiard.render.scene_block import (
    BLOCK_BYTES,
    CAMERA_BYTES,
    ENV_EYE_HEIGHT,
    SCENE_BINDING,
    camera_block,
    cloth_color,
    lamps,
    table_block,
)
from billiard.render.shadow_instances import pocket_shades, shadow_instances
from billiard.render.still_frame import StillFrame, frame_key
from billiard.render.table_mesh import TableMeshes, build_table
from billiard.render.transforms import gl_bytes, quat_to_matrix
from billiard.render.tray import tray_backing, tray_balls, tray_camera
from billiard.table.model import Table

NUMBERS_UNIT = 2
ENV_UNIT = 3
GLOW_SIZE = 0.25  # m: half size of a bulb's halo
GLOW_BELOW_RIM = 0.02  # m: the halo's centre, just under a shade's rim
CLOTH_WALES_PER_M = 400.0  # twill lines of the cloth (2.5 mm apart)
CUSHION_TINT = 0.8  # cushion cloth a shade darker than the bed, so the nose line reads
BACKGROUND = (0.10, 0.09, 0.08)  # never seen inside the room; dim, not black, outside it
MAX_SHADOWS = 4 * 32 + 8  # a lamp shadow per lamp and a contact shadow per ball, and the pockets' shades
SUNK_DEPTH = 1e-4  # m: a ball this far below resting height is dropping into a pocket


class Renderer:
    """Draws a :class:`SceneState` seen by a :class:`Camera` into a framebuffer."""

    def __init__(
        self,
        ctx: moderngl.Context,
        size: tuple[int, int],
        samples: int = 4,
        quality: Quality | str = "high",
        write_levels: LevelWriter | None = None,
    ):
        """``write_levels``: the window's writer of mipmap levels made on the CPU
        (``render.mipmaps``; without it the driver makes them, a shader compile per context on
        llvmpipe)."""
        from billiard.render.textures import numbers_texture

        self.ctx = ctx
        self.size = (int(size[0]), int(size[1]))
        self.samples = samples  # MSAA samples of the offscreen target
        self.quality = quality if isinstance(quality, Quality) else get_quality(quality)
        defines = {"QUALITY": self.quality.level}
        self.progs = {
            n: load_program(ctx, n, defines)
            for n in ("cloth", "solid", "flat", "ball", "shadow", "overlay", "room", "glow")
        }
        for prog in self.progs.values():
            uniform_block(prog, "Scene").binding = SCENE_BINDING
        self.progs["ball"]["u_numbers"] = NUMBERS_UNIT
        self._owned: list = []  # buffers and vertex arrays to free in release()
        self.ubo = self._own(ctx.buffer(reserve=BLOCK_BYTES))
        self.numbers = numbers_texture(ctx, write_levels)
        quad = np.array([(-1, -1), (1, -1), (1, 1), (-1, -1), (1, 1), (-1, 1)], "f4")
        self._quad = self._own(ctx.buffer(quad.tobytes()))
        self._ball_groups = []  # (instance buffer, vertex array): balls in pockets, balls on the table
        for _ in range(2):
            inst = self._own(ctx.buffer(reserve=32 * 18 * 4, dynamic=True))
            self._ball_groups.append(
                (
                    inst,
                    self._own(
                        ctx.vertex_array(
                            self.progs["ball"],
                            [
                                (self._quad, "2f", "a_corner"),
                                (
                                    inst,
                                    "3f 1f 3f 3f 3f 3f 2f/i",
                                    "i_center",
                                    "i_radius",
                                    "i_rot0",
                                    "i_rot1",
                                    "i_rot2",
                                    "i_color",
                                    "i_style",
                                ),
                            ],
                        )
                    ),
                )
            )
        self._shadow_inst = self._own(ctx.buffer(reserve=MAX_SHADOWS * 5 * 4, dynamic=True))
        self._pocket_shades = np.zeros((0, 5), "f4")
        self._shadow_vao = self._own(
            ctx.vertex_array(
                self.progs["shadow"],
                [
                    (self._quad, "2f", "a_corner"),
                    (self._shadow_inst, "3f 1f 1f/i", "i_center", "i_strength", "i_contact"),
                ],
            )
        )
        self._cue = self._own(self._solid_vao(cue_mesh(self.quality.cue_segments)))
        self.aids = AimAids(ctx, self.progs["overlay"], defines)
        # anisotropic filtering of the numbers: on a GPU (llvmpipe does it on the CPU, 2-3 ms a
        # frame at 1280x720 for balls that small)
        if not is_software(ctx):
            self.numbers.anisotropy = min(float(self.quality.anisotropy), ctx.max_anisotropy)
        self.env = EnvironmentMap(ctx, self.quality.env_size, write_levels)
        self.progs["ball"]["u_env"] = ENV_UNIT
        self._glow_inst = self._own(ctx.buffer(reserve=3 * 4 * 4))
        self._glow_vao = self._own(
            ctx.vertex_array(self.progs["glow"], [(self._quad, "2f", "a_corner"), (self._glow_inst, "4f/i", "i_glow")])
        )
        self._table: tuple[tuple, TableMeshes, list] | None = None
        self._styles_for: dict[tuple, np.ndarray] = {}
        self._offscreen: Offscreen | None = None
        self._still = StillFrame(ctx)

    def _own(self, obj):
        self._owned.append(obj)
        return obj

    def release(self) -> None:
        """Free this renderer's GL objects (a quality change replaces the game's renderer)."""
        if self._table is not None:
            for vao in filter(None, self._table[2]):
                vao.release()
            self._table = None
        for obj in reversed(self._owned):  # vertex arrays before their buffers
            obj.release()
        self._owned.clear()
        for prog in self.progs.values():
            prog.release()
        self.aids.release()
        self.numbers.release()
        self.env.release()
        if self._offscreen is not None:
            self._offscreen.release()
            self._offscreen = None
        self._still.release()

    # ----------------------------------------------------------------- targets
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        if self._offscreen is not None:
            self._offscreen.release()
            self._offscreen = None
        self._still.release()

    @property
    def offscreen(self) -> Offscreen:
        """This renderer's own multisampled target (created on first use)."""
        if self._offscreen is None:
            self._offscreen = Offscreen(self.ctx, self.size, self.samples)
        return self._offscreen

    def draw_to_screen(self, scene: SceneState, camera: Camera) -> None:
        """Draw into the window: with MSAA into this renderer's multisampled target and then
        resolved onto the screen; single-sampled straight into ``ctx.screen``, except that a
        scene that has stopped changing is drawn once with MSAA and then copied (``still_frame``)."""
        screen = self.ctx.screen
        if self.samples:
            self.draw(scene, camera, self.offscreen.fbo)
            self.ctx.copy_framebuffer(screen, self.offscreen.fbo)
        elif self._still.update(frame_key(scene, camera, self.size)):
            target = self._still.target(self.size)
            if not self._still.refined:
                self.draw(scene, camera, target.fbo)
                target.resolve()
                self._still.refined = True
            self.ctx.copy_framebuffer(screen, target.resolved)
        else:
            self.draw(scene, camera, screen)
        screen.use()

    def pass_frame(self, scene: SceneState, camera: Camera) -> None:
        """A frame that is not drawn (headless play's ``--draw-every``): the still picture's count
        of unchanged frames goes on as if it had been, so the next frame drawn is the picture the
        window would show then (refined once the scene has stood still)."""
        if not self.samples:
            self._still.update(frame_key(scene, camera, self.size))

    def snapshot(self, scene: SceneState, camera: Camera) -> np.ndarray:
        """Draw offscreen and return the picture as (height, width, 3) uint8."""
        self.draw(scene, camera, self.offscreen.fbo)
        return self.offscreen.read_rgb()

    # ----------------------------------------------------------------- drawing
    def draw(self, scene: SceneState, camera: Camera, framebuffer: moderngl.Framebuffer | None = None) -> None:
        """Draw the 3D scene into ``framebuffer`` (default: the offscreen target).

        Sets every piece of GL state it relies on, so pyglet's HUD can run in between frames.
        """
        ctx = self.ctx
        _, table_vaos = self._table_for(scene.table)  # (a new table draws the environment map first)
        fbo = framebuffer if framebuffer is not None else self.offscreen.fbo
        fbo.use()
        ctx.viewport = (0, 0, *self.size)
        ctx.enable_only(moderngl.DEPTH_TEST)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        fbo.depth_mask = True
        fbo.clear(*BACKGROUND, 1.0, depth=1.0)
        self._upload_camera(camera)
        self.numbers.use(NUMBERS_UNIT)
        self.env.use(ENV_UNIT)

        # Near things first, so the depth test spares the table's pixels behind them (fill rate
        # is what costs on software GL); balls below the bed (dropping into a pocket) before
        # the hole discs, which must not hide them; balls on the table last, blended over the
        # cloth and their shadows by their outline's coverage.
        visible = ~np.asarray(scene.balls.pocketed, bool)
        sunk = visible & (scene.balls.pos[:, 2] < scene.balls.radius - SUNK_DEPTH)
        self._draw_balls(scene.balls, sunk, camera, 0)
        solid = self.progs["solid"]
        if scene.cue is not None and scene.cue.ball in scene.balls.ids and visible[scene.balls.index(scene.cue.ball)]:
            i = scene.balls.index(scene.cue.ball)
            uniform(solid, "u_model").write(gl_bytes(cue_matrix(scene.cue, scene.balls.pos[i], scene.balls.radius[i])))
            self._cue.render()
        self._draw_table(scene.table, table_vaos, fbo)
        if camera.eye()[2] < SHADE_RIM - 0.03 and self._in_view(self._fixture_box, camera):
            ctx.enable(moderngl.CULL_FACE)  # (from above the shades would hide the table)
            table_vaos[7].render()
            ctx.disable(moderngl.CULL_FACE)
            self._draw_glow(fbo)
        self._draw_shadows(scene, visible, fbo)
        self._draw_balls(scene.balls, visible & ~sunk, camera, 1)
        self.aids.draw(scene.overlay, scene, fbo)
        self.aids.draw_screen(scene.overlay.screen, self.size)
        fbo.depth_mask = True

    def _draw_table(self, table: Table, table_vaos: list, fbo: moderngl.Framebuffer) -> None:
        """What stands still: pockets, cloth, rails, body and legs, marks, then the room. The
        environment map is drawn with this too."""
        ctx = self.ctx
        bed, cushions, solids, flats, pockets, holes, room, _ = table_vaos
        uniform(self.progs["solid"], "u_model").write(gl_bytes(np.eye(4)))
        if pockets is not None:
            pockets.render()
            ctx.enable(moderngl.BLEND)  # depth only: blending keeps the colour
            ctx.blend_func = moderngl.ZERO, moderngl.ONE
            holes.render()
            ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
            ctx.disable(moderngl.BLEND)
        cloth = self.progs["cloth"]
        cloth["u_cloth"] = cloth_color(table)
        cloth["u_scale"] = CLOTH_WALES_PER_M
        cloth["u_tint"] = 1.0
        cloth["u_play"] = (table.half_length, table.half_width, 1.0)
        bed.render()
        cloth["u_tint"] = CUSHION_TINT
        cloth["u_play"] = (table.half_length, table.half_width, 0.0)
        cushions.render()
        solids.render()
        flats.render()
        # The room, behind everything: walls face inwards (culled from outside, so a camera out
        # of the room sees through them); no depth writes (a third of its cost on software GL):
        # seen from inside, floor, walls and ceiling never overlap, and each piece on a wall
        # (skirting, cue rack, scoreboard) comes after the wall
        ctx.enable(moderngl.CULL_FACE)
        fbo.depth_mask = False
        room.render()
        fbo.depth_mask = True
        ctx.disable(moderngl.CULL_FACE)

    def _draw_glow(self, fbo: moderngl.Framebuffer) -> None:
        """The bulbs' glow: a soft additive halo round each shade's opening, depth-tested, so
        the shade's near side hides its upper part and the light spills out under the rim."""
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.ONE, moderngl.ONE
        fbo.depth_mask = False
        self._glow_vao.render(instances=3)
        fbo.depth_mask = True
        self.ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.ctx.disable(moderngl.BLEND)

    def _capture_environment(self, table: Table, table_vaos: list) -> None:
        """Draw the hall into the environment map (``render.environment``), from the middle of
        the table at a ball's height; the scene block's camera part is written per face."""
        capture = (0.0, 0.0, ENV_EYE_HEIGHT)
        pixel = 2.0 / self.env.size  # a 90 deg face: tan 45 = 1

        def draw_face(view_proj: np.ndarray, fbo: moderngl.Framebuffer) -> None:
            data = np.empty(20, "f4")
            data[0:16] = view_proj.T.ravel()
            data[16:19] = capture
            data[19] = pixel
            self.ubo.write(data.tobytes())  # the camera's part, as ``scene_block.camera_block`` lays it out
            self.ubo.bind_to_uniform_block(SCENE_BINDING)
            self.ctx.enable_only(moderngl.DEPTH_TEST)
            self._draw_table(table, table_vaos, fbo)

        self.env.capture(capture, draw_face, key=(_table_key(table), self.quality))

    def draw_tray(self, rows, rects, framebuffer: moderngl.Framebuffer | None = None) -> None:
        """The HUD's tray of pocketed balls (``render.tray``): each row of ball ids drawn into its
        viewport of ``rects`` over what the framebuffer holds (after :meth:`draw`, which set the
        lamps; before the HUD, so the menu's dark panel covers it)."""
        if not any(rows) or self._table is None:
            return
        ctx = self.ctx
        fbo = framebuffer if framebuffer is not None else ctx.screen
        fbo.use()
        ctx.enable_only(moderngl.NOTHING)  # a row never overlaps itself: no depth test
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.numbers.use(NUMBERS_UNIT)
        self.env.use(ENV_UNIT)
        for ids, rect in zip(rows, rects):
            if not ids or rect[2] < 4 or rect[3] < 4:
                continue
            ctx.viewport = rect
            camera = tray_camera(ids, rect)
            self._upload_camera(camera, rect[2:])
            self.aids.draw_ribbons([tray_backing(ids)], fbo)
            balls = tray_balls(tuple(ids))
            self._draw_balls(balls, np.ones(len(ids), bool), camera, 1)
        ctx.viewport = (0, 0, *self.size)

    def prepare(self, table: Table) -> None:
        """Build ``table``'s meshes and draw its environment map now, rather than in the first
        frame that shows it (what a new table or a quality change costs once)."""
        self._table_for(table)

    def _in_view(self, corners: np.ndarray, camera: Camera) -> bool:
        """False when a box (its 8 corners) lies wholly outside one side of the view."""
        clip = np.column_stack([corners, np.ones(len(corners))]) @ camera.view_projection(self.size).T
        w = clip[:, 3:4]
        if np.any(w <= 0):
            return True  # partly behind the eye: draw it
        return not (np.all(clip[:, :3] > w, axis=0).any() or np.all(clip[:, :3] < -w, axis=0).any())

    def _mesh_vao(self, program: str, vertices: np.ndarray, layout: tuple, extra=()) -> moderngl.VertexArray:
        """An indexed vertex array over the shared vertices of a triangle list."""
        unique, index = indexed(vertices)
        vbo, ibo = self._own(self.ctx.buffer(unique.tobytes())), self._own(self.ctx.buffer(index.tobytes()))
        return self.ctx.vertex_array(
            self.progs[program], [(vbo, *layout), *extra], index_buffer=ibo, index_element_size=4
        )

    def _solid_vao(self, vertices: np.ndarray) -> moderngl.VertexArray:
        return self._mesh_vao("solid", vertices, SOLID_LAYOUT)

    def _table_for(self, table: Table):
        """Table meshes, rebuilt only when a table with a different drawn geometry comes in."""
        key = _table_key(table)
        if self._table is None or self._table[0] != key:
            if self._table is not None:
                for vao in filter(None, self._table[2]):
                    vao.release()
            meshes, room = _meshes_of(table)
            cloth = ("3f 3f", "a_pos", "a_normal")
            self._fixture_box = fixture_bounds(table)
            vaos = [
                self._mesh_vao("cloth", meshes.bed, cloth),
                self._mesh_vao("cloth", meshes.cushions, cloth),
                self._solid_vao(np.concatenate([meshes.solids, room.legs])),
                self._mesh_vao("flat", meshes.flats, SOLID_LAYOUT),
                None,
                None,
                self._mesh_vao("room", room.room, SOLID_LAYOUT),
                self._mesh_vao("room", room.fixture, SOLID_LAYOUT),
            ]
            if len(meshes.pockets):
                vaos[4] = self._mesh_vao("flat", meshes.pockets, SOLID_LAYOUT)
                vaos[5] = self._mesh_vao("overlay", meshes.holes, ("3f", "a_pos"))
            self._upload_table(table)
            self._table = (key, meshes, vaos)
            self._capture_environment(table, vaos)
        return self._table[1], self._table[2]

    def _upload_table(self, table: Table) -> None:
        """The table's part of the uniform block, the lamps the shadows are cast from, the
        pockets' shades and the bulbs' halos."""
        lamp = lamps(table)
        self._lamp_xy, self._lamp_height = lamp[:, :2], float(lamp[0, 2])
        self._pocket_shades = pocket_shades(table)
        glow = np.column_stack([lamp[:, :2], np.full(3, SHADE_RIM - GLOW_BELOW_RIM), np.full(3, GLOW_SIZE)])
        self._glow_inst.write(glow.astype("f4").tobytes())
        self.ubo.write(table_block(table), offset=CAMERA_BYTES)

    def _upload_camera(self, camera: Camera, size: tuple[int, int] | None = None) -> None:
        """The camera's part of the uniform block (in a picture of ``size``, default the renderer's)."""
        self.ubo.write(camera_block(camera, size or self.size))
        self.ubo.bind_to_uniform_block(SCENE_BINDING)

    def _draw_balls(self, balls: BallView, which: np.ndarray, camera: Camera, group: int) -> None:
        """Ray-traced ball impostors (``shaders/ball.*``), far ones first so each outline blends
        over what lies behind it; ``group`` 0 (balls in pockets) draws hard outlines."""
        n = int(which.sum())
        if n == 0:
            return
        inst = np.empty((n, 18), "f4")
        inst[:, 0:3] = balls.pos[which]
        inst[:, 3] = balls.radius[which]
        rot = quat_to_matrix(balls.quat[which])
        inst[:, 4:13] = np.transpose(rot, (0, 2, 1)).reshape(n, 9)  # columns of R
        inst[:, 13:18] = self._styles(balls.ids)[which]
        inst = inst[np.argsort(-np.linalg.norm(inst[:, 0:3] - camera.eye(), axis=1), kind="stable")]
        buf, vao = self._ball_groups[group]
        write_dynamic(buf, inst)
        self.progs["ball"]["u_blend"] = group
        if group:
            self.ctx.enable(moderngl.BLEND)
        vao.render(instances=n)
        self.ctx.disable(moderngl.BLEND)

    def _styles(self, ids: tuple[str, ...]) -> np.ndarray:
        """(N, 5) colour, pattern and number of each ball, worked out once per set of ids (the
        table's and the tray rows' sets are kept side by side)."""
        if ids not in self._styles_for:
            if len(self._styles_for) >= 8:
                self._styles_for.clear()
            self._styles_for[ids] = styles(ids)
        return self._styles_for[ids]

    def _draw_shadows(self, scene: SceneState, visible: np.ndarray, fbo) -> None:
        """The balls' soft shadows (``shadow_instances``) and the pockets' shades on the cloth."""
        balls = scene.balls
        inst = shadow_instances(
            balls.pos[visible], balls.radius[visible], self._lamp_xy, self._lamp_height, self.quality.lamp_shadows
        )
        inst = np.concatenate([inst, self._pocket_shades])
        if len(inst):
            write_dynamic(self._shadow_inst, inst)
            translucent(self.ctx, fbo, self._shadow_vao, instances=len(inst))


_MESHES: dict[int, tuple[weakref.ref, TableMeshes, RoomMeshes]] = {}


def _meshes_of(table: Table) -> tuple[TableMeshes, RoomMeshes]:
    """The table's and the room's vertex arrays, built once per table object in the process
    (~90 ms of numpy; every game window, replay and snapshot of a table reuses them). The
    arrays are read-only: they are only ever uploaded."""
    kept = _MESHES.get(id(table))
    if kept is not None and kept[0]() is table:
        return kept[1], kept[2]
    meshes, room = build_table(table), build_room(table)
    for part in (meshes, room):
        for value in vars(part).values():
            if isinstance(value, np.ndarray):
                value.setflags(write=False)
    for key in [k for k, v in _MESHES.items() if v[0]() is None]:
        del _MESHES[key]
    _MESHES[id(table)] = (weakref.ref(table), meshes, room)
    return meshes, room


def _table_key(table: Table) -> tuple:
    """What the table meshes depend on (the physics obstacles do not matter for drawing)."""
    return (
        table.length,
        table.width,
        table.ball_set,
        table.cushion_height,
        table.cushion_width,
        table.rail_width,
        table.pockets,
    )
