"""The player's controls as a pure state machine fed by neutral input events.

Phases: ``place`` (ball in hand: the cue ball follows the pointer over the legal area; a click
or ENTER puts it down) -> ``aim`` (the cue points at the table spot under the pointer) ->
``power`` (left button held: draw back and push forward, :mod:`billiard.app.stroke`) -> a
``strike`` action -> ``rolling`` (until the app calls :meth:`Controls.turn_ready`).
Keys go through the key map (:mod:`billiard.shell.keymap`), which also writes the help.
Non-human players drive the same cue through :meth:`Controls.set_cue`, :meth:`Controls.play`
(shown aiming, drawing back and striking over the next frames) or :meth:`Controls.fire`.
The app drains :meth:`Controls.take_actions`. No pyglet here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from billiard.app.commands import Action, StrikeCommand
from billiard.shell.input import (
    InputEvent,
    KeyPress,
    KeyRelease,
    MouseDrag,
    MouseMove,
    MousePress,
    MouseRelease,
    Scroll,
    TextInput,
)
from billiard.app.board import Board
from billiard.app.cue import MIN_KEY_POWER, AutoStroke, Cue
from billiard.app.mouse_controls import MouseControls
from billiard.shell.keymap import GAME_KEYS, Command, command_for, help_rows
from billiard.app.layout import HudLayout
from billiard.app.placement import Placement
from billiard.app.stroke import Stroke
from billiard.formats.limits import CONTROL_MAX_SPEED, speed_of_power
from billiard.app.setup_controls import SetupControls
from billiard.app.turn import Phase, check
from billiard.display.cameras import Orbit

PLACE_STEP = 0.01  # m a key press moves the cue ball in hand
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -")
MAX_NAME = 40

HELP = help_rows(GAME_KEYS)  # every control, for the help overlay (H)


@dataclass
class Controls:
    layout: HudLayout
    board: Board
    max_speed: float = CONTROL_MAX_SPEED  # full power: a full draw-back and a fast push (formats.limits)
    phase: Phase = Phase.AIM
    cue: Cue = field(default_factory=Cue)
    camera: Orbit = field(default_factory=Orbit)
    flags: dict = field(
        default_factory=lambda: {
            "aim_line": True,
            "ghost": True,
            "object_path": True,
            "cue_path": False,
            "help": False,
            "frame_time": False,
            "top_view": False,
        }
    )
    menu_open: bool = False
    drag: str | None = None
    keys: set = field(default_factory=set)
    actions: list = field(default_factory=list)
    naming: str | None = None  # the name being typed after K (None: not typing)
    now: float = 0.0  # time of the event being handled (s); the app sets it
    view_heading_deg: float = 0.0  # the aim camera looks along this (not the pointer's aim)
    aim_locked: bool = False
    why_not: str = ""  # why the last stroke did not fire (HUD line)
    stroke: Stroke | None = None
    placement: Placement | None = None
    auto: AutoStroke | None = None
    pointer: tuple[float, float] | None = None  # where the mouse was last seen (window pixels)
    placed: int = 0  # how many times the ball in hand was put down (the app re-aims)
    picked: int = 0  # how many times M took the ball in hand up again (the coach carries it to its ring)
    naming_for: str = "shot"  # what the typed name saves: "shot" (K), "layout" or "player N" (menu)
    setup: SetupControls | None = None  # set-up mode's controls while it is on (phase "setup")
    _echo: str = ""  # the key that opened the box may still arrive as its text ("k")
    mouse: MouseControls = field(init=False, repr=False, compare=False)  # the pointer's handlers

    def __post_init__(self) -> None:
        self.mouse = MouseControls(self)

    # -- the app's side ------------------------------------------------------------------
    def take_actions(self) -> list[Action]:
        out, self.actions = self.actions, []
        return out

    def shot_started(self) -> None:
        self.phase = check(self.phase, Phase.ROLLING)
        self.drag, self.cue.power, self.stroke, self.auto = None, 0.0, None, None

    def turn_ready(self) -> None:
        """A new turn: ball in hand first when the rules give it, else aiming."""
        self.drag, self.stroke, self.auto, self.aim_locked = None, None, None, False
        if self.board.ball_in_hand() and self.board.place_first():
            self.pick_up()
        else:
            self.phase, self.placement = check(self.phase, Phase.AIM, restart=True), None

    def resize(self, width: int, height: int) -> None:
        self.layout = HudLayout.for_size(width, height)

    def elevation(self) -> float:
        """The elevation the cue really has: the player's, raised to clear rails and balls."""
        c = self.cue
        return self.board.least_elevation(c.heading_deg, c.tip, c.elevation_deg)

    def cue_pull_m(self) -> float:
        """How far the drawn cue stands back from the ball (m), for the picture."""
        if self.auto is not None:
            return self.auto.pull_m()
        return self.stroke.cue_pull_m if self.stroke is not None else 0.0

    def pull_px(self) -> float:
        return self.stroke.pull if self.stroke is not None else 0.0

    # -- non-human players: the same cue and the same strike path as the mouse ----------------
    def set_cue(
        self,
        heading_deg: float | None = None,
        elevation_deg: float | None = None,
        tip: tuple[float, float] | None = None,
    ) -> None:
        """Aim the cue (the view turns with it, as for keyboard aim)."""
        if heading_deg is not None:
            self.cue.heading_deg = heading_deg % 360.0
            self.view_heading_deg = self.cue.heading_deg
        if elevation_deg is not None:
            self.cue.set_elevation(elevation_deg)
        if tip is not None:
            self.cue.set_tip(*tip)

    def fire(self, speed: float) -> bool:
        """Strike now at ``speed`` m/s with the cue as it is aimed (False when not aiming)."""
        if self.phase != "aim":
            return False
        self._fire(speed)
        return True

    def play(self, command: StrikeCommand, aim_s: float = 0.8, stroke_s: float = 0.6) -> bool:
        """Play ``command`` over the next frames (see :meth:`update`): the cue turns to the
        heading in ``aim_s``, is drawn back and pushed through in ``stroke_s``, then strikes."""
        if self.phase != "aim":
            return False
        self.set_cue(elevation_deg=command.elevation_deg, tip=command.tip)
        self.auto = AutoStroke(command, max(aim_s, 1e-3), max(stroke_s, 1e-3), self.cue.heading_deg)
        self.phase = check(self.phase, Phase.AUTO)
        return True

    def update(self, dt: float) -> None:
        """Advance a non-human stroke by ``dt`` seconds (the app calls this every frame)."""
        a = self.auto
        if a is None:
            return
        a.t += dt
        turn = (a.command.heading_deg - a.start_heading + 180.0) % 360.0 - 180.0
        self.set_cue(heading_deg=a.start_heading + turn * min(1.0, a.t / a.aim_s))
        if a.t >= a.aim_s + a.stroke_s:
            self.auto, self.phase = None, check(self.phase, Phase.AIM)
            self.set_cue(heading_deg=a.command.heading_deg)
            self._fire(a.command.speed)

    # -- input -----------------------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, (MouseMove, MousePress, MouseDrag, MouseRelease)):
            self.pointer = (ev.x, ev.y)
        if self.setup is not None and self.naming is None and not self.menu_open:
            if self.setup.handle(ev):
                if self.setup.done:
                    self.actions.append(Action("setup-done"))
                return
        if self.naming is not None:
            self._name_input(ev)
        elif isinstance(ev, KeyPress):
            self._key(ev.symbol, ev.modifiers)
        elif isinstance(ev, KeyRelease):
            self.keys.discard(ev.symbol)
        elif self.menu_open:
            if isinstance(ev, MousePress) and ev.button == "left":
                self.actions.append(Action("menu-click", (ev.x, ev.y)))
        elif self.phase == "auto":
            return
        elif isinstance(ev, MouseMove):
            self.mouse.move(ev.x, ev.y, ev.dx, ev.dy, ev.modifiers)
        elif isinstance(ev, MousePress):
            self.mouse.press(ev)
        elif isinstance(ev, MouseDrag):
            self.mouse.drag(ev)
        elif isinstance(ev, MouseRelease):
            self.mouse.release(ev)
        elif isinstance(ev, Scroll):
            self.camera.zoom(ev.dy)

    def _no_stroke(self) -> None:
        self.why_not = self.stroke.why_not if self.stroke is not None else ""
        self.phase, self.cue.power, self.stroke, self.drag = check(self.phase, Phase.AIM), 0.0, None, None

    def _fire(self, speed: float) -> None:
        c = self.cue
        self.actions.append(
            Action(
                "strike", StrikeCommand(round(min(speed, self.max_speed), 6), c.heading_deg, self.elevation(), c.tip)
            )
        )
        self.phase, self.drag, self.stroke, self.why_not = check(self.phase, Phase.STRIKE), None, None, ""

    # -- ball in hand ------------------------------------------------------------------------
    def pick_up(self) -> bool:
        """Take the cue ball in hand (the rules must allow it): it follows the pointer."""
        if not self.board.ball_in_hand() or self.phase not in ("aim", "place", "rolling", "strike"):
            return False
        b = self.board
        self.placement = Placement("cue", b.cue_spot_ok, b.place_cue, at=b.cue_xy())
        self.phase, self.stroke, self.cue.power = check(self.phase, Phase.PLACE, restart=True), None, 0.0
        return True

    def put_down(self) -> bool:
        """Leave the cue ball where it lies (legal) and start aiming."""
        if self.phase != "place":
            return False
        if self.placement is not None and not self.placement.confirm(self.board.cue_xy()):
            return False
        self.phase, self.placement = check(self.phase, Phase.AIM), None
        self.placed += 1
        return True

    # -- the name box (K): typing goes to the box only -------------------------------------
    def _name_input(self, ev: InputEvent) -> None:
        assert self.naming is not None, "only called while the name box is open"
        echo, self._echo = self._echo, ""
        if isinstance(ev, TextInput):
            if not (echo and ev.text.lower() == echo):
                typed = "".join(ch for ch in ev.text if ch in NAME_CHARS)
                self.naming = (self.naming + typed)[:MAX_NAME]
        elif isinstance(ev, KeyRelease):
            self.keys.discard(ev.symbol)
        elif isinstance(ev, KeyPress):
            if ev.symbol == "BACKSPACE":
                self.naming = self.naming[:-1]
            elif ev.symbol in ("ENTER", "RETURN", "NUM_ENTER"):
                self.actions.append(Action("save-name", self.naming))
                self.naming = None
            elif ev.symbol == "ESCAPE":
                self.naming = None

    # -- keyboard: through the key map -------------------------------------------------------
    # commands the game or the window carry out: passed on as actions (the controller's table)
    APP_COMMANDS = frozenset(
        {"pause", "speed", "push-out", "pass", "undo", "retry", "setup", "fullscreen", "menu", "decide", "coach"}
    )

    def _key(self, sym: str, mods: frozenset[str]) -> None:
        self.keys.add(sym)
        if self.menu_open and sym != "ESCAPE":
            self.actions.append(Action("menu-key", sym))
            return
        decision = getattr(self.board, "decision", lambda: None)()
        plain = not mods & {"SHIFT", "CTRL", "ALT", "COMMAND", "OPTION", "WINDOWS"}
        picked = decision.by_key(sym) if decision is not None and plain else None
        if picked is not None:  # the keys of the rules' pending decision come first
            self.command(Command("decide", picked.name))
            return
        if sym == "R" and self.board.rack_over():
            self.actions.append(Action("replay-rack"))  # the end-of-rack panel's button
            return
        cmd = command_for(GAME_KEYS, sym, mods)
        if cmd is not None:
            self.command(cmd)

    def command(self, cmd: Command) -> None:
        """Do one typed command (from a key, or from any other caller), through one table:
        the controls' own (:meth:`_table`) or, for the game's and the window's, an action."""
        if cmd.name in self.APP_COMMANDS:
            if cmd.name == "menu":
                self.menu_open = not self.menu_open
            self.actions.append(Action(cmd.name, cmd.value))
            return
        handler = self._table().get(cmd.name)
        if handler is not None:
            handler(cmd.value)

    def _table(self) -> dict[str, Callable[[Any], None]]:
        """The controls' commands by name (each takes the command's value)."""
        return {
            "name": self._open_name_box,
            "toggle": self._toggle,
            "turn": self._turn,
            "key-power": lambda v: setattr(self.cue, "key_power", min(1.0, max(MIN_KEY_POWER, self.cue.key_power + v))),
            "tip": lambda v: self.cue.set_tip(self.cue.tip[0] + v[0], self.cue.tip[1] + v[1]),
            "tip-centre": lambda _: self.cue.set_tip(0.0, 0.0),
            "elevate": lambda v: self.cue.set_elevation(self.cue.elevation_deg + v),
            "zoom": self.camera.zoom,
            "orbit": lambda v: self.camera.turn(*v),
            "lock-aim": self._lock_aim,
            "pick-up": self._pick_up_key,
            "nudge": lambda v: self._nudge(*v),
            "key-strike": self._key_strike,
        }

    def open_name_box(self, naming_for: str, echo: str = "") -> None:
        """Open the name box for ``naming_for`` ("layout", "player 1"...); ``echo``: the key
        that opened it, whose text may still arrive and is not typed."""
        self.naming, self._echo, self.naming_for = "", echo, naming_for

    def _open_name_box(self, _: Any) -> None:
        if not self.menu_open:
            self.naming, self._echo, self.naming_for = "", "k", "shot"

    def _toggle(self, flag: str) -> None:
        self.flags[flag] = not self.flags.get(flag, False)

    def _turn(self, deg: float) -> None:
        if self.phase in (Phase.AIM, Phase.POWER):
            self.cue.turn(deg)
            self.view_heading_deg = self.cue.heading_deg

    def _lock_aim(self, _: Any) -> None:
        self.aim_locked = not self.aim_locked
        self.view_heading_deg = self.cue.heading_deg

    def _pick_up_key(self, _: Any) -> None:
        if self.pick_up():
            self.picked += 1
        else:
            self.why_not = "the cue ball cannot be picked up now (no ball in hand)"

    def _key_strike(self, _: Any) -> None:
        if self.board.rack_over():
            self.actions.append(Action("next-rack"))
        elif self.phase == Phase.PLACE:
            self.put_down()
        elif self.phase == Phase.AIM:
            self._fire(speed_of_power(self.cue.key_power, self.max_speed))

    def _nudge(self, dx: int, dy: int) -> None:
        if self.phase == "aim" and self.board.ball_in_hand():
            self.pick_up()
        if self.phase == "place" and self.placement is not None:
            self.placement.nudge(PLACE_STEP * dx, PLACE_STEP * dy, self.board.cue_xy())
