"""Match files (``"format": "billiard-match/1"``): a whole game, reopenable at any shot.

::

    {"format": "billiard-match/1", "engine": "billiard 0.1.0", "created": "...",
     "mode": "8-ball", "table": "pool-9ft", "players": ["Ann", "Bob"],
     "start_scores": [0, 0],
     "shots": [{"shot": <billiard-shot/1>, "player": 0, "scores": [0, 1],
                "replay": "shot-001.replay.json"}, ...]}

Each entry holds the shot file (the exact ball states before the strike and the
strike), who played it, the scores *after* it, and optionally the name of its
replay file beside the match file. The position before shot k is shot k's balls
with the scores after shot k-1 (``start_scores`` before the first).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.match import MATCH_FORMAT, MatchFile, Score
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import Shot

__all__ = ["MATCH_FORMAT", "Match", "MatchShot", "Position"]


@dataclass(frozen=True)
class MatchShot:
    """One shot of a match: the shot dict, the player index, the scores after it; optionally
    its rack number and what happened (older files have neither)."""

    shot: dict[str, Any]
    scores: tuple[float, ...]
    player: int | None = None
    replay: str | None = None
    rack: int | None = None  # the rack it was played in (1 = the first), when known
    note: str | None = None  # what happened, in a few words ("pots the 6"), when known

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shot": self.shot, "player": self.player, "scores": list(self.scores)}
        if self.replay is not None:
            out["replay"] = self.replay
        if self.rack is not None:
            out["rack"] = self.rack
        if self.note is not None:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Position:
    """The table before a shot: 1-based ``number``, its shot dict, the scores then."""

    number: int
    shot: dict[str, Any]
    scores: tuple[float, ...]
    player: int | None


@dataclass(frozen=True)
class Match:
    mode: str
    table: Any
    players: tuple[str, ...]
    start_scores: tuple[float, ...]
    shots: tuple[MatchShot, ...] = ()
    engine: str = ""
    created: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.shots)

    def position(self, number: int) -> Position:
        """The state before shot ``number`` (1-based) and the scores at that moment."""
        if not isinstance(number, int) or not 1 <= number <= len(self.shots):
            raise BilliardError(f"this match has shots 1 to {len(self.shots)}, not {number}")
        entry = self.shots[number - 1]
        before = self.start_scores if number == 1 else self.shots[number - 2].scores
        return Position(number, entry.shot, before, entry.player)

    def final_scores(self) -> tuple[float, ...]:
        return self.shots[-1].scores if self.shots else self.start_scores

    def with_shot(self, entry: MatchShot) -> "Match":
        """A new match with ``entry`` appended (validated like a loaded one)."""
        _check_scores(entry.scores, len(self.players), f"shots[{len(self.shots)}].scores")
        return Match(
            self.mode,
            self.table,
            self.players,
            self.start_scores,
            (*self.shots, entry),
            self.engine,
            self.created,
            self.extra,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT,
            "engine": self.engine,
            "created": self.created,
            "mode": self.mode,
            "table": self.table,
            "players": list(self.players),
            "start_scores": list(self.start_scores),
            "shots": [s.to_dict() for s in self.shots],
            **self.extra,
        }

    def save(self, path: str | os.PathLike) -> None:
        atomic_write(path, jsonfile.encode(self.to_dict(), pretty=True))

    @classmethod
    def from_dict(cls, data: Any, source: str = "match file") -> "Match":
        """Validate everything before building anything (never a partly loaded match): the
        file's shape by its typed definition (:class:`billiard.formats.match.MatchFile`),
        then every shot against its table."""
        f = convert(data, MatchFile, source)
        for i, entry in enumerate(f.shots):
            try:
                Shot.from_dict(entry.shot, at=f"shots[{i}].shot")
            except BilliardError as exc:
                raise BilliardError(f"{source}: {exc}") from None
        known = set(MatchFile.__struct_fields__)
        return cls(
            mode=f.mode,
            table=f.table,
            players=tuple(f.players),
            start_scores=tuple(f.start_scores if f.start_scores is not None else [0] * len(f.players)),
            shots=tuple(
                MatchShot(
                    shot=dict(e.shot),
                    scores=tuple(e.scores),
                    player=e.player,
                    replay=e.replay,
                    rack=e.rack,
                    note=e.note,
                )
                for e in f.shots
            ),
            engine=f.engine,
            created=f.created,
            extra={k: v for k, v in data.items() if k not in known},
        )

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Match":
        return cls.from_dict(jsonfile.read(path), source=str(path))


def _check_scores(scores: Any, n: int, what: str) -> tuple[float, ...]:
    """``n`` finite numbers, one per player (the scores after a shot added in play)."""
    out = convert(list(scores), list[Score], at=what)
    if len(out) != n:
        raise BilliardError(f"{what}: must hold one score per player ({n}), got {len(out)}")
    return tuple(out)
