"""The command line in the test process: ``billiard ARGS`` through :func:`billiard.cli.main`,
and ``billiard play --headless ...`` through the command's own in-process entry point
(:func:`billiard.commands.play.play_headless`), each with the same arguments, checks, files,
exit code and printed lines as the command line, without a process start and imports per
call (about 1 s each on these machines). The tests that still start ``python -m billiard``
check the process boundary itself (exit codes and stderr of a real process, the window
refused without a display, a process killed mid-write)."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

from billiard.cli import main
from billiard.commands.play import play_headless

# what depends on which frames are drawn: their count and their times
FRAME_FIELDS = {
    "frames_drawn",
    "mean_frame_ms",
    "max_frame_ms",
    "frame_ms_p50",
    "frame_ms_p99",
    "slow_frames",
    "slow_frame_log",
    "preview_frame_ms_max",
}


@dataclass(frozen=True)
class Ran:
    """One command: its exit code, what it printed on stdout and on stderr."""

    code: int
    out: str
    err: str


@dataclass(frozen=True)
class Played(Ran):
    """One headless play: also its summary (None when refused)."""

    summary: dict | None = None


def billiard(*args) -> Ran:
    """``billiard ARGS`` (each argument str()-ed), its output captured; argparse's refusals
    are exit codes here too."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return Ran(code, out.getvalue(), err.getvalue())


# The plays draw only their last frame (the screenshot's) unless a test asks for more with its own
# ``--draw-every N`` (the last given wins): a frame not drawn still plays its input, physics, sounds,
# coach and cue-path preview, so the summary and the screenshot are the same
# (tests/app/test_draw_every.py), at about half the CPU of a play (issue 28).
DRAW = ("--draw-every", "0")


def play(*args) -> Played:
    """``billiard play --headless ARGS`` (each argument str()-ed), its output captured; see :data:`DRAW`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code, summary = play_headless([*DRAW, *(str(a) for a in args)])
    return Played(code, out.getvalue(), err.getvalue(), summary)


def play_ok(*args) -> Played:
    """:func:`play`, which must exit 0 (else the assertion shows its stderr)."""
    played = play(*args)
    assert played.code == 0, played.err
    return played


def write_script(path: Path, script: dict) -> Path:
    """Write a scripted-play file (``billiard/app/script.py``'s format) and return its path."""
    path.write_text(json.dumps(script))
    return path
