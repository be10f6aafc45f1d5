"""A soundtrack as a WAV file (standard library ``wave``: 16-bit PCM, stereo, 44.1 kHz),
written atomically."""

from __future__ import annotations

import io
import wave
from pathlib import Path

import numpy as np

from billiard.audio.synth import RATE
from billiard.shot.atomic import atomic_write


def wav_bytes(stereo: np.ndarray, rate: int = RATE) -> bytes:
    """``stereo`` ((n, 2) floats in [-1, 1]) as the bytes of a WAV file."""
    pcm = np.round(np.clip(stereo, -1.0, 1.0) * 32767.0).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def write_wav(stereo: np.ndarray, path: str | Path, rate: int = RATE) -> None:
    atomic_write(path, wav_bytes(stereo, rate))


def read_wav(path: str | Path) -> tuple[np.ndarray, int]:
    """(samples (n, channels) floats in [-1, 1], rate) of a 16-bit PCM WAV file."""
    with wave.open(str(path), "rb") as w:
        rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        if width != 2:
            raise ValueError(f"{path}: {8 * width}-bit samples, expected 16-bit")
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2")
    return data.reshape(-1, channels).astype(np.float64) / 32767.0, rate
