"""``billiard serve``: the lobby and relay server for online play (no window, no GL)."""

from __future__ import annotations

import argparse

from billiard.net import options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        type=options.port,
        default=options.DEFAULT_PORT,
        help=f"TCP port to listen on (default {options.DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default all)")
    parser.add_argument("--cert", default=None, help="TLS certificate (PEM): clients then connect with wss://")
    parser.add_argument("--key", default=None, help="the certificate's private key (PEM)")
    parser.add_argument("--data-dir", default=None, help="where the rooms are kept (default: the data folder's rooms/)")
    parser.add_argument("--no-store", action="store_true", help="keep the rooms in memory only (lost on restart)")
    parser.add_argument("--max-rooms", type=int, default=500, help="rooms open at once (default 500)")
    parser.add_argument(
        "--max-per-address", type=int, default=8, help="connections at once from one IP address (default 8)"
    )
    parser.add_argument(
        "--reconnect-s", type=float, default=180.0, help="how long a dropped player's seat is kept (default 180 s)"
    )
    parser.add_argument(
        "--idle-s", type=float, default=120.0, help="a silent connection is closed after this (default 120 s)"
    )


def run(args: argparse.Namespace) -> int:
    from billiard.errors import BilliardError
    from billiard.net.launch import serve

    for name in ("max_rooms", "max_per_address"):
        if not 1 <= getattr(args, name) <= 100_000:
            raise BilliardError(f"--{name.replace('_', '-')} must be between 1 and 100000")
    for name in ("reconnect_s", "idle_s"):
        if not 1.0 <= getattr(args, name) <= 86_400.0:
            raise BilliardError(f"--{name.replace('_', '-')} must be between 1 and 86400 seconds")
    return serve(args)
