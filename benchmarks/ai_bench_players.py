"""The players ``bench_ai.py`` pits against each other: this checkout's computer player at a
level (seeded, optionally on a wall-clock budget), and the player of an earlier commit."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from billiard.ai import ComputerPlayer  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402

CAROM_POINTS = 15  # three-cushion games to 15
CAPS = {"snooker": 400, "three-cushion": 400}  # shots at most a game
OLD_COMMIT = "38ac553"  # the first session's starting point: "today's level 5" of issue 27


def new_player(
    level: int, seed: int, side: int, budget: float | None, cls: type[ComputerPlayer] = ComputerPlayer
) -> ComputerPlayer:
    """This checkout's player at ``level``, seeded by ``seed`` and ``side`` (``cls``: a
    diagnostic's subclass)."""
    lvl = level_of(level)
    if budget is not None:
        lvl = dataclasses.replace(lvl, seconds=budget)
    return cls(lvl, rng=np.random.default_rng([seed, side]), deadline=budget is not None)


def old_player_factory(commit: str):
    """The ComputerPlayer class of ``commit``'s billiard/ai, imported as its own package
    (its imports of billiard.ai renamed; the rest of billiard is this checkout's)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench_ai_old_"))
    name = "old_ai_" + commit
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "billiard/ai"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=tar, check=True)
    (tmp / "billiard" / "ai").rename(tmp / name)
    moved = {  # names that have moved since (the rest of billiard is this checkout's)
        "from billiard.physics.cue import MAX_SPEED, MISCUE": "from billiard.formats.limits import MAX_STRIKE_SPEED as MAX_SPEED, MISCUE",
    }
    for f in (tmp / name).glob("*.py"):
        text = f.read_text().replace("billiard.ai", name)
        for a, b in moved.items():
            text = text.replace(a, b)
        f.write_text(text)
    sys.path.insert(0, str(tmp))
    return importlib.import_module(name).ComputerPlayer
