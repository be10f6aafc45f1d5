"""The desktop game: a resizable pyglet window (vsync, F11 fullscreen) running :class:`GameApp`.

The window itself is single-sampled: the renderer adds MSAA through its own target when the
GL renderer is a GPU (see ``billiard.render.msaa``), which is known only once a context exists."""
from __future__ import annotations

import random
import time

import pyglet

from billiard.app.game_app import GameApp, RecorderFactory
from billiard.audio.engine import AudioEngine
from billiard.errors import BilliardError

FRAME_S = 1 / 60


def run_window(mode: str, table: str | None, size: tuple[int, int], fullscreen: bool = False,
               record: RecorderFactory | None = None, data_dir: str | None = None,
               msaa: int | None = None, audio: AudioEngine | None = None, quality: str | None = None,
               players=None, seed: int | None = None) -> int:
    try:
        # pyglet.gl.Config is the platform's concrete class at run time; its stubs show the abstract base
        config = pyglet.gl.Config(double_buffer=True, depth_size=24)  # type: ignore[abstract]
        window = pyglet.window.Window(size[0], size[1], caption="billiard", resizable=True, vsync=True,
                                      config=config, fullscreen=fullscreen)
    # Any kind: no display or no GL, and pyglet's platform back-ends raise unrelated plain
    # Exception subclasses for it (see app/headless.py); each becomes one clear error line.
    except Exception as exc:  # noqa: BLE001
        raise BilliardError(f"cannot open the game window: {str(exc).splitlines()[0]}") from None
    app = GameApp(window, mode, table, record, data_dir, msaa, racks=random.Random(seed), audio=audio,
                  quality=quality, players=players, ai_seed=seed)   # every rack new (unless seeded)
    app.preview.start()                 # the cue-path worker process starts before the first aim

    @window.event
    def on_draw():
        window.clear()
        app.draw()

    def frame(dt: float) -> None:
        """One frame: update, and only when something changed draw and swap; the counter
        shows the whole frame (update, draw and the buffer swap)."""
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
        pyglet.app.run(interval=None)          # no redraw on a timer: idle costs (almost) nothing
    finally:
        app.close_recorder()
        app.preview.close()
        app.sound.engine.close()
        if app.computer is not None:
            app.computer.close()
    return 0
