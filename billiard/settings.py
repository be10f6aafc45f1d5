"""The user's settings file: a small JSON object in the user's config folder.

One typed definition (:class:`billiard.formats.settings.Settings`) holds every setting with
its default and its rule; the file keeps only what the user chose. A missing, broken or
partly wrong file never stops the game: unknown keys and wrong values are ignored (each
with one log line, worded as for every file) and defaults stand in.
Saving goes through the atomic writer, so a crash never leaves half a file.

Where: ``--config-dir`` if given, else ``$BILLIARD_CONFIG_DIR``, else the platform's
config folder (``platformdirs.user_config_dir("billiard")``: ``$XDG_CONFIG_HOME/billiard``
or ``~/.config/billiard`` on Linux).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import msgspec
import platformdirs

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.settings import Settings
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write

__all__ = ["FILE_NAME", "Settings", "config_dir", "load", "problems", "save"]

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024
log = logging.getLogger(__name__)
_problems: dict[tuple[str, str], str] = {}  # (file, problem) -> its line: each said once per run


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """The billiard config folder (not created here)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("BILLIARD_CONFIG_DIR", "")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir("billiard", appauthor=False))


def load(folder: str | os.PathLike | None = None) -> Settings:
    """The saved settings, defaults for anything missing or unreadable: each setting is
    read on its own, so one bad value never costs the others."""
    path = config_dir(folder) / FILE_NAME
    if not path.exists():
        return Settings()
    try:
        raw = convert(jsonfile.read(path, MAX_BYTES), dict[str, Any], "the settings")
    except BilliardError as exc:
        _problem(path, f"settings file unusable ({exc}): the defaults are used")
        return Settings()
    chosen: dict[str, Any] = {}
    for name, value in raw.items():
        try:
            convert({name: value}, Settings, "settings")
            chosen[name] = value
        except BilliardError as exc:  # one bad value never costs the others
            _problem(path, f"ignoring {exc}")
    return convert(chosen, Settings)


def _problem(path: Path, text: str) -> None:
    """Log a problem of the settings file once per run (the file is read by several parts)."""
    if (str(path), text) not in _problems:
        _problems[str(path), text] = text
        log.warning("%s", text)


def problems(folder: str | os.PathLike | None = None) -> tuple[str, ...]:
    """The problems found so far in this run in the settings file in use (the window shows
    them)."""
    path = str(config_dir(folder) / FILE_NAME)
    return tuple(text for (where, _), text in _problems.items() if where == path)


def save(settings: Settings, folder: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` atomically; returns the file's path."""
    target = config_dir(folder)
    target.mkdir(parents=True, exist_ok=True)
    path = target / FILE_NAME
    text = json.dumps(msgspec.structs.asdict(settings), indent=2, sort_keys=True) + "\n"
    atomic_write(path, text.encode("utf-8"))
    return path
