"""The user's settings file (``settings.json`` in the config folder, docs/formats.md): every
setting with its default and its rule. The file keeps only what the user chose; a key it
lacks takes the default here."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from billiard.formats.limits import Quality


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every user setting and its default."""

    volume: Annotated[float, Meta(ge=0.0, le=1.0)] = 0.8  # master gain, 0..1
    mute: bool = False  # no sound at all
    quality: Quality = "auto"  # "auto": chosen from the GL renderer
    alternate_breaks: bool = False  # 8-ball / 9-ball: players alternate the break instead of winner breaks
    allow_undo_in_match: bool = False  # practice always allows undo; a match only when chosen
    called_shots: bool = False  # 8-ball: call the pocket before each shot (WPA 1.6; obvious shots need not be)
    equal_innings: bool = False  # three-cushion: the second player has a last inning to equal (docs/rules.md)
    coach_noise: Annotated[float, Meta(ge=0.0, le=10.0)] = 1.0  # the coach's chance is given at this noise
    keep_cue: bool = False  # the cue's tip and elevation carry into the next player's turn
    start_mode: str = "9-ball"  # the start screen's last game against the computer
    start_level: Annotated[int, Meta(ge=1, le=5)] = 3  # and the computer's level
    params_file: Annotated[str, Meta(max_length=4096)] = ""  # play --params FILE (billiard-params/1); "" for none

    def rule_options(self) -> dict[str, object]:
        """The rule options a new game takes (``new_session``'s ``rule_options``)."""
        return {"called_shots": self.called_shots, "equal_innings": self.equal_innings}

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied, each checked like a value read from the file
        (one BilliardError line naming the setting otherwise)."""
        from billiard.formats.decode import convert

        return convert({**msgspec.structs.asdict(self), **changes}, Settings, "settings")
