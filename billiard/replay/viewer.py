"""The replay window (pyglet + moderngl): plays an opened shot with the viewer controls.

The 3D frame comes from the shared :class:`Renderer`; the HUD (status line, time bar,
spin arrows, help) is pyglet shapes and text drawn after it. All decisions live in
:class:`ViewerControls` and :class:`Timeline`; this module only wires events to them.
"""
from __future__ import annotations

from billiard.app.pygletconf import configure
from billiard.replay.controls import BAR_HEIGHT, BAR_MARGIN, ViewerControls
from billiard.replay.frame import Scene, describe
from billiard.replay.source import Opened
from billiard.replay.timeline import Timeline
from billiard.resources import resource_path

HELP = "space pause   \u2190/\u2192 step   \u2191/\u2193 speed   L loop   C camera   T trails   S spin   drag: orbit / scrub"
WHITE = (255, 255, 255, 255)
WARN = (255, 190, 60, 255)
ARROW = (255, 214, 40, 255)


class ReplayWindow:
    """One viewer window. ``headless=True`` renders through EGL with no display (tests)."""

    def __init__(self, opened: Opened, size: tuple[int, int], camera: str = "top",
                 trails: bool = False, headless: bool = False) -> None:
        configure(headless)
        import moderngl
        import pyglet

        from billiard.render.camera import CameraRig
        from billiard.render.renderer import Renderer
        from billiard.replay.view import goal_camera

        self._pyglet, self._goal_camera = pyglet, goal_camera
        self.window = _open_window(pyglet, size, f"billiard replay - {opened.path.name}")
        self.ctx = moderngl.create_context()
        self.renderer = Renderer(self.ctx, self.window.get_framebuffer_size())
        self.opened, self.table = opened, opened.replay.shot.table
        self.scene = Scene(opened.replay, opened.track)
        track = opened.track
        self.timeline = Timeline(track.duration, track.frame_dt, track.start)
        self.controls = ViewerControls(self.timeline, camera, trails)
        self.strike = opened.replay.shot.strike
        frame = self.scene.frame(self.timeline.t)
        self.rig = CameraRig(goal_camera(camera, self.table, frame, self.size, self.strike))
        self.rig.set_mode(camera)
        self._build_hud()
        self.window.push_handlers(self)

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_framebuffer_size()

    # --- pyglet event handlers (names are pyglet's) ---

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        name = self._pyglet.window.key.symbol_string(symbol)
        if name == "ESCAPE":
            self.window.close()
            return True
        return self.controls.key(name)

    def on_mouse_press(self, x, y, button, modifiers) -> None:
        self.controls.mouse_press(x, y, self.window.width)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers) -> None:
        self.controls.mouse_drag(x, y, dx, dy, self.window.width)

    def on_mouse_release(self, x, y, button, modifiers) -> None:
        self.controls.mouse_release()

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y) -> None:
        self.controls.scroll(scroll_y)

    def on_resize(self, width, height) -> None:
        self.renderer.resize(self.size)
        self._build_hud()

    def on_draw(self) -> None:
        self.draw()

    # --- frame ---

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` wall seconds and move the camera."""
        self.timeline.advance(dt)
        c = self.controls.camera
        if c.mode != self.rig.mode:
            self.rig.set_mode(c.mode)
        (yaw, pitch), zoom = self.controls.take_camera_moves()
        if yaw or pitch:
            self.rig.rotate(yaw, pitch)
        if zoom != 1.0:
            self.rig.zoom(zoom)
        frame = self.scene.frame(self.timeline.t)
        self.rig.update(dt, self._goal_camera(self.rig.mode, self.table, frame, self.size, self.strike))

    def draw(self) -> None:
        import moderngl

        from billiard.replay.view import arrow_segments, scene_state

        frame = self.scene.frame(self.timeline.t, trails=self.controls.trails, spin=self.controls.show_spin)
        camera = self.rig.current
        self.ctx.screen.use()
        self.renderer.draw(scene_state(self.table, frame), camera, self.ctx.screen)
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self._update_hud(frame, arrow_segments(frame, camera, self.size))
        self.hud.draw()

    def _build_hud(self) -> None:
        pyglet = self._pyglet
        shapes = pyglet.shapes
        font = _font(pyglet)
        w, h = self.window.width, self.window.height
        self.hud = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        label = lambda size, **kw: pyglet.text.Label("", font_name=font, font_size=size, batch=self.hud,
                                                     group=front, color=WHITE, **kw)
        self.status = label(13, x=12, y=h - 24)
        self.event_line = label(11, x=12, y=h - 46)
        self.clock_label = label(12, x=w - 12, y=BAR_HEIGHT + 10, anchor_x="right")
        self.help_label = label(9, x=12, y=BAR_HEIGHT + 32)
        self.help_label.text = HELP
        self.bar_back = shapes.Rectangle(BAR_MARGIN, 8, w - 2 * BAR_MARGIN, BAR_HEIGHT - 16,
                                         color=(0, 0, 0, 160), batch=self.hud, group=back)
        self.bar_fill = shapes.Rectangle(BAR_MARGIN, 8, 0, BAR_HEIGHT - 16, color=WARN,
                                         batch=self.hud, group=front)
        self.arrows: list = []

    def _update_hud(self, frame, segments) -> None:
        shapes = self._pyglet.shapes
        tl, o = self.timeline, self.opened
        status = o.message
        if o.scores is not None and o.match is not None:
            scores = "  ".join(f"{p} {s:g}" for p, s in zip(o.match.players, o.scores))
            status = f"{o.match.mode}  {scores}  |  {status}"
        self.status.text = status
        self.status.color = WARN if o.verified is False else WHITE
        done = self.scene.events_until(tl.t)
        self.event_line.text = describe(done[-1]) if done else ""
        flags = [f"{tl.speed:g}x", "paused" if tl.paused else "", "loop" if tl.loop else "",
                 self.controls.camera.mode, "trails" if self.controls.trails else ""]
        self.clock_label.text = f"{tl.t:6.3f} / {tl.end:.3f} s   " + "  ".join(f for f in flags if f)
        self.bar_fill.width = max(0.0, tl.fraction) * (self.window.width - 2 * BAR_MARGIN)
        # framebuffer pixels (rows from the top) -> window points (y up)
        sx = self.window.width / self.size[0]
        sy = self.window.height / self.size[1]
        self.arrows = [shapes.Line(x0 * sx, self.window.height - y0 * sy, x1 * sx, self.window.height - y1 * sy,
                                   thickness=3, color=ARROW, batch=self.hud) for x0, y0, x1, y1 in segments]

    def close(self) -> None:
        self.renderer = None
        self.ctx.release()
        self.window.close()


def _open_window(pyglet, size: tuple[int, int], caption: str):
    """A resizable window with 8-bit channels and 4x MSAA (without MSAA if refused)."""
    base = dict(double_buffer=True, depth_size=24, red_size=8, green_size=8, blue_size=8, alpha_size=8)
    for extra in (dict(sample_buffers=1, samples=4), {}):
        try:
            config = pyglet.gl.Config(major_version=3, minor_version=3, **base, **extra)
            return pyglet.window.Window(size[0], size[1], caption=caption, resizable=True, config=config)
        except pyglet.window.NoSuchConfigException:
            continue
    from billiard.errors import BilliardError

    raise BilliardError("cannot open an OpenGL 3.3 window on this display")


def _font(pyglet) -> str | None:
    try:
        pyglet.font.add_file(str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")))
        return "DejaVu Sans"
    except (FileNotFoundError, OSError):
        return None


def run_viewer(opened: Opened, size: tuple[int, int], camera: str = "top", trails: bool = False) -> None:
    """Open the window and play until it is closed."""
    viewer = ReplayWindow(opened, size, camera, trails)
    pyglet = viewer._pyglet
    pyglet.clock.schedule_interval(viewer.update, 1 / 120)
    try:
        pyglet.app.run()
    finally:
        pyglet.clock.unschedule(viewer.update)
