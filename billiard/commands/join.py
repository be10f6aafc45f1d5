"""``billiard join [HOST[:PORT]]``: play a game someone hosts; with no address, the games
announced on the local network are listed and the first joined; ``--via SERVER --room NAME``
joins a room of a lobby server."""

from __future__ import annotations

import argparse

from billiard.net import options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default=None, help="the host's HOST[:PORT] (none: look on the LAN)")
    parser.add_argument("--list", action="store_true", help="list the games announced on the LAN, join none")
    parser.add_argument("--pick", type=int, default=1, help="with no address: join the N-th game found (default 1)")
    options.add_room_arguments(parser)
    options.add_player_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from billiard.net.launch import join

    return join(args)
