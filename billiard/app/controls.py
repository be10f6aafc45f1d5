"""The player's controls as a pure state machine fed by neutral input events.

Phases: ``aim`` (mouse x turns the cue round the cue ball) -> ``power`` (left button held:
pulling the mouse back sets the power, pushing forward or releasing strikes; a click without
a pull fires nothing) -> a ``strike`` action -> ``rolling`` (until the app calls
:meth:`Controls.turn_ready`). The app drains :meth:`Controls.take_actions`. No pyglet here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from billiard.app.input import (InputEvent, KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress,
                                MouseRelease, Scroll, TextInput)
from billiard.app.layout import HudLayout
from billiard.app.setup_controls import SetupControls

MAX_TIP = 0.6            # miscue limit: tip offset in ball radii
MAX_ELEVATION = 75.0     # degrees
AIM_DEG_PER_PX = 0.25
FINE_AIM_DEG_PER_PX = 0.02
MIN_PULL_PX = 6.0        # a press that pulls back less than this fires nothing
PUSH_PX = 12.0           # a forward push this far from the deepest pull strikes
PLACE_STEP = 0.01        # m a key press moves the cue ball in hand
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -")
MAX_NAME = 40

# Every control, for the help overlay (H). Tests check each key binding appears here.
HELP = (
    ("mouse move", "aim (hold SHIFT for fine aim)"),
    ("left press, pull back", "set power; push forward or release to strike"),
    ("LEFT / RIGHT", "aim by 1 degree (SHIFT: 0.1)"),
    ("UP / DOWN", "keyboard power"),
    ("SPACE / ENTER", "strike with the keyboard power"),
    ("spin widget (click, drag)", "cue tip on the ball; W A S D move it, C centres it"),
    ("E + mouse up/down", "cue elevation; slider, or PAGEUP / PAGEDOWN"),
    ("drag the cue ball", "ball in hand; CTRL + arrows move it"),
    ("right drag / ALT + arrows", "orbit the camera"),
    ("wheel / + -", "zoom"),
    ("G B N T", "aim line, ghost ball, object-ball direction, cue-ball path"),
    ("V", "top view / view behind the cue ball, which follows the balls in a shot"),
    ("P", "pause"),
    ("1 2 3", "speed 1x, 0.5x, 0.25x"),
    ("X / R", "9-ball: push-out / pass the shot back"),
    ("U or CTRL+Z", "undo the last shot or set-up change (practice; a match if allowed)"),
    ("Y", "retry: the last shot's balls and cue (aim, power, tip, elevation) back"),
    ("TAB", "set-up mode (practice): move, add and remove balls"),
    ("K", "save the last shot: type a name, ENTER saves, ESCAPE cancels"),
    ("F", "frame-time counter"),
    ("H", "this help"),
    ("F11", "fullscreen"),
    ("ESCAPE", "menu: new game, mode, table, volume, sound on/off, replays (saved and recent shots), quit"),
)

TOGGLES = {"G": "aim_line", "B": "ghost", "N": "object_path", "T": "cue_path", "H": "help", "F": "frame_time",
           "V": "top_view"}
SIMPLE_KEYS = {"P": ("pause", None), "_1": ("speed", 1.0), "_2": ("speed", 0.5), "_3": ("speed", 0.25),
               "X": ("push-out", None), "R": ("pass", None), "U": ("undo", None), "Y": ("retry", None),
               "TAB": ("setup", None), "F11": ("fullscreen", None),
               "ESCAPE": ("menu", None)}


@dataclass(frozen=True)
class StrikeCommand:
    """A cue strike as ``World.strike`` takes it (speed in m/s, angles in degrees)."""

    speed: float
    heading_deg: float
    elevation_deg: float
    tip: tuple[float, float]


@dataclass(frozen=True)
class Action:
    """Something the app must do: ``strike`` (a StrikeCommand), ``pause``, ``speed``, ``menu``..."""

    name: str
    value: Any = None


class Board(Protocol):
    """What the controls need from the game: screen-to-table picking and the cue ball."""

    def to_table(self, x: float, y: float) -> tuple[float, float] | None: ...
    def cue_xy(self) -> tuple[float, float]: ...
    def ball_in_hand(self) -> bool: ...
    def place_cue(self, x: float, y: float) -> bool: ...
    def ball_radius(self) -> float: ...


@dataclass
class Orbit:
    """Camera around the cue ball: yaw relative to the aim, pitch above the bed, distance."""

    yaw_deg: float = 0.0
    pitch_deg: float = 18.0
    distance: float = 1.2

    def turn(self, dyaw: float, dpitch: float) -> None:
        self.yaw_deg = (self.yaw_deg + dyaw + 180.0) % 360.0 - 180.0
        self.pitch_deg = min(89.0, max(3.0, self.pitch_deg + dpitch))

    def zoom(self, steps: float) -> None:
        self.distance = min(6.0, max(0.25, self.distance * 0.9 ** steps))


@dataclass
class Cue:
    heading_deg: float = 0.0
    elevation_deg: float = 0.0
    tip: tuple[float, float] = (0.0, 0.0)
    power: float = 0.0            # 0..1 shown on the meter
    key_power: float = 0.4

    def set_tip(self, a: float, b: float) -> None:
        """Clamp the tip to the miscue circle |tip| <= MAX_TIP."""
        r = math.hypot(a, b)
        if r > MAX_TIP:
            a, b = a * MAX_TIP / r, b * MAX_TIP / r
        self.tip = (a, b)

    def set_elevation(self, deg: float) -> None:
        self.elevation_deg = min(MAX_ELEVATION, max(0.0, deg))

    def turn(self, deg: float) -> None:
        self.heading_deg = (self.heading_deg + deg) % 360.0


@dataclass
class Controls:
    layout: HudLayout
    board: Board
    max_speed: float = 8.0
    phase: str = "aim"
    cue: Cue = field(default_factory=Cue)
    camera: Orbit = field(default_factory=Orbit)
    flags: dict = field(default_factory=lambda: {"aim_line": True, "ghost": True, "object_path": True,
                                                 "cue_path": False, "help": False, "frame_time": False,
                                                 "top_view": False})
    menu_open: bool = False
    drag: str | None = None
    pull: float = 0.0
    deepest: float = 0.0
    keys: set = field(default_factory=set)
    actions: list = field(default_factory=list)
    naming: str | None = None       # the name being typed after K (None: not typing)
    naming_for: str = "shot"        # what the typed name saves: "shot" (K) or "layout" (menu)
    setup: SetupControls | None = None   # set-up mode's controls while it is on (phase "setup")
    _echo: bool = False             # the K that opened the box may still arrive as text "k"

    # -- the app's side ------------------------------------------------------------------
    def take_actions(self) -> list[Action]:
        out, self.actions = self.actions, []
        return out

    def shot_started(self) -> None:
        self.phase, self.drag, self.cue.power = "rolling", None, 0.0

    def turn_ready(self) -> None:
        self.phase, self.drag = "aim", None

    def resize(self, width: int, height: int) -> None:
        self.layout = HudLayout.for_size(width, height)

    # -- input -----------------------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
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
        elif isinstance(ev, MouseMove):
            self._move(ev)
        elif isinstance(ev, MousePress):
            self._press(ev)
        elif isinstance(ev, MouseDrag):
            self._drag(ev)
        elif isinstance(ev, MouseRelease):
            self._release(ev)
        elif isinstance(ev, Scroll):
            self.camera.zoom(ev.dy)

    def _move(self, ev: MouseMove) -> None:
        if "E" in self.keys:
            self.cue.set_elevation(self.cue.elevation_deg + 0.25 * ev.dy)
        elif self.phase == "aim":
            fine = "SHIFT" in ev.modifiers or bool({"LSHIFT", "RSHIFT"} & self.keys)
            rate = FINE_AIM_DEG_PER_PX if fine else AIM_DEG_PER_PX
            self.cue.turn(-rate * ev.dx)

    def _press(self, ev: MousePress) -> None:
        if ev.button == "right":
            self.drag = "orbit"
        elif ev.button != "left":
            return
        elif self.layout.in_spin(ev.x, ev.y):
            self.drag = "spin"
            self._spin_at(ev.x, ev.y)
        elif self.layout.elevation.contains(ev.x, ev.y):
            self.drag = "elevation"
            self._elevation_at(ev.y)
        elif self.phase == "aim" and self.board.ball_in_hand() and self._on_cue_ball(ev.x, ev.y):
            self.drag = "place"
        elif self.phase == "aim":
            self.phase, self.drag = "power", "power"
            self.pull = self.deepest = self.cue.power = 0.0

    def _drag(self, ev: MouseDrag) -> None:
        if self.drag == "orbit":
            self.camera.turn(-0.3 * ev.dx, -0.3 * ev.dy)
        elif self.drag == "spin":
            self._spin_at(ev.x, ev.y)
        elif self.drag == "elevation":
            self._elevation_at(ev.y)
        elif self.drag == "place":
            spot = self.board.to_table(ev.x, ev.y)
            if spot is not None:
                self.board.place_cue(*spot)
        elif self.drag == "power":
            self.pull = max(0.0, self.pull - ev.dy)
            self.deepest = max(self.deepest, self.pull)
            self.cue.power = min(1.0, self.deepest / (0.3 * self.layout.height))
            if self.deepest >= MIN_PULL_PX and self.pull <= self.deepest - PUSH_PX:
                self._fire(self.cue.power)
        elif self.phase == "aim" and "E" not in self.keys:
            self._move(MouseMove(ev.x, ev.y, ev.dx, ev.dy, ev.modifiers))

    def _release(self, ev: MouseRelease) -> None:
        if self.drag == "power" and ev.button == "left":
            if self.deepest >= MIN_PULL_PX:
                self._fire(self.cue.power)
            else:
                self.phase, self.cue.power = "aim", 0.0
        if ev.button in ("left", "right"):
            self.drag = None

    def _fire(self, power: float) -> None:
        c = self.cue
        self.actions.append(Action("strike", StrikeCommand(round(power * self.max_speed, 6), c.heading_deg,
                                                           c.elevation_deg, c.tip)))
        self.phase, self.drag, self.pull, self.deepest = "strike", None, 0.0, 0.0

    def _spin_at(self, x: float, y: float) -> None:
        cx, cy = self.layout.spin_c
        self.cue.set_tip((x - cx) / self.layout.spin_r, (y - cy) / self.layout.spin_r)

    def _elevation_at(self, y: float) -> None:
        r = self.layout.elevation
        self.cue.set_elevation(MAX_ELEVATION * min(1.0, max(0.0, (y - r.y) / r.h)))

    def _on_cue_ball(self, x: float, y: float) -> bool:
        spot = self.board.to_table(x, y)
        if spot is None:
            return False
        cx, cy = self.board.cue_xy()
        return math.hypot(spot[0] - cx, spot[1] - cy) <= 2.0 * self.board.ball_radius()

    # -- the name box (K): typing goes to the box only -------------------------------------
    def _name_input(self, ev: InputEvent) -> None:
        echo, self._echo = self._echo, False
        if isinstance(ev, TextInput):
            if not (echo and ev.text in ("k", "K")):
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

    # -- keyboard ----------------------------------------------------------------------------
    def _key(self, sym: str, mods: frozenset[str]) -> None:
        self.keys.add(sym)
        if sym == "K" and not self.menu_open:
            self.naming, self._echo, self.naming_for = "", True, "shot"
            return
        if sym in SIMPLE_KEYS:
            name, value = SIMPLE_KEYS[sym]
            if name == "menu":
                self.menu_open = not self.menu_open
            self.actions.append(Action(name, value))
            return
        if self.menu_open:
            self.actions.append(Action("menu-key", sym))
            return
        if sym == "Z" and "CTRL" in mods:
            self.actions.append(Action("undo"))
        elif sym in TOGGLES:
            self.flags[TOGGLES[sym]] = not self.flags[TOGGLES[sym]]
        elif sym in ("LEFT", "RIGHT", "UP", "DOWN"):
            self._arrow(sym, mods)
        elif sym in ("W", "A", "S", "D"):
            da, db = {"W": (0, 0.05), "S": (0, -0.05), "A": (-0.05, 0), "D": (0.05, 0)}[sym]
            self.cue.set_tip(self.cue.tip[0] + da, self.cue.tip[1] + db)
        elif sym == "C":
            self.cue.set_tip(0.0, 0.0)
        elif sym in ("PAGEUP", "PAGEDOWN"):
            self.cue.set_elevation(self.cue.elevation_deg + (1.0 if sym == "PAGEUP" else -1.0))
        elif sym in ("EQUAL", "PLUS", "NUM_ADD"):
            self.camera.zoom(1)
        elif sym in ("MINUS", "NUM_SUBTRACT"):
            self.camera.zoom(-1)
        elif sym in ("SPACE", "ENTER", "RETURN") and self.phase == "aim":
            self._fire(self.cue.key_power)

    def _arrow(self, sym: str, mods: frozenset[str]) -> None:
        dx, dy = {"LEFT": (-1, 0), "RIGHT": (1, 0), "UP": (0, 1), "DOWN": (0, -1)}[sym]
        if "ALT" in mods:
            self.camera.turn(-5.0 * dx, 3.0 * dy)
        elif "CTRL" in mods:
            if self.phase == "aim" and self.board.ball_in_hand():
                x, y = self.board.cue_xy()
                self.board.place_cue(x + PLACE_STEP * dx, y + PLACE_STEP * dy)
        elif dx:
            self.cue.turn(-dx * (0.1 if "SHIFT" in mods else 1.0))
        else:
            self.cue.key_power = min(1.0, max(0.05, self.cue.key_power + 0.05 * dy))
