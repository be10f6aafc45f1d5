"""The computer player (issue 15): shot search with the real engine, five levels of play.

Headless: nothing here imports pyglet or moderngl. ``ComputerPlayer(level, seed).decide(
Situation)`` gives a :class:`Decision`; ``billiard.app.autoplay`` plays whole games with it.
See docs/computer-player.md."""

from __future__ import annotations

from billiard.ai.levels import LEVELS, Level, level
from billiard.ai.noise import Noise
from billiard.ai.player import ComputerPlayer, Situation
from billiard.ai.players import PlayerSpec, parse_player, parse_players
from billiard.ai.strike import Decision, Strike

__all__ = [
    "LEVELS",
    "Level",
    "level",
    "Noise",
    "ComputerPlayer",
    "Situation",
    "PlayerSpec",
    "parse_player",
    "parse_players",
    "Decision",
    "Strike",
]
