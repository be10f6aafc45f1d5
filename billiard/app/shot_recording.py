"""The game's recording job: each shot played goes to the game's :class:`Recorder` once its
balls stop (issue 7), a name typed with K saves the last shot, and a write that failed on the
recorder's thread becomes one HUD line. Split out of the game window (issue 13)."""

from __future__ import annotations

from typing import Callable

from billiard.errors import BilliardError
from billiard.replay.recorder import Recorder

RecorderFactory = Callable[[str, str, tuple], Recorder]


class ShotRecording:
    """``say(text)`` shows a line on the HUD (the rules' message)."""

    def __init__(self, factory: RecorderFactory | None, say: Callable[[str], None]) -> None:
        self.factory = factory
        self.say = say
        self.recorder: Recorder | None = None
        self.pending: tuple[dict, int, int | None] | None = None  # shot, player, rack
        self._save_after: str | None = None  # a name typed while the shot still rolled
        self._errors_seen = 0

    def new_game(self, mode: str, table: str, players: tuple) -> None:
        self.close()
        if self.factory is not None:
            self.recorder = self.factory(mode, table, tuple(players))

    def shot_played(self, shot: dict, player: int, rack: int | None = None) -> None:
        """A stroke was played by ``player`` in rack ``rack`` (1 = the first)."""
        self.pending = (shot, player, rack)

    def shot_finished(self, scores: list[int], note: str | None = None) -> None:
        """Hand the finished shot to the recorder (its writer thread simulates and saves);
        ``note`` says what happened ("pots the 6"), for the replay list."""
        if self.pending is None:
            return
        shot, player, rack = self.pending
        self.pending = None
        if self.recorder is not None:
            try:
                self.recorder.record(shot, scores=list(scores), player=player, rack=rack, note=note or None)
            except BilliardError as exc:  # never into the frame loop
                self.say(f"recording: {exc}")
            if self._save_after is not None:
                self.save_last(self._save_after)

    def save_last(self, name: str) -> None:
        """Save the last shot as ``name`` (the K box); a shot still rolling is saved when it
        stops. The HUD message says what happened, in one line."""
        self._save_after = None
        if self.recorder is None:
            self.say("recording is off (--no-record): nothing to save")
        elif not name.strip():
            self.say("no name typed: nothing saved")
        elif self.pending is not None:
            self._save_after = name
            self.say(f"will save as {name.strip()} when the balls stop")
        else:
            try:
                self.say(f"saved as {self.recorder.save_named(name).stem}")
            except BilliardError as exc:
                self.say(str(exc))

    def show_errors(self) -> bool:
        """A write that failed on the recorder's thread shows as the HUD message (True when
        one is shown now)."""
        errors = self.recorder.errors if self.recorder is not None else []
        if len(errors) > self._errors_seen:
            self._errors_seen = len(errors)
            self.say(f"recording: {errors[-1]}")
            return True
        return False

    def settle(self) -> bool:
        """Wait for the queued writes, then show any that failed (the end of a scripted play:
        its summary says what the player would read a moment later, however busy the machine)."""
        self.flush()
        return self.show_errors()

    def flush(self) -> None:
        if self.recorder is not None:
            self.recorder.flush()

    def close(self) -> None:
        """Flush and stop the current game's recorder (at a new game and at exit). A shot still
        rolling is recorded too (its replay is simulated to the end; the scores stay those
        before it)."""
        if self.pending is not None and self.recorder is not None:
            shot, player, rack = self.pending
            try:
                self.recorder.record(shot, player=player, rack=rack)
            except BilliardError as exc:
                self.say(f"recording: {exc}")
            self.pending = None
            if self._save_after is not None:
                self.save_last(self._save_after)
        self.pending = self._save_after = None
        self._errors_seen = 0
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None
