"""``billiard host``: open a game for another player, directly (announced on the LAN) or
in a room of a lobby server (``--via SERVER --room NAME``)."""

from __future__ import annotations

import argparse

from billiard.net import options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        type=options.port,
        default=options.DEFAULT_PORT,
        help=f"port to take players on, without --via (default {options.DEFAULT_PORT})",
    )
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on, without --via (default all)")
    parser.add_argument("--cert", default=None, help="TLS certificate (PEM) for a direct game over wss://")
    parser.add_argument("--key", default=None, help="the certificate's private key (PEM)")
    parser.add_argument("--no-announce", action="store_true", help="do not announce the game on the local network")
    parser.add_argument(
        "--race",
        type=int,
        default=1,
        help="the match is a race to this many racks (frames) won, 1-99 (default 1: one rack)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="take back the match this host left on this --port (killed or crashed mid-match); "
        "without it, one left less than --reconnect-s ago is taken back on its own",
    )
    options.add_room_arguments(parser)
    options.add_player_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from billiard.net.launch import host

    return host(args)
