"""The order the suite's test files are handed to the xdist workers (issue 28): the longest
first, by the seconds each file took in the last runs (kept in pytest's cache), so that no long
file starts last and runs alone at the end while the other worker idles (the longest-processing-
time-first rule). xdist's own order (``--dist loadfile``: the files with the most tests first)
put one-test files of several seconds (the real window, a calibration search) at the end.

A run without timings of its own (a fresh clone, CI, ``-p no:cacheprovider``) takes the
seconds shipped in ``tests/file_seconds.json`` (a quiet run's, refreshed now and then with
:func:`shipped` in mind: a stale entry only orders a file a little wrong), so the README's first
run is spread as evenly as the next."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

CACHE_KEY = "billiard/file-seconds"
SHIPPED = Path(__file__).with_name("file_seconds.json")


def shipped() -> dict[str, float]:
    """The seconds per file of a quiet run, kept with the tests (empty if the file is gone)."""
    try:
        seconds = json.loads(SHIPPED.read_text())
    except (OSError, ValueError):
        return {}
    return {f: float(s) for f, s in seconds.items() if isinstance(s, (int, float))}


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def longest_first(nodeids: Sequence[str], seconds: Mapping[str, float]) -> list[int]:
    """The positions of ``nodeids`` reordered file by file, the files by ``seconds`` (longest
    first; a file without a timing, new since, counts as the mean), each file's tests in their
    own order (module fixtures and the tests' order within a file are kept)."""
    files: dict[str, int] = {}
    for nodeid in nodeids:
        files.setdefault(file_of(nodeid), len(files))
    known = [seconds[f] for f in files if f in seconds]
    default = sum(known) / len(known) if known else 0.0
    rank = {f: (-seconds.get(f, default), first) for f, first in files.items()}
    return sorted(range(len(nodeids)), key=lambda i: rank[file_of(nodeids[i])])


def merged(before: Mapping[str, float], ran: Mapping[str, float]) -> dict[str, float]:
    """The timings to keep: this run's files (rounded to ms) over the earlier ones, so that a run
    of one folder keeps the others' timings."""
    out = {f: float(s) for f, s in before.items() if isinstance(s, (int, float))}
    out.update({f: round(s, 3) for f, s in ran.items()})
    return out
