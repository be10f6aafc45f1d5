"""Published JSON Schemas of the public file formats, one per ``format`` key and version.

``shot-1`` (billiard-shot/1), ``replay-1``, ``match-1``, ``script-1``, ``settings-1``,
``strike-1``, ``drill-scores-1``, ``drills-1`` and the network protocol's ``net-client-2`` and
``net-server-2`` (protocol 2), and ``recording-1`` and ``params-1`` (billiard fit); see
docs/formats.md. Those listed in :data:`billiard.schemas.published.PUBLISHED` are generated
from their typed definitions (``python -m billiard.schemas``), never edited by hand.
The loaders in billiard.shot, billiard.replay and billiard.app.script check more than the
schemas say (ranges that depend on the table, overlaps); a file they accept always
validates against its schema, and tests hold them to that.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

NAMES = (
    "shot-1",
    "replay-1",
    "match-1",
    "script-1",
    "settings-1",
    "strike-1",
    "drill-scores-1",
    "drills-1",
    "net-client-2",
    "net-server-2",
    "recording-1",
    "params-1",
)


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of NAMES) as a dict."""
    if name not in NAMES:
        raise KeyError(f"no schema {name!r} (known: {', '.join(NAMES)})")
    text = resources.files(__package__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)
