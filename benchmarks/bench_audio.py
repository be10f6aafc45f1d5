"""Speed of the sound code (printed, never asserted): synthesising the bank at start-up,
mixing one frame of a break's clicks live, and a whole break's soundtrack, each against
the real time the sound lasts. Run: ``python benchmarks/bench_audio.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

import numpy as np

from billiard.audio.mixer import LiveMixer, Voice
from billiard.audio.replay_sound import replay_cues, soundtrack
from billiard.audio.sounds import SoundBank
from billiard.audio.synth import RATE
from billiard.display.playback import Playback
from billiard.replay.source import load_any
from billiard.validation.speed_targets import best_time

REPEATS = 5


def timed(fn):
    """(best wall s, best CPU s) over REPEATS runs."""
    return best_time(fn, REPEATS)


def main() -> None:
    bank = SoundBank.synthesise()
    clips = sum(len(v) for v in bank.clips.values())
    audio_s = sum(len(c) for v in bank.clips.values() for c in v) / RATE
    wall, cpu = timed(SoundBank.synthesise)
    print(
        f"bank: {clips} clips, {audio_s:.2f} s of sound, synthesised in {1000 * wall:.1f} ms wall "
        f"({1000 * cpu:.1f} ms CPU), {audio_s / wall:.0f}x real time"
    )

    rng = np.random.default_rng(0)
    frame = [
        Voice(float(t), "ball", 7, 1.0, float(p))
        for t, p in zip(rng.uniform(0, 1 / 60, 30), rng.uniform(-0.8, 0.8, 30))
    ]
    live = LiveMixer(bank)
    wall, cpu = timed(lambda: live.block(frame))
    print(
        f"live mix of a break frame (30 clicks): {1000 * wall:.2f} ms wall ({1000 * cpu:.2f} ms CPU), "
        f"{100 * wall * 60:.1f}% of a 60 Hz frame"
    )

    sample = Path(__file__).resolve().parents[1] / "assets" / "samples" / "break.json"
    replay = load_any(sample)
    frames = Playback.from_replay(replay)
    cues = replay_cues(frames.events, frames.ids, lambda t: frames.pose(t)[0], frames.table)
    out = soundtrack(cues, frames.end)
    wall, cpu = timed(lambda: soundtrack(cues, frames.end))
    print(
        f"soundtrack of {sample.name}: {len(cues)} sounds, {len(out) / RATE:.2f} s in {1000 * wall:.1f} ms wall "
        f"({1000 * cpu:.1f} ms CPU), {len(out) / RATE / wall:.0f}x real time"
    )


if __name__ == "__main__":
    main()
