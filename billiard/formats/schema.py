"""JSON Schemas generated from the typed definitions: the published files in
``billiard/schemas/`` are this module's output, never edited by hand.

``python -m billiard.formats.schema`` rewrites them; ``--check`` lists the stale ones and
exits 1 (a test does the same, so a definition cannot change without its schema).
"""
from __future__ import annotations

import argparse
import json
import sys
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


def generate(p: Published) -> dict[str, Any]:
    """The schema of ``p.kind`` with the dialect, id, title and description on top."""
    body = msgspec.json.schema(p.kind)
    return {"$schema": SCHEMA_DIALECT, "$id": f"{ID_BASE}{p.name}.schema.json", "title": p.title,
            "description": p.description, **body}


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


def write(published: tuple[Published, ...], folder: Path = FOLDER,
          say: Callable[[str], None] = print) -> None:
    """Write every schema of ``published`` into ``folder`` (only the files that change)."""
    for name in stale(published, folder):
        p = next(q for q in published if q.name == name)
        (folder / f"{name}.schema.json").write_text(text(p), encoding="utf-8")
        say(f"wrote {folder / f'{name}.schema.json'}")


def main(argv: list[str] | None = None) -> int:
    from billiard.formats.published import PUBLISHED

    parser = argparse.ArgumentParser(prog="python -m billiard.formats.schema",
                                     description="Regenerate billiard/schemas/ from the typed formats.")
    parser.add_argument("--check", action="store_true", help="list stale schemas and exit 1, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(PUBLISHED)
        for name in names:
            print(f"stale: {name}.schema.json (run: python -m billiard.formats.schema)")
        return 1 if names else 0
    write(PUBLISHED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
