"""``billiard render REPLAY.json --at T --out FILE.png|DIR/|FILE.gif``: pictures of a replay, headless."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from billiard.errors import BilliardError

DEFAULT_SIZE = (960, 540)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("replay", help="a shot, replay or match file (a shot is simulated first; a match renders its first shot)")
    parser.add_argument("--out", required=True,
                        help="FILE.png (one frame), DIR/ (numbered PNG frames) or FILE.gif (animation)")
    parser.add_argument("--at", type=float, default=None,
                        help="time in s: the frame of a PNG (default: the end), the start of a sequence (default 0)")
    parser.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}", help="WxH pixels (default 960x540)")
    parser.add_argument("--camera", default="top", choices=("top", "aim", "follow"))
    parser.add_argument("--fps", type=float, default=None, help="frames per second of a sequence or GIF (default 30, GIF 20)")
    parser.add_argument("--trails", action="store_true", help="draw each ball's path so far")
    parser.add_argument("--quality", choices=("auto", "low", "medium", "high"), default="high",
                        help="picture quality (default high: pictures are not bound by a frame time)")


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text or "")
    if not m:
        raise BilliardError(f"--size must look like 1280x720, got '{text}'")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= 7680 and 16 <= h <= 4320):
        raise BilliardError(f"--size {w}x{h} is out of range (16x16 to 7680x4320)")
    return w, h


def run(args: argparse.Namespace) -> int:
    from billiard.render.replay_frames import load_replay_frames
    from billiard.render.replay_output import frame_times, render_frames, write_gif, write_png

    size = parse_size(args.size)
    frames = load_replay_frames(args.replay)
    out = Path(args.out)
    if args.at is not None and not (0 <= args.at <= frames.duration + 1e-9):
        raise BilliardError(f"--at {args.at} is outside the replay (0 to {frames.duration:.3f} s)")
    if out.suffix.lower() == ".gif":
        fps = 20.0 if args.fps is None else args.fps
        images = list(render_frames(frames, frame_times(frames, args.at or 0.0, fps), size, args.camera, args.trails,
                                    args.quality))
        write_gif(images, out, fps)
        print(f"wrote {out} ({len(images)} frames)")
    elif args.out.endswith(("/", "\\")) or out.is_dir():
        out.mkdir(parents=True, exist_ok=True)
        times = frame_times(frames, args.at or 0.0, 30.0 if args.fps is None else args.fps)
        for k, image in enumerate(render_frames(frames, times, size, args.camera, args.trails, args.quality)):
            write_png(image, out / f"frame_{k:05d}.png")
        print(f"wrote {len(times)} frames to {out}/")
    elif out.suffix.lower() == ".png":
        at = frames.duration if args.at is None else args.at
        write_png(next(render_frames(frames, [at], size, args.camera, args.trails, args.quality)), out)
        print(f"wrote {out}")
    else:
        raise BilliardError(f"--out must be a .png file, a .gif file or a folder ending in '/', got '{args.out}'")
    return 0
