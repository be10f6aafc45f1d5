"""The recording file (``"format": "billiard-recording/1"``, docs/formats.md): tracked ball
positions of one shot, as a video tracker or shot analyser gives them.

JSON: ``{"format", "table", "ball_radius"?, "balls": {id: [[t, x, y], ...]}, "strike"?}``;
CSV: a header ``t,ball,x,y`` and one sample a row (the table then comes from ``--table``).
Metres and seconds from the strike, the table's centre as origin, x along the long side
(as in shot files); any frame rate, gaps allowed; each ball's first sample is its start.

The shape is typed with msgspec Structs (one decode both parses and checks); the rest
(times increasing, positions on the table) is checked here. Every problem is one
:class:`BilliardError` naming the file and the field.
"""

from __future__ import annotations

import csv
import io
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from billiard.errors import BilliardError
from billiard.formats.decode import decode
from billiard.shot import jsonfile
from billiard.formats.recording import MAX_COORD, MAX_TIME, RECORDING_FORMAT, RecordingFile
from billiard.formats.strike import Strike
from billiard.formats.recording import MAX_RECORDED_BALLS as MAX_BALLS

FORMAT = RECORDING_FORMAT
CSV_HEADER = ("t", "ball", "x", "y")
MAX_SAMPLES = 2_000_000  # all balls together: ~60 MB of JSON, under the reader's limit


@dataclass(frozen=True)
class Track:
    """One ball's samples: times (n,) and positions (n, 2), times strictly increasing."""

    t: np.ndarray
    xy: np.ndarray

    @property
    def start(self) -> tuple[float, float]:
        return float(self.xy[0, 0]), float(self.xy[0, 1])


@dataclass(frozen=True)
class Recording:
    """A checked recording. ``table``: a preset name or table object (None: from ``--table``)."""

    name: str
    table: Any
    balls: dict[str, Track]
    ball_radius: float | None = None
    strike: Strike | None = None

    @property
    def duration(self) -> float:
        return max(float(tr.t[-1]) for tr in self.balls.values())

    @property
    def n_samples(self) -> int:
        return sum(len(tr.t) for tr in self.balls.values())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "table": self.table}
        if self.ball_radius is not None:
            out["ball_radius"] = self.ball_radius
        out["balls"] = {
            b: [[float(t), float(x), float(y)] for t, (x, y) in zip(tr.t, tr.xy)] for b, tr in self.balls.items()
        }
        if self.strike is not None:
            out["strike"] = self.strike.to_dict()
        return out

    def save(self, path: str | os.PathLike) -> None:
        """Write as JSON (or CSV when the name ends in .csv), atomically."""
        from billiard.shot.atomic import atomic_write

        if str(path).endswith(".csv"):
            buf = io.StringIO()
            buf.write(",".join(CSV_HEADER) + "\n")
            for b, tr in self.balls.items():
                for t, (x, y) in zip(tr.t, tr.xy):
                    buf.write(f"{float(t)!r},{b},{float(x)!r},{float(y)!r}\n")
            atomic_write(path, buf.getvalue().encode("utf-8"))
        else:
            atomic_write(path, jsonfile.dumps(self.to_dict()))


def _tracks(raw: dict[str, list], where: str) -> dict[str, Track]:
    total = sum(len(v) for v in raw.values())
    if total > MAX_SAMPLES:
        raise BilliardError(f"{where}: {total} samples, at most {MAX_SAMPLES} are allowed")
    out: dict[str, Track] = {}
    for ball, samples in raw.items():
        arr = np.asarray(samples, dtype=np.float64).reshape(-1, 3)
        if not np.all(np.isfinite(arr)):
            raise BilliardError(f"{where}: ball '{ball}' has a non-finite sample")
        steps = np.diff(arr[:, 0])
        if np.any(steps <= 0.0):
            k = int(np.flatnonzero(steps <= 0.0)[0]) + 1
            raise BilliardError(
                f"{where}: ball '{ball}' sample {k} (t = {arr[k, 0]:g} s) is not after the one "
                f"before it: times must increase"
            )
        out[ball] = Track(arr[:, 0].copy(), arr[:, 1:].copy())
    return out


def from_json_bytes(raw: bytes, where: str) -> Recording:
    if b'"format"' in raw[:4096] and FORMAT.encode() not in raw[:4096]:
        raise BilliardError(f"{where}: not a recording (format must be '{FORMAT}')")
    doc = decode(raw, RecordingFile, where)
    strike = doc.strike
    if strike is not None and strike.ball is None:
        raise BilliardError(f"{where}: strike: 'ball' is required (the struck ball's id)")
    if strike is not None and strike.ball not in doc.balls:
        raise BilliardError(f"{where}: strike 'ball' '{strike.ball}' is not one of the recorded balls")
    return Recording(Path(where).name, doc.table, _tracks(doc.balls, where), doc.ball_radius, strike)


def from_csv_text(text: str, where: str) -> Recording:
    """A CSV recording (``t,ball,x,y``); blank lines and lines starting with '#' are skipped."""
    rows = [r for r in csv.reader(io.StringIO(text)) if r and not r[0].lstrip().startswith("#")]
    if not rows or tuple(c.strip() for c in rows[0]) != CSV_HEADER:
        raise BilliardError(f"{where}: a CSV recording starts with the header line 't,ball,x,y'")
    raw: dict[str, list] = {}
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != 4:
            raise BilliardError(f"{where}: row {line} has {len(row)} fields, 4 expected (t,ball,x,y)")
        ball = row[1].strip()
        if not ball or len(ball) > 32:
            raise BilliardError(f"{where}: row {line}: the ball id must be 1-32 characters")
        try:
            t, x, y = float(row[0]), float(row[2]), float(row[3])
        except ValueError:
            raise BilliardError(f"{where}: row {line}: t, x and y must be numbers") from None
        if not (math.isfinite(t) and 0.0 <= t <= MAX_TIME):
            raise BilliardError(f"{where}: row {line}: t must lie in [0, {MAX_TIME:g}] s")
        if not (abs(x) <= MAX_COORD and abs(y) <= MAX_COORD):
            raise BilliardError(f"{where}: row {line}: x and y must lie within +-{MAX_COORD:g} m")
        raw.setdefault(ball, []).append((t, x, y))
    if not raw:
        raise BilliardError(f"{where}: the CSV recording has no samples")
    if len(raw) > MAX_BALLS:
        raise BilliardError(f"{where}: {len(raw)} balls, at most {MAX_BALLS} are allowed")
    return Recording(Path(where).name, None, _tracks(raw, where))


def load(path: str | os.PathLike) -> Recording:
    """Read a JSON or CSV (by its ``.csv`` name) recording; one BilliardError line on any problem."""
    raw = jsonfile.read_bytes(path)
    if str(path).lower().endswith(".csv"):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BilliardError(f"{path}: a CSV recording must be UTF-8 text") from None
        return from_csv_text(text, str(path))
    return from_json_bytes(raw, str(path))
