"""Shot files: parsing, round trip, and one clear message for each kind of bad input."""

import copy
import math

import pytest

from billiard.errors import BilliardError
from billiard.shot.shotfile import Shot

R = 0.028575  # pool ball radius (custom tables use pool balls)


def good() -> dict:
    return {
        "format": "billiard-shot/1",
        "table": {"length": 2.54, "width": 1.27},
        "params": {"mu_slide": 0.25},
        "balls": [
            {"id": "cue", "pos": [-0.6, 0.0]},
            {"id": "1", "pos": [0.6, 0.0, R], "vel": [0.1, 0.0], "omega": [0.0, 0.0, 3.0]},
        ],
        "strike": {"ball": "cue", "speed": 2.0, "heading_deg": 0.0, "elevation_deg": 5.0, "tip": [0.1, -0.2]},
    }


def test_parses_a_good_shot():
    shot = Shot.from_dict(good())
    assert shot.ball_ids == ("cue", "1")
    assert shot.params.mu_slide == 0.25 and shot.params.ball_radius == R
    assert shot.table.length == 2.54
    assert shot.balls[0].position(R) == (-0.6, 0.0, R)
    assert shot.balls[1].velocity() == (0.1, 0.0, 0.0)
    assert shot.strike.tip == (0.1, -0.2)


def test_round_trips_through_to_dict():
    shot = Shot.from_dict(good())
    again = Shot.from_dict(shot.to_dict())
    assert again == shot
    assert again.to_dict() == shot.to_dict()
    assert shot.to_dict()["balls"][0] == {"id": "cue", "pos": [-0.6, 0.0]}


def test_defaults_for_optional_strike_fields():
    data = good()
    del data["strike"]["elevation_deg"], data["strike"]["tip"], data["params"]
    shot = Shot.from_dict(data)
    assert shot.strike.elevation_deg == 0.0 and shot.strike.tip == (0.0, 0.0)
    assert shot.params.mu_slide == 0.2


def test_preset_follows_the_table_ball_set():
    data = good()
    data["table"] = "carom"
    data["balls"] = [{"id": "white", "pos": [0.0, 0.0]}, {"id": "red", "pos": [0.5, 0.0]}]
    data["strike"]["ball"] = "white"
    assert Shot.from_dict(data).params.ball_radius == 0.03075


def edit(path, value):
    """A copy of the good shot with one field set (``value`` None deletes it)."""
    data = good()
    *parents, last = path
    node = data
    for key in parents:
        node = node[key]
    if value is None:
        del node[last]
    else:
        node[last] = value
    return data


