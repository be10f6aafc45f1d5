"""The game in a pyglet window: input -> controls -> session, the fixed-step loop, the 3D
frame through the Renderer, then the HUD. Used by the desktop window and headless play."""
from __future__ import annotations

import math
import random
import time
from typing import Callable

import moderngl
import numpy as np
import pyglet

from billiard.app import pyglet_input
from billiard.app.controls import Controls, StrikeCommand
from billiard.app.game_camera import GameCamera, ViewInput, view_mode
from billiard.app.hud import Hud
from billiard.app.hud_state import hud_state
from billiard.app.layout import HudLayout
from billiard.app.loop import FixedLoop
from billiard.app.menu import Menu
from billiard.app.preview import PathPreview, process_executor
from billiard.app.replays import InGameReplays
from billiard.app.setup import default_table, new_session
from billiard.app.practice_table import PRACTICE_ACTIONS, PRACTICE_MENU, PracticeTable
from billiard.audio.engine import AudioEngine
from billiard.audio.game_sound import GameSound
from billiard.errors import BilliardError
from billiard.game import IN_HAND_KITCHEN, MODES
from billiard.physics.world import World
from billiard.practice import drill_scores
from billiard.practice.drills import drill_names, load_drill
from billiard.practice.layouts import Layout, list_layouts
from billiard.render.aim import aim_overlay
from billiard.render.camera import Camera
from billiard.render.msaa import choose_samples
from billiard.render.offscreen import window_context
from billiard.render.quality import resolve_quality
from billiard.render.renderer import Renderer
from billiard.render.tray import tray_rects
from billiard.render.scene import BallView, CueState, Overlay, Polyline, SceneState
from billiard.replay.capture import shot_from_balls
from billiard.replay.recorder import Recorder
from billiard.settings import load as load_settings
from billiard.table import TABLE_PRESETS

INPUT_EVENTS = ("mouse_motion", "mouse_press", "mouse_release", "mouse_drag", "mouse_scroll",
                "key_press", "key_release", "text")
PULL_M_PER_PX = 0.0012      # how far the drawn cue moves back per pixel of pull
PATH_COLOR = (0.6, 0.85, 1.0, 0.7)
HEAD_STRING_COLOR = (1.0, 1.0, 1.0, 0.35)


RecorderFactory = Callable[[str, str, tuple], Recorder]


