"""Deterministic JSON out, guarded JSON in.

Out: keys in the order the ``to_dict`` methods build them, floats as Python's shortest
round-trip ``repr``, no NaN, UTF-8, one trailing newline: the same object always gives
the same bytes. In: a size limit, then one clear error for anything that is not a JSON
object (missing file, binary junk, truncated text, absurd nesting).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterator

from billiard.errors import BilliardError

MAX_FILE_BYTES = 64 * 1024 * 1024


_COMPACT = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
_SPACED = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


def encode(obj: Any, pretty: bool = False) -> Iterator[bytes]:
    """The JSON text of ``obj`` as UTF-8 chunks (streamed, so big replays need no copy).
    ``pretty``: one top-level key per line and one list item per line below it (a shot
    file reads like a table of balls); otherwise compact."""
    try:
        pieces = _pretty(obj, 0) if pretty else _COMPACT.iterencode(obj)
        for piece in pieces:
            yield piece.encode("utf-8")
    except ValueError as exc:
        raise BilliardError(f"cannot write a non-finite number to JSON ({exc})") from None
    yield b"\n"


def _pretty(obj: Any, depth: int) -> Iterator[str]:
    pad = "  " * (depth + 1)
    if depth < 2 and isinstance(obj, dict) and obj:
        items = [f"{pad}{_SPACED.encode(k)}: {''.join(_pretty(v, depth + 1))}" for k, v in obj.items()]
        yield "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    elif depth == 1 and isinstance(obj, list) and obj and isinstance(obj[0], dict):
        yield "[\n" + ",\n".join(pad + _SPACED.encode(v) for v in obj) + "\n" + "  " * depth + "]"
    else:
        yield _SPACED.encode(obj)


def dumps(obj: Any, pretty: bool = False) -> bytes:
    return b"".join(encode(obj, pretty))


def read(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Parse ``path`` as one JSON object, or raise a one-line BilliardError."""
    return loads(read_bytes(path, max_bytes), str(Path(path)))


def read_bytes(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, at most ``max_bytes`` of them (a larger file is an error)."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise BilliardError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        limit = f"{max_bytes // (1024 * 1024)} MiB" if max_bytes >= 1024 * 1024 else f"{max_bytes} bytes"
        raise BilliardError(f"{path} is larger than {limit}")
    return data


_FORMAT_KEY = re.compile(rb'"format"\s*:\s*"([^"\\]{0,64})"')


def sniff_format(head: bytes) -> str | None:
    """The ``format`` value announced in the first bytes of a file (our writers put it
    first), or None: lets a loader apply a format's limits before parsing everything."""
    m = _FORMAT_KEY.search(head)
    return m.group(1).decode("utf-8", "replace") if m else None


def loads(data: bytes | str, name: str = "input") -> dict[str, Any]:
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        obj = json.loads(text)
    except UnicodeDecodeError:
        raise BilliardError(f"{name} is not a text file (not UTF-8)") from None
    except json.JSONDecodeError as exc:
        raise BilliardError(
            f"{name} is not valid JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:  # e.g. an integer literal thousands of digits long
        raise BilliardError(f"{name} is not usable JSON: {exc}") from None
    except RecursionError:
        raise BilliardError(f"{name} is nested too deeply to be a billiard file") from None
    if not isinstance(obj, dict):
        raise BilliardError(f"{name} does not hold a JSON object")
    return obj
