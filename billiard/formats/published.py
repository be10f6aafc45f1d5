"""Every schema published in ``billiard/schemas/``, with the typed definition it comes from.

The hand-written schemas (shot-1, replay-1, match-1, script-1) move here one by one as each
format gets its typed definition; until then they stay as they are in ``billiard/schemas/``.
"""
from __future__ import annotations

from billiard.formats.schema import Published
from billiard.formats.strike import Strike

PUBLISHED: tuple[Published, ...] = (
    Published("strike-1", Strike, "billiard strike",
              "One cue strike, as shot files, layouts and network messages carry it: speed (m/s, "
              "a centre hit's cue-ball speed), heading and elevation (degrees), tip offset in ball "
              "radii (|tip| <= 0.6, the miscue limit) and the struck ball's id."),
)
