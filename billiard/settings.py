"""The user's settings file: a small JSON object in the user's config folder.

One frozen dataclass holds every setting with its default; the file keeps only what the
user chose. A missing, broken or partly wrong file never stops the game: unknown keys
and values of the wrong type are ignored (with one log line) and defaults stand in.
Saving goes through the atomic writer, so a crash never leaves half a file.

Where: ``--config-dir`` if given, else ``$BILLIARD_CONFIG_DIR``, else the platform's
config folder (``platformdirs.user_config_dir("billiard")``: ``$XDG_CONFIG_HOME/billiard``
or ``~/.config/billiard`` on Linux).
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
from dataclasses import dataclass, fields
from pathlib import Path

import platformdirs

from billiard.shot.atomic import atomic_write

FILE_NAME = "settings.json"
QUALITIES = ("low", "medium", "high")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Settings:
    """Every user setting and its default."""

    volume: float = 0.8            # master gain, 0..1 (issue 16: sound)
    mute: bool = False             # no sound at all
    quality: str = "auto"          # "auto" (chosen from the GL renderer) or one of QUALITIES
    alternate_breaks: bool = False  # 8-ball / 9-ball: players alternate the break instead of winner breaks
    allow_undo_in_match: bool = False  # practice always allows undo; a match only when chosen

    def replace(self, **changes: object) -> "Settings":
        """A copy with ``changes`` applied, each checked like a value read from the file."""
        return _checked(dataclasses.replace(self, **changes))  # type: ignore[arg-type]


def config_dir(override: str | os.PathLike | None = None) -> Path:
    """The billiard config folder (not created here)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("BILLIARD_CONFIG_DIR", "")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir("billiard", appauthor=False))


def load(folder: str | os.PathLike | None = None) -> Settings:
    """The saved settings, defaults for anything missing or unreadable."""
    path = config_dir(folder) / FILE_NAME
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, ValueError) as exc:
        log.warning("settings file %s unreadable (%s); using defaults", path, exc)
        return Settings()
    if not isinstance(raw, dict):
        log.warning("settings file %s is not a JSON object; using defaults", path)
        return Settings()
    defaults = Settings()
    values: dict[str, object] = {}
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value, default = raw[f.name], getattr(defaults, f.name)
        if not _same_kind(value, default):
            log.warning("settings: ignoring %s=%r (expected %s)", f.name, value, type(default).__name__)
            continue
        values[f.name] = float(value) if isinstance(default, float) else value
    try:
        return _checked(Settings(**values))  # type: ignore[arg-type]
    except ValueError as exc:
        log.warning("settings: %s; using defaults", exc)
        return Settings()


def save(settings: Settings, folder: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` atomically; returns the file's path."""
    target = config_dir(folder)
    target.mkdir(parents=True, exist_ok=True)
    path = target / FILE_NAME
    text = json.dumps(dataclasses.asdict(settings), indent=2, sort_keys=True) + "\n"
    atomic_write(path, text.encode("utf-8"))
    return path


def _same_kind(value: object, default: object) -> bool:
    """JSON gives ints for whole floats; a bool is never a number here."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


def _checked(s: Settings) -> Settings:
    if not 0.0 <= s.volume <= 1.0:
        raise ValueError(f"volume {s.volume} is outside 0..1")
    if s.quality not in ("auto", *QUALITIES):
        raise ValueError(f"quality {s.quality!r} is not one of auto, {', '.join(QUALITIES)}")
    return s
