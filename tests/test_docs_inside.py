"""Docs and docstrings cite the project's own docs or the papers, never a file outside the
repository (a design file, notes or seed folders other people cannot open)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"DESIGN\.md|PHYSICS\.md|shared/|seeds/")
PENDING: set[str] = set()  # a file that cannot be fixed yet (none now)


def _files():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").glob("*.md"))
    for folder in ("billiard", "tests", "benchmarks"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_nothing_points_outside_the_repository():
    found = {}
    for path in _files():
        where = path.relative_to(ROOT).as_posix()
        if path == Path(__file__):
            continue
        lines = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if OUTSIDE.search(line)]
        if lines:
            found[where] = lines
    assert set(found) <= PENDING, {w: n for w, n in found.items() if w not in PENDING}
    assert PENDING <= set(found), f"fixed, remove from PENDING: {sorted(PENDING - set(found))}"
