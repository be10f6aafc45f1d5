import json

import pytest

from billiard.errors import BilliardError
from billiard.shot.matchfile import Match, MatchShot

from replay_shots import make_shot


def _match(n=4):
    m = Match(mode="8-ball", table="pool-9ft", players=("Ann", "Bob"), start_scores=(0, 0))
    scores = [(0, 0), (1, 0), (1, 0), (1, 2), (2, 2), (3, 2)]
    for k in range(n):
        m = m.with_shot(
            MatchShot(make_shot(speed=1.0 + k), scores[k], player=k % 2, replay=f"shot-{k + 1:03d}.replay.json")
        )
    return m


def test_saved_match_reopens_at_every_shot_with_the_right_scores(tmp_path):
    _match(5).save(tmp_path / "match.json")
    loaded = Match.load(tmp_path / "match.json")
    assert len(loaded) == 5 and loaded.players == ("Ann", "Bob")
    expected_before = [(0, 0), (0, 0), (1, 0), (1, 0), (1, 2)]
    for k in range(1, 6):
        pos = loaded.position(k)
        assert pos.number == k
        assert pos.scores == expected_before[k - 1]
        assert pos.shot["strike"]["speed"] == 1.0 + (k - 1)
        assert pos.player == (k - 1) % 2
    assert loaded.final_scores() == (2, 2)
    with pytest.raises(BilliardError, match="shots 1 to 5"):
        loaded.position(6)


def test_round_trip_is_stable(tmp_path):
    m = _match(3)
    assert Match.from_dict(json.loads(json.dumps(m.to_dict()))).to_dict() == m.to_dict()


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda d: d.update(format="billiard-match/9"), "format: must be 'billiard-match/1', got 'billiard-match/9'"),
        (lambda d: d.update(format="billiard-replay/1"), "format: must be 'billiard-match/1', got 'billiard-replay/1'"),
        (lambda d: d.update(players="Ann"), "players: must be a list, got a string"),
        (lambda d: d.update(shots={}), "shots: must be a list, got an object"),
        (
            lambda d: d["shots"][1].update(scores=[1]),
            "shots\\[1\\].scores: must hold one score per player \\(2\\), got 1",
        ),
        (
            lambda d: d["shots"][0].update(scores=[1, float("inf")]),
            "shots\\[0\\].scores\\[1\\]: must be a finite number, got inf",
        ),
        (
            lambda d: d["shots"][0].update(shot={"format": "x"}),
            "shots\\[0\\].shot.format: must be 'billiard-shot/1', got 'x'",
        ),
        (
            lambda d: d["shots"][1]["shot"]["strike"].update(speed=-1),
            "shots\\[1\\].shot.strike.speed: must be > 0 m/s, got -1",
        ),
        (lambda d: d["shots"][2].update(player=7), "shots\\[2\\].player: must be a player's index, 0 to 1, got 7"),
        (lambda d: d["shots"][0].update(replay="../../etc/passwd"), "shots\\[0\\].replay: must be a plain file name"),
        (lambda d: d["shots"][0].update(remark="hi"), "shots\\[0\\].remark: is not a known field"),
        (lambda d: d["shots"].__setitem__(0, 3), "shots\\[0\\]: must be an object, got an integer"),
        (lambda d: d.update(start_scores=[0, True]), "start_scores\\[1\\]: must be a number, got a boolean"),
    ],
)
def test_broken_matches_give_one_clear_error(mutate, words):
    d = _match(3).to_dict()
    mutate(d)
    with pytest.raises(BilliardError, match=words) as err:
        Match.from_dict(d)
    assert "\n" not in str(err.value) and str(err.value).startswith("match file: ")


def test_appending_wrong_scores_is_refused():
    with pytest.raises(BilliardError):
        _match(1).with_shot(MatchShot(make_shot(), (1, 2, 3)))
