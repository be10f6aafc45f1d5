"""``billiard replay FILE``: watch a shot, replay or match file.

billiard replay shot.replay.json                 window: space pause, left/right step,
                                                 up/down speed, L loop, C camera, T trails
billiard replay match.json --shot 7              one shot of a saved game (N/P: next/previous)
billiard replay FILE --headless --at 1.5 --screenshot out.png
billiard replay FILE --check                     re-simulate and compare, print the verdict
billiard replay [--data-dir DIR]                 window: browse recent and saved shots
billiard replay --list [--data-dir DIR]          the same list, printed
"""

from __future__ import annotations

import argparse
import os
import sys

from billiard.commands.msaa_option import add_msaa_argument
from billiard.display.cameras import CAMERAS
from billiard.errors import BilliardError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="shot, replay or match file (JSON)")
    parser.add_argument("--shot", type=int, help="which shot of a match file (1-based, default 1)")
    parser.add_argument("--list", action="store_true", help="list recorded and saved shots, newest first")
    parser.add_argument("--data-dir", help="data folder (default $XDG_DATA_HOME/billiard or ~/.local/share/billiard)")
    parser.add_argument(
        "--check", action="store_true", help="only re-simulate and compare with the recording (exit 1 if it differs)"
    )
    parser.add_argument("--headless", action="store_true", help="no window: render offscreen (EGL)")
    parser.add_argument("--at", type=float, help="time in seconds to show (default: the end)")
    parser.add_argument("--screenshot", help="PNG file to write (with --headless)")
    parser.add_argument("--size", default="1280x720", help="picture or window size WxH (default 1280x720)")
    parser.add_argument("--camera", default="top", help=f"{', '.join(CAMERAS)} (default top)")
    parser.add_argument("--trails", action="store_true", help="draw each ball's path so far")
    parser.add_argument("--spin", action="store_true", help="draw spin arrows (always on while paused)")
    parser.add_argument("--mute", action="store_true", help="no sound (this run only; the menu's setting is kept)")
    add_msaa_argument(parser)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise BilliardError(f"--size must look like 1280x720, not {text!r}") from None
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise BilliardError(f"--size {text} is out of range (16 to 8192 pixels a side)")
    return w, h


def _need_display() -> None:
    """The window needs a display (the viewer would otherwise run invisibly forever)."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise BilliardError("no display to open the replay window on (use --headless --screenshot OUT.png, or --list)")


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list(args.data_dir)
    size = parse_size(args.size)
    if not args.file:
        if args.headless or args.check:
            raise BilliardError("give a shot, replay or match file (--headless and --check need one)")
        _need_display()
        from billiard.replay.viewer import run_viewer

        run_viewer(None, size, args.camera, args.trails, data_dir=args.data_dir, msaa=args.msaa, mute=args.mute)
        return 0
    from billiard.replay.source import open_file

    opened = open_file(args.file, shot=args.shot)
    print(f"{args.file}: {opened.message}")
    if args.check:
        return 1 if opened.verified is False else 0
    if args.headless:
        if not args.screenshot:
            raise BilliardError("--headless needs --screenshot OUT.png")
        from billiard.replay.snapshot import save_screenshot

        at = opened.playback.moment(args.at)
        save_screenshot(opened, args.screenshot, at, size, args.camera, args.trails, args.spin)
        print(f"wrote {args.screenshot} ({size[0]}x{size[1]}, t = {at:.3f} s)")
        return 0
    if args.screenshot or args.at is not None:
        raise BilliardError("--at and --screenshot go with --headless")
    _need_display()
    from billiard.replay.viewer import run_viewer

    run_viewer(opened, size, args.camera, args.trails, msaa=args.msaa, mute=args.mute)
    return 0


def _list(data_dir: str | None) -> int:
    from billiard.replay.browser import list_recordings
    from billiard.replay.datadir import data_dir as resolve

    entries = list_recordings(data_dir)
    if not entries:
        print(f"no recorded shots in {resolve(data_dir)}")
        return 0
    for e in entries:
        print(f"{e.kind:6}  {e.label:60}  {e.path}")
    return 0
