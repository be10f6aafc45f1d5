import json

import pytest

from billiard.cli import main
from billiard.replay import Recorder

from replay_shots import make_shot, replay_of


def test_list_shows_saved_and_recent_shots(data_dir, capsys):
    assert main(["replay", "--list", "--data-dir", str(data_dir)]) == 0
    assert "no recorded shots" in capsys.readouterr().out
    with Recorder(data_dir, mode="9-ball") as rec:
        rec.record(make_shot(), replay_of(make_shot()))
        rec.save_named("wow")
    assert main(["replay", "--list", "--data-dir", str(data_dir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("saved") and "wow" in lines[0] and "9-ball" in lines[0] and "shot 1)" in lines[0]
    assert lines[1].startswith("recent") and "shot-001.json" in lines[1]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["replay", "--headless"], "give a shot, replay or match file"),
        (["replay", "{tmp}/missing.json"], "cannot read"),
        (["replay", "{tmp}/bad.json"], "JSON"),
        (["replay", "{tmp}/bad.json", "--size", "huge"], "--size must look like"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, argv, words):
    (tmp_path / "bad.json").write_text('{"format": "billiard-replay/1", ')
    code = main([a.format(tmp=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_recorded_replay_is_byte_identical_to_billiard_simulate(data_dir, tmp_path, capsys):
    """What the recorder writes for a played shot == `billiard simulate` on its shot file."""
    with Recorder(data_dir) as rec:
        rec.record(make_shot(speed=1.1))
    out = tmp_path / "again.replay.json"
    assert main(["simulate", str(rec.session / "shot-001.json"), "-o", str(out)]) == 0
    assert out.read_bytes() == (rec.session / "shot-001.replay.json").read_bytes()


def test_check_reports_the_verdict(data_dir, tmp_path, capsys):
    replay_of(make_shot()).save(tmp_path / "r.json")
    assert main(["replay", str(tmp_path / "r.json"), "--check"]) == 0
    assert "replayed exactly as it was played" in capsys.readouterr().out
    data = replay_of(make_shot()).to_dict()
    data["final"]["red"]["pos"][1] += 1e-9
    (tmp_path / "old.json").write_text(json.dumps(data))
    assert main(["replay", str(tmp_path / "old.json"), "--check"]) == 1
    out = capsys.readouterr().out
    assert "the engine changed since" in out and "playing the recorded samples" in out


def test_the_window_without_a_display_is_one_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    replay_of(make_shot()).save(tmp_path / "r.json")
    for argv in (["replay", str(tmp_path / "r.json")], ["replay"]):
        assert main(argv) == 2
        assert "no display" in capsys.readouterr().err
