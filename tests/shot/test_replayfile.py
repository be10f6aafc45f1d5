"""Replay files: save/load round trip and hostile files refused with one clear line."""

import json

import numpy as np
import pytest

import billiard
from billiard.errors import BilliardError
from billiard.physics.events import Event
from billiard.shot.replayfile import FinalBall, Replay
from billiard.shot.shotfile import Shot

R = 0.028575


def make_replay() -> Replay:
    """A small hand-made replay (no engine needed): 3 samples of 2 balls."""
    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": {"length": 2.54, "width": 1.27},
            "balls": [{"id": "cue", "pos": [-0.6, 0.0]}, {"id": "1", "pos": [0.6, 0.0]}],
            "strike": {"ball": "cue", "speed": 2.0, "heading_deg": 0.0},
        }
    )
    t = np.arange(3) / 60
    pos = {"cue": np.array([[-0.6, 0, R], [-0.57, 0, R], [-0.54, 0.001, R]]), "1": np.array([[0.6, 0, R]] * 3)}
    quat = {b: np.tile([1.0, 0, 0, 0], (3, 1)) for b in pos}
    events = (
        Event(0.0, "strike", ("cue",), {"speed": 2.0, "tip": [0.0, 0.0]}),
        Event(0.03, "state", ("cue",), {"from": "sliding", "to": "rolling"}),
        Event(0.04, "ball-cushion", ("1",), {"cushion": "cushion-top", "speed": 1, "kind": "cushion"}),
    )
    final = {"cue": FinalBall((-0.54, 0.001, R), "rolling"), "1": FinalBall((0.6, 0.0, R), "rest", None)}
    return Replay("billiard test", shot, shot.params, 60, events, t, pos, quat, final)


def test_layout_is_the_contract():
    d = make_replay().to_dict()
    assert list(d) == ["format", "engine", "shot", "table", "params", "fps", "events", "samples", "final"]
    assert d["format"] == "billiard-replay/1"
    assert d["table"] == {"length": 2.54, "width": 1.27}
    assert set(d["params"]) >= {"mu_slide", "e_ball", "dt", "max_time"}
    assert d["samples"]["balls"]["cue"]["pos"][1] == [-0.57, 0.0, R]
    assert d["samples"]["balls"]["1"]["quat"][0] == [1.0, 0.0, 0.0, 0.0]
    assert d["final"]["1"] == {"pos": [0.6, 0.0, R], "state": "rest", "pocket": None}
    assert d["events"][0] == {"t": 0.0, "type": "strike", "balls": ["cue"], "speed": 2.0, "tip": [0.0, 0.0]}


def test_save_then_load_gives_an_equal_replay(tmp_path):
    replay = make_replay()
    path = tmp_path / "r.json"
    replay.save(path)
    loaded = billiard.load(path)
    assert isinstance(loaded, Replay)
    assert loaded == replay
    assert loaded.to_dict() == replay.to_dict()
    again = tmp_path / "again.json"
    billiard.save(loaded, again)
    assert again.read_bytes() == path.read_bytes()
    assert Replay.load(path) == replay


def test_a_changed_replay_is_not_equal():
    a, b = make_replay(), make_replay()
    b.pos["cue"][2, 0] += 1e-12
    assert a != b


def test_shot_files_load_and_save_too(tmp_path):
    shot = make_replay().shot
    billiard.save(shot, tmp_path / "s.json")
    assert billiard.load(tmp_path / "s.json") == shot
    with pytest.raises(BilliardError, match="s.json: format: must be 'billiard-replay/1', got 'billiard-shot/1'"):
        Replay.load(tmp_path / "s.json")


def mutate(fn):
    d = make_replay().to_dict()
    fn(d)
    return d


def _set(d, path, value):
    for key in path[:-1]:
        d = d[key]
    d[path[-1]] = value


