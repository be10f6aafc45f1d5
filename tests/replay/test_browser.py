from billiard.replay import Recorder, list_recordings

from replay_shots import make_shot, replay_of


def test_lists_saved_then_recent_shots_newest_first(data_dir):
    with Recorder(data_dir, mode="three-cushion") as rec:
        for k in range(3):
            shot = make_shot(speed=0.5 + 0.1 * k)
            rec.record(shot, replay_of(shot))
        rec.save_named("nice")
    entries = list_recordings(data_dir)
    assert [(e.kind, e.name, e.number) for e in entries] == [
        ("saved", "nice", 3), ("recent", "shot 3", 3), ("recent", "shot 2", 2), ("recent", "shot 1", 1)]
    assert all(e.mode == "three-cushion" for e in entries)
    assert all(e.path.is_file() and e.replay_path.is_file() for e in entries)
    recent = entries[1]
    assert recent.session == rec.session.name and len(recent.date) == 16
    assert "three-cushion #3" in recent.label


def test_damaged_folder_is_listed_without_crashing(data_dir):
    with Recorder(data_dir, mode="8-ball") as rec:
        shot = make_shot()
        rec.record(shot, replay_of(shot))
        rec.save_named("ok")
    (rec.session / "match.json").write_bytes(b"\x00garbage")
    (data_dir / "saved" / "ok.meta.json").write_text("[")
    (data_dir / "saved" / ".half.json.123.tmp").write_text("{")
    (data_dir / "sessions" / "stray-file").write_text("x")
    entries = list_recordings(data_dir)
    assert [(e.kind, e.name, e.mode) for e in entries] == [("saved", "ok", "?"), ("recent", "shot 1", "?")]


def test_empty_or_missing_data_dir(tmp_path):
    assert list_recordings(tmp_path / "nothing") == []
