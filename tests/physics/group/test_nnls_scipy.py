"""The hand-written NNLS against SciPy's on random problems that exercise its back-tracking
step, and seed 000's Gauss-Jordan against numpy.linalg.solve (SciPy is a test-only dependency)."""

import sys

import numpy as np
import pytest

from billiard.physics.group import nnls as nnls_module
from billiard.physics.group.gauss_jordan import gauss_jordan
from billiard.physics.group.nnls import nnls


@pytest.fixture(scope="module")
def scipy_optimize():
    """SciPy's optimiser, imported by the test that uses it, not at collection (~0.8 s of CPU in
    every test worker otherwise)."""
    return pytest.importorskip("scipy.optimize")


def _problems(seed: int, count: int):
    """Contact-sized problems (up to 12 contacts) whose columns are strongly correlated,
    so that adding one variable drives another negative and the solver must step back."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(2, 13))
        m = n + int(rng.integers(0, 4))
        base = rng.normal(size=(m, 1))
        c = base + 0.35 * rng.normal(size=(m, n))
        d = rng.normal(size=m) + base[:, 0] * rng.normal()
        yield c, d


def _backtrack_line() -> int:
    """The source line of the back-tracking step (``alpha = ...``)."""
    import inspect

    lines, start = inspect.getsourcelines(nnls_module.nnls)
    for offset, text in enumerate(lines):
        if "alpha = float(ratio.min())" in text:
            return start + offset
    raise AssertionError("back-tracking step not found in nnls")


def test_nnls_matches_scipy_and_backtracks(scipy_optimize):
    target, hits = _backtrack_line(), 0
    code = nnls_module.nnls.__code__

    def tracer(frame, event, arg):
        nonlocal hits
        if frame.f_code is code:
            if event == "line" and frame.f_lineno == target:
                hits += 1
            return tracer
        return None

    worst = 0.0
    for c, d in _problems(7, 600):
        sys.settrace(tracer)
        try:
            p = nnls(c, d)
        finally:
            sys.settrace(None)
        ref, _ = scipy_optimize.nnls(c, d)
        assert (p >= 0).all()
        # The residual is the unique optimum; compare it, then the minimiser c @ p.
        r_ours, r_ref = np.linalg.norm(c @ p - d), np.linalg.norm(c @ ref - d)
        assert r_ours <= r_ref + 1e-9 * (1 + r_ref)
        worst = max(worst, float(np.abs(c @ p - c @ ref).max()))
    assert worst < 1e-7
    assert hits >= 20, f"back-tracking step ran only {hits} times: the problems do not exercise it"


def test_gauss_jordan_matches_numpy():
    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(1, 16))
        a = rng.normal(size=(n, n)) + n * np.eye(n) * rng.random()
        b = rng.normal(size=n)
        if np.linalg.cond(a) > 1e8:
            continue
        np.testing.assert_allclose(gauss_jordan(a, b), np.linalg.solve(a, b), rtol=1e-8, atol=1e-10)
