"""The mix of a break: dozens of clicks in 50 ms, none dropped, never over the ceiling,
and the limiter leaves quiet sounds alone and never jumps."""

import numpy as np
import pytest

from billiard.audio.engine import shared_bank
from billiard.audio.mixer import CEILING, LiveMixer, Voice, limit, mix
from billiard.audio.synth import RATE


def break_voices(n=40, seed=1):
    rng = np.random.default_rng(seed)
    return [
        Voice(float(t), "ball", 7, 1.0, float(p)) for t, p in zip(rng.uniform(0, 0.05, n), rng.uniform(-0.8, 0.8, n))
    ]


def test_a_break_is_limited_under_the_ceiling_and_every_click_is_heard():
    bank = shared_bank()
    voices = break_voices()
    raw = mix(voices, bank)
    assert np.abs(raw).max() > 2 * CEILING  # summed as is, it would clip hard
    out = limit(raw)
    assert np.abs(out).max() <= CEILING + 1e-9
    # not dropped: taking any one click out changes the limited mix where that click starts
    for k in (0, 17, 39):
        without = limit(mix(voices[:k] + voices[k + 1 :], bank, len(raw)))
        i = int(round(voices[k].at * RATE))
        assert np.abs(out[i : i + 200] - without[i : i + 200]).max() > 1e-3


def test_quiet_sounds_are_left_alone_and_the_gain_never_jumps():
    bank = shared_bank()
    quiet = [Voice(0.01, "ball", 3, 0.3, 0.0), Voice(0.2, "cushion", 3, 0.4, 0.5)]
    raw = mix(quiet, bank)
    assert np.array_equal(limit(raw), raw)
    loud = mix(break_voices(), bank)
    ratio = np.abs(limit(loud)).sum(axis=1) / np.maximum(np.abs(loud).sum(axis=1), 1e-12)
    gain = ratio[np.abs(loud).sum(axis=1) > 1e-3]
    assert np.abs(np.diff(gain)).max() < 0.02  # smooth: no click from the limiter itself


def test_mix_places_voices_in_time_and_pans_them():
    bank = shared_bank()
    out = mix([Voice(0.1, "ball", 5, 1.0, 1.0)], bank, RATE)
    assert len(out) == RATE
    start = np.flatnonzero(np.abs(out[:, 1]) > 0)[0]
    assert start == pytest.approx(0.1 * RATE, abs=2)
    assert np.abs(out[:, 0]).max() < 1e-12 < np.abs(out[:, 1]).max()  # hard right


def test_live_mixer_keeps_what_still_sounds_plus_each_new_block_under_the_ceiling():
    bank = shared_bank()
    live = LiveMixer(bank)
    frame = 1 / 60
    played = np.zeros((RATE, 2))
    now = 0
    for k in range(6):  # six frames, each a burst of clicks
        block = live.block(break_voices(15, seed=k))
        played[now : now + len(block)] += block
        live.advance(frame)
        now += int(round(frame * RATE))
    assert np.abs(played).max() <= CEILING + 1e-9
    assert live.block([]) is None