BAD = [
    (edit(["format"], "billiard-shot/9"), "format: must be 'billiard-shot/1', got 'billiard-shot/9'"),
    (edit(["format"], None), "format: is required"),
    (edit(["extra"], 1), "extra: is not a known field (known: format, table, strike,"),
    (edit(["table"], "pool-42ft"), "unknown table 'pool-42ft'"),
    (edit(["table"], 7), "table: must be a string or an object, got an integer"),
    (edit(["strike"], None), "strike: is required"),
    (edit(["balls"], []), "balls: must have at least 1 item"),
    (edit(["balls"], {"id": "cue"}), "balls: must be a list, got an object"),
    (edit(["balls", 1, "id"], "cue"), "duplicate ball id 'cue'"),
    (edit(["balls", 1, "pos"], [-0.6 + 0.05, 0.0]), "balls 'cue' and '1' overlap"),
    (edit(["balls", 1, "pos"], [1.3, 0.0]), "ball '1' at (1.3, 0) is outside the playing area"),
    (edit(["balls", 1, "pos"], [0.0, 0.63]), "ball '1' at (0, 0.63) is outside the playing area"),
    (edit(["balls", 1, "pos"], [0.0, 0.0, 0.01]), "ball '1' height z = 0.01"),
    (edit(["balls", 1, "pos"], [float("nan"), 0.0]), "balls[1].pos[0]: must be a finite number, got nan"),
    (edit(["balls", 1, "pos"], [float("inf"), 0.0]), "balls[1].pos[0]: must be a finite number, got inf"),
    (edit(["balls", 1, "pos"], [1e300, 0.0]), "balls[1].pos[0]: must be <= 100 m, got 1e+300"),
    (edit(["balls", 1, "pos"], ["0", 0.0]), "balls[1].pos[0]: must be a number, got a string"),
    (edit(["balls", 1, "pos"], [0.0]), "balls[1].pos: must have at least 2 items"),
    (edit(["balls", 1, "pos"], [True, 0.0]), "balls[1].pos[0]: must be a number, got a boolean"),
    (edit(["balls", 1, "vel"], [99.0, 0.0]), "balls[1].vel[0]: must be <= 15 m/s, got 99"),
    (edit(["balls", 1, "omega"], [0.0, 0.0]), "balls[1].omega: must be a list of 3 items"),
    (edit(["balls", 1, "spin"], 1), "balls[1].spin: is not a known field (known: id, pos, vel, omega)"),
    (edit(["balls", 1, "id"], ""), "balls[1].id: must not be empty"),
    (edit(["balls", 1, "id"], 5), "balls[1].id: must be a string, got an integer"),
    (edit(["balls", 1], "ball"), "balls[1]: must be an object, got a string"),
    (edit(["strike", "ball"], "8"), "strike 'ball' '8' is not one of the balls"),
    (edit(["strike", "speed"], -1.0), "strike.speed: must be > 0 m/s"),
    (edit(["strike", "speed"], 0.0), "strike.speed: must be > 0 m/s"),
    (edit(["strike", "speed"], 1e9), "strike.speed: must be <= 15 m/s"),
    (edit(["strike", "speed"], float("nan")), "strike.speed: must be a finite number, got nan"),
    (edit(["strike", "speed"], "2"), "strike.speed: must be a number, got a string"),
    (edit(["strike", "speed"], True), "strike.speed: must be a number, got a boolean"),
    (edit(["strike", "speed"], None), "strike.speed: is required"),
    (edit(["strike", "ball"], None), "strike.ball: is required"),
    (edit(["strike", "tip"], [0.1]), "strike.tip: must be a list of 2 items"),
    (edit(["strike", "tip"], [0.5, 0.5]), "beyond the miscue limit"),
    (edit(["strike", "elevation_deg"], 120), "strike.elevation_deg: must be < 90 degrees"),
    (edit(["strike", "power"], 1), "strike.power: is not a known field (known: speed, heading_deg"),
    (edit(["params", "mu_slide"], -0.1), "parameter 'mu_slide' must be a finite number >= 0"),
    (edit(["params", "friction"], 0.1), "unknown parameter 'friction'"),
    (edit(["params"], [1]), "params: must be an object, got a list"),
]


@pytest.mark.parametrize("data, message", BAD, ids=[m for _, m in BAD])
def test_bad_input_gives_one_clear_message(data, message):
    with pytest.raises(BilliardError) as info:
        Shot.from_dict(data)
    text = str(info.value)
    assert message in text
    assert "\n" not in text


def test_touching_balls_and_a_ball_frozen_to_the_cushion_are_allowed():
    data = good()
    data["balls"][1]["pos"] = [-0.6 + 2 * R, 0.0]
    Shot.from_dict(data)
    # frozen to the cushion: the nose is above the centre, so the centre is closer than R
    table = Shot.from_dict(good()).table
    setback = math.sqrt(R**2 - (table.cushion_height - R) ** 2)
    data["balls"][1]["pos"] = [1.27 - setback, 0.0]
    Shot.from_dict(data)
    data["balls"][1]["pos"] = [1.27 - setback + 1e-6, 0.0]
    with pytest.raises(BilliardError, match="outside the playing area"):
        Shot.from_dict(data)


