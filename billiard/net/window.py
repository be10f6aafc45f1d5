"""Online play in the game window: ``billiard host``, ``join`` and ``watch`` without
``--headless``.

The window is the game's own (:class:`billiard.app.game_app.GameApp`, as ``billiard play``
opens it) with the other side's turns played by :class:`OnlineTurns` in the place the
computer's turns take, and a chat line: ``O`` opens it, ENTER says it, ESCAPE cancels.
"""
from __future__ import annotations

import random
import time

import pyglet

from billiard.net.bridge import NetThread
from billiard.net.messages import Welcome
from billiard.net.online_turns import OnlineTurns

FRAME_S = 1 / 60
CHAT_KEY = "O"
ENTER = ("ENTER", "RETURN", "NUM_ENTER")


class ChatBox:
    """Typing a chat line on the HUD's message line; every key goes to it while it is open."""

    def __init__(self, turns: OnlineTurns, app) -> None:
        self.turns, self.app = turns, app
        self.text: str | None = None
        self._echo = False

    def _show(self, line: str) -> None:
        self.app.game.say(line)
        self.app.dirty = True

    def on_key_press(self, symbol: int, modifiers: int):
        name = pyglet.window.key.symbol_string(symbol)
        if self.text is None:
            if name == CHAT_KEY and self.turns.seat is not None and not self.app.controls.menu_open:
                self.text, self._echo = "", True
                self._show("Say: _   (ENTER says it, ESCAPE cancels)")
                return pyglet.event.EVENT_HANDLED
            return None
        if name in ENTER:
            self.turns.send_chat(self.text)
            self.text = None
            self._show("")
        elif name == "ESCAPE":
            self.text = None
            self._show("")
        elif name == "BACKSPACE":
            self.text = self.text[:-1]
            self._show(f"Say: {self.text}_")
        return pyglet.event.EVENT_HANDLED

    def on_key_release(self, symbol: int, modifiers: int):
        return pyglet.event.EVENT_HANDLED if self.text is not None else None

    def on_text(self, text: str):
        if self.text is None:
            return None
        echo, self._echo = self._echo, False
        if not (echo and text.upper() == CHAT_KEY):
            self.text = (self.text + "".join(c for c in text if c.isprintable()))[:200]
            self._show(f"Say: {self.text}_")
        return pyglet.event.EVENT_HANDLED


def run_online_window(net: NetThread, welcome: Welcome, size: tuple[int, int] = (1280, 720),
                      record=None, data_dir: str | None = None, audio=None) -> int:
    """Open the game window on the room's game and play it against the peer (or watch)."""
    from billiard.app.engine_warmup import start_warm_up
    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open(size, "billiard online", what="the game window")
    window = shell.window
    # the rack of the room's seed: the first rack GameApp draws from Random(seed) is new_session's
    app = GameApp(shell, welcome.mode, welcome.table, record, data_dir, racks=random.Random(welcome.seed),
                  audio=audio)
    turns = OnlineTurns(net, welcome)
    turns.attach(app.game.handlers)
    app.computer = turns  # type: ignore[assignment]  # the peer's turns take the computer's place
    chat = ChatBox(turns, app)
    window.push_handlers(on_key_press=chat.on_key_press, on_key_release=chat.on_key_release, on_text=chat.on_text)
    app.preview.start()
    start_warm_up()
    who = "watching" if welcome.seat is None else f"you are {['player 1 (you break)', 'player 2'][welcome.seat]}"
    app.game.say(f"room {welcome.room}: {welcome.mode}, {who}; O: chat")

    @window.event
    def on_draw():
        window.clear()
        app.draw()

    def frame(dt: float) -> None:
        if not net.inbox.empty():
            app.dirty = True                    # something arrived: wake the idle window
        if app.idle():
            return
        t0 = time.perf_counter()
        app.update(dt)
        if app.quit or not app.needs_redraw():
            return
        window.switch_to()
        window.dispatch_event("on_draw")
        window.flip()
        app.note_frame(1000.0 * (time.perf_counter() - t0))

    pyglet.clock.schedule_interval(frame, FRAME_S)
    try:
        pyglet.app.run(interval=None)
    finally:
        app.close_recorder()
        app.preview.close()
        app.sound.engine.close()
        turns.close()
    return 0
