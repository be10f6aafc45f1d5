"""The rules word their verdicts in the third person ("Player 2 has ball in hand"); against
the computer the player is "You", so the verb agrees: "You have ball in hand", "You win"."""

from __future__ import annotations

import re

_VERBS = {
    "has": "have",
    "wins": "win",
    "takes": "take",
    "plays": "play",
    "breaks": "break",
    "passes": "pass",
    "declares": "declare",
    "is": "are",
    "does": "do",
}
_YOU = re.compile(r"\bYou (" + "|".join(_VERBS) + r")\b")


def second_person(text: str) -> str:
    """``text`` with every "You <verb>s" made "You <verb>"."""
    return _YOU.sub(lambda m: f"You {_VERBS[m.group(1)]}", text)
