"""Where recordings live: the user's data directory, session folders, safe names.

Layout (issue 7)::

    <data>/sessions/<YYYY-mm-ddTHH-MM-SS>/shot-001.json          shot file
                                          shot-001.replay.json   its replay
                                          match.json             the game so far
    <data>/saved/<name>.json, <name>.replay.json                 named saves

``<data>`` is ``--data-dir`` if given, else the platform's user data folder from
platformdirs (``$XDG_DATA_HOME/billiard`` or ``~/.local/share/billiard`` on Linux,
``~/Library/Application Support/billiard`` on macOS, ``%LOCALAPPDATA%\\billiard`` on Windows).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import platformdirs

from billiard.errors import BilliardError

SESSIONS = "sessions"
SAVED = "saved"
MAX_NAME = 64
_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def data_dir(override: str | os.PathLike | None = None) -> Path:
    """The billiard data directory (not created here)."""
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and not Path(xdg).is_absolute():
        # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored;
        # platformdirs would take it as it is.
        return Path.home() / ".local" / "share" / "billiard"
    return Path(platformdirs.user_data_dir("billiard", appauthor=False))


def ensure_dir(path: Path) -> Path:
    """Create ``path`` (and parents) or raise one clear BilliardError."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BilliardError(f"cannot create folder {path}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise BilliardError(f"{path} exists and is not a folder")
    return path


def new_session_dir(root: Path, now: float | None = None) -> Path:
    """Create a fresh timestamped session folder under ``root/sessions``.

    Two sessions started in the same second get ``-2``, ``-3``... suffixes.
    """
    stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.localtime(time.time() if now is None else now))
    parent = ensure_dir(root / SESSIONS)
    for n in range(1, 1000):
        candidate = parent / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            candidate.mkdir()
            return candidate
        except FileExistsError:
            continue
        except OSError as exc:
            raise BilliardError(f"cannot create folder {candidate}: {exc.strerror or exc}") from None
    raise BilliardError(f"too many sessions started at {stamp} in {parent}")


def sanitize_name(name: str) -> str:
    """A typed save name made safe as a file name, or BilliardError if nothing is left.

    Keeps letters, digits, ``. _ -`` and spaces; other runs become ``_``; no leading
    dots (hidden files, ``..``), no path separators, at most 64 characters.
    """
    if not isinstance(name, str):
        raise BilliardError("a save name must be text")
    cleaned = _UNSAFE.sub("_", name.strip())
    cleaned = re.sub(r"\s+", " ", cleaned).strip(" ._")[:MAX_NAME].strip(" ._")
    if not cleaned or cleaned.lower() in _RESERVED:
        raise BilliardError(f"{name!r} is not a usable save name (use letters and digits)")
    return cleaned


def shot_file_names(number: int) -> tuple[str, str]:
    """File names of the shot and replay for shot ``number`` (1-based) of a session."""
    return f"shot-{number:03d}.json", f"shot-{number:03d}.replay.json"
