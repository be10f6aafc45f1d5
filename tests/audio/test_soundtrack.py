"""``billiard render REPLAY --out shot.wav``: the replay's soundtrack, read back sample by
sample: no clipping, silence where nothing happens, a sound starting at each event."""

import json

import numpy as np
from in_process import billiard as run_billiard

import billiard
from billiard.audio.mapping import cues_for
from billiard.audio.mixer import CEILING
from billiard.audio.wav import read_wav

SHOT = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "balls": [{"id": "cue", "pos": [-0.8, 0.0]}, {"id": "1", "pos": [0.4, 0.0]}],
    "strike": {"ball": "cue", "speed": 1.6, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.0]},
}


def render(tmp_path, shot=SHOT, out="shot.wav"):
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(shot))
    return run_billiard("render", path, "--out", tmp_path / out)


def test_soundtrack_is_silent_between_events_peaks_at_them_and_never_clips(tmp_path):
    ran = render(tmp_path)
    assert ran.code == 0, ran.err
    x, rate = read_wav(tmp_path / "shot.wav")
    assert rate == 44100 and x.shape[1] == 2
    replay = billiard.simulate(SHOT)
    cues = cues_for(replay.events)
    times = [c.t for c in cues]
    assert times[0] == 0.0 and len(cues) >= 3  # strike, the hit, cushions...
    assert len(x) / rate >= replay.duration
    loud = np.abs(x).max(axis=1)
    assert loud.max() <= CEILING + 1.5 / 32767  # never clipped (and under the mixer's ceiling)
    # a sound starts at every event time: silent just before it (events here are far apart),
    # loud within its first 10 ms, loudest for the hardest hits
    for t in times:
        i = int(round(t * rate))
        assert loud[max(0, i - 100) : max(0, i - 2)].max(initial=0.0) < 1e-4
        assert loud[i : i + int(0.01 * rate)].max() > 0.01
    peaks = [loud[int(t * rate) : int((t + 0.05) * rate)].max() for t in times]
    assert peaks[0] > peaks[-1] and peaks[1] > peaks[-1]  # 1.6 and 1.07 m/s vs 0.17 m/s
    # silence where nothing happens: from the cue's click dying out to the ball-ball hit
    quiet_from, quiet_to = 0.15, times[1] - 0.005
    assert quiet_to - quiet_from > 0.3
    assert loud[int(quiet_from * rate) : int(quiet_to * rate)].max() < 1e-4
    assert loud[-int(0.3 * rate) :].max() < 1e-4  # and after the last sound


def test_soundtrack_bad_output_is_one_clear_line(tmp_path):
    (tmp_path / "blocker").write_text("")
    ran = render(tmp_path, out="blocker/shot.wav")
    assert ran.code == 2 and ran.err.count("\n") == 1 and "error" in ran.err
