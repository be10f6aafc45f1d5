"""The in-game replay browser (Escape menu > Replays): the replay viewer's list and playback
drawn in the game's own window and GL context.

A second pyglet window beside the game's fails under EGL, so this holds a
:class:`billiard.replay.viewer.ReplayView` (list, playback model, HUD, camera rig) on the
game's shell (window, context, font) and renderer instead of opening its own. The game
forwards its neutral input events here while it is open. Keys: the viewer's (SPACE pause,
LEFT/RIGHT step, UP/DOWN speed, L loop, C camera, T trails, S spin, mouse scrub/orbit);
BACKSPACE goes from a replay back to the list; ESCAPE returns to the game.
"""

from __future__ import annotations

from billiard.render.renderer import Renderer
from billiard.replay.browser import BrowserList, list_recordings
from billiard.replay.viewer import ReplayView
from billiard.shell.input import InputEvent
from billiard.shell.window import Shell

CAPTION = "billiard"
TITLE = "Replays  (\u2191/\u2193 or click choose   Enter or click again: watch   Esc back to the game)"
KEYS_HINT = "   Backspace: list   Esc: game"


class InGameReplays:
    """The viewer on the game's shell: never opens, closes or releases anything itself."""

    def __init__(self, shell: Shell, renderer: Renderer, data_dir: str | None, audio=None) -> None:
        self.shell = shell
        self.done = False
        self.view = ReplayView(
            shell,
            renderer,
            camera="top",
            trails=True,
            browser=BrowserList(list_recordings(data_dir)),
            audio=audio,  # the game's sound engine (issue 16)
            leave=self._leave,
            title=TITLE,
            hint=KEYS_HINT,
        )

    def _leave(self) -> None:
        self.done = True
        self.shell.window.set_caption(CAPTION)

    def handle(self, ev: InputEvent | None) -> bool:
        return self.view.handle(ev)

    def update(self, dt: float) -> None:
        self.view.update(dt)

    def draw(self) -> None:
        self.view.draw()

    def pass_frame(self) -> None:
        """A frame not drawn (headless play's ``--draw-every``)."""
        self.view.pass_frame()

    def on_resize(self, width: int, height: int) -> None:
        """The game resizes the shared renderer; only the viewer's HUD is rebuilt here."""
        self.view.on_resize(width, height)

    def summary(self) -> dict:
        """Where the browser stands (for scripted play's summary)."""
        return self.view.summary()
