"""The game in a pyglet window: neutral input -> controls -> the game controller; the view
(camera, picking), the 3D frame through the Renderer, then the HUD. Used by the desktop window
and headless play. :class:`GameApp` composes the parts, each in a module of its own: the
window's events (:mod:`app.game_input`), what each frame draws (:mod:`app.game_frame`), what
the menus do (:mod:`app.app_menus`); the match itself is :class:`GameController`'s, the shot
being prepared is drawn by :class:`AimPreview`, the recording is :class:`ShotRecording`'s."""

from __future__ import annotations

import math
import random
import time
from typing import Callable

from billiard.app.aim_preview import AimPreview
from billiard.app.app_menus import AppMenus
from billiard.app.side_names import saved_settings, side_names
from billiard.ai.players import PlayerSpec, parse_player
from billiard.app.computer_turns import ComputerTurns
from billiard.app.controls import Action, Controls
from billiard.display.camera_rig import GameCamera
from billiard.app.coach_slot import CoachSlot, ComputerCoach, lay_cue
from billiard.display.coach import Coach
from billiard.display.cameras import ViewInput, view_mode
from billiard.app.game_controller import GameController
from billiard.app.game_frame import GameFrame, make_renderer
from billiard.app.game_input import GameInput
from billiard.app.game_view import bed_point, view_input
from billiard.app.hud import Hud
from billiard.app.messages import Priority
from billiard.app.rack_panel import RackStats
from billiard.app.start_screen import StartChoice, StartScreen
from billiard.app.turn import Phase
from billiard.app.layout import HudLayout
from billiard.app.loop import FixedLoop
from billiard.app.menu import Menu
from billiard.app.practice_table import PracticeTable
from billiard.app.preview import PathPreview, process_executor
from billiard.app.replays import InGameReplays
from billiard.shell.window import Shell
from billiard.app.session import Session
from billiard.app.setup import default_table, refusal
from billiard.app.shot_recording import RecorderFactory
from billiard.audio.engine import AudioEngine
from billiard.app.game_sound import GameSound
from billiard.game import MODES
from billiard.practice.drills import drill_names, load_drill
from billiard.practice.layouts import Layout
from billiard.render.camera import Camera
from billiard.render.quality import resolve_quality
from billiard.replay.recorder import Recorder
from billiard.settings import Settings
from billiard.settings import load as load_settings
from billiard.settings import problems as settings_problems
from billiard.table import TABLE_PRESETS

__all__ = ["GameApp", "RecorderFactory", "side_names"]


