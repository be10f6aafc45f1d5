"""Choices the rules hand to a player, as data: a pending :class:`Decision` lists its
:class:`Choice` options (name, label, key), and the rules take the answer by name
(:meth:`billiard.game.base.Rules.answer`). The window shows any decision with one prompt,
a script answers it with one event, and the computer player picks an option by name, so a
new rule choice needs no new code in any of them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    """One option: ``name`` answers it (scripts, the computer), ``label`` is what the HUD
    shows, ``key`` the key that picks it in the window (a ``shell.keymap`` key name)."""

    name: str
    label: str
    key: str


@dataclass(frozen=True)
class Decision:
    """A choice the rules wait for (or offer) before the next stroke.

    ``kind`` names the situation ("push-out", "after-push-out", "eight-on-break",
    "after-foul", "free-ball"...); ``player`` is who decides; ``prompt`` the HUD line.
    ``default`` is the option a stroke played without answering means (None: the stroke is
    refused until the player answers). ``clause`` cites the rule that gives the choice.
    """

    kind: str
    player: int
    prompt: str
    options: tuple[Choice, ...]
    default: str | None = None
    clause: str = ""

    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.options)

    def choice(self, name: str) -> Choice | None:
        return next((c for c in self.options if c.name == name), None)

    def by_key(self, key: str) -> Choice | None:
        """The option the key ``key`` picks, if any."""
        return next((c for c in self.options if c.key == key), None)

    def to_dict(self) -> dict:
        """The decision as plain JSON (the headless summary's ``decision``)."""
        return {
            "kind": self.kind,
            "player": self.player,
            "prompt": self.prompt,
            "options": [{"name": c.name, "label": c.label, "key": c.key} for c in self.options],
            "default": self.default,
            "clause": self.clause,
        }
