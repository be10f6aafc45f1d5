"""The kernels' cache stamp: cached machine code is dropped when any kernel source changes
(numba itself checks only the file that defines a kernel, not its callees)."""
import os

from billiard.physics.kernels.cache_stamp import STAMP, drop_stale_cache


def test_cache_is_kept_while_sources_stay_and_dropped_when_one_changes(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "a.f-3.py311.nbi").write_text("index")
    (cache / "a.f-3.py311.1.nbc").write_text("code")
    assert drop_stale_cache(tmp_path, "0.68") is True          # no stamp yet: nothing is trusted
    assert (cache / STAMP).is_file() and not list(cache.glob("*.nb*"))
    (cache / "a.f-3.py311.nbi").write_text("index")
    assert drop_stale_cache(tmp_path, "0.68") is False         # unchanged: kept
    assert (cache / "a.f-3.py311.nbi").is_file()
    st = (tmp_path / "b.py").stat()
    (tmp_path / "b.py").write_text("y = 3\n")                  # a callee's file changed
    os.utime(tmp_path / "b.py", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert drop_stale_cache(tmp_path, "0.68") is True
    assert not (cache / "a.f-3.py311.nbi").exists()
    (cache / "a.f-3.py311.nbi").write_text("index")
    assert drop_stale_cache(tmp_path, "0.69") is True          # another numba: dropped too


def test_an_unwritable_or_missing_folder_is_not_an_error(tmp_path):
    assert drop_stale_cache(tmp_path / "missing", "0.68") is False
