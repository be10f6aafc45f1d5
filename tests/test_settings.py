"""The settings file: defaults, a round trip, and a broken file that never stops the game."""

import pytest

from billiard import settings as S


def test_defaults_when_no_file(tmp_path):
    assert S.load(tmp_path) == S.Settings()


def test_round_trip(tmp_path):
    chosen = S.Settings().replace(volume=0.25, mute=True, quality="low", alternate_breaks=True)
    S.save(chosen, tmp_path)
    assert S.load(tmp_path) == chosen


def test_broken_and_wrong_values_fall_back(tmp_path):
    (tmp_path / S.FILE_NAME).write_text("{not json")
    assert S.load(tmp_path) == S.Settings()
    (tmp_path / S.FILE_NAME).write_text('{"volume": "loud", "mute": true, "unknown": 3}')
    assert S.load(tmp_path) == S.Settings(mute=True)
    (tmp_path / S.FILE_NAME).write_text('{"volume": 7}')
    assert S.load(tmp_path) == S.Settings()


def test_env_override(tmp_path, monkeypatch):
    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path))
    assert S.config_dir() == tmp_path


def test_a_wrong_value_is_one_log_line_worded_as_for_every_json_input(tmp_path, caplog):
    (tmp_path / S.FILE_NAME).write_text('{"volume": 7, "mute": true, "quality": "ultra"}')
    with caplog.at_level("WARNING", logger="billiard.settings"):
        assert S.load(tmp_path) == S.Settings(mute=True)  # the good value is kept
    lines = [r.getMessage() for r in caplog.records]
    assert "ignoring settings: volume: must be <= 1, got 7" in lines
    assert "ignoring settings: quality: must be one of 'auto', 'high', 'low', 'medium', got 'ultra'" in lines
    with pytest.raises(ValueError, match="^settings: volume: must be <= 1, got 2$"):
        S.Settings().replace(volume=2.0)
    with pytest.raises(ValueError, match="^settings: speed: is not a known field"):
        S.Settings().replace(speed=2.0)


def test_a_broken_file_is_reported_once_however_often_it_is_read(tmp_path, caplog):
    """Issue 25, point 11: the game reads the file from several parts; one line, once, and
    the window can show it (``problems``)."""
    (tmp_path / S.FILE_NAME).write_text('{"volume": 0.5,')
    with caplog.at_level("WARNING", logger="billiard.settings"):
        for _ in range(3):
            assert S.load(tmp_path) == S.Settings()
    lines = [r.getMessage() for r in caplog.records if "settings file unusable" in r.getMessage()]
    assert len(lines) == 1 and "the defaults are used" in lines[0] and " at at " not in lines[0]
    assert S.problems(tmp_path) == (lines[0],)
