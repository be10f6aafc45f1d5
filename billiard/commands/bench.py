"""``billiard bench [--physics] [--render]``: print speed figures (never pass/fail).

``--physics`` (the default) runs :mod:`billiard.validation.speed`; ``--render`` runs
``billiard.validation.render_bench.run()`` when the renderer provides it.
"""

from __future__ import annotations

import argparse
import importlib

from billiard.errors import BilliardError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--physics", action="store_true", help="physics speed (default)")
    parser.add_argument("--render", action="store_true", help="rendering speed")
    parser.add_argument("--repeats", type=int, default=5, help="warm runs of the break (default 5)")
    parser.add_argument(
        "--no-install",
        action="store_true",
        help="--physics: skip the first run after a fresh install (a temporary venv: a minute or two)",
    )
    parser.add_argument(
        "--no-frames", action="store_true", help="--physics: skip the frame times of a scripted 9-ball session"
    )


def _first_run_lines(args: argparse.Namespace) -> None:
    """Issue 28's figures: the first shot in a fresh process (9-ball break), the first run
    after a fresh install, and the frames of a scripted 9-ball session."""
    import sys

    from billiard.validation.first_run import first_shot, fresh_install, source_root

    print(
        first_shot(runs=5).line("first shot in a fresh process (import, kernels, 9-ball break; median of 5)"),
        flush=True,
    )
    root = source_root()
    if args.no_install:
        pass
    elif root is None:
        print("first run after a fresh install: not measured (needs a source checkout to install from)")
    else:
        fresh = fresh_install(root, say=lambda text: print(text, file=sys.stderr, flush=True))
        print(f"fresh install (python -m venv, pip install): {fresh.install_s:.0f} s wall")
        print(fresh.first.line("  its first run (9-ball break, fresh process)"))
        print(fresh.second.line("  its second run"), flush=True)
    if not args.no_frames:
        import os

        from billiard.validation.frame_bench import session_frames

        print(session_frames().line(), flush=True)
        if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
            print(session_frames(14.0, window=True).line(), flush=True)
        else:
            print("scripted session in the real window: not measured (no display; run under xvfb-run)")


def run(args: argparse.Namespace) -> int:
    if args.repeats < 1:
        raise BilliardError("--repeats must be at least 1")
    if args.physics or not args.render:
        from billiard.validation.speed import physics_bench

        print("\n".join(physics_bench(args.repeats).lines()), flush=True)
        _first_run_lines(args)
    if args.render:
        try:  # the renderer is optional: a build without GL still benchmarks the physics
            render_bench = importlib.import_module("billiard.validation.render_bench")
        except ModuleNotFoundError as exc:
            if exc.name not in ("billiard.validation.render_bench", "billiard.render"):
                raise
            raise BilliardError("the rendering benchmark is not available in this build") from None
        render_bench.run()  # prints its own table
    return 0
