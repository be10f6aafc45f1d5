"""Mixing voices into a stereo buffer under a clipping limit.

A break makes dozens of clicks within 50 ms: all are summed (none dropped), then a
look-ahead limiter brings the sum under ``CEILING``. The limiter works on blocks: each
block's gain is ``min(1, ceiling / peak)``, held over its neighbours (look-ahead and hold
of one block) and interpolated linearly between block centres, so the gain never jumps
(no clicks) and ``|out| <= ceiling`` holds for every sample.

Live play cannot change what was already sent to the speakers: :class:`LiveMixer` keeps
the still-sounding tail of what it played and limits each new block so that tail + block
stays under the ceiling too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.audio.pan import pan_gains
from billiard.audio.sounds import SoundBank
from billiard.audio.synth import RATE

CEILING = 0.89  # -1 dBFS: the loudest sample the mix may reach
BLOCK = 64  # samples per limiter block (1.5 ms)


@dataclass(frozen=True)
class Voice:
    """One sound placed in a mix: ``at`` seconds from the mix's start."""

    at: float
    sound: str
    level: int
    gain: float
    pan: float


def mix(voices: list[Voice], bank: SoundBank, length: int | None = None) -> np.ndarray:
    """The voices summed into a (n, 2) float64 buffer (not limited). ``length``: at least
    that many samples; the buffer always holds every voice to its end."""
    ends = [int(round(max(v.at, 0.0) * RATE)) + len(bank.clip(v.sound, v.level)) for v in voices]
    n = max([length or 0, *ends]) if voices else (length or 0)
    out = np.zeros((n, 2))
    for v in voices:
        clip = bank.clip(v.sound, v.level)
        k = int(round(max(v.at, 0.0) * RATE))
        left, right = pan_gains(v.pan)
        out[k : k + len(clip), 0] += v.gain * left * clip
        out[k : k + len(clip), 1] += v.gain * right * clip
    return out


def _smooth(gain: np.ndarray, n: int) -> np.ndarray:
    """Block gains -> per-sample gains: held over neighbours, linear between block centres."""
    held = gain.copy()
    held[1:] = np.minimum(held[1:], gain[:-1])
    held[:-1] = np.minimum(held[:-1], gain[1:])
    centres = (np.arange(len(held)) + 0.5) * BLOCK
    return np.interp(np.arange(n), centres, held)


def _block_peak(x: np.ndarray) -> np.ndarray:
    n = len(x)
    blocks = -(-n // BLOCK)
    padded = np.zeros((blocks * BLOCK,) + x.shape[1:])
    padded[:n] = np.abs(x)
    return padded.reshape(blocks, -1).max(axis=1)


def limit(x: np.ndarray, ceiling: float = CEILING) -> np.ndarray:
    """``x`` (n, 2) with every sample brought under ``ceiling`` smoothly (a copy)."""
    if len(x) == 0:
        return x.copy()
    peak = _block_peak(x)
    gain = np.minimum(1.0, ceiling / np.maximum(peak, 1e-12))
    return x * _smooth(gain, len(x))[:, None]


class LiveMixer:
    """Mixes each frame's voices for live play, keeping the sum of everything still
    sounding under the ceiling."""

    def __init__(self, bank: SoundBank, ceiling: float = CEILING) -> None:
        self.bank, self.ceiling = bank, ceiling
        self.tail = np.zeros((0, 2))  # what was played and still sounds, from now on

    def block(self, voices: list[Voice]) -> np.ndarray | None:
        """The buffer to start playing now (None when there is nothing to play)."""
        if not voices:
            return None
        new = limit(mix(voices, self.bank), self.ceiling)
        n = len(new)
        tail = np.zeros((n, 2))
        k = min(n, len(self.tail))
        tail[:k] = self.tail[:k]
        room = np.maximum(self.ceiling - _block_peak(tail), 0.0)
        gain = np.minimum(1.0, room / np.maximum(_block_peak(new), 1e-12))
        new = new * _smooth(gain, n)[:, None]
        if len(self.tail) > n:
            self.tail[:n] += new
        else:
            grown = np.zeros((n, 2))
            grown[: len(self.tail)] = self.tail
            self.tail = grown + new
        return new

    def advance(self, seconds: float) -> None:
        """The clock moved on: drop the part of the tail that has been played."""
        k = int(round(seconds * RATE))
        self.tail = self.tail[k:]
