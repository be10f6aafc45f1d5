import json

import pytest

from billiard.errors import BilliardError
from billiard.replay import Match, MatchShot, Recorder, open_file
from billiard.replay import source
from billiard.replay.source import load_any

from replay_shots import make_shot, replay_of


def _write(path, obj):
    path.write_text(json.dumps(obj))
    return path


def test_replay_that_re_simulates_exactly_is_verified(tmp_path):
    replay_of(make_shot()).save(tmp_path / "a.replay.json")
    opened = open_file(tmp_path / "a.replay.json")
    assert opened.kind == "replay" and opened.verified is True
    assert opened.message == "replayed exactly as it was played"
    assert opened.replay == replay_of(make_shot())
    assert opened.playback.duration == pytest.approx(opened.replay.duration)


def test_replay_from_another_engine_plays_the_recorded_samples(tmp_path):
    data = replay_of(make_shot()).to_dict()
    data["engine"] = "billiard 0.0.1"
    data["final"]["white"]["pos"][0] += 1e-12  # one bit of difference is enough
    opened = open_file(_write(tmp_path / "old.replay.json", data))
    assert opened.verified is False
    assert "differs" in opened.message and "billiard 0.0.1" in opened.message
    assert opened.replay.engine == "billiard 0.0.1"
    assert opened.replay.final["white"].pos[0] == data["final"]["white"]["pos"][0]


def test_replay_that_cannot_be_re_simulated_here_still_plays(tmp_path, monkeypatch):
    def refuse(shot, fps=60):
        raise BilliardError("engine refuses")

    replay_of(make_shot()).save(tmp_path / "a.json")
    monkeypatch.setattr(source, "simulate", refuse)
    opened = open_file(tmp_path / "a.json")
    assert opened.verified is False and "engine refuses" in opened.message
    assert opened.replay == replay_of(make_shot())


def test_shot_file_is_simulated_and_load_any_gives_its_replay(tmp_path):
    path = _write(tmp_path / "s.json", make_shot(speed=0.7))
    opened = open_file(path)
    assert opened.kind == "shot" and opened.verified is None
    assert opened.replay == replay_of(make_shot(speed=0.7))
    assert load_any(path) == replay_of(make_shot(speed=0.7))
    with pytest.raises(BilliardError, match="only applies to a match"):
        open_file(path, shot=2)


def test_recorded_match_opens_at_every_shot_with_its_scores(data_dir):
    scores = [[0, 0], [1, 0], [1, 3], [2, 3]]
    with Recorder(data_dir, mode="three-cushion", players=["Ann", "Bob"]) as rec:
        for k, s in enumerate(scores):
            shot = make_shot(speed=0.5 + 0.1 * k)
            rec.record(shot, replay_of(shot), scores=s, player=k % 2)
    path = rec.session / "match.json"
    before = [(0, 0)] + [tuple(s) for s in scores[:-1]]
    for k in range(1, 5):
        opened = open_file(path, shot=k)
        assert opened.kind == "match" and opened.number == k
        assert opened.scores == before[k - 1]
        assert opened.verified is True  # its replay file was found beside the match
        assert opened.replay == replay_of(make_shot(speed=0.5 + 0.1 * (k - 1)))
        assert opened.message.startswith(f"shot {k} of 4")
        assert load_any(path, shot=k) == opened.replay
    with pytest.raises(BilliardError, match="shots 1 to 4"):
        open_file(path, shot=5)


def test_match_without_its_replay_files_is_simulated(tmp_path):
    m = Match("8-ball", "carom", ("A",), (0,)).with_shot(MatchShot(make_shot(), (1,), 0, "gone.replay.json"))
    m.save(tmp_path / "m.json")
    opened = open_file(tmp_path / "m.json")
    assert opened.verified is None and opened.scores == (0,)


HOSTILE = {
    "empty": b"",
    "truncated": json.dumps(make_shot()).encode()[:-20],
    "binary": b"\xff\xfe\x00\x01garbage",
    "array": b"[1, 2, 3]",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "future": json.dumps({"format": "billiard-replay/7"}).encode(),
    "old-shot": json.dumps({"format": "billiard-shot/0"}).encode(),
    "alien": json.dumps({"format": "something-else"}).encode(),
    "no-format": json.dumps({"balls": []}).encode(),
    "bad-samples": json.dumps({**replay_of(make_shot()).to_dict(), "samples": {"t": "x", "balls": {}}}).encode(),
    "nan": json.dumps(replay_of(make_shot()).to_dict()).replace("0.03075", "NaN", 1).encode(),
    "empty-match": json.dumps({"format": "billiard-match/1", "players": ["A"], "mode": "x", "shots": []}).encode(),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_broken_or_hostile_files_give_one_clear_error(tmp_path, name):
    path = tmp_path / "bad.json"
    path.write_bytes(HOSTILE[name])
    with pytest.raises(BilliardError) as err:
        open_file(path)
    message = str(err.value)
    assert "\n" not in message and len(message) < 400
    assert str(path) in message


def test_replay_from_an_engine_with_other_parameters_still_opens(tmp_path):
    data = replay_of(make_shot()).to_dict()
    data["engine"] = "billiard 0.0.1"
    missing = next(iter(data["params"]))
    del data["params"][missing]
    data["params"]["mu_from_the_future"] = 0.5
    opened = open_file(_write(tmp_path / "old.replay.json", data))
    assert opened.replay.final == replay_of(make_shot()).final
    assert opened.verified is True and "parameters differ" in opened.message and missing in opened.message
    data["params"] = "broken"
    with pytest.raises(BilliardError, match="params"):
        open_file(_write(tmp_path / "bad.replay.json", data))
