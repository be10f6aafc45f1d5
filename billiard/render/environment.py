"""An environment map of the hall, for the balls' reflections: the table and the room drawn
once into the six faces of a cube map, from the middle of the table at the height of a ball's
centre (when the renderer meets a table, so again after a quality change).

Each face is drawn with its own projection straight from the OpenGL cube-map convention
(OpenGL 4.5 core specification, section 8.13, table 8.19: for the face whose major axis is
``ma``, a direction ``r`` lands at ``s = (sc / |ma| + 1) / 2``, ``t = (tc / |ma| + 1) / 2``).
Rendering with clip coordinates ``x = sc, y = tc, w = |ma|`` puts every pixel where the cube
map will look it up, so the read-back rows go into the face as they are, with no flips.

The ball shader looks the map up "box projected" (parallax corrected): it follows the reflected
ray to where it leaves the room's box (or meets the bed or the floor) and looks that point up
from the capture point, so a ball near a wall sees that wall large and near, as it should.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import moderngl
import numpy as np

from billiard.render.mipmaps import LevelWriter, box_chain

# (sc, tc, ma) as rows of direction components, for the faces +x, -x, +y, -y, +z, -z
FACE_AXES = (
    ((0, 0, -1), (0, -1, 0), (1, 0, 0)),
    ((0, 0, 1), (0, -1, 0), (-1, 0, 0)),
    ((1, 0, 0), (0, 0, 1), (0, 1, 0)),
    ((1, 0, 0), (0, 0, -1), (0, -1, 0)),
    ((1, 0, 0), (0, -1, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, -1, 0), (0, 0, -1)),
)
NEAR, FAR = 0.01, 30.0
TEXTURE_CUBE_MAP_SEAMLESS = 0x884F  # GL 3.2 core: filter across face edges (no seams in the blur)
FACES_KEPT = 4  # captures kept for reuse in the process (one per table drawn and quality)
# the six faces' pixels and CPU-made mipmap levels of a capture, by the caller's key
_faces: OrderedDict[Hashable, list[tuple[bytes, list[np.ndarray] | None]]] = OrderedDict()


def face_matrix(face: int, eye, near: float = NEAR, far: float = FAR) -> np.ndarray:
    """The (4, 4) view-projection of cube face ``face`` (0..5: +x, -x, +y, -y, +z, -z) seen from
    ``eye``: x_clip = sc, y_clip = tc, w_clip = ma (the major axis, towards the face), and
    z_clip the usual perspective depth between ``near`` and ``far``."""
    sc, tc, ma = (np.asarray(v, dtype=np.float64) for v in FACE_AXES[face])
    a, b = (far + near) / (far - near), -2.0 * far * near / (far - near)
    m = np.zeros((4, 4))
    m[0, :3], m[1, :3], m[3, :3] = sc, tc, ma
    m[2, :3] = a * ma
    m[:, 3] = -m[:, :3] @ np.asarray(eye, dtype=np.float64)
    m[2, 3] += b
    return m


class EnvironmentMap:
    """A ``size``-pixel cube map (RGBA8, mipmapped: by ``write_levels`` from the CPU where the
    window gives one, else by the driver) and the target its faces are drawn into."""

    def __init__(self, ctx: moderngl.Context, size: int, write_levels: LevelWriter | None = None):
        self.ctx, self.size = ctx, int(size)
        self._write_levels = write_levels  # the mipmaps made on the CPU (render.mipmaps), if given
        self.texture = ctx.texture_cube((self.size, self.size), 4)
        self.texture.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
        ctx.enable_direct(TEXTURE_CUBE_MAP_SEAMLESS)
        self._color = ctx.renderbuffer((self.size, self.size), 4)
        self._depth = ctx.depth_renderbuffer((self.size, self.size))
        self.fbo = ctx.framebuffer(color_attachments=[self._color], depth_attachment=self._depth)
        self.eye: tuple[float, ...] | None = None  # where the map was last seen from

    def capture(
        self, eye, draw_face: Callable[[np.ndarray, moderngl.Framebuffer], None], key: Hashable | None = None
    ) -> None:
        """Draw the six faces from ``eye``: ``draw_face(view_projection, framebuffer)`` draws
        the scene into the bound, cleared framebuffer; its pixels go into the face. ``key``:
        what the faces depend on besides ``eye`` and the size (the table drawn, the quality);
        a capture with the same key, eye and size made earlier in the process is uploaded
        again instead of drawn (every game window, replay and snapshot of a table draws the
        same hall)."""
        full_key = None if key is None else (key, tuple(float(v) for v in eye), self.size)
        kept = _faces.get(full_key) if full_key is not None else None
        made: list[tuple[bytes, list[np.ndarray] | None]] = []
        written = self._write_levels is not None
        for face in range(6):
            if kept is not None:
                pixels, levels = kept[face]
            else:
                self.fbo.use()
                self.ctx.viewport = (0, 0, self.size, self.size)
                self.fbo.clear(0.0, 0.0, 0.0, 1.0, depth=1.0)
                draw_face(face_matrix(face, eye), self.fbo)
                pixels = self.fbo.read(components=4, alignment=1)
                levels = None
            self.texture.write(face, pixels)
            if written and self._write_levels is not None:
                if levels is None:
                    levels = box_chain(np.frombuffer(pixels, np.uint8).reshape(self.size, self.size, 4))
                written = self._write_levels(face, self.texture.glo, 4, levels)
            made.append((pixels, levels))
        if not written:  # the driver makes every level again from the faces
            self.texture.build_mipmaps()
        if full_key is not None:
            _faces[full_key] = made
            _faces.move_to_end(full_key)
            while len(_faces) > FACES_KEPT:
                _faces.popitem(last=False)
        self.eye = tuple(float(v) for v in eye)

    def use(self, unit: int) -> None:
        self.texture.use(unit)

    def release(self) -> None:
        for obj in (self.fbo, self._color, self._depth, self.texture):
            obj.release()
