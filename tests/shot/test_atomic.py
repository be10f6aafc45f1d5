"""Atomic writes: a writer killed in the middle of a save never damages the old file."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from billiard.errors import BilliardError
from billiard.shot.atomic import atomic_open, atomic_write

ROOT = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent("""
    import sys, time
    from billiard.shot.atomic import atomic_write

    def chunks():
        yield b'{"new": "' + b"x" * 1_000_000
        print("half-written", flush=True)
        time.sleep(120)
        yield b'"}'

    atomic_write(sys.argv[1], chunks())
""")


def test_writer_killed_mid_save_leaves_old_file_intact(tmp_path):
    target = tmp_path / "shot.json"
    target.write_bytes(b'{"old": true}\n')
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "half-written"
        leftovers = [p for p in tmp_path.iterdir() if p != target]
        assert len(leftovers) == 1 and leftovers[0].stat().st_size > 1_000_000
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert target.read_bytes() == b'{"old": true}\n'
    # only a hidden temporary file is left, which the next save sweeps away
    assert [p.name.startswith(".shot.json.") for p in tmp_path.iterdir() if p != target] == [True]
    atomic_write(target, b"{}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.json"]
    assert target.read_bytes() == b"{}\n"


def test_failure_during_save_keeps_old_file_and_leaves_nothing(tmp_path):
    target = tmp_path / "r.json"
    target.write_bytes(b"old")

    def chunks():
        yield b"new"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(target, chunks())
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_writes_bytes_and_keeps_the_mode(tmp_path):
    target = tmp_path / "a.json"
    atomic_write(target, b"one")
    assert target.read_bytes() == b"one"
    os.chmod(target, 0o600)
    atomic_write(target, [b"t", b"wo"])
    assert target.read_bytes() == b"two"
    assert target.stat().st_mode & 0o777 == 0o600


def test_unwritable_target_is_one_clear_error(tmp_path):
    with pytest.raises(BilliardError, match="cannot write .*missing.*No such file"):
        atomic_write(tmp_path / "missing" / "a.json", b"x")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(BilliardError, match="cannot write"):
        atomic_write(tmp_path / "dir.json", b"x")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_atomic_open_for_writers_that_want_a_file(tmp_path):
    target = tmp_path / "pic.bin"
    with atomic_open(target) as f:
        f.write(b"\x89PNG")
        assert not target.exists()
    assert target.read_bytes() == b"\x89PNG"
    with pytest.raises(RuntimeError):
        with atomic_open(target) as f:
            f.write(b"half")
            raise RuntimeError("encoder crashed")
    assert target.read_bytes() == b"\x89PNG"
    assert [p.name for p in tmp_path.iterdir()] == ["pic.bin"]


def test_a_live_writers_temporary_file_is_not_swept(tmp_path, monkeypatch):
    """Only temporary files of dead writers are removed: another save in progress (its
    process alive, or alive but not ours to signal) keeps its file."""
    live = tmp_path / f".other.json.{os.getppid()}.tmp"
    live.write_bytes(b"half")
    atomic_write(tmp_path / "shot.json", b"{}\n")
    assert live.read_bytes() == b"half"

    def not_permitted(pid, sig):
        raise PermissionError(pid)

    foreign = tmp_path / ".other.json.999999999.tmp"
    foreign.write_bytes(b"half")
    monkeypatch.setattr(os, "kill", not_permitted)
    atomic_write(tmp_path / "shot.json", b"{}\n")
    assert foreign.exists() and live.exists()
