"""Modal synthesis: a mode rings at its frequency and decays at its rate, the contact law,
and brighter (higher spectral centroid) sounds for harder hits."""

import math

import numpy as np
import pytest

from billiard.audio.sounds import LEVEL_SPEEDS, MODELS, SOUND_NAMES, SoundBank, level_for
from billiard.audio.synth import RATE, Mode, ModalModel, contact_time, pulse_weight, strike


def centroid(x):
    mag = np.abs(np.fft.rfft(x))
    return float((mag * np.fft.rfftfreq(len(x), 1 / RATE)).sum() / mag.sum())


def test_one_mode_rings_at_its_frequency_and_decays_at_its_rate():
    m = ModalModel(modes=(Mode(1000.0, 0.05, 1.0),), contact_s=0.0004, noise=0.0, length_s=0.5)
    x = strike(m, 1.0).astype(np.float64)
    assert np.abs(x).max() == pytest.approx(1.0)
    spectrum = np.abs(np.fft.rfft(x))
    assert np.fft.rfftfreq(len(x), 1 / RATE)[np.argmax(spectrum)] == pytest.approx(1000.0, abs=3.0)
    # amplitude e-folds every 50 ms: peaks one decay time apart differ by a factor e
    a, b = (np.abs(x[int(t * RATE) : int(t * RATE) + 60]).max() for t in (0.05, 0.10))
    assert a / b == pytest.approx(math.e, rel=0.02)


def test_pitch_scales_every_mode():
    m = ModalModel(modes=(Mode(2000.0, 0.05, 1.0),), contact_s=0.0004, noise=0.0, length_s=0.3)
    x = strike(m, 1.0, pitch=1.05)
    f = np.fft.rfftfreq(len(x), 1 / RATE)[np.argmax(np.abs(np.fft.rfft(x)))]
    assert f == pytest.approx(2100.0, abs=5.0)


def test_hertz_contact_time_and_pulse_spectrum():
    m = MODELS["ball"]
    # tau ~ v^(-1/5): 32 times faster, half as long
    assert contact_time(m, 32.0) / contact_time(m, 1.0) == pytest.approx(0.5)
    assert pulse_weight(0.0, 1e-3) == 1.0
    assert pulse_weight(500.0, 1e-3) == pytest.approx(0.5)  # 2 f tau = 1
    assert pulse_weight(5000.0, 1e-3) == pytest.approx(1 / 101)  # 1/f^2 above


def test_bank_has_every_sound_and_harder_hits_are_brighter():
    bank = SoundBank.synthesise()
    assert set(bank.clips) == set(SOUND_NAMES)
    for name, levels in bank.clips.items():
        assert len(levels) == len(LEVEL_SPEEDS)
        for clip in levels:
            assert clip.dtype == np.float32 and np.abs(clip).max() == pytest.approx(1.0, abs=1e-6)
            assert abs(float(clip[-1])) < 1e-3  # faded out: no step at the end
        c = [centroid(x) for x in levels]
        assert all(a < b for a, b in zip(c, c[1:])), (name, c)
    # the ball click is a click (kHz), the cushion a thud (hundreds of Hz)
    assert centroid(bank.clip("ball", 6)) > 2500 > 600 > centroid(bank.clip("cushion", 6))


def test_level_for_picks_the_nearest_speed_on_a_log_scale():
    assert level_for(0.0) == 0 and level_for(100.0) == len(LEVEL_SPEEDS) - 1
    assert [level_for(v) for v in LEVEL_SPEEDS] == list(range(len(LEVEL_SPEEDS)))
