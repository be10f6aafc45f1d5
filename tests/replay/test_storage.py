import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from billiard.errors import BilliardError
from billiard.replay import storage
from billiard.replay.storage import read_json_object, sweep_stale_temps, write_json_atomic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_atomic_write_round_trip_and_leaves_no_temp(tmp_path):
    target = tmp_path / "a.json"
    write_json_atomic(target, {"x": [1.5, 2]})
    write_json_atomic(target, {"x": [3]})
    assert read_json_object(target) == {"x": [3]}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_writing_nan_is_refused_and_keeps_the_old_file(tmp_path):
    target = tmp_path / "a.json"
    write_json_atomic(target, {"ok": 1})
    with pytest.raises(BilliardError):
        write_json_atomic(target, {"bad": float("nan")})
    assert read_json_object(target) == {"ok": 1}


def test_writer_killed_mid_save_leaves_the_old_file_intact(tmp_path):
    """A process saving a 20 MB file is SIGKILLed after writing, before the rename."""
    target = tmp_path / "big.json"
    write_json_atomic(target, {"version": "old"})
    script = textwrap.dedent(f"""
        import os, sys, time
        from billiard.replay.storage import write_json_atomic
        def stall(fd):
            print("writing", flush=True)
            time.sleep(60)
        os.fsync = stall
        write_json_atomic({str(target)!r}, {{"version": "new", "data": [0.123456789] * 2_000_000}})
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
        temps = [p for p in tmp_path.iterdir() if p.name.startswith(storage.TEMP_PREFIX)]
        assert len(temps) == 1 and temps[0].stat().st_size > 10_000_000  # it really was mid-save
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert read_json_object(target) == {"version": "old"}
    visible = [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")]
    assert visible == ["big.json"]
    # The orphaned temp is swept once it is stale, never while it could be in use.
    assert sweep_stale_temps(tmp_path) == 0
    old = time.time() - 3600
    for p in tmp_path.iterdir():
        os.utime(p, (old, old))
    assert sweep_stale_temps(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["big.json"]


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b'{"format": "billiard-shot/1", "balls": [', "invalid JSON"),
    (b"\xff\xfe\x00garbage", "UTF-8"),
    (b"[1, 2, 3]", "JSON object"),
    (b'{"x": NaN}', "NaN"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
], ids=["empty", "truncated", "binary", "array", "nan", "deep"])
def test_hostile_files_give_one_clear_error(tmp_path, content, words):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(BilliardError) as err:
        read_json_object(p, "replay file")
    assert words in str(err.value) and "\n" not in str(err.value)


def test_oversized_file_and_folder_and_missing_file(tmp_path, monkeypatch):
    p = tmp_path / "big.json"
    p.write_text(json.dumps({"a": "x" * 1000}))
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 100)
    with pytest.raises(BilliardError, match="too large"):
        read_json_object(p)
    with pytest.raises(BilliardError, match="not a regular file"):
        read_json_object(tmp_path)
    with pytest.raises(BilliardError, match="cannot read"):
        read_json_object(tmp_path / "missing.json")
