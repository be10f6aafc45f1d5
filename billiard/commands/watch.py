"""``billiard watch HOST[:PORT] | --via SERVER --room NAME``: follow a match, read-only,
from any moment (the match so far is caught up first)."""

from __future__ import annotations

import argparse

from billiard.net import options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default=None, help="the host's HOST[:PORT]")
    options.add_room_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from billiard.net.launch import watch

    return watch(args)