class GameApp:
    """Owns the moderngl context of ``window`` and plays ``mode`` on ``table``.

    ``record(mode, table, players) -> Recorder``, when given, records every shot played
    (issue 7): each new game gets its own Recorder (session folder and match file).
    ``msaa``: multisamples (None: 4 on a GPU, none on software OpenGL, see ``render.msaa``).
    ``racks``: where each new rack's seed comes from (None: tidy racks, for repeatable scripts).
    ``audio``: the sound engine (issue 16; None: sounds are mixed but not played).
    ``quality``: ``auto``, ``low``, ``medium`` or ``high`` (None: the settings file's choice).
    ``clock``: the time input events happen at (headless play sets a script's times).
    ``players``: who plays each side (``billiard.ai.players``; None: two humans); the
    computer's turns think in a worker (``inline_ai``: in the frame, for scripted play).
    ``layout``: start from these ball positions (issue 18); ``drill``: start this drill."""

    def __init__(
        self,
        shell: Shell,
        mode: str,
        table: str | None = None,
        record: RecorderFactory | None = None,
        data_dir: str | None = None,
        msaa: int | None = None,
        racks: random.Random | None = None,
        preview_executor: Callable | None = None,
        audio: AudioEngine | None = None,
        quality: str | None = None,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.perf_counter,
        players: tuple[PlayerSpec, PlayerSpec] | None = None,
        ai_seed: int | None = None,
        inline_ai: bool = False,
        layout: Layout | None = None,
        drill: str | None = None,
        start_screen: bool = False,
    ) -> None:
        self.shell = shell  # the window, its GL context and font (billiard.shell)
        self.window = window = shell.window
        self.layout_start = layout  # the practice table's start (issue 18)
        self.drill_name = drill
        self.practice = PracticeTable(self)
        self.preview = PathPreview(preview_executor or process_executor)  # cue path off the frame thread
        self.sound = GameSound(audio if audio is not None else AudioEngine())
        self.data_dir = data_dir
        self.clock = clock
        self.replays: InGameReplays | None = None  # the replay browser, while it is open
        self.ctx = shell.ctx
        self._msaa = msaa
        self.quality = quality or saved_settings().quality
        self.renderer = make_renderer(self.ctx, window.get_framebuffer_size(), self.quality, msaa)
        self.layout = HudLayout.for_size(window.width, window.height)
        self.hud = Hud(self.layout)
        table = table or default_table(mode)
        if drill is not None:
            table = load_drill(drill).layout.table.name
        elif layout is not None:
            table = layout.table.name
        self.menu = Menu(
            MODES,
            tuple(TABLE_PRESETS),
            mode,
            table,
            quality=self.quality,
            auto_quality=resolve_quality("auto", self.ctx).name,
            playable=lambda m, t: refusal(m, t) is None,
            drills=drill_names(),
        )
        self.menu.volume, self.menu.mute = self.sound.engine.volume, self.sound.engine.mute
        self.frame_ms = 0.0  # the whole frame: update, draw and the buffer swap (the window's)
        self.max_frame_ms = 0.0
        self.draw_ms = 0.0
        self.frames = 0
        self.quit = False
        self.dirty = True  # something changed since the last frame drawn
        self._settled = False  # the last update found nothing moving
        self._drawn_camera: Camera | None = None
        self.aim_view = AimPreview(self.preview)
        if settings is None:
            settings = load_settings()
        self.game = GameController(self.layout, record, racks, self.pick, settings, clock=lambda: self.clock())
        self._ai_seed, self._inline_ai = ai_seed, inline_ai
        self.computer: ComputerTurns | None = None
        # menu lines carried out outside the app (billiard.net adds "online"), by action name
        self.menu_actions: dict[str, Callable[[Action], None]] = {}
        self.menus = AppMenus(self)  # what the menus' lines do (``app.app_menus``)
        self.set_players(players)
        self.menu.undo_in_matches = self.game.settings.allow_undo_in_match
        self.menu.called_shots = self.game.settings.called_shots
        self.menu.equal_innings = self.game.settings.equal_innings
        self.game.handlers.update(self.practice.handlers())
        self.start(mode, table)
        problems = settings_problems()
        if problems:
            self.game.messages.post("; ".join(problems), Priority.WARNING, "settings", until_act=True)
        # the start screen's lines are data (``app.start_screen``); its actions' handlers are the menus'
        chosen = saved_settings()
        self.start_screen: StartScreen | None = (
            StartScreen.standard(MODES, drill_names(), chosen.start_mode, chosen.start_level) if start_screen else None
        )
        self.start_actions: dict[str, Callable[[StartChoice], None]] = self.menus.start_actions()
        self.controls.menu_open = self.start_screen is not None
        # the coach's overlay (issue 27 provides the shot: ``display.coach``); Q shows it
        self.coach_slot = CoachSlot(self.game.messages)
        coach = ComputerCoach(inline_ai, self.game.settings.coach_noise)  # level 5 (issue 27)
        self.coach_slot.coach = coach
        self.coach_slot.lay = lambda shot, carry: lay_cue(self.controls, shot, carry)  # the cue shows its stroke
        self.coach_slot.placed = lambda: self.controls.placed  # a ball put down: the cue is laid again
        self.coach_slot.picked = lambda: self.controls.picked  # M: the ball goes back onto the coach's ring
        self.coach_slot.unlay = lambda: setattr(self.controls, "aim_locked", False)
        self.input = GameInput(self)  # the window's events -> the controls -> the game (``app.game_input``)
        self.frame = GameFrame(self)  # what each frame draws (``app.game_frame``)
        window.push_handlers(
            **self.input.handlers(),
            on_resize=self.on_resize,
            on_expose=self.on_expose,
        )

    # -- what other parts read ------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.game.session

    @property
    def controls(self) -> Controls:
        return self.game.controls

    @property
    def loop(self) -> FixedLoop:
        return self.game.loop

    @property
    def recorder(self) -> Recorder | None:
        return self.game.recording.recorder

    # -- game lifecycle ------------------------------------------------------------------
    def start(self, mode: str, table: str | None, scores: list[int] | None = None) -> None:
        """A new game; ``scores`` carries the racks won so far into the next rack."""
        self.game.start_from = self.practice.start_from()
        if scores is None:
            self.rack_stats = RackStats()
        self.game.start(mode, table, scores)
        self.rack_stats.new_rack()
        if self.computer is not None:
            self.computer.reset()
        self.practice.best_seen = self.session.drill.best if self.session.drill is not None else 0
        self.pose = self.session.interpolated(self.loop.alpha)
        self.view = GameCamera(self.session.table, self.camera_mode(), self._view_input())
        self.menu.mode, self.menu.table = mode, self.session.table.name
        self.dirty = True

    def aim_at_target(self) -> None:
        self.game.aim_at_target()

    def set_players(self, players: tuple[PlayerSpec, PlayerSpec] | None) -> None:
        """Who plays each side from the next turn on (the menu shows the same)."""
        if self.computer is not None:
            self.computer.close()
        self.computer = (
            ComputerTurns(players, self._ai_seed, inline=self._inline_ai)
            if players is not None and any(p.computer for p in players)
            else None
        )
        self.active_players = (str(players[0]), str(players[1])) if players is not None else ("human", "human")
        self.menu.players = self.active_players
        self.game.computer_sides = (bool(players and players[0].computer), bool(players and players[1].computer))
        self.game.names = side_names(players, self.menu.names)

    def name_player(self, side: int, name: str) -> None:
        """A name typed for a human side (Escape menu, N on a player's line): the scoreboard
        shows it at once and in the games after; the menu opens again. Against the computer
        the sides stay "You" and "Computer (level N)"."""
        names = list(self.menu.names)
        names[side] = " ".join(name.split())
        self.menu.names = (names[0], names[1])
        players = tuple(parse_player(p) for p in self.active_players)
        self.game.names = side_names((players[0], players[1]), self.menu.names)
        if self.game.names is not None and not any(p.computer for p in players):
            self.session.rules.players = self.game.names
        self.controls.menu_open = True
        self.game.say(f"Player {side + 1}: {names[side] or 'no name (Player ' + str(side + 1) + ')'}")

    def decide(self, option: str) -> None:
        """Answer the rules' pending decision with ``option`` (a script's ``decide`` event)."""
        self.input.decide(option)

    # -- picture quality -------------------------------------------------------------------
    def set_quality(self, name: str) -> None:
        """Switch the picture quality now and remember it in the settings file."""
        from billiard import settings

        self.quality = self.menu.quality = name
        self.renderer.release()
        self.renderer = make_renderer(self.ctx, self.window.get_framebuffer_size(), self.quality, self._msaa)
        self.dirty = True
        try:
            settings.save(saved_settings().replace(quality=name))
        except (OSError, ValueError) as exc:
            self.game.say(f"settings not saved: {exc}")

    # -- the replay browser -----------------------------------------------------------------
    def open_replays(self) -> None:
        """Show the recent and saved shots (this game's last shot written first)."""
        self.game.recording.flush()
        self.replays = InGameReplays(self.shell, self.renderer, self.data_dir, audio=self.sound.engine)

    def view_summary(self) -> dict:
        """What the window shows (the game and its camera, or the replay browser and where it
        stands) and the multisampling it is drawn with."""
        if self.replays is None:
            lines = self.game.messages.lines(2)
            return {
                "view": "game",
                "message": lines[0] if lines else self.session.rules.message,
                "messages": list(lines),
                "hud": self.hud.drawn(),
                "camera": self.view.mode,
                "msaa": self.renderer.samples,
                "quality": self.renderer.quality.name,
                "cue_path_points": len(self.preview.latest()) if self.controls.flags["cue_path"] else 0,
                "preview_frame_ms_max": round(self.preview.frame_ms_max, 3),
                **self.practice.summary(),
            }
        return {
            "view": "replays",
            "replays": self.replays.summary(),
            "msaa": self.renderer.samples,
            "quality": self.renderer.quality.name,
        }

    # -- per frame -----------------------------------------------------------------------
    def update(self, frame_seconds: float) -> None:
        """Advance the physics by the frame's time (fixed ticks) and finish turns; the game
        stands still while the menu or the replay browser is open."""
        if self.replays is not None:
            self.replays.update(frame_seconds)
            self.dirty, self._settled = True, False
            return
        before = self._fingerprint()
        if not self.controls.menu_open:
            self.controls.update(frame_seconds)  # a non-human stroke moves and fires
            self.input.act()
            self.game.update(frame_seconds)
            if self.computer is not None:
                self.computer.update(self.session, self.controls, self._computer_says)
                if not self.computer.on_turn(self.session):
                    self.game.messages.hold("computer")
                if self.computer.next_rack_due(self.session, frame_seconds):
                    self.game.next_rack()  # computer against computer: no ENTER needed
            self.practice.keep_best()
            self.rack_stats.hear(self.session, self.game.last_player)
        # redraw driven by state: a shot ending, a turn passing, a message, the computer deciding
        self.dirty = self.dirty or self._fingerprint() != before
        self.pose = self.session.interpolated(self.loop.alpha)  # what this frame draws
        self.view.update(frame_seconds, self.camera_mode(), self._view_input())
        self.sound.update(self.session, frame_seconds, self.loop.speed, self.camera(), self.window.get_size())
        moving = (
            self.game.busy or self.view.current != self._drawn_camera or self.preview.busy() or self.computer_on_turn()
        )
        self.dirty = self.dirty or moving
        self._settled = not moving

    def _fingerprint(self) -> tuple:
        """What the HUD and the table show of the game's state (not the camera): any change
        schedules a frame (issue 25, point 3: no frozen "rolling" after a shot)."""
        s, c = self.session, self.controls
        return (
            s.in_shot,
            s.shots,
            s.rules.turn,
            s.rules.game_over,
            s.in_hand,
            str(c.phase),
            self.game.messages.lines(3),
            id(s),
        )

    def _computer_says(self, text: str) -> None:
        self.game.messages.post(text, Priority.COMPUTER, "computer")

    def computer_on_turn(self) -> bool:
        """A computer player is on turn (thinking or stroking): input is limited, frames go on."""
        return (
            self.computer is not None
            and not self.controls.menu_open
            and self.replays is None
            and (self.computer.on_turn(self.session) or self.computer.waiting_next_rack(self.session))
        )

    def needs_redraw(self) -> bool:
        """Whether anything on screen changed since the last frame drawn (idle: nothing to do)."""
        return self.dirty

    def idle(self) -> bool:
        """Nothing moves and nothing happened since the last frame: the window skips the update
        too (an input event, a resize or an expose wakes it up)."""
        return self._settled and not self.dirty

    def camera(self) -> Camera:
        """The view drawn last (and so the one the mouse points into): see ``display.cameras``."""
        return self.view.current

    def camera_mode(self) -> str:
        c = self.controls
        return view_mode(c.flags["top_view"] or c.phase == Phase.PLACE, self.session.in_shot)

    def _view_input(self) -> ViewInput:
        return view_input(self.session, self.controls, self.pose, self.window.get_size(), self.layout)

    def pick(self, x: float, y: float) -> tuple[float, float] | None:
        """The bed point (at ball-centre height) under window pixel (x, y), origin bottom-left;
        None off the table (beyond its rails)."""
        return bed_point(self.camera(), self.session, x, y, self.window.get_size())

    @property
    def coach(self) -> Coach | None:
        """The coach Q shows (``display.coach``; issue 27 sets it)."""
        return self.coach_slot.coach

    @coach.setter
    def coach(self, coach: Coach | None) -> None:
        self.coach_slot.coach = coach

    def draw(self) -> None:
        t0 = time.perf_counter()
        if self.replays is not None:
            self.replays.draw()
        else:
            self.frame.draw()
        self._drawn_camera = self.view.current
        self.dirty = self.frame.ask_again
        self.draw_ms = 1000.0 * (time.perf_counter() - t0)

    def pass_frame(self) -> None:
        """A frame that is not drawn (headless play's ``--draw-every``): what the game's drawing
        does besides the pixels (``GameFrame.pass_frame``, the replay browser's ``pass_frame``)."""
        if self.replays is not None:
            self.replays.pass_frame()
        else:
            self.frame.pass_frame()
        self.dirty = self.frame.ask_again

    def note_frame(self, ms: float) -> None:
        """Count a frame of ``ms`` (the window's loop passes the whole frame, swap included)."""
        self.frame_ms = ms if self.frames == 0 else 0.9 * self.frame_ms + 0.1 * ms
        self.max_frame_ms = max(self.max_frame_ms, ms)
        self.frames += 1

    def on_expose(self) -> None:
        self.dirty = True

    def on_resize(self, width: int, height: int) -> None:
        self.dirty = True
        if width <= 0 or height <= 0 or not math.isfinite(width):
            return
        self.renderer.resize(self.window.get_framebuffer_size())
        self.layout = HudLayout.for_size(width, height)
        self.hud.resize(self.layout)
        self.game.layout = self.layout
        self.controls.resize(width, height)
        if self.replays is not None:
            self.replays.on_resize(width, height)

    def close_recorder(self) -> None:
        """Flush and stop the recorder (at exit)."""
        self.game.recording.close()

    def save_last(self, name: str) -> None:
        self.game.recording.save_last(name)
