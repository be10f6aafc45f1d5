"""The HUD's messages as a queue with priorities, so nothing important is overwritten
before the player has seen it (issue 25, point 2).

Each message comes on a *channel* (``rules``: the referee's verdict; ``computer``: the
computer thinking or playing; ``game``: answers to commands; ``net``: the network's lines,
issue 26; ``hint``: tips). A new message replaces its channel's previous one, except one
posted ``until_act`` (a foul, a warning), which stays until the human player acts
(:meth:`MessageQueue.acted`): the computer saying it is thinking then shows *under* the foul,
never over it. The HUD shows the :meth:`lines` of highest priority first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Priority(IntEnum):
    """Higher shows first."""

    HINT = 0
    INFO = 1
    COMPUTER = 2
    RULES = 3
    COACH = 4  # asked for (Q) on the player's own turn: over the verdict on the shot before
    WARNING = 5
    FOUL = 6
    RESULT = 7


@dataclass(frozen=True)
class Message:
    text: str
    priority: Priority
    channel: str
    until_act: bool = False
    seq: int = 0  # the order it came in (newer first among equals)


@dataclass
class MessageQueue:
    messages: list[Message] = field(default_factory=list)
    _seq: int = 0

    def post(
        self, text: str, priority: Priority = Priority.INFO, channel: str = "game", until_act: bool = False
    ) -> None:
        """Show ``text``: it replaces the channel's last message unless that one waits for the
        player to act (then both show). An empty text just clears the channel."""
        self.messages = [m for m in self.messages if m.channel != channel or (m.until_act and m.text != text)]
        if text:
            self._seq += 1
            self.messages.append(Message(text, priority, channel, until_act, self._seq))
            held = [m for m in self.messages if m.channel == channel and m.until_act]
            for old in held[:-2]:  # a channel keeps at most its two newest held messages
                self.messages.remove(old)

    def age(self, channel: str, prefix: str, older: str = "") -> None:
        """Mark the channel's held messages as older: a new one of the channel is coming, the
        held one stays until the player acts. ``prefix`` marks a message one shot old; one
        already marked is two or more shots old and gets ``older`` instead (when given)."""

        def aged(text: str) -> str:
            if text.startswith(prefix):
                return older + text[len(prefix) :] if older else text
            return text if older and text.startswith(older) else prefix + text

        self.messages = [
            Message(aged(m.text), m.priority, m.channel, m.until_act, m.seq)
            if m.channel == channel and m.until_act
            else m
            for m in self.messages
        ]

    def hold(self, channel: str) -> None:
        """Keep the channel's newest message until the player acts, and drop the rest of it:
        when the computer's turn ends, what it said it played ("safety on the 1") stays beside
        a foul held from before, so a player who looked away reads what happened in order."""
        loose = [m for m in self.messages if m.channel == channel and not m.until_act]
        if not loose:
            return
        newest = max(loose, key=lambda m: m.seq)
        self.messages = [m for m in self.messages if m.channel != channel]
        self.messages.append(Message(newest.text, newest.priority, channel, True, newest.seq))

    def clear(self, channel: str | None = None) -> None:
        """Forget every message (a new game), or one channel's."""
        self.messages = [] if channel is None else [m for m in self.messages if m.channel != channel]

    def acted(self) -> None:
        """The player did something on their turn: held messages have been seen."""
        self.messages = [m for m in self.messages if not m.until_act]

    def lines(self, n: int = 2) -> tuple[str, ...]:
        """The ``n`` messages to show, most important (then newest) first."""
        ranked = sorted(self.messages, key=lambda m: (m.priority, m.seq), reverse=True)
        return tuple(m.text for m in ranked[:n])

    def top(self) -> str:
        shown = self.lines(1)
        return shown[0] if shown else ""

    def channel(self, name: str) -> str:
        """The newest message of one channel ("" when none)."""
        mine = [m for m in self.messages if m.channel == name]
        return max(mine, key=lambda m: m.seq).text if mine else ""
