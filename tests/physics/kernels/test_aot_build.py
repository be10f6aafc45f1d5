"""The ahead-of-time build step (issue 28), without a compiler: every entry point is exported
under the name the loader binds, with its one signature and the kernels' options, and the side
file carries the digest the loader checks."""

import json
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("numba")

from billiard.physics.kernels import aot_load
from billiard.shot import aot_build


class FakeCC:
    made: list = []

    def __init__(self, name):
        self.name, self.exports, self.output_dir, self.verbose = name, {}, None, False
        FakeCC.made.append(self)

    def export(self, name, sig):
        def take(fn):
            self.exports[name] = (sig, fn)
            return fn

        return take

    def compile(self):
        import numba.pycc.compiler as pycc_compiler

        flags = pycc_compiler.Flags()  # what pycc would compile with
        self.flags = (flags.release_gil, flags.error_model)
        Path(self.output_dir, "_aot.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")


def _kernel(module, name, signatures):
    def fn():
        pass

    fn.__module__, fn.__name__ = module, name
    return SimpleNamespace(py_func=fn, nopython_signatures=signatures)


@pytest.fixture
def fakes(monkeypatch):
    with warnings.catch_warnings():  # numba says pycc is pending deprecation (docs/performance.md)
        warnings.simplefilter("ignore")
        import numba.pycc
        import numba.pycc.compiler as pycc_compiler

    from billiard.shot import precompile

    monkeypatch.setattr(pycc_compiler, "Flags", pycc_compiler.Flags)  # restored after the test
    monkeypatch.setattr(numba.pycc, "CC", FakeCC)
    monkeypatch.setattr(precompile, "precompile", lambda: [])
    monkeypatch.setattr(precompile, "ENTRY_POINTS", ("advance.advance_rows", "states.classify_rows"))
    found = {
        "advance.advance_rows": _kernel("billiard.physics.kernels.advance", "advance_rows", ["sig-a"]),
        "states.classify_rows": _kernel("billiard.physics.kernels.states", "classify_rows", ["sig-s"]),
    }
    monkeypatch.setattr(precompile, "dispatchers", lambda: found)
    FakeCC.made.clear()
    return found


def test_each_entry_point_is_exported_with_the_kernels_options(fakes, tmp_path):
    path = aot_build.build(tmp_path)
    (cc,) = FakeCC.made
    assert cc.name == "_aot" and path.name.startswith("_aot.")
    assert {name: sig for name, (sig, _) in cc.exports.items()} == {
        "kernels__advance__advance_rows": "sig-a",
        "kernels__states__classify_rows": "sig-s",
    }
    assert cc.flags == (True, "numpy")  # the lock released, numpy's division by zero
    side = json.loads((tmp_path / aot_load.SIDE_FILE).read_text())
    assert side["modules"] == ["billiard.physics.kernels.advance", "billiard.physics.kernels.states"]
    assert side["sha256"] == aot_load.sources_digest(side["modules"])


def test_a_kernel_with_two_signatures_fails_the_step(fakes, tmp_path, capsys):
    fakes["states.classify_rows"].nopython_signatures.append("sig-t")
    with pytest.raises(RuntimeError, match="2 signatures"):
        aot_build.build(tmp_path)
    assert aot_build.main([str(tmp_path)]) == 1  # the command: one line, the wheel goes without it
    assert "ahead-of-time kernels not built" in capsys.readouterr().err
