"""Playing mixed buffers through pyglet.media, or nothing when there is no audio device.

pyglet picks its driver from ``pyglet.options['audio']`` (OpenAL, PulseAudio, XAudio2,
DirectSound, then 'silent'). When it ends on the silent driver, or opening a driver fails
in any way, :func:`open_output` says so once in the log and returns None: the game then
runs silently and never touches pyglet.media again.
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import numpy as np

from billiard.audio.synth import RATE
from billiard.audio.wav import wav_bytes

log = logging.getLogger(__name__)
_told = False


def _tell_once(message: str) -> None:
    global _told
    if not _told:
        _told = True
        log.warning("%s", message)


class PygletOutput:
    """Each buffer becomes a static source (an in-memory 16-bit stereo WAV, loaded through
    pyglet's own decoder) on its own pyglet Player; players are deleted once their sound
    has ended."""

    def __init__(self, media) -> None:
        self._media = media
        # What a driver raises while playing: its own MediaException kinds (OpenAL, PulseAudio,
        # XAudio2, DirectSound) and OS errors from the device.
        self._failures: tuple[type[Exception], ...] = (media.exceptions.MediaException, OSError)
        self._playing: list[tuple[Any, float]] = []

    def play(self, stereo: np.ndarray) -> None:
        """Start ``stereo`` ((n, 2) floats in [-1, 1]) now; a failure is logged once, never raised."""
        self._prune()
        try:
            source = self._media.load("sound.wav", file=io.BytesIO(wav_bytes(stereo)), streaming=False)
            player = self._media.Player()
            player.queue(source)
            player.play()
            self._playing.append((player, time.monotonic() + len(stereo) / RATE + 0.5))
        except self._failures as exc:  # a driver failing mid-game must not stop it
            _tell_once(f"sound: playback failed ({type(exc).__name__}: {exc}); the game goes on silently")

    def _prune(self) -> None:
        now = time.monotonic()
        keep = []
        for player, end in self._playing:
            if now < end:
                keep.append((player, end))
            else:
                try:
                    player.delete()
                except self._failures:
                    pass
        self._playing = keep

    def close(self) -> None:
        for player, _ in self._playing:
            try:
                player.delete()
            except self._failures:
                pass
        self._playing = []


def open_output() -> PygletOutput | None:
    """The pyglet output, or None (logged once) when there is no usable audio device."""
    try:
        import pyglet.media as media
        from pyglet.media.drivers.silent.adaptation import SilentDriver

        driver = media.get_audio_driver()
        if driver is None or isinstance(driver, SilentDriver):
            _tell_once("sound: no audio device found; the game runs silently")
            return None
        return PygletOutput(media)
    # Any kind: importing pyglet.media opens the display and the driver's native library, and
    # each platform raises its own plain Exception subclasses (xlib's NoSuchDisplayException,
    # ctypes loader errors, driver exceptions); whatever it is, the game runs silently.
    except Exception as exc:  # noqa: BLE001
        _tell_once(f"sound: audio unavailable ({type(exc).__name__}: {exc}); the game runs silently")
        return None
