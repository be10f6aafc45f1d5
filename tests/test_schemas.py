"""The published JSON Schemas hold for every file the program writes and reads, and
reject what the loaders reject for shape (wrong format key, missing fields)."""

import json
import sys
from pathlib import Path

import pytest

import billiard
from billiard.app.script import load_script
from billiard.shot.matchfile import Match, MatchShot
from billiard.schemas import NAMES, schema

jsonschema = pytest.importorskip("jsonschema")
from referencing import Registry, Resource  # noqa: E402  (jsonschema's own dependency)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "replay"))
from replay_shots import make_shot  # noqa: E402


def _validator(name: str):
    registry = Registry().with_resources((f"{n}.schema.json", Resource.from_contents(schema(n))) for n in NAMES)
    registry = registry.with_resources((schema(n)["$id"], Resource.from_contents(schema(n))) for n in NAMES)
    cls = jsonschema.validators.validator_for(schema(name))
    cls.check_schema(schema(name))
    return cls(schema(name), registry=registry)


@pytest.mark.parametrize("path", sorted((ROOT / "assets" / "samples").glob("*.json")), ids=lambda p: p.name)
def test_sample_shots_and_their_replays_validate(path):
    data = json.loads(path.read_text())
    _validator("shot-1").validate(data)
    replay = billiard.simulate(data)
    _validator("replay-1").validate(json.loads(json.dumps(replay.to_dict())))


def test_match_file_validates(tmp_path):
    m = Match(mode="8-ball", table="pool-9ft", players=("Ann", "Bob"), start_scores=(0, 0))
    m = m.with_shot(MatchShot(make_shot(speed=2.0), (1, 0), player=0, replay="shot-001.replay.json"))
    m.save(tmp_path / "match.json")
    _validator("match-1").validate(json.loads((tmp_path / "match.json").read_text()))


def test_script_with_and_without_format_validates(tmp_path):
    script = {
        "mode": "practice",
        "duration": 2.0,
        "events": [
            {"t": 0.1, "type": "mouse_press", "x": 640, "y": 360, "button": "left"},
            {"t": 0.2, "type": "key_press", "symbol": "H"},
        ],
    }
    for data in (script, {"format": "billiard-script/1", **script}):
        _validator("script-1").validate(data)
        (tmp_path / "s.json").write_text(json.dumps(data))
        assert len(load_script(tmp_path / "s.json").events) == 2


@pytest.mark.parametrize(
    "name,bad",
    [
        ("shot-1", {"format": "billiard-shot/2", "table": "pool-9ft"}),
        ("shot-1", {"format": "billiard-shot/1", "table": "pool-9ft", "balls": [{"id": "cue"}]}),
        ("replay-1", {"format": "billiard-replay/1"}),
        ("match-1", {"format": "billiard-match/1", "mode": "9-ball", "players": [], "shots": []}),
        ("script-1", {"events": [{"t": -1, "type": "key_press"}]}),
    ],
)
def test_schemas_reject_wrong_shapes(name, bad):
    with pytest.raises(jsonschema.ValidationError):
        _validator(name).validate(bad)
