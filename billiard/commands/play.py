"""``billiard play``: open the game window, or play a script headless and write a screenshot
and a summary (``--headless --script FILE.json --screenshot OUT.png --summary OUT.json``)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from billiard.commands.msaa_option import add_msaa_argument
from billiard.errors import BilliardError
from billiard.formats.limits import QUALITY_CHOICES
from billiard.game import MODES


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text)
    if not m or not (64 <= int(m[1]) <= 8192 and 64 <= int(m[2]) <= 8192):
        raise argparse.ArgumentTypeError(f"size must look like 1280x720 (64-8192 each), got {text!r}")
    return int(m[1]), int(m[2])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mode",
        choices=MODES,
        default=None,
        help="game mode (default: the start screen in a window, practice headless)",
    )
    parser.add_argument(
        "--start-screen",
        action="store_true",
        help="open on the start screen (the default of `billiard` with no choice given)",
    )
    parser.add_argument("--table", default=None, help="table preset (default: the mode's usual table)")
    parser.add_argument("--size", type=_size, default=(1280, 720), help="window size WxH (default 1280x720)")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    parser.add_argument("--headless", action="store_true", help="play a --script offscreen, no window")
    parser.add_argument(
        "--script",
        help="JSON file of timed input events (headless play; without --headless: played in the window at real times)",
    )
    parser.add_argument("--screenshot", help="PNG written at the end of headless play")
    parser.add_argument(
        "--summary", help="JSON summary written at the end of a scripted play (the window's: its real frame intervals)"
    )
    parser.add_argument("--fps", type=float, default=60.0, help="simulated frame rate of headless play")
    parser.add_argument(
        "--draw-every",
        type=int,
        default=1,
        metavar="N",
        help="headless play: draw one frame in N, 0: only the last (the screenshot's); every frame still "
        "plays its input and physics, so the game and its summary are the same, faster (default 1: all)",
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="where shots are recorded (default: $XDG_DATA_HOME/billiard or ~/.local/share/billiard)",
    )
    parser.add_argument("--no-record", action="store_true", help="do not record the shots played")
    parser.add_argument(
        "--layout", default=None, help="start from the balls of this layout: a shot file, or the name of a saved layout"
    )
    parser.add_argument("--drill", default=None, help="start this practice drill (e.g. stop-ladder, kick)")
    parser.add_argument(
        "--players",
        default="human,human",
        help="who plays: two of human, computer:N (level 1-5), e.g. human,computer:3 (default human,human)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the racks and of the computer players (the same seed, the same game)",
    )
    parser.add_argument(
        "--until-over",
        action="store_true",
        help="headless, no script: computer players play one whole game until it is over",
    )
    parser.add_argument("--max-shots", type=int, default=300, help="cap on shots with --until-over (default 300)")
    parser.add_argument("--mute", action="store_true", help="no sound (this run only; the menu's setting is kept)")
    parser.add_argument(
        "--audio-log", default=None, help="write one JSON line per sound played (t, sound, gain, pan) to this file"
    )
    parser.add_argument(
        "--params",
        metavar="FILE",
        default=None,
        help="play on a calibrated table: a parameter file (billiard-params/1, from "
        "'billiard fit'); remembered in the settings file ('none' forgets it)",
    )
    add_msaa_argument(parser)
    parser.add_argument(
        "--quality",
        choices=QUALITY_CHOICES,
        default=None,
        help="picture quality (default: the settings file's, first 'auto': low on software "
        "OpenGL, high on a GPU); remembered when changed in the Escape menu",
    )


def _recorder_factory(args: argparse.Namespace):
    """``(mode, table, players) -> Recorder`` for the game, or None with ``--no-record``; a
    failed write is one line on stderr, never a crash."""
    if args.no_record:
        return None
    from billiard.replay.recorder import Recorder

    def on_error(message: str) -> None:
        print(f"billiard: recording: {message}", file=sys.stderr)

    def make(mode: str, table: str, players: tuple) -> Recorder:
        return Recorder(args.data_dir, mode=mode, table=table, players=players, on_error=on_error)

    return make


def _practice_start(args: argparse.Namespace, layout: str | None, drill: str | None, base=None):
    """The layout (loaded and checked) and the drill name to start from; one error line for a
    broken or impossible file, an unknown drill, or both asked at once."""
    if layout and drill:
        raise BilliardError("--layout and --drill cannot be used together (a drill has its own layout)")
    if drill is not None:
        from billiard.practice.drills import load_drill

        load_drill(drill)
        return None, drill
    if layout is None:
        return None, None
    from billiard.practice.layouts import layout_path, load_layout

    path = layout_path(layout, args.data_dir) if base is None else layout_path(str(base / layout), args.data_dir)
    return load_layout(path), None


def _check_start(mode: str, table: str | None, layout, drill: str | None) -> None:
    """Build the game once without a window, so a layout the mode cannot use is refused
    before anything opens."""
    if layout is None and drill is None:
        return
    from billiard.app.setup import new_session
    from billiard.practice.drills import load_drill

    new_session(mode, table, layout=layout, drill=load_drill(drill) if drill else None)


def _check_pair(mode: str, table: str | None) -> None:
    """Refuse, in one line, a game that cannot be played on the table asked for."""
    if table is None:
        return
    from billiard.app.setup import refusal

    why = refusal(mode, table)
    if why:
        raise BilliardError(why)


def _audio(args: argparse.Namespace, device: bool):
    """The sound engine: the saved volume and mute (``--mute`` on top), the pyglet output
    when ``device`` (the window; headless play never opens one), the ``--audio-log``."""
    from billiard import settings
    from billiard.audio.audio_log import AudioLog
    from billiard.audio.engine import AudioEngine

    chosen = settings.load()
    log = AudioLog(args.audio_log) if args.audio_log else None
    if device:
        return AudioEngine.for_window(chosen.volume, chosen.mute or args.mute, log)
    return AudioEngine(chosen.volume, chosen.mute or args.mute, None, log)


def run(args: argparse.Namespace) -> int:
    return _run(args, None)


# What a parameter file may change in the game: the cloth, cushions and ball-ball contact; the
# balls' size and mass are the table's ball set.
_BALL_SET = ("ball_mass", "ball_radius", "cushion_height")


def _table_params(given: str | None) -> None:
    """The game's table parameters: ``--params FILE`` (checked, then remembered in the
    settings file), ``--params none`` (forgotten), else the settings file's. A remembered file
    that has gone or broken is one warning line and the presets, never a refused start."""
    from pathlib import Path

    from billiard import settings
    from billiard.app import setup
    from billiard.shot import paramsfile

    chosen = settings.load()
    if given is not None and given.lower() == "none":
        if chosen.params_file:
            settings.save(chosen.replace(params_file=""))
        setup.TABLE_OVERRIDES = {}
        return
    if given is not None:
        overrides = paramsfile.load(given)  # a bad file: one error line, exit 2
        path = str(Path(given).expanduser().resolve())
        if chosen.params_file != path:
            settings.save(chosen.replace(params_file=path))
    elif chosen.params_file:
        try:
            overrides = paramsfile.load(chosen.params_file)
        except BilliardError as exc:
            print(
                f"billiard play: warning: the remembered parameter file is not usable ({exc}); playing the presets",
                file=sys.stderr,
            )
            overrides = {}
    else:
        overrides = {}
    setup.TABLE_OVERRIDES = {k: v for k, v in overrides.items() if k not in _BALL_SET}


def play_headless(argv: Sequence[str]) -> tuple[int, dict | None]:
    """``billiard play --headless ARGV`` in this process (tests, tools): the exit code the
    command line gives, with the same lines on stdout and stderr, and the summary (None when
    refused). The process start and imports of a subprocess are saved; the play is the same."""
    from billiard import cli

    try:
        args = cli.build_parser().parse_args(["play", "--headless", *argv])
    except SystemExit as exc:  # argparse refused the arguments (its message is on stderr)
        return (exc.code if isinstance(exc.code, int) else 2), None
    kept: list[dict] = []
    code = cli.guarded("play", lambda: _run(args, kept.append))
    return code, (kept[0] if kept else None)


def _run(args: argparse.Namespace, keep: Callable[[dict], None] | None) -> int:
    """The command; ``keep`` is handed the summary of a headless play."""
    from billiard.shell.pygletconf import configure

    from billiard.ai.players import parse_players

    players = parse_players(args.players)
    _table_params(getattr(args, "params", None))
    if args.headless and not args.script and args.until_over:
        return _play_until_over(args, players, keep)
    if args.until_over:
        raise BilliardError("--until-over is for headless play without a script (--headless --players ...)")
    if args.headless:
        out = play_script(args, players)
        if keep is not None:
            keep(out)
        print(
            f"{out['mode']}: {out['shots']} shot(s), {len(out['pocketed'])} pocketed, "
            f"{out['frames']} frames, {out['mean_frame_ms']:.1f} ms/frame"
        )
        return 0
    if args.screenshot or (args.summary and not args.script):
        raise BilliardError("--screenshot needs --headless, and --summary needs --script")
    if args.draw_every != 1:
        raise BilliardError("--draw-every is for headless play (--headless --script): the window draws what changes")
    _check_pair(args.mode or "practice", args.table)
    layout, drill = _practice_start(args, args.layout, args.drill)
    _check_start(args.mode or "practice", args.table, layout, drill)
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise BilliardError("no display to open the game window on (use --headless --script FILE.json)")
    configure(headless=False)
    from billiard.app.window import run_window
    from billiard.net.online_menu import add_online_menu

    def window(mode: str, table, **kw):
        return run_window(
            mode,
            table,
            args.size,
            args.fullscreen,
            _recorder_factory(args),
            args.data_dir,
            args.msaa,
            _audio(args, device=True),
            args.quality,
            players=players,
            **kw,
        )

    if args.script:  # a script played in the real window, at its real times (issue 28)
        script, script_layout, script_drill = _load_play_script(args)
        from billiard.settings import Settings

        return window(
            script.mode,
            script.table,
            seed=script.seed,
            layout=script_layout,
            drill=script_drill,
            start_screen=args.start_screen,
            script=script,
            summary=args.summary,
            settings=Settings().replace(**dict(script.rules)),
        )
    return window(
        args.mode or "practice",
        args.table,
        seed=args.seed,
        layout=layout,
        drill=drill,
        start_screen=args.start_screen or _nothing_chosen(args),
        on_open=add_online_menu,
    )


def _nothing_chosen(args: argparse.Namespace) -> bool:
    """`billiard` alone (no game, layout, drill or players named): the start screen opens."""
    return args.mode is None and args.layout is None and args.drill is None and args.players == "human,human"


def _load_play_script(args: argparse.Namespace):
    """The script of ``--script`` (the command line's mode, table and seed on top), the layout
    and the drill to start from; one error line for anything the game cannot play."""
    from pathlib import Path

    from billiard.app.script import load_script
    from billiard.shell.pyglet_input import key_names

    script = load_script(args.script, key_names())
    if args.mode:
        script = replace(script, mode=args.mode, table=args.table or script.table)
    elif args.table:
        script = replace(script, table=args.table)
    if script.mode not in MODES:
        raise BilliardError(f"unknown game mode '{script.mode}' (known: {', '.join(MODES)})")
    _check_pair(script.mode, script.table)
    if args.seed is not None and script.seed is None:
        script = replace(script, seed=args.seed)
    if args.layout or args.drill:
        layout, drill = _practice_start(args, args.layout, args.drill)
    else:
        layout, drill = _practice_start(args, script.layout, script.drill, Path(args.script).parent)
    _check_start(script.mode, script.table, layout, drill)
    return script, layout, drill


def play_script(args: argparse.Namespace, players) -> dict:
    """``--headless --script``: check the arguments, play the script and return its summary
    (the files asked for are written)."""
    from billiard.shell.pygletconf import configure

    if not args.script:
        raise BilliardError("--headless needs --script FILE.json (or --until-over with computer players)")
    if not 1.0 <= args.fps <= 1000.0:
        raise BilliardError("--fps must be between 1 and 1000")
    if args.draw_every < 0:
        raise BilliardError(f"--draw-every must be 0 (only the last frame) or more, got {args.draw_every}")
    configure(headless=True)
    from billiard.app.headless import run_script

    script, layout, drill = _load_play_script(args)
    return run_script(
        script,
        args.size,
        args.fps,
        args.screenshot,
        args.summary,
        _recorder_factory(args),
        args.data_dir,
        args.msaa,
        _audio(args, device=False),
        args.quality,
        players=players,
        layout=layout,
        drill=drill,
        start_screen=args.start_screen,
        draw_every=args.draw_every,
    )


def _play_until_over(args: argparse.Namespace, players, keep: Callable[[dict], None] | None = None) -> int:
    """A whole game between computer players, no window: the summary adds ``players``,
    ``computer`` and ``capped`` (the game stopped at ``--max-shots``)."""
    import json
    from pathlib import Path

    from billiard.app.autoplay import play_game
    from billiard.shot.atomic import atomic_open

    if args.screenshot:
        raise BilliardError("--screenshot needs --script (a game played with --until-over draws no frames)")
    if not 1 <= args.max_shots <= 10000:
        raise BilliardError("--max-shots must be between 1 and 10000")
    if args.seed is not None and args.seed < 0:
        raise BilliardError("--seed must be a whole number >= 0")
    if (args.mode or "practice") == "practice":
        raise BilliardError("--until-over needs a game that ends: --mode 8-ball, 9-ball, snooker or three-cushion")
    out = play_game(args.mode, players, args.seed, args.table, args.max_shots)
    if keep is not None:
        keep(out)
    if args.summary:
        path = Path(args.summary)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(path) as fh:
            fh.write(json.dumps(out, indent=2).encode())
    ending = (
        f"player {out['winner'] + 1} wins"
        if out["winner"] is not None
        else "no winner"
        if out["game_over"]
        else f"stopped at the cap of {out['max_shots']} shots"
    )
    c = out["computer"]
    print(
        f"{out['mode']}: {out['shots']} shot(s), {ending}; {c['decisions']} decisions, "
        f"{c['mean_s']:.2f} s mean, {c['max_s']:.2f} s max"
    )
    return 0
