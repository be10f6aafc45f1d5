"""The replay viewer (pyglet + moderngl): plays an opened shot with the viewer controls,
or starts on the replay browser (recent and saved shots) and plays the one chosen.

:class:`ReplayView` draws into a :class:`billiard.shell.window.Shell` it is given: its own
(:func:`open_viewer`, ``billiard replay``) or the game's (the in-game replay browser,
``billiard.app.replays``). The 3D frame comes from the shared :class:`Renderer`; the HUD
(status line, time bar, help) is pyglet shapes and text drawn after it; the spin arrows are
the renderer's, as in a saved picture. All
decisions live in :class:`ViewerControls` and :class:`Timeline`; this module only wires
events to them.
"""

from __future__ import annotations

from collections.abc import Callable

from billiard.audio.replay_sound import replay_cues
from billiard.display.playback import describe
from billiard.errors import BilliardError
from billiard.replay.browser import BrowserList, list_recordings
from billiard.replay.browser_panel import BrowserPanel
from billiard.replay.bands import BAR_HEIGHT, BAR_MARGIN, TOP_STRIP, ViewerFraming
from billiard.replay.controls import ViewerControls
from billiard.replay.source import Opened, open_file
from billiard.replay.timeline import Timeline
from billiard.shell.input import (
    InputEvent,
    KeyPress,
    MouseDrag,
    MousePress,
    MouseRelease,
    Scroll,
)
from billiard.shell.keymap import VIEWER_KEYS, help_rows
from billiard.shell.pygletconf import configure
from billiard.shell.window import Shell

HELP = "   ".join(f"{keys} {text}" for keys, text in help_rows(VIEWER_KEYS))
WHITE = (255, 255, 255, 255)
WARN = (255, 190, 60, 255)


