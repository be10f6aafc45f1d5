"""A choice the rules leave to the player on turn, shown as one generic prompt.

The rules describe the choice as data; the front end shows ``prompt`` with each choice's key
and sends the chosen :class:`Choice`'s ``name`` back. A rule set that has choices defines
``decision() -> Decision | None`` and ``decide(name)`` (issue 32: 8 on the break, snooker's
play again / replace, free ball); no front-end code per decision. 9-ball's push-out and
pass-back, which predate that method, are read from the rules' state here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    key: str        # the key that chooses it (a pyglet key name: "X", "R", "_1"...)
    text: str       # what it does, for the prompt ("push out")
    name: str       # what ``Rules.decide`` (or the command table) is given


@dataclass(frozen=True)
class Decision:
    prompt: str
    choices: tuple[Choice, ...]

    def line(self) -> str:
        """The HUD line: the prompt, then each key and what it does."""
        return f"{self.prompt}: " + ",  ".join(f"{c.key.lstrip('_')} {c.text}" for c in self.choices)

    def choice_for(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)


def pending(rules: Any) -> Decision | None:
    """The decision open to the player on turn now, if any."""
    own = getattr(rules, "decision", None)
    if callable(own):
        found = own()
        if found is not None:
            return found
    if rules.game_over:
        return None
    name = rules.players[rules.turn]
    if getattr(rules, "may_pass", False):
        return Decision(f"{name} may shoot (the stroke as usual) or pass the shot back",
                        (Choice("R", "passes it back", "pass"),))
    if getattr(rules, "push_available", False) and not getattr(rules, "push_declared", False):
        return Decision(f"{name} may push out (the shot after the break)",
                        (Choice("X", "declares a push-out, then strike", "push-out"),))
    return None
