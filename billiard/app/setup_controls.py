"""Set-up mode's controls (issue 18) as a pure state machine fed by neutral input events.

A ball is picked up with a left press on it and follows the pointer; it is put down by a
second click, or by releasing the button after dragging it. The spot it would land on is
checked all the time (:attr:`SetupControls.reason` says why it is illegal, for the HUD);
an illegal drop is refused and the ball stays in hand. SHIFT held snaps it frozen to the
nearest cushion or ball, or onto a spot. ``A`` takes a ball that is off the table into the
hand (again: the next one), ``DELETE``/``BACKSPACE``/``X`` takes the held or pointed ball
off the table, ``ESCAPE`` puts a held ball back, ``ENTER`` leaves set-up.
No pyglet here: the window and the tests drive it alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from billiard.shell.input import InputEvent, KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress, MouseRelease

CLICK_PX = 4.0  # a press and release closer than this is a click (pick, then click to drop)
REMOVE_KEYS = ("DELETE", "BACKSPACE", "X")
LEAVE_KEYS = ("ENTER", "RETURN", "NUM_ENTER")
SHIFT_KEYS = ("LSHIFT", "RSHIFT")

HELP = (
    ("click a ball / drag it", "set-up: pick it up; click again or let go to put it down"),
    ("SHIFT while placing", "set-up: freeze to the nearest cushion or ball, or onto a spot"),
    ("A", "set-up: take a ball that is off the table (again: the next one)"),
    ("DELETE / BACKSPACE / X", "set-up: take the held or pointed ball off the table"),
    ("ENTER", "set-up: leave; play starts from this layout"),
)


class SetupBoard(Protocol):
    """What set-up needs from the game (``Session`` gives it; the pointer through ``picker``)."""

    def to_table(self, x: float, y: float) -> tuple[float, float] | None: ...
    def why_illegal(self, ball: str, x: float, y: float) -> str | None: ...
    def setup_place(self, ball: str, x: float, y: float) -> bool: ...
    def setup_remove(self, ball: str) -> bool: ...
    def off_table(self) -> tuple[str, ...]: ...
    def ball_at(self, x: float, y: float) -> str | None: ...
    def snap_spot(self, ball: str, x: float, y: float) -> tuple[float, float] | None: ...


@dataclass
class SetupControls:
    board: SetupBoard
    held: str | None = None  # the ball in hand
    spot: tuple[float, float] | None = None  # where it would be put down
    pointer: tuple[float, float] | None = None  # the bed point under the pointer
    reason: str | None = None  # why that spot is illegal (None: legal)
    message: str = ""
    done: bool = False  # ENTER: leave set-up
    keys: set = field(default_factory=set)
    _press: tuple[float, float] | None = None
    _moved: bool = False

    def handle(self, ev: InputEvent) -> bool:
        """Take ``ev`` if set-up uses it; False lets the game's controls have it (camera,
        menu, undo...)."""
        if isinstance(ev, KeyPress):
            return self._key(ev.symbol, ev.modifiers)
        if isinstance(ev, KeyRelease):
            self.key_release(ev.symbol)
            return False
        if isinstance(ev, MouseMove):
            self._point(ev.x, ev.y, ev.modifiers)
            return False  # the game may still use the motion (e.g. nothing)
        if isinstance(ev, MousePress) and ev.button == "left":
            self._press, self._moved = (ev.x, ev.y), False
            if self.held is None:
                self._pick(ev.x, ev.y)
            else:
                self._point(ev.x, ev.y, ev.modifiers)
                self.drop()
            return True
        if isinstance(ev, MouseDrag) and "left" in ev.buttons:
            if self._press and math.hypot(ev.x - self._press[0], ev.y - self._press[1]) > CLICK_PX:
                self._moved = True
            self._point(ev.x, ev.y, ev.modifiers)
            return True
        if isinstance(ev, MouseRelease) and ev.button == "left":
            if self.held is not None and self._moved:
                self._point(ev.x, ev.y, ev.modifiers)
                self.drop()
            self._press = None
            return True
        return False

    # -- picking and dropping --------------------------------------------------------------
    def _pick(self, x: float, y: float) -> None:
        spot = self.board.to_table(x, y)
        ball = self.board.ball_at(*spot) if spot is not None else None
        if ball is None:
            self.message = "no ball there: click a ball to pick it up (A adds one)"
            return
        self.take(ball, spot)

    def take(self, ball: str, spot: tuple[float, float] | None) -> None:
        """Hold ``ball`` (on the table or off it) at ``spot``."""
        self.held, self.message = ball, f"{ball} in hand: click to put it down"
        self._update(spot, frozenset())

    def drop(self) -> bool:
        """Put the held ball down where it is; refused on an illegal spot (it stays in hand)."""
        if self.held is None:
            return False
        if self.spot is None or self.reason is not None:
            self.message = f"cannot put the {self.held} there: {self.reason or 'off the table'}"
            return False
        if not self.board.setup_place(self.held, *self.spot):
            self.message = f"cannot put the {self.held} there"
            return False
        self.message, self.held, self.spot, self.reason = f"{self.held} put down", None, None, None
        return True

    def _point(self, x: float, y: float, mods: frozenset[str]) -> None:
        self.pointer = self.board.to_table(x, y)
        if self.held is not None:
            self._update(self.pointer, mods)

    def _update(self, spot: tuple[float, float] | None, mods: frozenset[str]) -> None:
        assert self.held is not None, "called while a ball is held"
        if spot is not None and ("SHIFT" in mods or self.keys & set(SHIFT_KEYS)):
            spot = self.board.snap_spot(self.held, *spot) or spot
        self.spot = spot
        self.reason = "off the table" if spot is None else self.board.why_illegal(self.held, *spot)

    # -- keys -------------------------------------------------------------------------------
    def _key(self, sym: str, mods: frozenset[str]) -> bool:
        if sym in SHIFT_KEYS:
            self.keys.add(sym)
            if self.held is not None and self.spot is not None:
                self._update(self.spot, frozenset({"SHIFT"}))
            return False
        if sym in LEAVE_KEYS:
            if self.held is None or self.drop():
                self.done = True
            return True
        if sym in REMOVE_KEYS:
            ball = self.held or (self.board.ball_at(*self.pointer) if self.pointer else None)
            if ball is not None and self.board.setup_remove(ball):
                self.message = f"{ball} taken off the table"
                self.held = self.spot = self.reason = None
            elif ball is not None and ball in self.board.off_table():
                self.message, self.held, self.spot, self.reason = f"{ball} left off the table", None, None, None
            else:
                self.message = "the cue ball stays on the table" if ball else "point at a ball to take it off"
            return True
        if sym == "A":
            off = self.board.off_table()
            if not off:
                self.message = "every ball of the set is on the table"
            else:
                nxt = off[(off.index(self.held) + 1) % len(off)] if self.held in off else off[0]
                self.take(nxt, self.spot or self.pointer)
            return True
        if sym == "ESCAPE" and self.held is not None:
            self.message, self.held, self.spot, self.reason = "put back", None, None, None
            return True
        return False

    def key_release(self, sym: str) -> None:
        self.keys.discard(sym)
