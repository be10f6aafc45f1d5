"""Issue 20: impossible input is refused with one line naming the ball or parameter (exit 2)."""

import json
import re

import numpy as np
import pytest

from billiard.cli import main
from billiard.errors import BilliardError
from billiard.physics.params import POOL
from billiard.shot.io import MAX_SHOT_BYTES, load
from billiard.shot.shotfile import Shot
from billiard.table import get_table


def _shot(balls, table="pool-9ft", params=None, strike_ball="cue"):
    out = {
        "format": "billiard-shot/1",
        "table": table,
        "balls": balls,
        "strike": {"ball": strike_ball, "speed": 2.0, "heading_deg": 0.0},
    }
    if params:
        out["params"] = params
    return out


def _in_jaw():
    """A centre in a corner pocket's mouth, beside the hole, 5-10 mm inside a jaw."""
    from billiard.table.audit import deepest_obstacle

    table = get_table("pool-9ft")
    p = table.pockets[0]
    r = POOL.ball_radius
    for ang in np.linspace(0, 2 * np.pi, 720, endpoint=False):
        xy = np.array(p.center) + (p.radius + 0.5 * r) * np.array([np.cos(ang), np.sin(ang)])
        name, depth = deepest_obstacle(table, (*xy, r), r)
        if name.startswith("jaw") and 0.005 < depth < 0.01:
            return [float(xy[0]), float(xy[1])]
    raise AssertionError("no such spot")


def test_a_ball_inside_a_jaw_is_refused():
    with pytest.raises(BilliardError, match=r"ball 'b1' at .* mm inside jaw-corner"):
        Shot.from_dict(_shot([{"id": "cue", "pos": [0.0, 0.0]}, {"id": "b1", "pos": _in_jaw()}]))


def test_a_ball_over_a_pocket_hole_is_refused():
    c = get_table("pool-9ft").pockets[0].center
    with pytest.raises(BilliardError, match=r"ball 'b1' .* over the hole of pocket"):
        Shot.from_dict(_shot([{"id": "cue", "pos": [0.0, 0.0]}, {"id": "b1", "pos": list(c)}]))


def test_a_ball_frozen_to_a_rail_is_accepted():
    from billiard.table.cushion import nose_setback

    t = get_table("pool-9ft")
    x = t.half_length - nose_setback(t.cushion_height, POOL.ball_radius)
    Shot.from_dict(_shot([{"id": "cue", "pos": [x, 0.0]}]))


def test_the_struck_ball_must_be_on_the_bed():
    with pytest.raises(BilliardError, match="strike 'ball' 'cue' is in the air"):
        Shot.from_dict(_shot([{"id": "cue", "pos": [0.0, 0.0, 0.1]}]))


def test_a_ball_placed_in_the_air_falls():
    import billiard

    replay = billiard.simulate(_shot([{"id": "cue", "pos": [-0.5, 0.0]}, {"id": "b1", "pos": [0.5, 0.2, 0.1]}]))
    assert replay.final["b1"].pos[2] == pytest.approx(POOL.ball_radius)
    assert any(e.type == "ball-bed" and e.balls == ("b1",) for e in replay.events)


@pytest.mark.parametrize(
    "name, value",
    [("ball_mass", 1e308), ("k_soft", 1e308), ("mu_slide", 50.0), ("cue_mass", 1e-9), ("g", 1e5), ("eps_group", 1.0)],
)
def test_parameters_outside_their_physical_range_are_refused(name, value):
    with pytest.raises(BilliardError, match=f"parameter '{name}' = .* outside its physical range"):
        POOL.with_overrides({name: value})


