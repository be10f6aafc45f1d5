"""The desktop game: the shell's window (:mod:`billiard.shell.window`: resizable, vsync, F11
fullscreen) running :class:`GameApp`."""

from __future__ import annotations

import random
import time
from typing import Callable

import pyglet

from billiard.app.engine_warmup import start_warm_up, wait_warm_up
from billiard.app.game_app import GameApp, RecorderFactory
from billiard.audio.engine import AudioEngine
from billiard.shell.window import Shell

FRAME_S = 1 / 60


def run_window(
    mode: str,
    table: str | None,
    size: tuple[int, int],
    fullscreen: bool = False,
    record: RecorderFactory | None = None,
    data_dir: str | None = None,
    msaa: int | None = None,
    audio: AudioEngine | None = None,
    quality: str | None = None,
    players=None,
    seed: int | None = None,
    layout=None,
    drill: str | None = None,
    start_screen: bool = False,
    on_open: Callable[[GameApp], None] | None = None,
    script=None,
    summary: str | None = None,
    settings=None,
) -> int:
    """Open the game window and run it; ``on_open(app)`` extends the game before the first
    frame (the command line adds online play's menu line with it). ``script``: play it in
    this window at its real times, write ``summary`` and close
    (:mod:`billiard.app.window_script`); ``settings``: the game's, instead of the saved ones."""
    shell = Shell.open(size, "billiard", fullscreen=fullscreen, what="the game window")
    window = shell.window
    app = GameApp(
        shell,
        mode,
        table,
        record,
        data_dir,
        msaa,
        racks=random.Random(seed),
        audio=audio,
        quality=quality,
        players=players,
        ai_seed=seed,
        layout=layout,
        drill=drill,
        start_screen=start_screen,
        **({} if settings is None else {"settings": settings}),
    )  # every rack new (unless seeded)
    if on_open is not None:
        on_open(app)
    driver = None
    if script is not None:
        from billiard.app.window_script import WindowScriptDriver

        driver = WindowScriptDriver(script, window, app, summary, on_finish=pyglet.app.exit)
    app.preview.start()  # the cue-path worker process starts before the first aim
    # the compiled kernels load in a thread started once the window and the game are made (a
    # thread importing and loading beside the window's own imports could deadlock on numba's
    # compiler lock against a module's import lock), waited for before the first frame
    warming = start_warm_up()
    run_game_loop(window, app, warming, driver=driver)
    return 0


def run_game_loop(
    window: pyglet.window.Window,
    app: GameApp,
    warming=None,
    wake: Callable[[], bool] = lambda: False,
    driver=None,
) -> None:
    """Run ``app`` in ``window`` until it closes, then close what it holds. ``wake()`` true
    marks the game changed from outside (a network message arrived), so an idle window wakes.
    ``driver`` (a :class:`~billiard.app.window_script.WindowScriptDriver`) is told when each
    frame begins and how long its own work took."""

    @window.event
    def on_draw():
        window.clear()
        app.draw()

    def frame(dt: float) -> None:
        """One frame: update, and only when something changed draw and swap; the counter
        shows the whole frame (update, draw and the buffer swap)."""
        t0 = time.perf_counter()
        if driver is not None:
            driver.tick()
            if driver.finished:
                return
        if wake():
            app.dirty = True
        if app.idle():
            if driver is not None:
                idle = time.perf_counter() - t0
                driver.done_frame(idle, (idle, 0.0, 0.0))
            return
        app.update(dt)
        t1 = time.perf_counter()
        if app.quit or not app.needs_redraw():
            if driver is not None:
                driver.done_frame(t1 - t0, (t1 - t0, 0.0, 0.0))
            return
        window.switch_to()
        window.dispatch_event("on_draw")
        t2 = time.perf_counter()
        window.flip()
        t3 = time.perf_counter()
        app.note_frame(1000.0 * (t3 - t0))
        if driver is not None:
            driver.done_frame(t3 - t0, (t1 - t0, t2 - t1, t3 - t2))

    pyglet.clock.schedule_interval(frame, FRAME_S)
    try:
        wait_warm_up(warming)  # the kernels are loaded before the first frame (issue 28)
        pyglet.app.run(interval=None)  # no redraw on a timer: idle costs (almost) nothing
    finally:
        app.close_recorder()
        app.preview.close()
        app.sound.engine.close()
        app.coach_slot.close()
        if app.computer is not None:
            app.computer.close()
