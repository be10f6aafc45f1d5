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


DrillRule = Literal["stop", "in-order", "pocket-any", "kick", "three-cushion"]
DrillReset = Literal["each", "run"]
Text = Annotated[str, Meta(min_length=1, max_length=64)]


class LadderSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """After each success, ``ball`` starts ``step`` (dx, dy, metres) further, up to ``rungs``."""

    ball: Text
    step: tuple[Annotated[float, Meta(ge=-1.0, le=1.0)], Annotated[float, Meta(ge=-1.0, le=1.0)]]
    rungs: Annotated[int, Meta(ge=1, le=20)]


class DrillSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One shipped drill (``assets/drills/index.json``): its layout file, goal and rule
    (the rules are described in :mod:`billiard.practice.drills`)."""

    name: Text
    title: Text
    goal: Annotated[str, Meta(min_length=1, max_length=200)]
    layout: Text
    rule: DrillRule
    target: Text | None = None
    within: Annotated[float, Meta(ge=0.0, le=1.0, extra={"unit": "m"})] = 0.06
    cushions: Annotated[int, Meta(ge=0, le=10)] = 1
    reset: DrillReset = "each"
    round: Annotated[int, Meta(ge=1, le=100)] = 10
    ladder: LadderSpec | None = None


class DrillIndex(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The list of shipped drills."""

    drills: list[DrillSpec]