def test_cli_refuses_with_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "jaw.json"
    path.write_text(json.dumps(_shot([{"id": "cue", "pos": [0.0, 0.0]}, {"id": "b1", "pos": _in_jaw()}])))
    assert main(["simulate", str(path), "-o", str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "ball 'b1'" in err
    assert not (tmp_path / "out.json").exists()


def test_a_huge_shot_file_is_refused_before_parsing(tmp_path, monkeypatch):
    import billiard.shot.jsonfile as jsonfile

    path = tmp_path / "huge.json"
    balls = ",".join('{"id":"b%d","pos":[0,0]}' % k for k in range(60_000))
    path.write_text(
        '{"format":"billiard-shot/1","table":"pool-9ft","balls":['
        + balls
        + '],"strike":{"ball":"b0","speed":1,"heading_deg":0}}'
    )
    assert path.stat().st_size > MAX_SHOT_BYTES
    monkeypatch.setattr(jsonfile, "loads", lambda *a, **k: pytest.fail("parsed"))
    with pytest.raises(BilliardError, match="a shot file is at most 1024 KiB"):
        load(path)


def test_too_many_balls_are_refused_before_parsing(tmp_path, monkeypatch):
    import billiard.shot.jsonfile as jsonfile

    path = tmp_path / "many.json"
    balls = ",".join('{"id":"b%d","pos":[0,0]}' % k for k in range(65))
    path.write_text(
        '{"format":"billiard-shot/1","table":"pool-9ft","balls":['
        + balls
        + '],"strike":{"ball":"b0","speed":1,"heading_deg":0}}'
    )
    monkeypatch.setattr(jsonfile, "loads", lambda *a, **k: pytest.fail("parsed"))
    with pytest.raises(BilliardError, match="more than 64 balls"):
        load(path)


def _near_pocket(kind: str) -> list[float]:
    """A centre beside a pocket of pool-9ft, 1-10 mm inside an obstacle of ``kind``, not over the hole."""
    from billiard.table.audit import deepest_obstacle

    table, r = get_table("pool-9ft"), POOL.ball_radius
    for p in table.pockets:
        for ang in np.linspace(0, 2 * np.pi, 360, endpoint=False):
            for reach in (0.3, 0.8, 1.2):
                xy = np.array(p.center) + (p.radius + reach * r) * np.array([np.cos(ang), np.sin(ang)])
                name, depth = deepest_obstacle(table, (*xy, r), r)
                if name.startswith(kind) and 0.001 < depth < 0.01:
                    return [float(xy[0]), float(xy[1])]
    raise AssertionError(f"no spot inside a {kind}")


_CUE = {"id": "cue", "pos": [0.0, 0.0]}
_R = POOL.ball_radius
CLI_CASES = {
    "jaw": (lambda: _shot([_CUE, {"id": "b1", "pos": _near_pocket("jaw")}]), "ball 'b1' .* mm inside jaw-"),
    "liner": (lambda: _shot([_CUE, {"id": "b1", "pos": _near_pocket("liner")}]), "ball 'b1' .* mm inside liner-"),
    "point": (lambda: _shot([_CUE, {"id": "b1", "pos": _near_pocket("point")}]), "ball 'b1' .* mm inside point-"),
    "cushion": (
        lambda: _shot([_CUE, {"id": "b1", "pos": [2.54 / 2 - 0.5 * _R, 0.3]}]),
        "ball 'b1' .* outside the playing area .* mm inside cushion-right",
    ),
    "hole": (
        lambda: _shot([_CUE, {"id": "b1", "pos": list(get_table("pool-9ft").pockets[0].center)}]),
        "ball 'b1' .* over the hole of pocket",
    ),
    "ball": (lambda: _shot([_CUE, {"id": "b1", "pos": [2 * _R - 0.001, 0.0]}]), "balls 'cue' and 'b1' overlap"),
    "mass": (lambda: _shot([_CUE], params={"ball_mass": 1e308}), "parameter 'ball_mass' = 1e\\+308 is outside"),
    "k_soft": (lambda: _shot([_CUE], params={"k_soft": 1e308}), "parameter 'k_soft' = 1e\\+308 is outside"),
    "nan": (lambda: _shot([_CUE], params={"mu_slide": float("nan")}), "parameter 'mu_slide' .* nan"),
    "negative": (lambda: _shot([_CUE], params={"e_ball": -0.5}), "parameter 'e_ball' .* -0.5"),
    "pos-nan": (
        lambda: _shot([{"id": "cue", "pos": [float("nan"), 0.0]}]),
        "balls\\[0\\].pos\\[0\\]: must be a finite number, got nan",
    ),
    "rack-cue": (
        lambda: {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "rack": "9-ball",
            "cue": _near_pocket("jaw"),
            "strike": {"ball": "cue", "speed": 2.0, "heading_deg": 0.0},
        },
        r"cue ball at \(-?\d.*\) is off the bed",
    ),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_billiard_simulate_refuses_impossible_input_with_one_line_exit_2_nothing_written(case, tmp_path, capsys):
    make, pattern = CLI_CASES[case]
    path, out = tmp_path / "shot.json", tmp_path / "replay.json"
    path.write_text(json.dumps(make()))
    assert main(["simulate", str(path), "-o", str(out)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and captured.out == ""
    assert re.search(pattern, lines[0]), lines[0]
    assert "np.float64" not in lines[0]
    assert not out.exists()


@pytest.mark.parametrize("balls, pattern", [(60_000, "a shot file is at most 1024 KiB"), (65, "more than 64 balls")])
def test_billiard_simulate_refuses_huge_files_and_layouts_unparsed(balls, pattern, tmp_path, capsys, monkeypatch):
    import billiard.shot.jsonfile as jsonfile

    path, out = tmp_path / "big.json", tmp_path / "replay.json"
    listed = ",".join('{"id":"b%d","pos":[0,0]}' % k for k in range(balls))
    path.write_text(
        '{"format":"billiard-shot/1","table":"pool-9ft","balls":['
        + listed
        + '],"strike":{"ball":"b0","speed":1,"heading_deg":0}}'
    )
    monkeypatch.setattr(jsonfile, "loads", lambda *a, **k: pytest.fail("parsed"))
    assert main(["simulate", str(path), "-o", str(out)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and pattern in lines[0]
    assert not out.exists()
