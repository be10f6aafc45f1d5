"""How the scoreboard and the messages name each side of a game, and the user's settings
file as the window reads it at start."""

from __future__ import annotations

from billiard.ai.players import PlayerSpec


def saved_settings():
    """The user's settings file (defaults when it is missing or unreadable)."""
    from billiard import settings

    return settings.load()


def side_names(
    players: tuple[PlayerSpec, PlayerSpec] | None, typed: tuple[str, str] = ("", "")
) -> tuple[str, str] | None:
    """How the scoreboard and the messages name each side: "You" against the computer,
    "Computer (level 3)"; two people go by the names they typed, else "Player 1" and
    "Player 2" (None: the rules' own)."""
    if players is None or not any(p.computer for p in players):
        if not any(typed):
            return None
        return typed[0] or "Player 1", typed[1] or "Player 2"
    both = all(p.computer for p in players)
    names = []
    for i, p in enumerate(players):
        if p.computer:
            names.append(f"Computer{f' {i + 1}' if both else ''} (level {p.level})")
        else:
            names.append("You")
    return names[0], names[1]
