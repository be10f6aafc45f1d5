import json

import pytest

from billiard.errors import BilliardError
from billiard.replay import Match, MatchShot, Recorder, open_file

from replay_fakes import fake_simulate, make_shot


def _write(path, obj):
    path.write_text(json.dumps(obj))
    return path


def test_replay_that_re_simulates_exactly_is_verified(tmp_path):
    shot = make_shot(speed=1.3)
    opened = open_file(_write(tmp_path / "a.replay.json", fake_simulate(shot)), simulate=fake_simulate)
    assert opened.kind == "replay" and opened.verified is True
    assert "matches the recording exactly" in opened.message
    assert opened.track.duration == pytest.approx(1.0)


def test_replay_from_another_engine_plays_the_recorded_samples(tmp_path):
    shot = make_shot(speed=1.3)
    recorded = fake_simulate(shot, duration=2.0, engine="billiard 0.0.1")
    recorded["final"]["cue"]["pos"][0] += 1e-12  # one bit of difference is enough
    opened = open_file(_write(tmp_path / "a.replay.json", recorded), simulate=fake_simulate)
    assert opened.verified is False
    assert "differs" in opened.message and "billiard 0.0.1" in opened.message
    assert opened.replay == recorded and opened.track.duration == pytest.approx(2.0)


def test_replay_that_cannot_be_re_simulated_here_still_plays(tmp_path):
    def refuse(shot):
        raise BilliardError("unknown table 'moon-12ft'")
    recorded = fake_simulate(make_shot())
    opened = open_file(_write(tmp_path / "a.json", recorded), simulate=refuse)
    assert opened.verified is False and "moon-12ft" in opened.message
    assert opened.replay == recorded


def test_shot_file_is_simulated(tmp_path):
    opened = open_file(_write(tmp_path / "s.json", make_shot(speed=0.7)), simulate=fake_simulate)
    assert opened.kind == "shot" and opened.verified is None
    assert opened.replay == fake_simulate(make_shot(speed=0.7))
    with pytest.raises(BilliardError, match="only applies to a match"):
        open_file(tmp_path / "s.json", shot=2, simulate=fake_simulate)


def test_recorded_match_opens_at_every_shot_with_its_scores(data_dir):
    scores = [[0, 0], [1, 0], [1, 3], [2, 3]]
    with Recorder(data_dir, mode="snooker", players=["Ann", "Bob"]) as rec:
        for k, s in enumerate(scores):
            shot = make_shot(speed=1.0 + k)
            rec.record(shot, fake_simulate(shot), scores=s, player=k % 2)
    path = rec.session / "match.json"
    before = [(0, 0)] + [tuple(s) for s in scores[:-1]]
    for k in range(1, 5):
        opened = open_file(path, shot=k, simulate=fake_simulate)
        assert opened.kind == "match" and opened.number == k
        assert opened.scores == before[k - 1]
        assert opened.verified is True  # its replay file was found beside the match
        assert opened.replay["shot"]["strike"]["speed"] == 1.0 + (k - 1)
        assert opened.message.startswith(f"shot {k} of 4")
    with pytest.raises(BilliardError, match="shots 1 to 4"):
        open_file(path, shot=5, simulate=fake_simulate)


def test_match_without_its_replay_files_is_simulated(tmp_path):
    m = Match("8-ball", "pool-9ft", ("A",), (0,)).with_shot(MatchShot(make_shot(), (1,), 0, "gone.replay.json"))
    opened = open_file(m.save(tmp_path / "m.json"), simulate=fake_simulate)
    assert opened.verified is None and opened.scores == (0,)


@pytest.mark.parametrize("content, words", [
    ({"format": "billiard-replay/7"}, "version 'billiard-replay/7' is not supported"),
    ({"format": "billiard-shot/2"}, "shot file version"),
    ({"format": "something-else"}, "not a billiard shot, replay or match file"),
    ({"no": "format"}, "not a billiard"),
    ({"format": "billiard-replay/1", "shot": make_shot(), "samples": {"t": "x"}}, "samples"),
    ({"format": "billiard-replay/1", "samples": {}}, "no 'shot'"),
    ({"format": "billiard-match/1", "players": ["A"], "mode": "x", "shots": []}, "no shots"),
])
def test_wrong_files_give_one_clear_error(tmp_path, content, words):
    with pytest.raises(BilliardError, match=words):
        open_file(_write(tmp_path / "bad.json", content), simulate=fake_simulate)
