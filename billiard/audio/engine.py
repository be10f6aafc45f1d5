"""The game's one audio object: master volume and mute, the bank, the live mixer, the
output (pyglet or none) and the optional audio log. Screens hand it each frame's voices."""

from __future__ import annotations

from billiard.audio.audio_log import AudioLog
from billiard.audio.mixer import LiveMixer, Voice
from billiard.audio.output import PygletOutput, open_output
from billiard.audio.sounds import SoundBank

_BANK: SoundBank | None = None


def shared_bank() -> SoundBank:
    """The clips, synthesised once per process (~0.1 s)."""
    global _BANK
    if _BANK is None:
        _BANK = SoundBank.synthesise()
    return _BANK


class AudioEngine:
    """``play(voices, frame_seconds)`` once a frame: the voices start within the frame
    beginning at ``clock``; then the clock moves on by ``frame_seconds``."""

    def __init__(
        self,
        volume: float = 0.8,
        mute: bool = False,
        output: PygletOutput | None = None,
        log: AudioLog | None = None,
        bank: SoundBank | None = None,
    ) -> None:
        self.volume = float(volume)
        self.mute = bool(mute)
        self.output = output
        self.log = log
        self.bank = bank or shared_bank()
        self.mixer = LiveMixer(self.bank)
        self.clock = 0.0
        self.played = 0  # sounds played so far (for summaries and tests)

    @classmethod
    def for_window(cls, volume: float, mute: bool, log: AudioLog | None = None) -> "AudioEngine":
        """The desktop game's engine: pyglet output when there is a device (else silent)."""
        return cls(volume, mute, open_output(), log)

    @property
    def audible(self) -> bool:
        return not self.mute and self.volume > 0.0

    def play(self, voices: list[tuple[Voice, dict]], frame_seconds: float) -> None:
        """``voices``: (voice at full volume, extra log fields) pairs, ``voice.at`` seconds
        from now. Muted: nothing is mixed, played or logged."""
        if voices and self.audible:
            scaled = [Voice(v.at, v.sound, v.level, v.gain * self.volume, v.pan) for v, _ in voices]
            if self.log is not None:
                for v, (_, extra) in sorted(zip(scaled, voices), key=lambda p: p[0].at):
                    self.log.write(self.clock + v.at, v.sound, v.gain, v.pan, **extra)
            self.played += len(scaled)
            block = self.mixer.block(scaled)
            if self.output is not None and block is not None:
                self.output.play(block)
        self.mixer.advance(frame_seconds)
        self.clock += frame_seconds

    def close(self) -> None:
        if self.output is not None:
            self.output.close()
        if self.log is not None:
            self.log.close()
