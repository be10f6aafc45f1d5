"""The in-game replay browser (Escape menu > Replays): the replay viewer's list and playback
drawn in the game's own window and GL context.

A second pyglet window beside the game's fails under EGL, so this reuses
:class:`billiard.replay.viewer.ReplayWindow` (list, playback model, HUD, camera rig) on the
game's window, context and renderer instead of opening its own. The game forwards its
pyglet events here while it is open. Keys: the viewer's (SPACE pause, LEFT/RIGHT step,
UP/DOWN speed, L loop, C camera, T trails, S spin, mouse scrub/orbit); BACKSPACE goes
from a replay back to the list; ESCAPE returns to the game.
"""
from __future__ import annotations

import moderngl
import pyglet

from billiard.render.renderer import Renderer
from billiard.replay.browser import BrowserList, list_recordings
from billiard.replay.viewer import ReplayWindow, _replay_sound

CAPTION = "billiard"
TITLE = "Replays  (\u2191/\u2193 or click choose   Enter or click again: watch   Esc back to the game)"
KEYS_HINT = "   Backspace: list   Esc: game"


class InGameReplays(ReplayWindow):
    """The viewer on a borrowed window: never opens, closes or releases anything itself."""

    def __init__(self, window: pyglet.window.Window, ctx: moderngl.Context, renderer: Renderer,
                 font: str | None, data_dir: str | None, audio=None) -> None:
        # Not ReplayWindow.__init__: that one opens a window and a context of its own.
        self._pyglet = pyglet
        self.window, self.ctx, self.renderer, self.font = window, ctx, renderer, font
        self.camera_name, self.trails = "top", True
        self.message = ""
        self.browser = BrowserList(list_recordings(data_dir))
        self.opened = None
        self.sound = _replay_sound(audio)       # the game's sound engine (issue 16)
        self.done = False
        self._build_hud()

    def _key(self, name: str) -> bool:
        if name == "ESCAPE":
            self.done = True
            self.window.set_caption(CAPTION)
            return True
        return super()._key(name)

    def _build_hud(self) -> None:
        """The viewer's HUD, its hints saying where ESCAPE goes in the game."""
        super()._build_hud()
        self.panel.title.text = TITLE
        self.help_label.text += KEYS_HINT

    def on_resize(self, width: int, height: int) -> None:
        """The game resizes the shared renderer; only the viewer's HUD is rebuilt here."""
        self._build_hud()

    def summary(self) -> dict:
        """Where the browser stands (for scripted play's summary)."""
        assert self.browser is not None, "the in-game viewer always starts from the list"
        out: dict = {"entries": len(self.browser.entries), "selected": self.browser.selected}
        if self.opened is not None:
            tl = self.timeline
            out.update(file=self.opened.path.name, t=round(tl.t, 6), end=round(tl.end, 6), paused=tl.paused,
                       speed=tl.speed, loop=tl.loop, camera=self.controls.camera.mode,
                       trails=self.controls.trails, verified=self.opened.verified)
        return out
