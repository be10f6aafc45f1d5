from billiard.replay import Recorder, list_recordings
from billiard.replay.browser import BrowserList

from replay_shots import make_shot, replay_of


def test_lists_saved_then_recent_shots_newest_first(data_dir):
    with Recorder(data_dir, mode="three-cushion") as rec:
        for k in range(3):
            shot = make_shot(speed=0.5 + 0.1 * k)
            rec.record(shot, replay_of(shot))
        rec.save_named("nice")
    entries = list_recordings(data_dir)
    assert [(e.kind, e.name, e.number) for e in entries] == [
        ("saved", "nice", 3),
        ("recent", "shot 3", 3),
        ("recent", "shot 2", 2),
        ("recent", "shot 1", 1),
    ]
    assert all(e.mode == "three-cushion" for e in entries)
    assert all(e.path.is_file() and e.replay_path.is_file() for e in entries)
    recent = entries[1]
    assert recent.session == rec.session.name and len(recent.date) == 16
    assert "three-cushion" in recent.label and recent.label.endswith(", shot 3")


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


def test_browser_list_moves_scrolls_and_chooses(data_dir):
    with Recorder(data_dir, mode="8-ball") as rec:
        for k in range(5):
            shot = make_shot(speed=0.5 + 0.1 * k)
            rec.record(shot, replay_of(shot))
    entries = list_recordings(data_dir)
    browser = BrowserList(entries, rows=2)
    assert browser.chosen() == entries[0].replay_path
    assert browser.key("DOWN") and browser.key("DOWN")
    assert browser.selected == 2 and [i for i, _ in browser.visible()] == [1, 2]
    browser.key("END")
    assert browser.selected == 4 and browser.top == 3
    browser.key("UP")
    browser.key("UP")
    assert browser.selected == 2 and browser.top == 2
    browser.key("HOME")
    assert (browser.selected, browser.top) == (0, 0)
    assert not browser.key("X")
    entries[0].replay_path.unlink()  # a writer killed before the replay: the shot file still plays
    assert browser.chosen() == entries[0].path
    assert BrowserList([]).chosen() is None and BrowserList([]).key("DOWN")


def test_entries_say_players_rack_and_what_happened(data_dir):
    with Recorder(data_dir, mode="9-ball", players=["You", "Computer (level 3)"], start_scores=[0, 0]) as rec:
        shot = make_shot()
        rec.record(shot, replay_of(shot), scores=[0, 0], player=0, rack=2, note="pots the 6")
        rec.save_named("six")
        rec.record(shot, replay_of(shot), scores=[0, 0], player=1)  # nothing known: left out
    saved, second, first = list_recordings(data_dir)
    assert first.label.endswith("  9-ball, You vs Computer (level 3), rack 2, shot 1: pots the 6")
    assert second.label.endswith("  9-ball, You vs Computer (level 3), shot 2")
    assert saved.label.endswith("  six  (9-ball, You vs Computer (level 3), rack 2, shot 1: pots the 6)")


def test_old_recordings_without_rack_or_note_still_list(data_dir):
    import json

    with Recorder(data_dir, mode="8-ball", players=["Ann", "Bob"], start_scores=[0, 0]) as rec:
        shot = make_shot()
        rec.record(shot, replay_of(shot), scores=[0, 0], player=0, rack=1, note="pots the 3")
    match_path = rec.session / "match.json"
    old = json.loads(match_path.read_text())
    for entry in old["shots"]:  # a match file written before these fields
        del entry["rack"], entry["note"]
    match_path.write_text(json.dumps(old))
    (entry,) = list_recordings(data_dir)
    assert entry.rack is None and entry.note == ""
    assert entry.label.endswith("  8-ball, Ann vs Bob, shot 1")
