"""``billiard render REPLAY.json --at T --out FILE.png|DIR/|FILE.gif``: pictures of a replay, headless;
``--out FILE.wav``: its soundtrack."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from billiard.display.cameras import CAMERAS
from billiard.errors import BilliardError
from billiard.formats.limits import QUALITY_CHOICES

DEFAULT_SIZE = (960, 540)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "replay", help="a shot, replay or match file (a shot is simulated first; a match renders its first shot)"
    )
    parser.add_argument(
        "--out",
        required=True,
        help="FILE.png (one frame), DIR/ (numbered PNG frames), FILE.gif (animation) or FILE.wav (the soundtrack)",
    )
    parser.add_argument(
        "--at",
        type=float,
        default=None,
        help="time in s: the frame of a PNG (default: the end), the start of a sequence (default 0)",
    )
    parser.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}", help="WxH pixels (default 960x540)")
    parser.add_argument("--camera", default="top", choices=CAMERAS)
    parser.add_argument(
        "--fps", type=float, default=None, help="frames per second of a sequence or GIF (default 30, GIF 20)"
    )
    parser.add_argument("--trails", action="store_true", help="draw each ball's path so far")
    parser.add_argument("--spin", action="store_true", help="draw spin arrows (as the replay viewer does)")
    parser.add_argument(
        "--quality",
        choices=QUALITY_CHOICES,
        default="high",
        help="picture quality (default high: pictures are not bound by a frame time)",
    )


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text or "")
    if not m:
        raise BilliardError(f"--size must look like 1280x720, got '{text}'")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= 7680 and 16 <= h <= 4320):
        raise BilliardError(f"--size {w}x{h} is out of range (16x16 to 7680x4320)")
    return w, h


def run(args: argparse.Namespace) -> int:
    from billiard.display.playback import Playback
    from billiard.progress import Progress
    from billiard.replay.pictures import frame_times, render_frames, write_gif, write_png
    from billiard.replay.source import load_any

    size = parse_size(args.size)
    out = Path(args.out)
    if out.suffix.lower() == ".wav":
        return _write_soundtrack(args.replay, out, size)
    frames = Playback.from_replay(load_any(args.replay))
    at = frames.moment(args.at)
    if out.suffix.lower() == ".gif":
        fps = 20.0 if args.fps is None else args.fps
        times = frame_times(frames, 0.0 if args.at is None else at, fps)
        images = []
        with Progress(len(times), "frames", label="gif") as bar:
            for image in render_frames(frames, times, size, args.camera, args.trails, args.quality, args.spin):
                images.append(image)
                bar.advance()
        write_gif(images, out, fps)
        print(f"wrote {out} ({len(images)} frames)")
    elif args.out.endswith(("/", "\\")) or out.is_dir():
        out.mkdir(parents=True, exist_ok=True)
        times = frame_times(frames, 0.0 if args.at is None else at, 30.0 if args.fps is None else args.fps)
        with Progress(len(times), "frames", label="frames") as bar:
            for k, image in enumerate(
                render_frames(frames, times, size, args.camera, args.trails, args.quality, args.spin)
            ):
                write_png(image, out / f"frame_{k:05d}.png")
                bar.advance()
        print(f"wrote {len(times)} frames to {out}/")
    elif out.suffix.lower() == ".png":
        write_png(next(render_frames(frames, [at], size, args.camera, args.trails, args.quality, args.spin)), out)
        print(f"wrote {out}")
    else:
        raise BilliardError(f"--out must be a .png, .gif or .wav file or a folder ending in '/', got '{args.out}'")
    return 0


def _write_soundtrack(path: str, out: Path, size: tuple[int, int]) -> int:
    """The replay's sounds at their event times, panned as seen from the top camera."""
    from billiard.audio.replay_sound import replay_cues, soundtrack
    from billiard.audio.wav import write_wav
    from billiard.display.cameras import goal_camera, replay_view
    from billiard.display.playback import Playback
    from billiard.replay.source import load_any

    frames = Playback.from_replay(load_any(path))
    aspect = size[0] / size[1]
    cues = replay_cues(frames.events, frames.ids, lambda t: frames.pose(t)[0], frames.table)
    top = goal_camera("top", frames.table, replay_view(frames.frame(frames.start), frames.strike, size))
    audio = soundtrack(cues, frames.end, top, aspect)
    write_wav(audio, out)
    print(f"wrote {out} ({len(audio) / 44100:.2f} s, {len(cues)} sounds)")
    return 0
