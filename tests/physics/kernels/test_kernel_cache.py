"""The kernels' cache (issue 28): keyed by the contents of every kernel source, so a changed
callee recompiles its callers and a cache built with the wheel survives pip's new file
times; read from the package, or from a per-user copy where the package is read-only."""

import os

import pytest

pytest.importorskip("numba")

from billiard.physics.kernels import cache_locator
from billiard.physics.kernels.cache_stamp import source_stamp
from billiard.shot.precompile import ENTRY_POINTS, dispatchers


def test_the_stamp_follows_contents_not_times(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    first = source_stamp(tmp_path)
    st = (tmp_path / "b.py").stat()
    os.utime(tmp_path / "b.py", ns=(st.st_atime_ns, st.st_mtime_ns + 10**10))  # unpacked anew
    assert source_stamp(tmp_path) == first
    (tmp_path / "b.py").write_text("y = 3\n")  # a callee changed
    assert source_stamp(tmp_path) != first
    (tmp_path / "b.py").write_text("y = 2\n")
    (tmp_path / "c.py").write_text("")  # a new file
    assert source_stamp(tmp_path) != first


def test_every_kernel_uses_the_package_locator():
    found = dispatchers()
    assert set(ENTRY_POINTS) <= set(found)
    for name, kernel in found.items():
        assert isinstance(kernel._cache._impl.locator, cache_locator.KernelCacheLocator), name
        assert kernel._cache._impl.locator.get_source_stamp() == source_stamp(cache_locator.KERNELS)


def test_the_folder_named_by_the_environment_comes_first(tmp_path, monkeypatch):
    monkeypatch.setenv(cache_locator.ENV, str(tmp_path / "scratch"))
    assert cache_locator.cache_folder() == tmp_path / "scratch"
    assert (tmp_path / "scratch").is_dir()


def test_a_read_only_package_reads_a_per_user_copy_of_the_shipped_cache(tmp_path, monkeypatch):
    shipped = tmp_path / "pkg" / "__pycache__"
    shipped.mkdir(parents=True)
    (shipped / "advance.advance_rows-19.py311.nbi").write_bytes(b"index")
    (shipped / "advance.advance_rows-19.py311.1.nbc").write_bytes(b"code")
    writable = cache_locator._writable
    monkeypatch.setattr(cache_locator, "_writable", lambda folder: folder != shipped and writable(folder))
    monkeypatch.delenv(cache_locator.ENV, raising=False)
    monkeypatch.setattr(cache_locator, "SHIPPED", shipped)
    monkeypatch.setattr(cache_locator, "user_folder", lambda: tmp_path / "user")
    assert cache_locator.cache_folder() == tmp_path / "user"
    assert (tmp_path / "user" / "advance.advance_rows-19.py311.1.nbc").read_bytes() == b"code"


def test_the_shipped_cache_is_seeded_without_overwriting(tmp_path, monkeypatch):
    shipped, user = tmp_path / "shipped", tmp_path / "user"
    shipped.mkdir()
    user.mkdir()
    (shipped / "k.f-1.py311.nbi").write_bytes(b"shipped")
    (shipped / "k.g-9.py311.nbi").write_bytes(b"shipped")
    (user / "k.f-1.py311.nbi").write_bytes(b"own")
    monkeypatch.setattr(cache_locator, "SHIPPED", shipped)
    cache_locator._seed(user)
    assert (user / "k.f-1.py311.nbi").read_bytes() == b"own"
    assert (user / "k.g-9.py311.nbi").read_bytes() == b"shipped"
    assert not list(user.glob("*.tmp"))


def test_the_build_step_has_every_module_the_precompile_imports():
    """hatch_build.py runs the precompile with the build requirements only: a module its break
    imports that is not among them would leave the wheel without its compiled kernels."""
    import re
    import subprocess
    import sys

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    requires = tomllib.loads((root / "pyproject.toml").read_text())["build-system"]["requires"]
    names = {re.split(r"[<>=!~ \[;]", r, maxsplit=1)[0].lower() for r in requires}
    probe = (
        "import sys; from billiard.shot.precompile import BREAK; from billiard.shot.simulate import simulate; "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    optional = {"billiard", "typing_extensions", "llvmlite"}  # llvmlite comes with numba
    optional |= {"sitecustomize", "usercustomize"}  # the interpreter's start-up hooks (Debian's python3 has one)
    assert {m for m in out if not m.startswith("_")} - optional <= names


def test_cached_kernels_load_without_numba_compiler_set_up():
    """A process whose kernels are all cached loads them after numba's runtime alone: the
    modules numba imports to compile (numba.np.arraymath and the rest) stay out (issue 28)."""
    import subprocess
    import sys

    probe = (
        "import sys; from billiard.shot.precompile import BREAK; from billiard.shot.simulate import simulate; "
        "r = simulate(BREAK); print(len(r.events), 'numba.np.arraymath' in sys.modules)"
    )
    first = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    again = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert again == [first[0], "False"]  # the same break; nothing of the compiler loaded
