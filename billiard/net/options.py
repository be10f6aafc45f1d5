"""The command-line options the network commands share, and turning them into addresses,
TLS contexts and handshakes."""

from __future__ import annotations

import argparse
import re
import ssl
from pathlib import Path

from billiard import __version__
from billiard.errors import BilliardError
from billiard.game import MODES
from billiard.net.messages import PROTOCOL, Hello

DEFAULT_PORT = 7878


def port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, got {text!r}")
    return int(text)


def url(address: str, tls: bool = False) -> str:
    """``HOST[:PORT]``, ``[v6]:PORT`` or a ``ws://`` / ``wss://`` URL -> a websocket URL."""
    if re.match(r"^wss?://", address):
        return address
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(\d{1,5}))?", address)
    if not m or (m[2] is not None and not 0 < int(m[2]) <= 65535):
        raise BilliardError(f"an address is HOST or HOST:PORT (e.g. 192.168.1.20:{DEFAULT_PORT}), got {address!r}")
    return f"{'wss' if tls else 'ws'}://{m[1]}:{m[2] or DEFAULT_PORT}"


def window_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text)
    if not m or not (64 <= int(m[1]) <= 8192 and 64 <= int(m[2]) <= 8192):
        raise argparse.ArgumentTypeError(f"size must look like 1280x720 (64-8192 each), got {text!r}")
    return int(m[1]), int(m[2])


def add_room_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--via",
        metavar="SERVER[:PORT]",
        default=None,
        help="go through a lobby server (billiard serve) instead of connecting directly",
    )
    parser.add_argument("--room", default="", help="the room's name on the server")
    parser.add_argument("--password", default="", help="the room's password (optional)")
    parser.add_argument("--tls", action="store_true", help="connect with TLS (wss); a wss:// address does too")
    parser.add_argument("--ca", default=None, help="trust this certificate file (a server's self-signed certificate)")
    parser.add_argument("--headless", action="store_true", help="no window (computer players, tests, spectators)")
    parser.add_argument("--summary", default=None, help="JSON summary written at the end of headless play")
    parser.add_argument(
        "--record",
        action="store_true",
        help="headless: record every stroke as local games are (the window does unless --no-record)",
    )
    parser.add_argument("--no-record", action="store_true", help="the window: do not record the strokes")
    parser.add_argument("--mute", action="store_true", help="the window: no sound (this run only)")
    parser.add_argument(
        "--size", type=window_size, default=(1280, 720), help="the window's size WxH (default 1280x720)"
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="where strokes are recorded (default: $XDG_DATA_HOME/billiard or ~/.local/share/billiard)",
    )
    parser.add_argument(
        "--reconnect-s",
        type=float,
        default=180.0,
        help="how long to keep trying to reconnect after a drop (default 180 s)",
    )


def add_player_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="", help="your name as the other player sees it")
    parser.add_argument("--chat", default="", help="a line said to the other player when the match starts")
    parser.add_argument(
        "--players", default=None, help="who plays this side: human (the window) or computer:N (level 1-5; headless)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the rack (host) and of the computer player")
    parser.add_argument("--until-over", action="store_true", help="headless: play until the game is over")
    parser.add_argument("--max-shots", type=int, default=300, help="stop after this many shots (default 300)")
    parser.add_argument("--mode", choices=MODES, default=None, help="game mode (host: default 9-ball)")
    parser.add_argument("--table", default=None, help="table preset (default: the mode's usual table)")


def tls_client(args: argparse.Namespace, target: str) -> ssl.SSLContext | None:
    if not target.startswith("wss://"):
        return None
    ctx = ssl.create_default_context()
    if args.ca:
        try:
            ctx.load_verify_locations(args.ca)
        except (OSError, ssl.SSLError) as exc:
            raise BilliardError(f"cannot read the certificate {args.ca}: {exc}") from None
    return ctx


def tls_server(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The server's TLS context from a certificate and its key (PEM), or None (plain ws)."""
    if not cert and not key:
        return None
    if not cert or not key:
        raise BilliardError("TLS needs both --cert and --key")
    for path in (cert, key):
        if not Path(path).is_file():
            raise BilliardError(f"no such file: {path}")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        ctx.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise BilliardError(f"cannot use the certificate {cert} with the key {key}: {exc}") from None
    return ctx


def hello(args: argparse.Namespace, role: str, create: bool = False, room: str | None = None) -> Hello:
    """The handshake these options ask for (checked here: one line for a bad value)."""
    name = getattr(args, "name", "") or ""
    if name and not re.fullmatch(r"[A-Za-z0-9 _.:-]{1,32}", name):
        raise BilliardError("--name: 1-32 letters, digits, spaces or . _ : -")
    room = args.room if room is None else room
    if room and not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", room):
        raise BilliardError("--room: 1-32 letters, digits, _ or -")
    if len(args.password) > 64:
        raise BilliardError("--password: at most 64 characters")
    seed = getattr(args, "seed", None)
    if seed is not None and not 0 <= seed < 2**31:
        raise BilliardError("--seed must be from 0 to 2147483647")
    race = getattr(args, "race", 1) if create else 1
    if not 1 <= race <= 99:
        raise BilliardError("--race: from 1 to 99 racks")
    mode = getattr(args, "mode", None) or ("9-ball" if create else "")
    table = getattr(args, "table", None) or ""
    if table:
        from billiard.table import get_table

        table = get_table(table).name
    return Hello(
        PROTOCOL,
        __version__,
        role,  # type: ignore[arg-type]
        room=room,
        create=create,
        password=args.password,
        name=name,
        mode=mode,
        table=table,
        seed=seed or 0,
        race=race,
    )