class GameApp:
    """Owns the moderngl context of ``window`` and plays ``mode`` on ``table``.

    ``record(mode, table, players) -> Recorder``, when given, records every shot played
    (issue 7): each new game gets its own Recorder (session folder and match file).
    ``msaa``: multisamples (None: 4 on a GPU, none on software OpenGL, see ``render.msaa``).
    ``racks``: where each new rack's seed comes from (None: tidy racks, for repeatable scripts).
    ``audio``: the sound engine (issue 16; None: sounds are mixed but not played).
    ``quality``: ``auto``, ``low``, ``medium`` or ``high`` (None: the settings file's choice).
    ``layout``: start from these ball positions (issue 18); ``drill``: start this drill."""

    def __init__(self, window: pyglet.window.Window, mode: str, table: str | None = None,
                 record: RecorderFactory | None = None, data_dir: str | None = None,
                 msaa: int | None = None, racks: random.Random | None = None,
                 preview_executor: Callable | None = None, audio: AudioEngine | None = None,
                 quality: str | None = None, layout: Layout | None = None,
                 drill: str | None = None) -> None:
        self.window = window
        self.preview = PathPreview(preview_executor or process_executor)   # cue path off the frame thread
        self.sound = GameSound(audio if audio is not None else AudioEngine())
        self.settings = load_settings()
        self.layout_start = layout
        self.drill_name = drill
        self.practice = PracticeTable(self)
        self.racks = racks
        self._record = record
        self.data_dir = data_dir
        self.replays: InGameReplays | None = None     # the replay browser, while it is open
        self.recorder: Recorder | None = None
        self._pending: tuple[dict, int] | None = None
        self._save_after: str | None = None      # a name typed while the shot still rolled
        self._errors_seen = 0
        self.ctx = window_context()
        self._msaa = msaa
        self.quality = quality or _saved_settings().quality
        self.renderer = self._make_renderer()
        self.layout = HudLayout.for_size(window.width, window.height)
        self.hud = Hud(self.layout)
        table = table or default_table(mode)
        if drill is not None:
            table = load_drill(drill).layout.table.name
        elif layout is not None:
            table = layout.table.name
        self.menu = Menu(MODES, tuple(TABLE_PRESETS), mode, table, drills=drill_names(), quality=self.quality,
                         auto_quality=resolve_quality("auto", self.ctx).name,
                         undo_in_matches=self.settings.allow_undo_in_match)
        self.menu.volume, self.menu.mute = self.sound.engine.volume, self.sound.engine.mute
        self.frame_ms = 0.0
        self.frames = 0
        self.quit = False
        self.start(mode, table)
        window.push_handlers(**{f"on_{kind}": self._handler(kind) for kind in INPUT_EVENTS},
                            on_resize=self.on_resize)

    # -- game lifecycle ------------------------------------------------------------------
    def start(self, mode: str, table: str | None, scores: list[int] | None = None) -> None:
        """A new game; ``scores`` carries the racks won so far into the next rack."""
        drill = load_drill(self.drill_name) if self.drill_name else None
        player = "Player 1"
        best = drill_scores.best_for(player, drill.name, self.data_dir) if drill else 0
        practice = {k: v for k, v in (("layout", self.layout_start), ("drill", drill), ("best", best),
                                      ("allow_undo_in_match", self.settings.allow_undo_in_match)) if v}
        self.session = new_session(mode, table, self.racks.randrange(2 ** 31) if self.racks else None, **practice)
        self.practice.best_seen = best
        self.close_recorder()
        if self._record is not None:
            rules = self.session.rules
            self.recorder = self._record(mode, self.session.table.name, tuple(rules.players))
        if scores is not None:
            self.session.rules.scores = list(scores)
        self.session.picker = self.pick
        self.controls = Controls(self.layout, self.session)
        self.loop = FixedLoop(self.session.params.dt, self.session.tick)
        self.aim_at_target()
        self.pose = self.session.interpolated(self.loop.alpha)
        self.view = GameCamera(self.session.table, self._view_mode(), self._view_input())
        self.menu.mode, self.menu.table = mode, self.session.table.name

    def _handler(self, kind: str):
        def handle(*args):
            if self.replays is not None:
                self._replay_event(kind, args)
                return pyglet.event.EVENT_HANDLED
            ev = pyglet_input.neutral(kind, *args)
            if ev is not None:
                self.controls.handle(ev)
                self._act()
            return pyglet.event.EVENT_HANDLED      # no default handler (Escape must not close)
        return handle

    def _act(self) -> None:
        for a in self.controls.take_actions():
            s, rules = self.session, self.session.rules
            try:
                if a.name == "strike" and rules.game_over:
                    self.controls.turn_ready()
                    if rules.rack_points:
                        self.start(s.mode, s.table.name, rules.scores)
                        self.session.rules.message = "next rack"
                elif a.name == "strike":
                    cmd = a.value
                    shot = shot_from_balls(s.balls, s.table.name, {
                        "ball": rules.cue, "speed": cmd.speed, "heading_deg": cmd.heading_deg,
                        "elevation_deg": cmd.elevation_deg, "tip": cmd.tip}, s.params)
                    player = rules.turn
                    s.strike(cmd)
                    self._pending = (shot, player)
                    self.controls.shot_started()
                elif a.name == "menu":
                    self.menu.layouts = list_layouts(self.data_dir)       # saved layouts, fresh
                elif a.name == "pause":
                    self.loop.paused = not self.loop.paused
                elif a.name == "speed":
                    self.loop.set_speed(a.value)
                elif a.name in PRACTICE_ACTIONS:
                    self.practice.act(a)
                elif a.name == "push-out" and hasattr(rules, "declare_push_out"):
                    rules.declare_push_out()
                elif a.name == "pass" and hasattr(rules, "pass_back"):
                    rules.pass_back()
                elif a.name == "save-name" and self.controls.naming_for == "layout":
                    self.practice.save_layout(a.value)
                elif a.name == "save-name":
                    self.save_last(a.value)
                elif a.name == "fullscreen":
                    self.window.set_fullscreen(not self.window.fullscreen)
                elif a.name == "menu-key":
                    self._menu_action(self.menu.key(a.value))
                elif a.name == "menu-click":
                    hit = [i for i in range(len(self.menu.labels())) if self.layout.menu_item(i).contains(*a.value)]
                    if hit:
                        self._menu_action(self.menu.choose(hit[0]))
            except BilliardError as exc:
                self.session.rules.message = str(exc)
                if self.controls.phase == "strike":
                    self.controls.turn_ready()
            except (NotImplementedError, pyglet.window.WindowException):
                rules.message = "fullscreen is not available here"

    def _menu_action(self, action) -> None:
        if action is None:
            return
        if action.name == "sound":          # volume / mute: applied and saved, the menu stays open
            self.session.rules.message = self.sound.set(*action.value)
            return
        if action.name == "quality":                  # applied at once; the menu stays open
            self.set_quality(action.value)
            return
        self.controls.menu_open = False
        if action.name == "new-game":
            self.layout_start = self.drill_name = None
            try:
                self.start(*action.value)
            except BilliardError as exc:
                self.session.rules.message = str(exc)
        elif action.name in PRACTICE_MENU:
            self.practice.menu_action(action)
        elif action.name == "replays":
            self.open_replays()
        elif action.name == "quit":
            self.quit = True
            self.window.close()

    # -- picture quality -------------------------------------------------------------------
    def _make_renderer(self) -> Renderer:
        """A renderer at ``self.quality`` (``auto``: low on software OpenGL, high on a GPU), with
        that level's MSAA unless ``--msaa`` chose."""
        level = resolve_quality(self.quality, self.ctx)
        samples = choose_samples(self.ctx, self._msaa if self._msaa is not None else level.samples)
        return Renderer(self.ctx, self.window.get_framebuffer_size(), samples, level)

    def set_quality(self, name: str) -> None:
        """Switch the picture quality now and remember it in the settings file."""
        from billiard import settings

        self.quality = self.menu.quality = name
        self.renderer.release()
        self.renderer = self._make_renderer()
        try:
            settings.save(_saved_settings().replace(quality=name))
        except (OSError, ValueError) as exc:
            self.session.rules.message = f"settings not saved: {exc}"

    # -- the replay browser -----------------------------------------------------------------
    def open_replays(self) -> None:
        """Show the recent and saved shots (this game's last shot written first)."""
        if self.recorder is not None:
            self.recorder.flush()
        self.replays = InGameReplays(self.window, self.ctx, self.renderer, self.hud.font, self.data_dir,
                                     audio=self.sound.engine)

    def _replay_event(self, kind: str, args: tuple) -> None:
        handler = getattr(self.replays, f"on_{kind}", None)
        if handler is not None:
            handler(*args)
        if self.replays.done:
            self.replays = None

    def view_summary(self) -> dict:
        """What the window shows (the game and its camera, or the replay browser and where it
        stands) and the multisampling it is drawn with."""
        if self.replays is None:
            return {"view": "game", "camera": self.view.mode, "msaa": self.renderer.samples,
                    "quality": self.renderer.quality.name,
                    "cue_path_points": len(self.preview.latest()) if self.controls.flags["cue_path"] else 0,
                    "preview_frame_ms_max": round(self.preview.frame_ms_max, 3), **self.practice.summary()}
        return {"view": "replays", "replays": self.replays.summary(), "msaa": self.renderer.samples,
                "quality": self.renderer.quality.name}

    # -- per frame -----------------------------------------------------------------------
    def update(self, frame_seconds: float) -> None:
        """Advance the physics by the frame's time (fixed ticks) and finish turns; the game
        stands still while the menu or the replay browser is open."""
        if self.replays is not None:
            self.replays.update(frame_seconds)
            return
        if not self.controls.menu_open:
            self.loop.advance(frame_seconds)
            if self._pending is not None and not self.session.in_shot:
                self._record_pending()
                self.practice.keep_best()
            self._show_recording_errors()
            if self.controls.phase == "rolling" and not self.session.in_shot:
                self.controls.turn_ready()
                self.aim_at_target()
        self.pose = self.session.interpolated(self.loop.alpha)      # what this frame draws
        self.view.update(frame_seconds, self._view_mode(), self._view_input(), hold=self.controls.drag == "place")
        self.sound.update(self.session, frame_seconds, self.loop.speed, self.camera(), self.window.get_size())

    def _record_pending(self) -> None:
        """Hand the finished shot to the recorder (its writer thread simulates and saves)."""
        shot, player = self._pending
        self._pending = None
        if self.recorder is not None:
            try:
                self.recorder.record(shot, scores=list(self.session.rules.scores), player=player)
            except BilliardError as exc:        # never into the frame loop
                self.session.rules.message = f"recording: {exc}"
            if self._save_after is not None:
                self.save_last(self._save_after)

    def save_last(self, name: str) -> None:
        """Save the last shot as ``name`` (the K box); a shot still rolling is saved when it
        stops. The HUD message says what happened, in one line."""
        rules = self.session.rules
        self._save_after = None
        if self.recorder is None:
            rules.message = "recording is off (--no-record): nothing to save"
        elif not name.strip():
            rules.message = "no name typed: nothing saved"
        elif self._pending is not None:
            self._save_after = name
            rules.message = f"will save as {name.strip()} when the balls stop"
        else:
            try:
                rules.message = f"saved as {self.recorder.save_named(name).stem}"
            except BilliardError as exc:
                rules.message = str(exc)

    def _show_recording_errors(self) -> None:
        """A write that failed on the recorder's thread shows as the HUD message."""
        errors = self.recorder.errors if self.recorder is not None else []
        if len(errors) > self._errors_seen:
            self._errors_seen = len(errors)
            self.session.rules.message = f"recording: {errors[-1]}"

    def close_recorder(self) -> None:
        """Flush and stop the current game's recorder (at a new game and at exit). A shot still
        rolling is recorded too (its replay is simulated to the end; the scores stay those
        before it)."""
        if self._pending is not None and self.recorder is not None:
            shot, player = self._pending
            try:
                self.recorder.record(shot, player=player)
            except BilliardError as exc:
                self.session.rules.message = f"recording: {exc}"
            self._pending = None
            if self._save_after is not None:
                self.save_last(self._save_after)
        self._pending = self._save_after = None
        self._errors_seen = 0
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None

    def aim_at_target(self) -> None:
        """At the start of a turn, point the cue at the nearest ball the player may hit first."""
        s = self.session
        targets = s.rules.targets(s.on_table())
        if not targets:
            return
        cx, cy = s.cue_xy()
        b = s.balls
        nearest = min(targets, key=lambda t: math.hypot(b.pos[b.index(t), 0] - cx, b.pos[b.index(t), 1] - cy))
        p = b.pos[b.index(nearest)]
        self.controls.cue.heading_deg = math.degrees(math.atan2(p[1] - cy, p[0] - cx)) % 360.0

    def camera(self) -> Camera:
        """The view drawn last (and so the one the mouse points into): see ``game_camera``."""
        return self.view.current

    def _view_mode(self) -> str:
        return view_mode(self.controls.flags["top_view"], self.session.in_shot)

    def _view_input(self) -> ViewInput:
        s = self.session
        width, height = self.window.get_size()
        return ViewInput(self.pose[0], s.balls.motion, s.balls.index(s.rules.cue),
                         self.controls.cue.heading_deg, self.controls.camera, width / max(height, 1))

    def pick(self, x: float, y: float) -> tuple[float, float] | None:
        """The bed point (at ball-centre height) under window pixel (x, y), origin bottom-left."""
        size = self.window.get_size()
        eye, d = self.camera().ray((x, size[1] - y), size)
        if d[2] >= -1e-9:
            return None
        s = (self.session.ball_radius() - eye[2]) / d[2]
        return float(eye[0] + s * d[0]), float(eye[1] + s * d[1])

    def scene(self) -> SceneState:
        s, c = self.session, self.controls
        b = s.balls
        view = BallView.from_balls(b)
        view = BallView(view.ids, *self.pose, view.radius, view.pocketed)
        if c.setup is not None:
            return self.practice.setup_scene(view)
        if s.in_shot or s.rules.game_over:
            return SceneState(s.table, view)
        cue = CueState(c.cue.heading_deg, c.cue.elevation_deg, c.cue.tip,
                       0.01 + c.pull * PULL_M_PER_PX, ball=s.rules.cue)
        overlay = aim_overlay(view, s.table, c.cue.heading_deg, s.rules.cue, paths=self._paths() + self._kitchen())
        overlay = Overlay(overlay.aim_line if c.flags["aim_line"] else None,
                          overlay.ghost if c.flags["ghost"] else None,
                          overlay.object_line if c.flags["object_path"] else None, overlay.paths)
        return SceneState(s.table, view, cue, overlay)

    def _kitchen(self) -> tuple[Polyline, ...]:
        """The head string, while the cue ball is in hand behind it (pool tables do not paint
        it; snooker's D is painted on the cloth)."""
        s = self.session
        if s.in_hand != IN_HAND_KITCHEN or not s.ball_in_hand():
            return ()
        x, y = s.table.head_string_x, s.table.half_width
        return (Polyline(np.array([(x, -y), (x, y)]), HEAD_STRING_COLOR, 0.004),)

    def _paths(self) -> tuple[Polyline, ...]:
        """The cue ball's predicted path (toggle T): asked of the preview worker when the shot
        changes, drawn once ready (a path for an older aim from the same position meanwhile)."""
        c = self.controls
        if not c.flags["cue_path"]:
            return ()
        power = c.cue.power if c.phase == "power" else c.cue.key_power
        cmd = StrikeCommand(max(0.05, power * c.max_speed), c.cue.heading_deg, c.cue.elevation_deg, c.cue.tip)
        s = self.session
        where = (s.cue_xy(), s.rules.shots)
        self.preview.request((cmd, *where), World, s.balls, s.table, s.params, s.rules.cue, cmd)
        path = self.preview.latest(lambda key: key[1:] == where)
        return (Polyline(path, PATH_COLOR, 0.003),) if len(path) > 1 else ()

    def draw(self) -> None:
        t0 = time.perf_counter()
        if self.replays is not None:
            self.replays.draw()
        else:
            self._draw_game()
        ms = 1000.0 * (time.perf_counter() - t0)
        self.frame_ms = ms if self.frames == 0 else 0.9 * self.frame_ms + 0.1 * ms
        self.frames += 1

    def _draw_game(self) -> None:
        ctx = self.ctx
        self.renderer.draw_to_screen(self.scene(), self.camera())
        state = hud_state(self.session, self.controls, paused=self.loop.paused, speed=self.loop.speed,
                          frame_ms=self.frame_ms, menu=self.menu)
        scale = self.window.get_framebuffer_size()[1] / max(self.window.height, 1)
        self.renderer.draw_tray(state.tray, tray_rects(self.window.width, self.window.height, state.tray, scale),
                                ctx.screen)
        ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.hud.update(state)
        self.hud.draw()

    def on_resize(self, width: int, height: int) -> None:
        if width <= 0 or height <= 0 or not math.isfinite(width):
            return
        self.renderer.resize(self.window.get_framebuffer_size())
        self.layout = HudLayout.for_size(width, height)
        self.hud.resize(self.layout)
        self.controls.resize(width, height)
        if self.replays is not None:
            self.replays.on_resize(width, height)

    def screenshot_rgb(self) -> np.ndarray:
        """The current frame as (height, width, 3) uint8, top row first."""
        w, h = self.window.get_framebuffer_size()
        data = self.ctx.screen.read(viewport=(0, 0, w, h), components=3, alignment=1)
        _ = self.ctx.error          # reading the screen leaves a GL error pyglet would raise later
        return np.frombuffer(data, np.uint8).reshape(h, w, 3)[::-1].copy()


def _saved_settings():
    """The user's settings file (defaults when it is missing or unreadable)."""
    from billiard import settings

    return settings.load()
