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


def run(args: argparse.Namespace) -> int:
    if args.repeats < 1:
        raise BilliardError("--repeats must be at least 1")
    if args.physics or not args.render:
        from billiard.validation.speed import physics_bench

        print("\n".join(physics_bench(args.repeats).lines()))
    if args.render:
        try:  # the renderer is optional: a build without GL still benchmarks the physics
            render_bench = importlib.import_module("billiard.validation.render_bench")
        except ModuleNotFoundError as exc:
            if exc.name not in ("billiard.validation.render_bench", "billiard.render"):
                raise
            raise BilliardError("the rendering benchmark is not available in this build") from None
        render_bench.run()          # prints its own table
    return 0
