"""``--msaa N``, shared by the two windowed commands (``play`` and ``replay``)."""

from __future__ import annotations

import argparse


def add_msaa_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--msaa",
        type=int,
        choices=(0, 2, 4, 8),
        default=None,
        help="multisample anti-aliasing (default: 4 on a GPU, 0 on software OpenGL, "
        "where 4x would double the frame time)",
    )