HOSTILE = [
    (lambda d: _set(d, ["format"], "billiard-replay/2"), "unknown file format 'billiard-replay/2'"),
    (lambda d: d.pop("samples"), "samples: is required"),
    (
        lambda d: _set(d, ["virus"], 1),
        "virus: is not a known field (known: format, engine, shot, table, params, fps, events, samples, final)",
    ),
    (lambda d: _set(d, ["engine"], 12), "engine: must be a string, got an integer"),
    (lambda d: _set(d, ["fps"], "60"), "fps: must be an integer, got a string"),
    (lambda d: _set(d, ["fps"], 10**9), "fps: must be <= 240, got 1e+09"),
    (lambda d: _set(d, ["table"], "carom"), "differs from its shot's table"),
    (lambda d: _set(d, ["shot", "balls"], "x"), "shot.balls: must be a list, got a string"),
    (lambda d: d["params"].pop("mu_slide"), "params.mu_slide: is required"),
    (lambda d: _set(d, ["params", "e_ball"], 7.0), "parameter 'e_ball' must lie in [0, 1]"),
    (lambda d: _set(d, ["samples"], [1]), "samples: must be an object, got a list"),
    (lambda d: _set(d, ["samples", "t"], [0, 1, 2]), "samples.t: must be 0, 1/fps, 2/fps, ... (fps = 60)"),
    (lambda d: _set(d, ["samples", "t"], []), "samples.t: must have at least 1 item"),
    (lambda d: _set(d, ["samples", "t"], [0.0] * 3_000_000), "samples.t: must have at most 2000000 items"),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "pos"], [[0, 0, 0]] * 2),
        "samples.balls.cue.pos: must have 3 samples (one per time in samples.t), got 2",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "pos"], [[0, 0]] * 3),
        "samples.balls.cue.pos[0]: must be a list of 3 items",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "quat"], [[1, 0, 0, 0]] * 2),
        "samples.balls.cue.quat: must have 3 samples (one per time in samples.t), got 2",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "quat"], [[1, 0, 0, "x"]] * 3),
        "samples.balls.cue.quat[0][3]: must be a number, got a string",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "quat"], [[1, 0, 0, [0]]] * 3),
        "samples.balls.cue.quat[0][3]: must be a number, got a list",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "pos"], [[0, 0, float("nan")]] * 3),
        "samples.balls.cue.pos[0][2]: must be a finite number, got nan",
    ),
    (
        lambda d: _set(d, ["samples", "balls", "cue", "pos"], [[0, 0, 1e300]] * 3),
        "samples.balls.cue.pos[0][2]: must be <= 1000, got 1e+300",
    ),
    (lambda d: d["samples"]["balls"].pop("1"), "must list exactly the shot's balls"),
    (
        lambda d: _set(d, ["final", "cue", "state"], "flying"),
        "final.cue.state: must be one of rest, spinning, sliding, rolling, airborne, pocketed, got 'flying'",
    ),
    (lambda d: _set(d, ["final", "cue", "pos"], None), "final.cue.pos: must be a list, got null"),
    (lambda d: _set(d, ["final", "ghost"], d["final"]["cue"]), "final: must list exactly the shot's balls"),
    (lambda d: _set(d, ["events"], {"t": 0}), "events: must be a list, got an object"),
    (
        lambda d: _set(d, ["events", 0, "type"], "explosion"),
        "events[0].type: must be one of strike, ball-ball, ball-cushion, ball-pocket, ball-bed, state, got 'explosion'",
    ),
    (lambda d: _set(d, ["events", 1, "t"], -1.0), "events[1].t: must be a number in [0, 1e6] (s), got -1.0"),
    (lambda d: _set(d, ["events", 1, "balls"], ["ghost"]), "events[1].balls: must list ids of the replay's balls"),
    (lambda d: d["events"][2].pop("balls"), "events[2].balls: is required"),
    (
        lambda d: _set(d, ["events", 2, "speed"], {"a": 1}),
        "events[2].speed: must be true or false, an integer, a number, a string or a list, got an object",
    ),
    (lambda d: _set(d, ["events", 2, "speed"], float("inf")), "events[2].speed: must be a finite number, got inf"),
]


@pytest.mark.parametrize("fn, message", HOSTILE, ids=[m for _, m in HOSTILE])
def test_hostile_replays_are_refused_with_one_line(tmp_path, fn, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(mutate(fn)))
    with pytest.raises(BilliardError) as info:
        billiard.load(path)
    assert message in str(info.value)
    assert str(info.value).startswith(str(path))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "is not valid JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text file"),
        (b"[1, 2]", "does not hold a JSON object"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"format": "billiard-shot/1"', "is not valid JSON"),
        (b'{"format": "chess/1"}', "unknown file format"),
    ],
)
def test_broken_files_are_refused_with_one_line(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(BilliardError, match=message):
        billiard.load(path)


def test_truncated_replay_is_refused(tmp_path):
    path = tmp_path / "r.json"
    make_replay().save(path)
    data = path.read_bytes()
    for cut in (1, len(data) // 3, len(data) - 2):
        path.write_bytes(data[:cut])
        with pytest.raises(BilliardError, match="is not valid JSON"):
            billiard.load(path)


def test_missing_file_and_oversized_file(tmp_path, monkeypatch):
    with pytest.raises(BilliardError, match="cannot read .*No such file"):
        billiard.load(tmp_path / "nope.json")
    from billiard.shot import jsonfile

    monkeypatch.setattr(jsonfile, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    make_replay().save(path)
    with pytest.raises(BilliardError, match="larger than"):
        jsonfile.read(path, max_bytes=100)