def test_the_input_dict_is_not_shared():
    data = good()
    shot = Shot.from_dict(data)
    data["table"]["length"] = 3.0
    assert shot.to_dict()["table"]["length"] == 2.54
    assert copy.deepcopy(shot) == shot


def rack_shot(**extra) -> dict:
    return {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "rack": "9-ball",
        **extra,
        "strike": {"ball": "cue", "speed": 8.0, "heading_deg": 0.0},
    }


def test_rack_shot_resolves_its_layout_and_round_trips():
    shot = Shot.from_dict(rack_shot(cue=[-0.7, 0.1], seed=5))
    assert shot.balls == ()
    assert shot.ball_ids[0] == "cue" and sorted(shot.ball_ids[1:], key=int) == [str(k) for k in range(1, 10)]
    assert shot.layout[0].position(R) == (-0.7, 0.1, R)
    assert shot.to_dict() == rack_shot(cue=[-0.7, 0.1], seed=5) | {"strike": shot.strike.to_dict()}
    assert Shot.from_dict(shot.to_dict()) == shot
    # the seed shuffles the rack; the same seed gives the same rack
    other = Shot.from_dict(rack_shot(seed=6))
    assert [b.pos for b in Shot.from_dict(rack_shot(seed=5)).layout[1:]] == [b.pos for b in shot.layout[1:]]
    assert [b.pos for b in other.layout] != [b.pos for b in shot.layout]


@pytest.mark.parametrize(
    "data, message",
    [
        (rack_shot(balls=[{"id": "cue", "pos": [0, 0]}]), "either 'balls' or 'rack' (not both)"),
        ({k: v for k, v in good().items()} | {"seed": 3}, "'cue' and 'seed' go with 'rack'"),
        ({k: v for k, v in rack_shot().items() if k != "rack"}, "either 'balls' or 'rack'"),
        (rack_shot() | {"rack": "15-ball"}, "unknown rack '15-ball'"),
        (rack_shot(seed=-1), "seed: must be >= 0, got -1"),
        (rack_shot(seed=1.5), "seed: must be an integer, got a number"),
        (rack_shot(cue=[0.0]), "cue: must be a list of 2 items"),
        (rack_shot(cue=[float("nan"), 0.0]), "cue[0]: must be a finite number, got nan"),
        (rack_shot(cue=[0.0, 2.0]), "is off the bed"),
        (rack_shot(cue=[0.635, 0.0]), "overlaps a racked ball"),
        (
            rack_shot() | {"strike": {"ball": "white", "speed": 2.0, "heading_deg": 0.0}},
            "'white' is not one of the balls",
        ),
    ],
)
def test_bad_rack_shots(data, message):
    with pytest.raises(BilliardError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        Shot.from_dict(data)


def test_a_ball_hanging_in_a_pocket_mouth_is_on_the_table():
    data = good() | {"table": "pool-9ft"}
    data["balls"][1] = {"id": "1", "pos": [0.0, 0.625]}  # side pocket lip, beyond the nose line
    assert Shot.from_dict(data).layout[1].pos == (0.0, 0.625)
    data["balls"][1] = {"id": "1", "pos": [0.3, 0.625]}  # same depth along the cushion: outside
    with pytest.raises(BilliardError, match="outside the playing area"):
        Shot.from_dict(data)


def test_a_layout_may_say_what_is_on_for_the_rules_and_it_round_trips():
    data = good() | {"rules": {"on": "solids"}}
    shot = Shot.from_dict(data)
    assert shot.rules_on == "solids" and shot.to_dict()["rules"] == {"on": "solids"}
    assert Shot.from_dict(shot.to_dict()) == shot and "rules" not in Shot.from_dict(good()).to_dict()
    with pytest.raises(
        BilliardError,
        match=r"^rules.on: must be one of 'colour', 'open', 'red', 'solids', "
        r"'stripes', got 'blue'$",
    ):
        Shot.from_dict(good() | {"rules": {"on": "blue"}})
