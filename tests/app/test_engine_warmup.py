"""The game window loads the compiled kernels in the background (billiard.app.engine_warmup):
checked in a fresh process, where no kernel has been called yet."""
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
print(before, len(advance.advance_rows.signatures), thread.is_alive())
"""


@pytest.mark.skipif(kernels.numba is None or kernels.ENGINE != "compiled", reason="needs the compiled engine")
def test_the_warm_up_thread_loads_the_kernels_before_the_first_shot():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=320)
    assert out.returncode == 0, out.stderr
    before, after, alive = out.stdout.split()
    assert before == "0" and int(after) >= 1 and alive == "False"


def test_no_warm_up_thread_with_the_numpy_engine(monkeypatch):
    from billiard.app import engine_warmup

    monkeypatch.setattr(kernels, "ENGINE", "numpy")
    assert engine_warmup.start_warm_up() is None
