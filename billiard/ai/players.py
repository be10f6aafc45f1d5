"""Who plays each side: ``human`` or ``computer:N`` (level 1-5), as the CLI and the menu say it."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.errors import BilliardError

DEFAULT_LEVEL = 3


@dataclass(frozen=True)
class PlayerSpec:
    kind: str  # "human" or "computer"
    level: int = 0

    @property
    def computer(self) -> bool:
        return self.kind == "computer"

    def __str__(self) -> str:
        return f"computer:{self.level}" if self.computer else "human"


def parse_player(text: str) -> PlayerSpec:
    t = text.strip().lower()
    if t == "human":
        return PlayerSpec("human")
    if t == "computer":
        return PlayerSpec("computer", DEFAULT_LEVEL)
    if t.startswith("computer:"):
        n = t.split(":", 1)[1]
        if n.isdigit() and 1 <= int(n) <= 5:
            return PlayerSpec("computer", int(n))
    raise BilliardError(f"a player is 'human' or 'computer:N' with N from 1 to 5, got {text!r}")


def parse_players(text: str) -> tuple[PlayerSpec, PlayerSpec]:
    """``"human,computer:3"`` -> two specs (exactly two players)."""
    parts = [p for p in str(text).split(",")]
    if len(parts) != 2:
        raise BilliardError(f"--players needs two players separated by a comma, got {text!r}")
    return parse_player(parts[0]), parse_player(parts[1])
