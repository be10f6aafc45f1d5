"""Golden hashes: the output of seeded breaks, pinned bit for bit (rounded as replay files
round samples, 1e-9), so any change to the engine's results shows up here. Breaks are
chaotic: a change in the last bit of one contact time changes everything after it. When a
change of the physics is intended, re-pin with ``python3 tests/shot/test_golden.py`` and say
why in the commit. The fast and the reference engine agree on the first 20 events of these
breaks (tests/physics/test_replan.py). Each engine (``World(engine=...)``: the compiled
kernels and the numpy reference, billiard.physics.kernels) has its own pins: their contact
times agree to round-off only (tests/physics/kernels/test_kernels_plan.py), so a break's last events
differ between them.

The numpy engine's bits also depend on numpy's own implementations (its vectorised sin, cos
and sqrt loops change between releases: numpy 2.4 moved two of these pins), so its pins
carry the numpy release they were made with and are checked on that release only; the
compiled pins and the determinism test below hold on every release."""

import hashlib
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from billiard.physics import kernels
from billiard.physics.world import World
from billiard.shot.simulate import simulate
from billiard.validation.speed_targets import break_shot_dict

GOLDEN = {
    "numpy": {
        "9-ball/0": "b33e6474e5ecf29239a2",
        "9-ball/3": "ae0aad565650a91e3966",
        "8-ball/1": "6486bb7649497d819d3b",
    },
    "compiled": {
        "9-ball/0": "486e614eef9ebf609909",
        "9-ball/3": "535b97d2c5612a1f778f",
        "8-ball/1": "3f944d6d0601f34190cc",
    },
}
NUMPY_PINNED = "2.4"  # the numpy release the numpy engine's pins were made with
ENGINES = [e for e in GOLDEN if e == "numpy" or kernels.COMPILED]


def digest(rack: str, seed: int, fps: int = 60, engine: str = kernels.ENGINE) -> str:
    replay = simulate(break_shot_dict(rack, seed), fps=fps, world_factory=lambda b, t, p: World(b, t, p, engine=engine))
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


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", sorted(GOLDEN["numpy"]))
def test_seeded_break_output_is_pinned(name, engine):
    if engine == "numpy" and not np.__version__.startswith(NUMPY_PINNED + "."):
        pytest.skip(f"numpy engine pins made with numpy {NUMPY_PINNED}, this is {np.__version__}")
    rack, seed = name.split("/")
    assert digest(rack, int(seed), engine=engine) == GOLDEN[engine][name], (
        f"{name}, {engine} engine: output changed (re-pin if intended)"
    )


@pytest.mark.parametrize("engine", ENGINES)
def test_the_same_break_twice_and_at_another_fps_ends_the_same(engine):
    factory = lambda b, t, p: World(b, t, p, engine=engine)  # noqa: E731
    a = simulate(break_shot_dict("9-ball", 0), fps=60, world_factory=factory)
    b = simulate(break_shot_dict("9-ball", 0), fps=60, world_factory=factory)
    c = simulate(break_shot_dict("9-ball", 0), fps=50, world_factory=factory)
    assert digest("9-ball", 0, engine=engine) == digest("9-ball", 0, engine=engine)
    assert (
        [(e.t, e.type, e.balls) for e in a.events]
        == [(e.t, e.type, e.balls) for e in b.events]
        == [(e.t, e.type, e.balls) for e in c.events]
    )
    assert {k: v.pos for k, v in a.final.items()} == {k: v.pos for k, v in c.final.items()}


if __name__ == "__main__":
    for engine in ENGINES:
        print(f'    "{engine}": {{')
        for name in sorted(GOLDEN[engine]):
            rack, seed = name.split("/")
            print(f'        "{name}": "{digest(rack, int(seed), engine=engine)}",')
        print("    },")
