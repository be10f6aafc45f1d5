"""Command line: ``billiard [play|simulate|replay|render|validate|bench|fuzz|fit|serve|host|join|watch] ...``.

Each sub-command lives in ``billiard/commands/<name>.py`` with ``add_arguments(parser)``
and ``run(args) -> int``. A :class:`BilliardError` becomes one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable

from billiard.errors import BilliardError

EXIT_GRACE_S = 5.0  # s: after Ctrl+C (or SIGTERM), the longest the way out may take before the process just ends

COMMANDS = {
    "play": "open the game window (default)",
    "simulate": "simulate a shot file (or a batch of them) and write the replays",
    "replay": "watch a shot, replay or match file",
    "render": "render a replay to PNG frames, a GIF or its soundtrack (WAV)",
    "validate": "check the physics against closed-form results",
    "bench": "measure physics and rendering speed",
    "fuzz": "random shots through the engine, checked after every event",
    "fit": "fit the table's parameters and the strikes to recorded shots",
    "serve": "run a lobby and relay server for online play",
    "host": "host an online game (direct, announced on the LAN, or in a server's room)",
    "join": "join an online game (on the LAN, by address, or in a server's room)",
    "watch": "follow an online match as a spectator",
}


def _command_module(name: str):
    return importlib.import_module(f"billiard.commands.{name}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, the options of that one command alone (the
    others are listed by name), so that ``billiard --help`` or one command imports no other
    command's module (issue 28: ``billiard --help`` answers in well under 0.3 s)."""
    parser = argparse.ArgumentParser(prog="billiard", description="3D billiards with real physics.")
    sub = parser.add_subparsers(dest="command")
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        try:
            _command_module(name).add_arguments(p)
        except ModuleNotFoundError:
            p.set_defaults(_missing=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv_given = argv is not None  # in-process callers (tests) keep their own signal handlers
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    args = build_parser(only=argv[0] if argv[0] in COMMANDS else "").parse_args(argv)
    if getattr(args, "_missing", False):
        print(f"billiard: the '{args.command}' command is not available in this build", file=sys.stderr)
        return 2
    if not argv_given:
        catch_stop_signals()
    return guarded(args.command, lambda: _command_module(args.command).run(args))


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)  # Ctrl+C; kill, timeout, a desktop session closing


def catch_stop_signals() -> None:
    """Ctrl+C and SIGTERM take the program's way out (:func:`_interrupted`)."""
    for stop in STOP_SIGNALS:
        signal.signal(stop, _interrupted)


class Interrupted(KeyboardInterrupt):
    """A stop signal, raised where the program is: the way out of Ctrl+C, with the shell's
    exit code for that signal (128 + its number: 130 for Ctrl+C, 143 for SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__()
        self.exit_code = 128 + signum


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl+C or SIGTERM on the command line: a KeyboardInterrupt as usual, and a deadline for
    the exit. The way out closes the recorder, the sound and the worker pools (SIGTERM once
    ended the program on the spot, and Python's resource tracker warned on stderr of the pools'
    leaked semaphores); the interpreter's own teardown after it (threads, pools' exit hooks,
    the GL driver) must not keep a game that was asked to stop alive (it once took over a
    minute on a loaded machine)."""
    stop = Interrupted(signum)
    timer = threading.Timer(EXIT_GRACE_S, _leave, args=(stop.exit_code,))
    timer.daemon = True
    timer.start()
    raise stop


def _leave(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def guarded(command: str, call: Callable[[], int | None]) -> int:
    """Run one command's ``call`` as the command line does and give its exit code: a
    :class:`BilliardError` is one line on stderr and 2, a bug one line and 1. Shared with
    the in-process entry points (``billiard.commands.play.play_headless``)."""
    try:
        return int(call() or 0)
    except BilliardError as exc:
        print(f"billiard {command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:
        return getattr(stop, "exit_code", 130)
    except Exception as exc:  # a bug, not bad input: still one line unless asked for more
        if os.environ.get("BILLIARD_DEBUG"):
            raise
        print(
            f"billiard {command}: internal error: {type(exc).__name__}: {exc} (set BILLIARD_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 1
