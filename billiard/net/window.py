"""Online play in the game window: ``billiard host``, ``join`` and ``watch`` without
``--headless``.

The window is the game's own (:class:`billiard.app.game_app.GameApp`, as ``billiard play``
opens it) with the other side's turns played by :class:`OnlineTurns` in the place the
computer's turns take, and a chat line: ``O`` opens it, ENTER says it, ESCAPE cancels;
``/resign`` typed there gives the match up.
"""

from __future__ import annotations

import random
from typing import Callable

import pyglet

from billiard.net.bridge import NetThread
from billiard.net.messages import Welcome
from billiard.net.online_turns import OnlineTurns, rack_starter

FRAME_S = 1 / 60
CHAT_KEY = "O"
ENTER = ("ENTER", "RETURN", "NUM_ENTER")


class LineBox:
    """A line typed on the HUD's message line (a chat line, an address): every key goes to it
    while it is open; ENTER hands the text to ``on_enter``, ESCAPE cancels. ``key`` (a key
    name) opens it when ``may_open()`` allows."""

    def __init__(
        self,
        app,
        prompt: str,
        on_enter: Callable[[str], None],
        key: str = "",
        may_open: Callable[[], bool] = lambda: True,
        limit: int = 200,
    ) -> None:
        self.app, self.prompt, self.on_enter, self.key, self.may_open, self.limit = (
            app,
            prompt,
            on_enter,
            key,
            may_open,
            limit,
        )
        self.text: str | None = None
        self._echo = False

    def _show(self, line: str) -> None:
        self.app.game.say(line)
        self.app.dirty = True

    def open(self, echo: bool = False) -> None:
        self.text, self._echo = "", echo
        self._show(f"{self.prompt}: _   (ENTER, ESCAPE cancels)")

    def on_key_press(self, symbol: int, modifiers: int):
        name = pyglet.window.key.symbol_string(symbol)
        if self.text is None:
            if self.key and name == self.key and self.may_open():
                self.open(echo=True)
                return pyglet.event.EVENT_HANDLED
            return None
        if name in ENTER:
            text, self.text = self.text.strip(), None
            self._show("")
            self.on_enter(text)
        elif name == "ESCAPE":
            self.text = None
            self._show("")
        elif name == "BACKSPACE":
            self.text = self.text[:-1]
            self._show(f"{self.prompt}: {self.text}_")
        return pyglet.event.EVENT_HANDLED

    def on_key_release(self, symbol: int, modifiers: int):
        return pyglet.event.EVENT_HANDLED if self.text is not None else None

    def on_text(self, text: str):
        if self.text is None:
            return None
        echo, self._echo = self._echo, False
        if not (echo and text.upper() == self.key):
            self.text = (self.text + "".join(c for c in text if c.isprintable()))[: self.limit]
            self._show(f"{self.prompt}: {self.text}_")
        return pyglet.event.EVENT_HANDLED

    def push(self) -> None:
        """Listen on the app's window, before the game's own handlers."""
        self.app.window.push_handlers(
            on_key_press=self.on_key_press, on_key_release=self.on_key_release, on_text=self.on_text
        )


def chat_box(app, turns: OnlineTurns) -> LineBox:
    """The chat line: ``O`` opens it; ``/resign`` typed there gives the match up."""

    def said(text: str) -> None:
        if text == "/resign":
            turns.resign(app.game.say)
        else:
            turns.send_chat(text)

    return LineBox(app, "Say", said, CHAT_KEY, lambda: turns.seat is not None and not app.controls.menu_open)


def go_online(app, net: NetThread, welcome: Welcome) -> OnlineTurns:
    """Turn the open game window ``app`` into this side of the online match: the room's game
    on the rack of its seed, the peer's turns from ``net``, the chat line. Returns the turns."""
    plain = type(app.game.settings)()  # both sides play the rules' default options (hashed state)
    app.game.settings = app.game.settings.replace(called_shots=plain.called_shots, equal_innings=plain.equal_innings)
    app.game.racks = random.Random(welcome.seed)  # the first rack drawn is new_session's of the seed
    app.start(welcome.mode, welcome.table)
    if app.computer is not None:
        app.computer.close()
    turns = OnlineTurns(net, welcome)
    turns.attach(app.game.handlers)
    turns.tell = app.game.say
    turns.note = app.game.note
    turns.aim = app.game.aim_at_target

    racked = rack_starter(app.game, welcome)

    def start_rack(breaker: int, rack: int):
        session = racked(breaker, rack)
        app.rack_stats.new_rack()
        app.dirty = True
        return session

    turns.start_rack = start_rack
    app.menu.online_match = welcome.seat is not None

    def resign(_action) -> None:
        app.controls.menu_open = False
        turns.resign(app.game.say)

    app.menu_actions["resign"] = resign
    app.computer = turns  # the peer's turns take the computer's place
    box = turns.chat_box = chat_box(app, turns)  # kept: pyglet holds its handlers weakly
    box.push()
    who = "watching" if welcome.seat is None else f"you are {['player 1 (you break)', 'player 2'][welcome.seat]}"
    waiting = "; waiting for a player to join" if welcome.seat is not None and len(welcome.players) < 2 else ""
    race = f", race to {welcome.race}" if welcome.race > 1 else ""
    app.game.note(f"room {welcome.room}: {welcome.mode}{race}, {who}{waiting}; O: chat", "welcome")
    app.dirty = True
    return turns


def run_online_window(
    net: NetThread,
    welcome: Welcome,
    size: tuple[int, int] = (1280, 720),
    record=None,
    data_dir: str | None = None,
    audio=None,
) -> int:
    """Open the game window on the room's game and play it against the peer (or watch)."""
    from billiard.app.engine_warmup import start_warm_up
    from billiard.app.game_app import GameApp
    from billiard.app.window import run_game_loop
    from billiard.shell.window import Shell

    shell = Shell.open(size, "billiard online", what="the game window")
    window = shell.window
    app = GameApp(shell, welcome.mode, welcome.table, record, data_dir, racks=random.Random(welcome.seed), audio=audio)
    turns = go_online(app, net, welcome)
    app.preview.start()
    try:
        run_game_loop(window, app, start_warm_up(), wake=lambda: not net.inbox.empty())
    finally:
        turns.close()
    return 0
