"""JSON Schemas generated from the typed definitions: the published files in
``billiard/schemas/`` are this module's output, never edited by hand.

The list of published schemas is :data:`billiard.schemas.published.PUBLISHED`;
``python -m billiard.schemas`` rewrites them and ``--check`` lists the stale ones (a test
does the same, so a definition cannot change without its schema).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import msgspec

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "https://billiard.invalid/schemas/"
FOLDER = Path(__file__).resolve().parents[1] / "schemas"


@dataclass(frozen=True)
class Published:
    """One published schema: ``name`` (``shot-1``: the file is ``shot-1.schema.json``), the
    type it describes, a title and a description for readers of the schema."""

    name: str
    kind: Any
    title: str
    description: str
    also: tuple[Any, ...] = ()  # types a field points to by ``$ref`` only (a replay's shot)


def generate(p: Published) -> dict[str, Any]:
    """The schema of ``p.kind`` with the dialect, id, title and description on top."""
    (body, *_), defs = msgspec.json.schema_components((p.kind, *p.also))
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"{ID_BASE}{p.name}.schema.json",
        "title": p.title,
        "description": p.description,
        **body,
        "$defs": defs,
    }


def text(p: Published) -> str:
    """The schema file's text: sorted keys, two-space indent, one trailing newline."""
    return json.dumps(generate(p), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def stale(published: tuple[Published, ...], folder: Path = FOLDER) -> list[str]:
    """The names whose file in ``folder`` is missing or differs from the definition."""
    out = []
    for p in published:
        path = folder / f"{p.name}.schema.json"
        if not path.exists() or path.read_text(encoding="utf-8") != text(p):
            out.append(p.name)
    return out


def write(published: tuple[Published, ...], folder: Path = FOLDER, say: Callable[[str], None] = print) -> None:
    """Write every schema of ``published`` into ``folder`` (only the files that change)."""
    for name in stale(published, folder):
        p = next(q for q in published if q.name == name)
        (folder / f"{name}.schema.json").write_text(text(p), encoding="utf-8")
        say(f"wrote {folder / f'{name}.schema.json'}")
