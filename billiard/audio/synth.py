"""Modal synthesis of an impact sound (numpy only, no recordings).

A struck body rings in a few modes: each is a sine at its frequency whose amplitude decays
exponentially, ``a_k exp(-t / d_k) sin(2 pi f_k t)``. How strongly the impact excites a mode
depends on how long the contact lasts: the force is close to a half-sine pulse of duration
``tau``, whose spectrum is flat below ``f ~ 1 / (2 tau)`` and falls as ``1 / f^2`` above it.
A Hertzian contact (two elastic spheres, or a sphere on a block) lasts
``tau ~ v^(-1/5)``: a harder hit is a shorter pulse and so a brighter sound. A short noise
burst shaped by the same pulse spectrum gives the broadband "tick" of the contact itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

RATE = 44100  # samples per second of every clip and of the mix


@dataclass(frozen=True)
class Mode:
    """One resonance: frequency (Hz), amplitude e-folding time (s), relative amplitude."""

    freq: float
    decay: float
    amp: float


@dataclass(frozen=True)
class ModalModel:
    """A struck body and how it is struck.

    ``contact_s``: contact duration at 1 m/s (scaled by ``v^(-1/5)``, Hertz);
    ``noise``/``noise_decay``: level and decay of the contact's broadband burst;
    ``hits``: ``(delay s, relative level)`` of each strike making up the sound (a rattle or a
    ball falling and bouncing in the pocket is several hits); ``length_s``: clip length;
    ``pitch_rise``: relative rise of every mode frequency from the softest to the hardest level.
    """

    modes: tuple[Mode, ...]
    contact_s: float
    noise: float = 0.3
    noise_decay: float = 0.003
    hits: tuple[tuple[float, float], ...] = ((0.0, 1.0),)
    length_s: float = 0.1
    pitch_rise: float = 0.04


def contact_time(model: ModalModel, speed: float) -> float:
    """Hertzian contact duration (s) at impact ``speed`` (m/s): ``tau(1 m/s) * v^(-1/5)``."""
    return model.contact_s * max(speed, 1e-3) ** -0.2


def pulse_weight(freq: np.ndarray | float, tau: float) -> np.ndarray:
    """Envelope of a half-sine force pulse's spectrum, 1 at low frequency.

    The exact magnitude ``|cos(pi f tau)| / |1 - (2 f tau)^2|`` has zeros that would switch
    modes off at random speeds; its lobe envelope ``1 / (1 + (2 f tau)^2)`` keeps the trend
    (flat, then ``1/f^2``) without the zeros."""
    x = 2.0 * np.asarray(freq, dtype=np.float64) * tau
    return 1.0 / (1.0 + x * x)


def strike(model: ModalModel, speed: float, pitch: float = 1.0, seed: int = 0) -> np.ndarray:
    """One clip (float32, mono, peak 1) of ``model`` struck at ``speed`` m/s, every mode
    frequency scaled by ``pitch``. ``seed`` fixes the noise, so a clip is reproducible."""
    n = max(1, int(round(model.length_s * RATE)))
    t = np.arange(n) / RATE
    tau = contact_time(model, speed)
    one = np.zeros(n)
    for m in model.modes:
        f = m.freq * pitch
        if f >= RATE / 2:
            continue
        one += m.amp * pulse_weight(f, tau) * np.exp(-t / m.decay) * np.sin(2.0 * math.pi * f * t)
    if model.noise > 0:
        # the contact's own burst: decaying white noise, then shaped by the same pulse
        # spectrum as the modes (a longer contact passes less of it, and darker)
        rng = np.random.default_rng(seed)
        burst = rng.standard_normal(n) * np.exp(-t / model.noise_decay)
        burst /= float(np.max(np.abs(burst))) or 1.0
        spectrum = np.fft.rfft(burst) * pulse_weight(np.fft.rfftfreq(n, 1.0 / RATE), tau)
        one += model.noise * np.fft.irfft(spectrum, n)
    out = np.zeros(n)
    for delay, level in model.hits:
        k = int(round(delay * RATE))
        if k < n:
            out[k:] += level * one[: n - k]
    fade = min(n, int(0.004 * RATE))  # no step at the clip's end
    out[n - fade :] *= np.linspace(1.0, 0.0, fade)
    peak = float(np.max(np.abs(out)))
    return (out / peak if peak > 0 else out).astype(np.float32)
