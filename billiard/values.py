"""Readers for untrusted JSON values: each returns a clean Python value or raises one
clear :class:`BilliardError` naming what was wrong (``what`` is the field's name).

The one checker of every JSON input (shot, replay, match, layout, drill and script files,
custom-table obstacles, the settings file), so each problem is worded the same way."""
from __future__ import annotations

import math
from typing import Any, Iterable, Mapping

from billiard.errors import BilliardError


def show(value: Any) -> str:
    """A short repr of an untrusted value for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def number(value: Any, what: str, lo: float = -math.inf, hi: float = math.inf) -> float:
    """A finite float in [lo, hi]; booleans and strings are not numbers."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BilliardError(f"{what} must be a number, got {show(value)}")
    out = float(value)
    if not math.isfinite(out):
        raise BilliardError(f"{what} must be a finite number, got {show(value)}")
    if not lo <= out <= hi:
        raise BilliardError(f"{what} must lie in [{lo:g}, {hi:g}], got {out:g}")
    return out


def integer(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BilliardError(f"{what} must be an integer, got {show(value)}")
    if not lo <= value <= hi:
        raise BilliardError(f"{what} must lie in [{lo}, {hi}], got {value}")
    return value


def boolean(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise BilliardError(f"{what} must be true or false, got {show(value)}")
    return value


def choice(value: Any, what: str, options: Iterable[Any]) -> Any:
    """One of ``options`` (compared with ``==``, so a JSON string names a choice)."""
    options = tuple(options)
    if isinstance(value, (list, dict)) or value not in options:
        raise BilliardError(f"{what} must be one of {', '.join(map(str, options))}, got {show(value)}")
    return value


def string(value: Any, what: str, max_len: int = 64) -> str:
    if not isinstance(value, str) or not value or len(value) > max_len or not value.isprintable():
        raise BilliardError(f"{what} must be a non-empty printable string of at most {max_len} "
                            f"characters, got {show(value)}")
    return value


def vector(value: Any, what: str, sizes: Iterable[int], bound: float) -> tuple[float, ...]:
    """A list of finite numbers whose length is one of ``sizes``, each within +-bound."""
    sizes = tuple(sizes)
    shape = " or ".join(f"{n} numbers" for n in sizes)
    if not isinstance(value, (list, tuple)) or len(value) not in sizes:
        raise BilliardError(f"{what} must be a list of {shape}, got {show(value)}")
    return tuple(number(v, what, -bound, bound) for v in value)


def vector3(value: Any, what: str, bound: float) -> tuple[float, float, float]:
    """A list of exactly 3 finite numbers, each within +-bound (a point or a direction)."""
    x, y, z = vector(value, what, (3,), bound)
    return x, y, z


def mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise BilliardError(f"{what} must be a JSON object, got {show(value)}")
    return value


def check_keys(obj: Mapping[str, Any], what: str, required: Iterable[str],
               optional: Iterable[str] = ()) -> None:
    """Reject missing required keys and keys nobody knows (typos would otherwise be ignored)."""
    required = tuple(required)
    for key in required:
        if key not in obj:
            raise BilliardError(f"{what} has no '{key}'")
    known = set(required) | set(optional)
    unknown = sorted(str(k) for k in obj if k not in known)
    if unknown:
        raise BilliardError(f"{what} has unknown key '{unknown[0]}' (known: {', '.join(sorted(known))})")


def document(value: Any, kind: str, fmt: str) -> Mapping[str, Any]:
    """The top-level object of a ``kind`` file ("shot", "replay", "match") whose ``format`` key
    must be ``fmt``: one rule and one wording for every file format."""
    data = mapping(value, f"a {kind}")
    got = data.get("format")
    if got != fmt:
        if isinstance(got, str) and got.split("/")[0] == fmt.split("/")[0]:
            raise BilliardError(f"unsupported version of the {kind} file: 'format' must be '{fmt}', got {show(got)}")
        raise BilliardError(f"not a {kind} file: 'format' must be '{fmt}', got {show(got)}")
    return data


def sequence(value: Any, what: str, lo: int = 0, hi: int = 1_000_000) -> list[Any]:
    """A JSON list of ``lo`` to ``hi`` items (the items are the caller's to check)."""
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise BilliardError(f"{what} must be a list of {lo} to {hi} items, got {show(value)}")
    return value