class ReplayView:
    """The viewer's list and playback in ``shell``'s window, drawn with ``renderer``.

    ``browser``: the list to start on (None: ``opened`` only). ``leave``: what ESCAPE does
    (None: close the window, or from a replay go back to the list). ``title`` and ``hint``
    re-word the list's title and the help line for where the view is shown. ``owns``: the
    view opened the shell and the renderer, so it resizes and closes them."""

    def __init__(
        self,
        shell: Shell,
        renderer,
        opened: Opened | None = None,
        camera: str = "top",
        trails: bool = False,
        browser: BrowserList | None = None,
        audio=None,
        leave: Callable[[], None] | None = None,
        title: str | None = None,
        hint: str = "",
        owns: bool = False,
    ) -> None:
        import pyglet

        self._pyglet = pyglet
        self.shell, self.renderer = shell, renderer
        self.camera_name, self.trails = camera, trails
        self.message = ""
        self.browser = browser
        self.opened: Opened | None = None
        self.sound = _replay_sound(audio)
        self._leave, self._title, self._hint, self._owns = leave, title, hint, owns
        if opened is not None:
            self.load(opened)
        self._build_hud()

    @property
    def window(self):
        return self.shell.window

    @property
    def ctx(self):
        return self.shell.ctx

    @property
    def font(self) -> str | None:
        return self.shell.font

    def load(self, opened: Opened) -> None:
        """Start playing ``opened`` from its beginning."""
        from billiard.display.camera_rig import CameraRig

        self.opened, self.table, self.message = opened, opened.replay.shot.table, ""
        self.window.set_caption(f"billiard replay - {opened.path.name}")
        self.scene = playback = opened.playback
        self.timeline = Timeline(playback.duration, playback.frame_dt, playback.start)
        self.controls = ViewerControls(self.timeline, self.camera_name, self.trails)
        self.strike = opened.replay.shot.strike
        frame = self.scene.frame(self.timeline.t)
        self.rig = CameraRig(self._goal(self.camera_name, frame))
        self.rig.set_mode(self.camera_name)
        self.sound.load(
            replay_cues(playback.events, playback.ids, lambda t: playback.pose(t)[0], playback.table),
            self.timeline.start,
            self.timeline.end,
        )

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_framebuffer_size()

    # --- input: pyglet's events become neutral ones (``billiard.shell.input``), as in the game ---

    def handle(self, ev: InputEvent | None) -> bool:
        """One neutral input event (the game's replay browser sends them too)."""
        if isinstance(ev, KeyPress):
            return self._key(ev.symbol)
        if isinstance(ev, MousePress):
            self._mouse_press(ev.x, ev.y)
        elif isinstance(ev, MouseDrag) and self.opened is not None:
            self.controls.mouse_drag(ev.x, ev.y, ev.dx, ev.dy, self.window.width)
        elif isinstance(ev, MouseRelease) and self.opened is not None:
            self.controls.mouse_release()
        elif isinstance(ev, Scroll) and self.opened is not None:
            self.controls.scroll(ev.dy)
        return True

    def _neutral(self, kind: str, *args) -> bool:
        from billiard.shell.pyglet_input import (
            neutral,  # after configure(): it imports pyglet.window
        )

        return self.handle(neutral(kind, *args))

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return self._neutral("key_press", symbol, modifiers)

    def on_mouse_press(self, x, y, button, modifiers) -> None:
        self._neutral("mouse_press", x, y, button, modifiers)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers) -> None:
        self._neutral("mouse_drag", x, y, dx, dy, buttons, modifiers)

    def on_mouse_release(self, x, y, button, modifiers) -> None:
        self._neutral("mouse_release", x, y, button, modifiers)

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y) -> None:
        self._neutral("mouse_scroll", x, y, scroll_x, scroll_y)

    def _key(self, name: str) -> bool:
        if name == "ESCAPE" and self._leave is not None:
            self._leave()
            return True
        if self.opened is None:
            return self._browser_key(name)
        if name in ("ESCAPE", "BACKSPACE") and self.browser is not None:
            self.opened = None  # back to the list
            return True
        if name == "ESCAPE":
            self.window.close()
            return True
        if name in ("N", "P") and self.opened.match is not None and self.opened.number is not None:
            return self._match_shot(self.opened.number + (1 if name == "N" else -1))
        return self.controls.key(name)

    def _match_shot(self, number: int) -> bool:
        """N / P in a match file: the next or previous shot, with the scores before it."""
        assert self.opened is not None and self.opened.match is not None, "called on a match file"
        if 1 <= number <= len(self.opened.match):
            try:
                self.load(open_file(self.opened.path, shot=number))
            except BilliardError as exc:
                self.message = str(exc)
        return True

    def _browser_key(self, name: str) -> bool:
        assert self.browser is not None, "no file open: the list is shown"
        if name == "ESCAPE":
            self.window.close()
        elif name in ("ENTER", "RETURN"):
            path = self.browser.chosen()
            if path is not None:
                try:
                    self.load(open_file(path))
                except BilliardError as exc:  # shown in the window, the list stays usable
                    self.message = str(exc)
        else:
            return self.browser.key(name)
        return True

    def _mouse_press(self, x: float, y: float) -> None:
        if self.opened is not None:
            self.controls.mouse_press(x, y, self.window.width)
        elif self.browser is not None:
            index = self.panel.row_at(y)  # click selects, a click on the selected row opens it
            if index is not None and self.browser.click(index):
                self._browser_key("ENTER")

    def on_resize(self, width, height) -> None:
        if self._owns:  # the game resizes its own renderer
            self.renderer.resize(self.size)
        self._build_hud()

    def on_draw(self) -> None:
        self.draw()

    # --- frame ---

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` wall seconds and move the camera."""
        if self.opened is None:
            self.sound.engine.play([], dt)
            return
        tl = self.timeline
        before = tl.t
        tl.advance(dt)
        w, h = self.size
        self.sound.update(before, tl.t, tl.loop and tl.t < before, tl.speed, dt, self.rig.current, w / max(h, 1))
        c = self.controls.camera
        if c.mode != self.rig.mode:
            self.rig.set_mode(c.mode)
        (yaw, pitch), zoom = self.controls.take_camera_moves()
        if yaw or pitch:
            self.rig.rotate(yaw, pitch)
        if zoom != 1.0:
            self.rig.zoom(zoom)
        frame = self.scene.frame(self.timeline.t)
        self.rig.update(dt, self._goal(self.rig.mode, frame))

    def _goal(self, mode: str, frame):
        """Where the view ``mode`` wants the camera for ``frame``: the top view frames the table
        between the HUD's bands (``replay.bands``)."""
        from billiard.display.cameras import goal_camera, replay_view

        return goal_camera(mode, self.table, replay_view(frame, self.strike, self.size, ViewerFraming(*self.size)))

    def draw(self) -> None:
        import moderngl

        if self.opened is None:
            self.ctx.screen.use()
            self.ctx.screen.clear(0.06, 0.08, 0.1, 1.0)
            self.panel.draw(self.message)
            return
        scene, camera = self._scene()
        self.renderer.draw_to_screen(scene, camera)
        self.arrows: tuple = scene.overlay.screen
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self._update_hud()
        self.hud.draw()

    def _scene(self):
        """The 3D scene of this frame and its camera (a replay is open)."""
        from billiard.display.frame_view import scene_state

        frame = self.scene.frame(self.timeline.t, trails=self.controls.trails, spin=self.controls.show_spin)
        camera = self.rig.current
        return scene_state(self.table, frame, camera, self.size), camera  # spin arrows drawn by the renderer

    def pass_frame(self) -> None:
        """A frame not drawn (headless play's ``--draw-every``): counts for the renderer's still
        picture, as a drawn one would."""
        if self.opened is not None:
            self.renderer.pass_frame(*self._scene())

    def _build_hud(self) -> None:
        pyglet = self._pyglet
        shapes = pyglet.shapes
        font = self.font
        w, h = self.window.width, self.window.height
        if self.browser is not None:
            self.panel = BrowserPanel(pyglet, font, self.browser, w, h)
            if self._title is not None:
                self.panel.title.text = self._title
        self.hud = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)

        def label(size: float, **kw):
            return pyglet.text.Label("", font_name=font, font_size=size, batch=self.hud, group=front, color=WHITE, **kw)

        self.top_strip = shapes.Rectangle(
            0, h - TOP_STRIP, w, TOP_STRIP, color=(0, 0, 0, 140), batch=self.hud, group=back
        )
        self.status = label(13, x=12, y=h - 24)
        self.event_line = label(11, x=12, y=h - 46)
        self.clock_label = label(12, x=w - 12, y=BAR_HEIGHT + 10, anchor_x="right")
        self.help_label = label(9, x=12, y=BAR_HEIGHT + 32)
        self.help_label.text = HELP + self._hint
        self.bar_back = shapes.Rectangle(
            BAR_MARGIN, 8, w - 2 * BAR_MARGIN, BAR_HEIGHT - 16, color=(0, 0, 0, 160), batch=self.hud, group=back
        )
        self.bar_fill = shapes.Rectangle(BAR_MARGIN, 8, 0, BAR_HEIGHT - 16, color=WARN, batch=self.hud, group=front)
        self.arrows = ()  # the spin arrows of the frame drawn last (the renderer draws them)

    def _update_hud(self) -> None:
        tl, o = self.timeline, self.opened
        assert o is not None, "the HUD of an open file"
        status = o.message
        if o.scores is not None and o.match is not None:
            scores = "  ".join(f"{p} {s:g}" for p, s in zip(o.match.players, o.scores))
            status = f"{o.match.mode}  {scores}  |  {status}   (N/P: next/previous shot)"
        self.status.text = f"{status}   [{self.message}]" if self.message else status
        self.status.color = WARN if o.verified is False else WHITE
        done = self.scene.events_until(tl.t)
        self.event_line.text = describe(done[-1]) if done else ""
        flags = [
            f"{tl.speed:g}x",
            "paused" if tl.paused else "",
            "loop" if tl.loop else "",
            self.controls.camera.mode,
            "trails" if self.controls.trails else "",
        ]
        self.clock_label.text = f"{tl.t:6.3f} / {tl.end:.3f} s   " + "  ".join(f for f in flags if f)
        self.bar_fill.width = max(0.0, tl.fraction) * (self.window.width - 2 * BAR_MARGIN)

    def summary(self) -> dict:
        """Where the browser stands (for scripted play's summary)."""
        out: dict = {
            "entries": len(self.browser.entries) if self.browser is not None else 0,
            "selected": self.browser.selected if self.browser is not None else 0,
        }
        if self.opened is not None:
            tl = self.timeline
            out.update(
                file=self.opened.path.name,
                t=round(tl.t, 6),
                end=round(tl.end, 6),
                paused=tl.paused,
                speed=tl.speed,
                loop=tl.loop,
                camera=self.controls.camera.mode,
                trails=self.controls.trails,
                verified=self.opened.verified,
            )
        return out

    def close(self) -> None:
        """Close the window and its context, when the view opened them."""
        if self._owns:
            self.renderer = None
            self.shell.close()


def _replay_sound(audio):
    """The viewer's sounds through ``audio`` (an AudioEngine; None: mixed, not played)."""
    from billiard.audio.engine import AudioEngine
    from billiard.audio.replay_sound import ReplaySound

    return ReplaySound(audio if audio is not None else AudioEngine())


def open_viewer(
    opened: Opened | None,
    size: tuple[int, int],
    camera: str = "top",
    trails: bool = False,
    headless: bool = False,
    data_dir: str | None = None,
    msaa: int | None = None,
    audio=None,
) -> ReplayView:
    """A viewer in a window of its own (``headless=True``: EGL, no display, for tests): the
    browser of ``data_dir`` when ``opened`` is None, else ``opened`` playing."""
    configure(headless)
    from billiard.render.msaa import choose_samples
    from billiard.render.quality import resolve_quality
    from billiard.render.renderer import Renderer
    from billiard.settings import load as load_settings

    shell = Shell.open(size, "billiard replay", visible=not headless, what="the replay window")
    level = resolve_quality(load_settings().quality, shell.ctx)  # the game's quality setting
    from billiard.shell.gl_levels import write_levels  # the window's GL: mipmaps made on the CPU

    samples = choose_samples(shell.ctx, msaa if msaa is not None else level.samples)
    renderer = Renderer(shell.ctx, shell.size, samples, level, write_levels)
    browser = BrowserList(list_recordings(data_dir)) if opened is None else None
    view = ReplayView(shell, renderer, opened, camera, trails, browser, audio, owns=True)
    shell.window.push_handlers(view)
    return view


def run_viewer(
    opened: Opened | None,
    size: tuple[int, int],
    camera: str = "top",
    trails: bool = False,
    data_dir: str | None = None,
    msaa: int | None = None,
    mute: bool = False,
) -> None:
    """Open the window (the browser of ``data_dir`` when ``opened`` is None) until it is closed."""
    from billiard import settings
    from billiard.audio.engine import AudioEngine

    configure(headless=False)  # before pyglet.media: it opens pyglet's shadow window
    chosen = settings.load()
    audio = AudioEngine.for_window(chosen.volume, chosen.mute or mute)
    viewer = open_viewer(opened, size, camera, trails, data_dir=data_dir, msaa=msaa, audio=audio)
    pyglet = viewer._pyglet
    pyglet.clock.schedule_interval(viewer.update, 1 / 120)
    try:
        pyglet.app.run()
    finally:
        pyglet.clock.unschedule(viewer.update)
        audio.close()
