"""The game's six sounds as modal models, and the bank of clips synthesised from them at
start-up (a few speed levels each, so playing a sound is only a lookup and a mix).

Numbers chosen from what the bodies are: a phenolic resin ball (E ~ 5 GPa, R 28.6 mm,
m 170 g) clicks with a Hertz contact of ~0.4 ms at 1 m/s (0.3 ms at a break) and its
audible energy sits at 2-10 kHz; a rubber cushion on a wooden rail thuds (contact of
several ms, modes of 100-1000 Hz); a leather cue tip stays on the ball ~1 ms (a duller
click with a low "thock"); a ball landing on cloth over slate gives a low thump with the
ball's own click on top; pocket jaws rattle (quick repeated hits on rubber-faced wood);
a pocketed ball drops into the pocket and bounces a few times, each hit smaller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.audio.synth import RATE, Mode, ModalModel, strike

SOUND_NAMES = ("cue", "ball", "cushion", "bed", "jaw", "drop")
LEVEL_SPEEDS = (0.05, 0.12, 0.3, 0.7, 1.5, 3.0, 6.0, 12.0)  # m/s at which each level is made

MODELS: dict[str, ModalModel] = {
    "ball": ModalModel(
        modes=(
            Mode(1800, 0.020, 0.25),
            Mode(3200, 0.012, 1.0),
            Mode(4700, 0.008, 0.7),
            Mode(6900, 0.005, 0.5),
            Mode(9800, 0.003, 0.3),
        ),
        contact_s=0.00042,
        noise=0.35,
        noise_decay=0.002,
        length_s=0.08,
        pitch_rise=0.04,
    ),
    "cushion": ModalModel(
        modes=(Mode(140, 0.030, 1.0), Mode(260, 0.020, 0.6), Mode(520, 0.012, 0.3), Mode(1100, 0.006, 0.15)),
        contact_s=0.004,
        noise=0.3,
        noise_decay=0.006,
        length_s=0.2,
        pitch_rise=0.03,
    ),
    "cue": ModalModel(
        modes=(Mode(450, 0.020, 0.4), Mode(900, 0.010, 0.6), Mode(2100, 0.008, 1.0), Mode(3800, 0.005, 0.5)),
        contact_s=0.0012,
        noise=0.4,
        noise_decay=0.003,
        length_s=0.1,
        pitch_rise=0.03,
    ),
    "bed": ModalModel(
        modes=(Mode(90, 0.040, 1.0), Mode(180, 0.025, 0.5), Mode(2900, 0.006, 0.25)),
        contact_s=0.002,
        noise=0.4,
        noise_decay=0.010,
        length_s=0.25,
        pitch_rise=0.03,
    ),
    "jaw": ModalModel(
        modes=(Mode(220, 0.020, 1.0), Mode(480, 0.015, 0.7), Mode(1300, 0.008, 0.5), Mode(3100, 0.005, 0.3)),
        contact_s=0.003,
        noise=0.3,
        noise_decay=0.004,
        hits=((0.0, 1.0), (0.035, 0.6), (0.06, 0.35)),
        length_s=0.2,
        pitch_rise=0.03,
    ),
    "drop": ModalModel(
        modes=(Mode(110, 0.050, 1.0), Mode(230, 0.030, 0.6), Mode(700, 0.012, 0.3), Mode(2500, 0.006, 0.2)),
        contact_s=0.003,
        noise=0.5,
        noise_decay=0.020,
        hits=((0.0, 1.0), (0.11, 0.5), (0.2, 0.25), (0.26, 0.12)),
        length_s=0.45,
        pitch_rise=0.0,
    ),
}


def level_for(speed: float) -> int:
    """The bank level nearest ``speed`` (m/s) on a log scale."""
    logs = np.log(LEVEL_SPEEDS)
    return int(np.argmin(np.abs(logs - math.log(max(speed, 1e-3)))))


@dataclass(frozen=True)
class SoundBank:
    """``clips[name][level]``: float32 mono clips, peak 1, at ``synth.RATE``."""

    clips: dict[str, tuple[np.ndarray, ...]]

    @classmethod
    def synthesise(cls, models: dict[str, ModalModel] | None = None) -> "SoundBank":
        """Every sound at every level; a level's pitch rises slightly with its speed."""
        models = MODELS if models is None else models
        top = len(LEVEL_SPEEDS) - 1
        clips = {
            name: tuple(strike(m, v, 1.0 + m.pitch_rise * k / top, seed=0) for k, v in enumerate(LEVEL_SPEEDS))
            for name, m in models.items()
        }
        return cls(clips)

    def clip(self, name: str, level: int) -> np.ndarray:
        return self.clips[name][level]

    @property
    def longest_s(self) -> float:
        """Length (s) of the longest clip."""
        return max(len(c) for levels in self.clips.values() for c in levels) / RATE
