"""Golden hashes: the output of seeded breaks, pinned bit for bit (rounded as replay files
round samples, 1e-9), so any change to the engine's results shows up here. Breaks are
chaotic: a change in the last bit of one contact time changes everything after it. When a
change of the physics is intended, re-pin with ``python3 tests/shot/test_golden.py`` and say
why in the commit. The fast and the reference engine agree on the first 20 events of these
breaks (tests/physics/test_replan.py), and so do the compiled kernels and their numpy
reference (tests/physics/test_kernels_tick.py); each engine has its own pins, so a change in
either's output stays a decision."""
import hashlib
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from billiard.physics import kernels
from billiard.shot.simulate import simulate
from billiard.validation.speed_targets import break_shot_dict

GOLDEN = {                      # the numpy reference engine (BILLIARD_ENGINE=numpy)
    "9-ball/0": "2845fd0dd09934e5c5f7",
    "9-ball/3": "042931bd42d6c75565b0",
    "8-ball/1": "6486bb7649497d819d3b",
}
GOLDEN_COMPILED = {             # the compiled kernels (billiard.physics.kernels, the default with numba)
    "9-ball/0": "2845fd0dd09934e5c5f7",
    "9-ball/3": "042931bd42d6c75565b0",
    "8-ball/1": "6486bb7649497d819d3b",
}
PINS = {"numpy": GOLDEN, "compiled": GOLDEN_COMPILED}


@pytest.fixture(params=kernels.ENGINES)
def engine(request, monkeypatch):
    """Run the test with each engine as the default of every World it makes."""
    if request.param == "compiled" and kernels.numba is None:
        pytest.skip("the compiled engine needs numba")
    monkeypatch.setattr(kernels, "ENGINE", request.param)
    return request.param


def digest(rack: str, seed: int, fps: int = 60) -> str:
    replay = simulate(break_shot_dict(rack, seed), fps=fps)
    h = hashlib.sha256()
    for e in replay.events:
        h.update(f"{e.t:.9f} {e.type} {' '.join(e.balls)}\n".encode())
    for ball in sorted(replay.final):
        f = replay.final[ball]
        h.update(f"{ball} {np.round(f.pos, 9).tolist()} {f.state} {f.pocket}\n".encode())
    for ball in sorted(replay.pos):
        h.update(np.round(replay.pos[ball], 9).tobytes())
        h.update(np.round(replay.quat[ball], 9).tobytes())
    return h.hexdigest()[:20]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_seeded_break_output_is_pinned(name, engine):
    rack, seed = name.split("/")
    assert digest(rack, int(seed)) == PINS[engine][name], f"{name}: {engine} engine output changed (re-pin if intended)"


def test_the_same_break_twice_and_at_another_fps_ends_the_same(engine):
    a = simulate(break_shot_dict("9-ball", 0), fps=60)
    b = simulate(break_shot_dict("9-ball", 0), fps=60)
    c = simulate(break_shot_dict("9-ball", 0), fps=50)
    assert digest("9-ball", 0) == digest("9-ball", 0)
    assert [(e.t, e.type, e.balls) for e in a.events] == [(e.t, e.type, e.balls) for e in b.events] \
        == [(e.t, e.type, e.balls) for e in c.events]
    assert {k: v.pos for k, v in a.final.items()} == {k: v.pos for k, v in c.final.items()}


if __name__ == "__main__":
    for engine in kernels.ENGINES:
        kernels.ENGINE = engine
        print(f"{engine}:")
        for name in sorted(GOLDEN):
            rack, seed = name.split("/")
            print(f'    "{name}": "{digest(rack, int(seed))}",')
