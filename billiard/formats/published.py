"""Every schema published in ``billiard/schemas/``, with the typed definition it comes from.

Each format's schema is generated from its typed definition; a schema not listed here is
still hand-written in ``billiard/schemas/`` until its format gets a typed definition.
"""
from __future__ import annotations

from billiard.formats.drills import DrillIndex, DrillScores
from billiard.formats.match import MatchFile
from billiard.formats.replay import ReplayFile
from billiard.formats.schema import Published
from billiard.formats.settings import Settings
from billiard.formats.shot import ShotFile
from billiard.formats.strike import Strike

PUBLISHED: tuple[Published, ...] = (
    Published("shot-1", ShotFile, "billiard shot file (billiard-shot/1)",
              "A table, parameter overrides, the balls before the strike (a list or a rack preset) and "
              "the strike. SI units; angles in degrees. The loader checks more than this schema (ranges "
              "that depend on the table, overlaps, the miscue limit); the schema is the file's shape."),
    Published("replay-1", ReplayFile, "billiard replay file (billiard-replay/1)",
              "A simulated shot: the shot as given, the engine, every parameter used, the events, samples "
              "at a fixed rate and each ball's final state.", also=(ShotFile,)),
    Published("match-1", MatchFile, "billiard match file (billiard-match/1)",
              "A whole game: players, the scores before the first shot, and every shot with who played "
              "it, the scores after it and the name of its replay file beside the match file.",
              also=(ShotFile,)),
    Published("drill-scores-1", DrillScores, "billiard drill scores (billiard-drill-best/1)",
              "Each player's best score at each practice drill (a whole number, 0 or more)."),
    Published("drills-1", DrillIndex, "billiard drill list (assets/drills/index.json)",
              "The shipped practice drills: each with its layout file (a shot file without a strike), its "
              "goal, the rule that judges an attempt and how the table resets."),
    Published("settings-1", Settings, "billiard settings file (settings.json)",
              "The user's settings, each optional (a missing one takes its default). A wrong value is "
              "ignored with one log line; the others still count."),
    Published("strike-1", Strike, "billiard strike",
              "One cue strike, as shot files, layouts and network messages carry it: speed (m/s, "
              "a centre hit's cue-ball speed), heading and elevation (degrees), tip offset in ball "
              "radii (|tip| <= 0.6, the miscue limit) and the struck ball's id."),
)
