"""The game window's thin event layer: each pyglet event becomes a neutral input event
(``shell.pyglet_input``) for the controls, whose actions go to the game controller and, for
those it leaves to the window (menus, coach, fullscreen), to :class:`~billiard.app.app_menus.AppMenus`.
While the replay browser is open the same neutral events go to it; while a computer player is
on turn only the keys it allows get through."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyglet

from billiard.app.computer_turns import allowed_while_computer_plays
from billiard.errors import BilliardError
from billiard.shell import pyglet_input
from billiard.shell.input import KeyPress, MousePress
from billiard.shell.keymap import Command

if TYPE_CHECKING:
    from billiard.app.game_app import GameApp

INPUT_EVENTS = (
    "mouse_motion",
    "mouse_press",
    "mouse_release",
    "mouse_drag",
    "mouse_scroll",
    "key_press",
    "key_release",
    "text",
)


class GameInput:
    """The input of ``app``: :meth:`handler` makes the window's handler of each event kind."""

    def __init__(self, app: GameApp) -> None:
        self.app = app

    def handlers(self) -> dict:
        """``on_<kind>`` -> its handler, for every kind in :data:`INPUT_EVENTS`."""
        return {f"on_{kind}": self.handler(kind) for kind in INPUT_EVENTS}

    def handler(self, kind: str):
        """The handler of pyglet's ``on_<kind>`` event."""
        app = self.app

        def handle(*args):
            app.dirty = True
            if app.replays is not None:
                self._replay_event(kind, args)
                return pyglet.event.EVENT_HANDLED
            ev = pyglet_input.neutral(kind, *args)
            if ev is not None and app.computer_on_turn() and not allowed_while_computer_plays(ev):
                return pyglet.event.EVENT_HANDLED  # the computer's cue is not the player's to move
            if (
                ev is not None
                and isinstance(ev, (MousePress, KeyPress))
                and not allowed_while_computer_plays(ev)  # a look (V, a right drag) or a toggle is not an act
                and not app.controls.menu_open
                and not app.computer_on_turn()
            ):
                app.game.messages.acted()  # the player has seen the foul or the warning
            if ev is not None:
                app.controls.now = app.clock()
                app.controls.handle(ev)
                self.act()
            return pyglet.event.EVENT_HANDLED  # no default handler (Escape must not close)

        return handle

    def decide(self, option: str) -> None:
        """Answer the rules' pending decision with ``option`` (a script's ``decide`` event),
        as its key would."""
        app = self.app
        app.dirty = True
        app.game.messages.acted()
        app.controls.command(Command("decide", option))
        self.act()

    def act(self) -> None:
        """Carry out the actions the controls have gathered."""
        app = self.app
        for a in app.game.act(app.controls.take_actions()):
            try:
                app.menus.window_action(a)
            except BilliardError as exc:
                app.game.say(str(exc))
            except (NotImplementedError, pyglet.window.WindowException):
                app.game.say("fullscreen is not available here")

    def _replay_event(self, kind: str, args: tuple) -> None:
        """The browser reads the same neutral events as the game."""
        app = self.app
        assert app.replays is not None, "called while the replays are open"
        app.replays.handle(pyglet_input.neutral(kind, *args))
        if app.replays.done:
            app.replays = None
