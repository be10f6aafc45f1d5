"""The game window loads the compiled kernels in the background (billiard.app.engine_warmup):
checked in a fresh process, where no kernel has been called yet, on numba's path (the
ahead-of-time module, where there is one, has nothing to load)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from billiard.physics import kernels

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
from billiard.app.engine_warmup import start_warm_up
from billiard.physics.kernels import advance
before = len(advance.advance_rows.signatures)
thread = start_warm_up()
thread.join(timeout=300)
print(before, len(advance.advance_rows.signatures), thread.is_alive(), start_warm_up() is None)
"""


@pytest.mark.skipif(kernels.numba is None or kernels.ENGINE != "compiled", reason="needs the compiled engine")
def test_the_warm_up_thread_loads_the_kernels_before_the_first_shot():
    env = {**os.environ, "BILLIARD_AOT": "0"}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=320, env=env)
    assert out.returncode == 0, out.stderr
    before, after, alive, again = out.stdout.split()
    assert before == "0" and int(after) >= 1 and alive == "False"
    assert again == "True"  # once per process: loaded, nothing to start


def test_no_warm_up_thread_with_the_numpy_engine(monkeypatch):
    from billiard.app import engine_warmup

    monkeypatch.setattr(kernels, "ENGINE", "numpy")
    assert engine_warmup.start_warm_up() is None


def test_headless_play_and_the_window_wait_for_the_kernels(monkeypatch):
    """wait_warm_up: joins the thread at most ``timeout`` and says whether the kernels are
    loaded; warm_up_now loads them in the caller's thread, once."""
    from billiard.app import engine_warmup

    calls = []
    monkeypatch.setattr(engine_warmup, "_loaded", __import__("threading").Event())
    monkeypatch.setattr(kernels, "ENGINE", "compiled")
    monkeypatch.setattr("billiard.shot.simulate.simulate", lambda shot: calls.append(shot))
    assert engine_warmup.wait_warm_up(None, timeout=0.0) is False
    engine_warmup.warm_up_now()
    engine_warmup.warm_up_now()
    assert calls == [engine_warmup.WARM_SHOT]  # once
    assert engine_warmup.wait_warm_up(None) is True and engine_warmup.start_warm_up() is None
