"""Annex B obstacles in shot files (docs/physics.md "Obstacles"): parsed, validated, simulated,
saved in the replay and drawn; one sample of each kind ships in assets/samples/."""

from __future__ import annotations

import copy
import json

import pytest

import billiard
from billiard.cli import main
from billiard.errors import BilliardError
from billiard.physics.obstacles import Brick, Plane, PlanePortion, Sphere
from billiard.resources import resource_path
from billiard.shot.shotfile import Shot
from billiard.table import get_table
from billiard.table.file_obstacles import KIND, blocks

SAMPLES = {
    "obstacle-sphere.json": (Sphere, "post"),
    "obstacle-plane.json": (Plane, "corner-wall"),
    "obstacle-plane-portion.json": (PlanePortion, "fence"),
    "obstacle-brick.json": (Brick, "block"),
}


def sample(name: str) -> dict:
    return json.loads(resource_path("assets", "samples", name).read_text())


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_sample_hits_its_obstacle_and_the_replay_keeps_it(name, tmp_path):
    cls, ob_name = SAMPLES[name]
    shot = Shot.from_dict(sample(name))
    ob = next(o for o in shot.table.obstacles if o.name == ob_name)
    assert isinstance(ob, cls) and ob.kind == KIND
    replay = billiard.simulate(shot)
    hits = [e.info["cushion"] for e in replay.events if e.type == "ball-cushion"]
    assert hits[0] == ob_name
    path = tmp_path / "r.replay.json"
    replay.save(path)
    loaded = billiard.load(path)
    assert loaded.shot.table_spec["obstacles"] == sample(name)["table"]["obstacles"]
    assert ob in loaded.shot.table.obstacles
    assert billiard.simulate(loaded.shot).final == replay.final


def test_sphere_at_ball_height_sends_a_head_on_ball_straight_back():
    spec = {
        "length": 2.54,
        "width": 1.27,
        "obstacles": [{"kind": "sphere", "center": [0.3, 0.0, 0.028575], "radius": 0.05}],
    }
    shot = Shot.from_dict(
        {
            "format": "billiard-shot/1",
            "table": spec,
            "balls": [{"id": "cue", "pos": [-0.5, 0.0]}],
            "strike": {"ball": "cue", "speed": 1.0, "heading_deg": 0.0},
        }
    )
    replay = billiard.simulate(shot)
    hit = next(e for e in replay.events if e.type == "ball-cushion")
    assert hit.info["cushion"] == "obstacle-0" and hit.info["kind"] == KIND
    assert replay.final["cue"].pos[0] < 0.3 - 0.05 - 0.028575
    assert abs(replay.final["cue"].pos[1]) < 1e-9


def test_blocks_sees_overlap_inside_and_behind():
    sphere = Sphere((0.0, 0.0, 0.0), 0.1, "s", KIND)
    assert blocks(sphere, (0.12, 0, 0), 0.03) and not blocks(sphere, (0.14, 0, 0), 0.03)
    plane = Plane((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), "p", KIND)
    assert blocks(plane, (-1.0, 0, 0), 0.03) and not blocks(plane, (0.05, 0, 0), 0.03)
    brick = Brick((0.0, 0.0, 1.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0), 1.0, 1.0, 1.0, "b", KIND)
    assert blocks(brick, (0.5, 0.5, 0.5), 0.03) and not blocks(brick, (0.5, 0.5, 1.05), 0.03)


BAD = [
    ({"kind": "cone"}, "table.obstacles[0].kind: must be one of sphere, plane, plane_portion, brick, got 'cone'"),
    ({"kind": "sphere", "radius": 0.1}, "table.obstacles[0].center: is required"),
    ({"kind": "sphere", "center": [0, 0, 0.1], "radius": -1}, "table.obstacles[0].radius: must be >= 0.001 m, got -1"),
    (
        {"kind": "sphere", "center": [0, 0, 0.1], "radius": 0.1, "colour": "red"},
        "table.obstacles[0].colour: is not a known field (known: kind, name, center, radius)",
    ),
    ({"kind": "plane", "point": [0, 0, 0], "normal": [0, 0, 0]}, "must not be the zero vector"),
    (
        {
            "kind": "brick",
            "origin": [0, 0, 0],
            "normal": [0, 0, 1],
            "along": [0, 1, 1],
            "length": 0.1,
            "width": 0.1,
            "height": 0.1,
        },
        "perpendicular",
    ),
    (
        {
            "kind": "plane_portion",
            "origin": [0, 0, "x"],
            "normal": [0, 0, 1],
            "along": [1, 0, 0],
            "length": 0.1,
            "width": 0.1,
        },
        "table.obstacles[0].origin[2]: must be a number, got a string",
    ),
    ("sphere", "table.obstacles[0]: must be an object, got a string"),
]


@pytest.mark.parametrize("item, message", BAD)
def test_bad_obstacles_are_one_line_errors(item, message):
    with pytest.raises(BilliardError) as err:
        get_table({"length": 2.54, "width": 1.27, "obstacles": [item]})
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_ball_inside_an_obstacle_is_rejected_and_the_cli_exits_2(tmp_path, capsys):
    data = sample("obstacle-brick.json")
    data["balls"][1]["pos"] = [0.45, 0.0]  # inside the block
    with pytest.raises(BilliardError, match="overlaps table obstacle 'block'"):
        Shot.from_dict(copy.deepcopy(data))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = tmp_path / "out.replay.json"
    assert main(["simulate", str(path), "-o", str(out)]) == 2
    assert "overlaps table obstacle" in capsys.readouterr().err
    assert not out.exists()
