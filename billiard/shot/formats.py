"""The ``format`` key of a billiard file -> what the file is and the loader that reads it:
the one dispatch every command goes through (``billiard simulate``, ``render``, ``replay``).

Each loader (``Shot.from_dict``, ``Replay.from_dict``, ``Match.from_dict``) still checks
its own format; this module only chooses it and says, in one line, why a file is none of
the kinds a command accepts.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import billiard
from billiard.errors import BilliardError
from billiard.shot.matchfile import MATCH_FORMAT, Match
from billiard.shot.replayfile import FORMAT as REPLAY_FORMAT
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT
from billiard.shot.shotfile import Shot

KINDS = {SHOT_FORMAT: "shot", REPLAY_FORMAT: "replay", MATCH_FORMAT: "match"}
LOADERS: dict[str, Callable[[Any], Shot | Replay | Match]] = {
    "shot": Shot.from_dict,
    "replay": Replay.from_dict,
    "match": Match.from_dict,
}
ALL = tuple(LOADERS)


def file_kind(data: dict[str, Any], accept: Iterable[str] = ALL) -> str:
    """'shot', 'replay' or 'match' (one of ``accept``) from ``data["format"]``, else one clear
    error: another version of a known format, a kind this command does not read, or junk."""
    accept = tuple(accept)
    fmt = data.get("format")
    kind = KINDS.get(fmt) if isinstance(fmt, str) else None
    if kind is not None and kind in accept:
        return kind
    if kind is not None:
        wanted = " or ".join(f"{k} file" for k in accept)
        raise BilliardError(f"this is a {kind} file, not a {wanted}")
    expected = [f for f, k in KINDS.items() if k in accept]
    if isinstance(fmt, str):
        for known in expected:
            if fmt.split("/")[0] == known.split("/")[0]:
                raise BilliardError(
                    f"unknown file format {fmt!r:.40}: this {KINDS[known]} file version is not "
                    f"supported by billiard {billiard.__version__} (it reads {known!r})"
                )
    listed = ", ".join(f"'{f}'" for f in expected[:-1]) + (" or " if len(expected) > 1 else "") + f"'{expected[-1]}'"
    raise BilliardError(f"unknown file format {fmt!r:.40} (expected {listed})")


def load_dict(data: dict[str, Any], accept: Iterable[str] = ALL) -> Shot | Replay | Match:
    """The Shot, Replay or Match that ``data`` holds, read by the loader its format names."""
    return LOADERS[file_kind(data, accept)](data)
