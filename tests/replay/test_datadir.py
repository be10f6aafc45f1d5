from pathlib import Path

import pytest

from billiard.errors import BilliardError
from billiard.replay.datadir import data_dir, new_session_dir, sanitize_name


def test_data_dir_override_beats_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir(tmp_path / "mine") == tmp_path / "mine"
    assert data_dir() == tmp_path / "xdg" / "billiard"


def test_data_dir_falls_back_to_local_share(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert data_dir() == tmp_path / ".local" / "share" / "billiard"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # invalid per the XDG spec
    assert data_dir() == tmp_path / ".local" / "share" / "billiard"


def test_sessions_started_in_the_same_second_get_distinct_folders(tmp_path):
    a = new_session_dir(tmp_path, now=1_700_000_000)
    b = new_session_dir(tmp_path, now=1_700_000_000)
    assert a != b and a.is_dir() and b.is_dir()
    assert a.parent == b.parent == tmp_path / "sessions"
    assert b.name == a.name + "-2"


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("great cut", "great cut"),
        ("  ../../etc/passwd ", "etc_passwd"),
        ("a/b\\c", "a_b_c"),
        ("..hidden", "hidden"),
        ("foul? *really*", "foul_ _really"),
        ("x" * 200, "x" * 64),
    ],
)
def test_sanitize_name(typed, expected):
    safe = sanitize_name(typed)
    assert safe == expected
    assert Path(safe).name == safe and not safe.startswith(".")


@pytest.mark.parametrize("typed", ["", "   ", "...", "/", "CON", "nul"])
def test_unusable_names_are_refused(typed):
    with pytest.raises(BilliardError):
        sanitize_name(typed)
