"""Frame times in the real game window (issue 28): ``xvfb-run -a -s "-screen 0 1280x800x24"
python benchmarks/bench_frames.py [--seconds 20] [--players computer:1,computer:1]``.

Opens the desktop game (``billiard play``'s own window, loop, preview process, engine
warm-up and computer players), lets two computer players break and play a 9-ball rack, and
prints the distribution of frame times from the first frame on: the work of each frame
(update, draw, swap) and the gap between the starts of successive frames (what the eye
sees; a thread holding the interpreter lock shows up here, not in the frame's own work).
Prints numbers; never fails on timing."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100.0 * (len(ordered) - 1))))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--players", default="computer:1,computer:1")
    parser.add_argument("--mode", default="9-ball")
    parser.add_argument("--quality", default="low")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow-ms", type=float, default=33.0)
    parser.add_argument("--no-warm-up", action="store_true", help="skip the engine warm-up thread (to compare)")
    args = parser.parse_args()

    import pyglet

    from billiard.ai.players import parse_players
    from billiard.app import game_app, window
    from billiard.audio.engine import AudioEngine

    starts: list[float] = []
    works: list[float] = []
    update = game_app.GameApp.update
    note = game_app.GameApp.note_frame

    def timed_update(self, dt):
        starts.append(time.perf_counter())
        return update(self, dt)

    def timed_note(self, ms):
        works.append(ms)
        return note(self, ms)

    game_app.GameApp.update = timed_update  # type: ignore[method-assign]
    game_app.GameApp.note_frame = timed_note  # type: ignore[method-assign]
    if args.no_warm_up:
        window.start_warm_up = lambda: None  # type: ignore[assignment]
    pyglet.clock.schedule_once(lambda dt: pyglet.app.exit(), args.seconds)
    w, h = (int(v) for v in args.size.split("x"))
    c0, t0 = time.process_time(), time.perf_counter()
    window.run_window(
        args.mode,
        None,
        (w, h),
        quality=args.quality,
        players=parse_players(args.players),
        seed=args.seed,
        audio=AudioEngine.for_window(0.8, False),
    )
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    gaps = [1000.0 * (b - a) for a, b in zip(starts, starts[1:])]
    slow = [(round(1000 * (s - starts[0])), round(g, 1)) for s, g in zip(starts[1:], gaps) if g > args.slow_ms]
    print(
        f"{args.mode} {args.players} {args.size} quality {args.quality}: {len(starts)} frames in {wall:.1f} s wall "
        f"({cpu:.1f} s CPU of this process), threads at the end: {threading.active_count()}"
    )
    for name, vals in (("frame work", works), ("frame gap", gaps)):
        print(
            f"  {name:10s} ms: p50 {percentile(vals, 50):6.1f}  p99 {percentile(vals, 99):6.1f}  "
            f"max {max(vals, default=0.0):6.1f}  over {args.slow_ms:g} ms: {sum(v > args.slow_ms for v in vals)}"
        )
    print("  first frames (gap ms):", [round(g) for g in gaps[:12]])
    print("  slow gaps (ms since the first frame, gap ms):", slow[:40])
    return 0


if __name__ == "__main__":
    sys.exit(main())
