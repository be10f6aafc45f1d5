"""The user's settings file: a small JSON object in the user's config folder.

One frozen dataclass holds every setting with its default; the file keeps only what the
user chose. A missing, broken or partly wrong file never stops the game: unknown keys
and wrong values are ignored (each with one log line, worded by :mod:`billiard.values` as
for every JSON input) and defaults stand in.
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

from billiard import values
from billiard.errors import BilliardError
from billiard.formats.limits import QUALITY_CHOICES
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write

FILE_NAME = "settings.json"
RANGES = {"volume": (0.0, 1.0), "coach_noise": (0.0, 10.0)}
CHOICES = {"quality": QUALITY_CHOICES}
MAX_BYTES = 64 * 1024
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Settings:
    """Every user setting and its default."""

    volume: float = 0.8            # master gain, 0..1 (issue 16: sound)
    mute: bool = False             # no sound at all
    quality: str = "auto"          # "auto" (chosen from the GL renderer) or one of formats.limits.QUALITIES
    alternate_breaks: bool = False  # 8-ball / 9-ball: players alternate the break instead of winner breaks
    allow_undo_in_match: bool = False  # practice always allows undo; a match only when chosen
    called_shots: bool = False     # 8-ball: call the pocket before each shot (WPA 1.6; obvious shots need not be)
    equal_innings: bool = False    # three-cushion: the second player has a last inning to equal (docs/rules.md)
    coach_noise: float = 1.0       # the coach gives its shot's chance at this strike-noise magnitude (issue 27)
    params_file: str = ""          # the table's parameter file (billiard-params/1) from play --params; "" for none

    def rule_options(self) -> dict[str, object]:
        """The rule options a new game takes (``new_session``'s ``rule_options``)."""
        return {"called_shots": self.called_shots, "equal_innings": self.equal_innings}

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
    if not path.exists():
        return Settings()
    try:
        raw = values.mapping(jsonfile.read(path, MAX_BYTES), "the settings")
    except BilliardError as exc:
        log.warning("settings file unusable (%s); using defaults", exc)
        return Settings()
    chosen: dict[str, object] = {}
    for name, value in raw.items():
        try:
            chosen[name] = _check(name, value)
        except BilliardError as exc:          # one bad value never costs the others
            log.warning("settings: ignoring %s", exc)
    return Settings(**chosen)  # type: ignore[arg-type]


def save(settings: Settings, folder: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` atomically; returns the file's path."""
    target = config_dir(folder)
    target.mkdir(parents=True, exist_ok=True)
    path = target / FILE_NAME
    text = json.dumps(dataclasses.asdict(settings), indent=2, sort_keys=True) + "\n"
    atomic_write(path, text.encode("utf-8"))
    return path


def _check(name: str, value: object) -> object:
    """One setting read through :mod:`billiard.values` (the checker of every JSON input):
    the ranges and choices below, else the kind of its default."""
    what = f"setting '{name}'"
    defaults = {f.name: f.default for f in fields(Settings)}
    if name not in defaults:
        raise BilliardError(f"unknown {what} (known: {', '.join(defaults)})")
    if name in RANGES:
        return values.number(value, what, *RANGES[name])
    if name in CHOICES:
        return values.choice(value, what, CHOICES[name])
    default = defaults[name]
    if isinstance(default, bool):
        return values.boolean(value, what)
    if isinstance(default, float):
        return values.number(value, what)
    if isinstance(default, int):
        return values.integer(value, what, -2 ** 31, 2 ** 31 - 1)
    if default == "" and value == "":
        return value                      # an optional path left empty
    return values.string(value, what, 4096)


def _checked(s: Settings) -> Settings:
    for f in fields(Settings):
        _check(f.name, getattr(s, f.name))
    return s
