"""What the in-game replay browser lists: recent session shots and named saves.

``list_recordings(data_dir)`` never raises on a damaged folder: broken match or meta
files show their game as unknown, hidden temporary files are ignored.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from billiard.errors import BilliardError
from billiard.replay.datadir import SAVED, SESSIONS
from billiard.replay.datadir import data_dir as resolve_data_dir
from billiard.replay.recorder import MATCH_FILE
from billiard.shell.keymap import BROWSER_KEYS, command_for
from billiard.shot import jsonfile

_SHOT = re.compile(r"^shot-(\d{3,})\.json$")


@dataclass(frozen=True)
class Recording:
    """One entry of the browser: open ``replay_path`` (or ``path``) in the viewer."""

    path: Path  # the shot file
    replay_path: Path  # its replay (may be missing if the writer was killed)
    kind: str  # "recent" (a session shot) or "saved" (a named save)
    name: str  # save name, or "shot N"
    mode: str  # game mode, "?" when unknown
    date: str  # when the shot was played / saved, "YYYY-mm-dd HH:MM"
    number: int | None  # shot number in its session
    session: str | None  # session folder name
    players: str = ""  # "You vs Computer (level 3)", when the match file names them
    rack: int | None = None  # the rack the shot was played in, when recorded (newer files)
    note: str = ""  # what happened ("pots the 6"), when recorded (newer files)

    @property
    def label(self) -> str:
        """What a player reads in the list: when, the game, who played, which rack and shot,
        what happened ("9-ball, You vs Computer (level 3), rack 2, shot 14: pots the 6");
        older recordings show what they have."""
        who = f", {self.players}" if self.players else ""
        rack = f", rack {self.rack}" if self.rack is not None else ""
        shot = f", shot {self.number}" if self.number is not None else ""
        what = f": {self.note}" if self.note else ""
        if self.kind == "saved":
            return f"{self.date}  {self.name}  ({self.mode}{who}{rack}{shot}{what})"
        return f"{self.date}  {self.mode}{who}{rack}{shot}{what}"


def list_recordings(data_dir: str | os.PathLike | None = None, limit: int = 200) -> list[Recording]:
    """Saved shots first (newest first), then the newest ``limit`` session shots."""
    root = resolve_data_dir(data_dir)
    return _saved(root / SAVED) + _recent(root / SESSIONS)[:limit]


def _saved(folder: Path) -> list[Recording]:
    out = []
    for path in _listing(folder):
        name = path.name
        if name.startswith(".") or not name.endswith(".json") or name.endswith((".replay.json", ".meta.json")):
            continue
        stem = name[: -len(".json")]
        meta = _read(path.with_name(stem + ".meta.json"))
        out.append(
            Recording(
                path,
                path.with_name(stem + ".replay.json"),
                "saved",
                stem,
                _text(meta.get("mode")),
                _date(meta.get("date"), path),
                _count(meta.get("number")),
                _text_or_none(meta.get("session")),
                _players(meta.get("players")),
                _count(meta.get("rack")),
                _text_or_none(meta.get("note"), 80) or "",
            )
        )
    return sorted(out, key=lambda r: (r.date, r.name), reverse=True)


def _recent(folder: Path) -> list[Recording]:
    out = []
    for session in sorted(_listing(folder), reverse=True):
        if not session.is_dir() or session.name.startswith("."):
            continue
        match = _read(session / MATCH_FILE)
        mode = _text(match.get("mode"))
        players = _players(match.get("players"))
        entries = match.get("shots")
        entries = entries if isinstance(entries, list) else []
        day, _, clock = session.name.partition("T")
        started = f"{day} {clock[:5].replace('-', ':')}"
        shots = []
        for path in _listing(session):
            m = _SHOT.match(path.name)
            if m:
                shots.append((int(m.group(1)), path))
        for number, path in sorted(shots, reverse=True):
            date = _date(None, path) if path.exists() else started  # the shot's own time
            entry = entries[number - 1] if 0 < number <= len(entries) and isinstance(entries[number - 1], dict) else {}
            out.append(
                Recording(
                    path,
                    path.with_name(path.name[:-5] + ".replay.json"),
                    "recent",
                    f"shot {number}",
                    mode,
                    date,
                    number,
                    session.name,
                    players,
                    _count(entry.get("rack")),
                    _text_or_none(entry.get("note"), 80) or "",
                )
            )
    return out


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _read(path: Path) -> dict:
    try:
        return jsonfile.read(path)
    except BilliardError:
        return {}


def _text(value: object) -> str:
    """A short text read from a file, "?" when it is missing or not a text."""
    return _text_or_none(value) or "?"


def _text_or_none(value: object, limit: int = 40) -> str | None:
    return value[:limit] if isinstance(value, str) and value else None


def _count(value: object) -> int | None:
    """A shot or rack number read from a file; None when missing or not a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _players(names: object) -> str:
    """ "Ann vs Bob" from a file's player names; "" for one player or a damaged list."""
    if isinstance(names, list) and len(names) > 1 and all(isinstance(n, str) and n for n in names):
        return " vs ".join(n[:40] for n in names)
    return ""


def _date(value: object, path: Path) -> str:
    if isinstance(value, str) and len(value) >= 16:
        return value[:16].replace("T", " ")
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        return "?"


class BrowserList:
    """The browser's selection over ``entries`` (pure): UP/DOWN/PAGEUP/PAGEDOWN/HOME/END
    move it (:data:`billiard.shell.keymap.BROWSER_KEYS`), ``rows`` of them are visible at once
    and the view scrolls to keep it shown."""

    def __init__(self, entries: list[Recording], rows: int = 12) -> None:
        self.entries, self.rows = entries, max(1, rows)
        self.selected = 0
        self.top = 0

    def key(self, symbol: str, mods: frozenset[str] = frozenset()) -> bool:
        """Move the selection for a navigation key; True when it was one."""
        command = command_for(BROWSER_KEYS, symbol, mods)
        if command is None or not self.entries:
            return command is not None
        self.selected = min(len(self.entries) - 1, max(0, self.selected + command.value))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows:
            self.top = self.selected - self.rows + 1
        return True

    def click(self, index: int) -> bool:
        """A click on entry ``index``: selects it; True when it was already selected (open it)."""
        if not 0 <= index < len(self.entries):
            return False
        again = index == self.selected
        self.selected = index
        return again

    def visible(self) -> list[tuple[int, Recording]]:
        """(index, entry) of the rows on screen."""
        return list(enumerate(self.entries))[self.top : self.top + self.rows]

    def chosen(self) -> Path | None:
        """The file to open for the selected entry: its replay when whole, else its shot."""
        if not self.entries:
            return None
        entry = self.entries[self.selected]
        return entry.replay_path if entry.replay_path.is_file() else entry.path
