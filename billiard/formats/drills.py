"""The drill scores file, ``<data>/drills/best.json`` (docs/formats.md): each player's best
score at each practice drill: ``{"format": "billiard-drill-best/1", "players": {"Ann":
{"stop-ladder": 7}}}``."""
from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec
from msgspec import Meta

DrillScoresFormat = Literal["billiard-drill-best/1"]
DRILL_SCORES_FORMAT: str = get_args(DrillScoresFormat)[0]

PlayerName = Annotated[str, Meta(min_length=1, max_length=100)]
DrillName = Annotated[str, Meta(min_length=1, max_length=64)]
Score = Annotated[int, Meta(ge=0, le=10**9)]


class DrillScores(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every player's best score per drill."""

    format: DrillScoresFormat
    players: dict[PlayerName, dict[DrillName, Score]]
