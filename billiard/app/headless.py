"""Scripted headless play: the real window, controls, loop and drawing, offscreen, on a
simulated clock (``fps`` frames a second), with timed input events dispatched through the
window's own handlers; then a screenshot and a summary."""

from __future__ import annotations

import json
import math
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
from PIL import Image

from billiard.app import pyglet_input
from billiard.app.engine_warmup import warm_up_now
from billiard.app.game_app import GameApp, RecorderFactory
from billiard.app.script import Script
from billiard.audio.engine import AudioEngine
from billiard.settings import Settings
from billiard.shell.window import Shell
from billiard.shot.atomic import atomic_open


def _atomic_write(path: Path, write) -> None:
    """Write through the project's one atomic writer (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path) as fh:
        write(fh)


SLOW_FRAME_MS = 33.0  # a frame slower than this is a visible hitch at 30-60 Hz (issue 28)


def frame_figures(spent_s: list[float]) -> dict:
    """The summary's frame-time fields from each frame's seconds: mean, median, p99 and worst (ms), and
    ``slow_frames``, the frames after the first over :data:`SLOW_FRAME_MS`."""
    ms = 1000.0 * np.asarray(spent_s, dtype=float)
    if ms.size == 0:
        return {"mean_frame_ms": 0.0, "max_frame_ms": 0.0, "frame_ms_p50": 0.0, "frame_ms_p99": 0.0, "slow_frames": 0}
    return {
        "mean_frame_ms": round(float(np.mean(ms)), 3),
        "max_frame_ms": round(float(np.max(ms)), 3),
        "frame_ms_p50": round(float(np.median(ms)), 3),
        "frame_ms_p99": round(float(np.percentile(ms, 99)), 3),
        "slow_frames": int(np.count_nonzero(ms[1:] > SLOW_FRAME_MS)),
    }


SLOW_LOG_MAX = 50  # the slow frames the summary describes, at most (the slowest, in time order)


def slow_entry(t: float, parts: tuple[float, float, float], outside_s: float = 0.0) -> dict:
    """One slow frame for the summary's ``slow_frame_log``: when (s into the script), its
    length and its update, draw and swap, and (the real window's) time the loop spent outside
    the frame before it (ms)."""
    update, draw, swap = parts
    return {
        "t": round(t, 3),
        "ms": round((update + draw + swap + outside_s) * 1000.0, 1),
        "update_ms": round(update * 1000.0, 1),
        "draw_ms": round(draw * 1000.0, 1),
        "swap_ms": round(swap * 1000.0, 1),
        "outside_ms": round(outside_s * 1000.0, 1),
    }


def slowest(entries: list[dict]) -> list[dict]:
    """The :data:`SLOW_LOG_MAX` slowest entries, in time order."""
    return sorted(sorted(entries, key=lambda e: -e["ms"])[:SLOW_LOG_MAX], key=lambda e: e["t"])


def drawn_frame(k: int, frames: int, every: int) -> bool:
    """Whether frame ``k`` of ``frames`` is drawn when one in ``every`` is (0: only the last).
    The last frame, the screenshot's, is always drawn."""
    return k == frames - 1 or (every > 0 and k % every == 0)


def run_script(
    script: Script,
    size: tuple[int, int] = (1280, 720),
    fps: float = 60.0,
    screenshot: Path | None = None,
    summary: Path | None = None,
    record: RecorderFactory | None = None,
    data_dir: str | None = None,
    msaa: int | None = None,
    audio: AudioEngine | None = None,
    quality: str | None = None,
    players=None,
    layout=None,
    drill: str | None = None,
    start_screen: bool = False,
    draw_every: int = 1,
) -> dict:
    """Play ``script``; return the summary dict (and write the files asked for); ``record``
    makes the game's recorder, as in the window; ``audio`` plays (here: logs) the sounds.
    ``draw_every``: draw one frame in that many (0: only the last); a frame not drawn still
    runs its input, update, sounds, coach and cue-path preview (:func:`drawn_frame`)."""
    shell = Shell.open(size, "billiard", visible=False, what="a headless OpenGL window")
    window = shell.window
    app = None
    try:
        racks = None if script.seed is None else random.Random(script.seed)
        clock = [0.0]  # the script's time: each event is handled at its own t
        app = GameApp(
            shell,
            script.mode,
            script.table,
            record,
            data_dir,
            msaa,
            racks,
            preview_executor=lambda: ThreadPoolExecutor(max_workers=1),
            audio=audio,
            quality=quality,
            settings=Settings().replace(**dict(script.rules)),
            clock=lambda: clock[0],
            players=players,
            ai_seed=script.seed,
            inline_ai=True,
            layout=layout,
            drill=drill,
            start_screen=start_screen,
        )
        warm_up_now()  # the engine's kernels load before the first frame, not in it
        frame = 1.0 / fps
        pending = list(script.events)
        frames = math.ceil(script.duration * fps - 1e-9)
        spent = []  # the drawn frames' seconds
        slow: list[dict] = []  # what each slow frame spent its time on
        played, drawn = 0, False
        for k in range(frames):
            now = k * frame
            while pending and pending[0].t <= now + 1e-9:
                ev = pending.pop(0)
                clock[0] = ev.t
                if ev.type == "decide":  # the rules' decision: answered as its key would
                    app.decide(ev.args["option"])
                    continue
                window.dispatch_event(f"on_{ev.type}", *pyglet_input.pyglet_args(ev))
                window.dispatch_events()
            clock[0] = now
            if app.quit:
                break
            t0 = time.perf_counter()  # the whole frame: update, draw and the swap
            app.update(frame)
            played += 1
            drawn = drawn_frame(k, frames, draw_every)
            if not drawn:
                app.pass_frame()
                continue
            t1 = time.perf_counter()
            app.draw()
            t2 = time.perf_counter()
            if k < frames - 1:
                window.flip()
            t3 = time.perf_counter()
            spent.append(t3 - t0)
            app.note_frame(1000.0 * spent[-1])
            if len(spent) > 1 and 1000.0 * spent[-1] > SLOW_FRAME_MS:
                slow.append(slow_entry(now, (t1 - t0, t2 - t1, t3 - t2)))
        if played and not drawn:  # the script quit on a frame not drawn: the screenshot shows the last one played
            app.draw()
        waited = app.preview.busy()
        if waited:  # scripted play ends on the finished cue-path preview
            app.preview.wait()
        waited = app.game.recording.settle() or waited  # and on the recorder's writes done
        out = app.session.summary()
        out.update(app.view_summary())
        if players is not None:
            out["players"] = [str(p) for p in players]
        out.update(frames=played, frames_drawn=len(spent), **frame_figures(spent), size=list(size))
        out["slow_frame_log"] = slowest(slow)
        out["sounds"] = app.sound.engine.played  # sounds played (0 when muted), issue 16
        if screenshot is not None:
            if waited:  # the last frame shows the cue path (and a failed write's line) once known
                app.draw()
            image = Image.fromarray(app.frame.screenshot_rgb(), "RGB")
            _atomic_write(Path(screenshot), lambda fh: image.save(fh, format="PNG"))
        if summary is not None:
            text = json.dumps(out, indent=2).encode()
            _atomic_write(Path(summary), lambda fh: fh.write(text))
        return out
    finally:
        if app is not None:
            app.close_recorder()
            app.preview.close()
            app.coach_slot.close()
            if app.computer is not None:
                app.computer.close()
            app.renderer.release()  # its GL objects (~6 MB a play) outlived the closed window
        if audio is not None:
            audio.close()
        shell.close()
