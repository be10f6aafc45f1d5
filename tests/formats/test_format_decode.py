"""Decoding validates: any broken rule of a typed format is one line naming the file, the
field and the rule (billiard.formats.decode), and a valid value comes back typed."""

import json

import msgspec
import pytest

from billiard.errors import BilliardError
from billiard.formats.decode import convert, decode, to_builtins
from billiard.formats.limits import ELEVATION_LIMIT_DEG, MAX_STRIKE_SPEED, MISCUE
from billiard.formats.strike import Strike


class Doc(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    strike: Strike
    balls: list[Strike] = []


GOOD = {"format": "x", "strike": {"ball": "cue", "speed": 2.0, "heading_deg": 30}}


def _with(path, value):
    data = json.loads(json.dumps(GOOD))
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is None:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, line",
    [
        (("strike", "speed"), MAX_STRIKE_SPEED + 1, f"shot.json: strike.speed: must be <= {MAX_STRIKE_SPEED:g} m/s"),
        (("strike", "speed"), 0, "shot.json: strike.speed: must be > 0 m/s"),
        (("strike", "speed"), "fast", "shot.json: strike.speed: must be a number, got a string"),
        (("strike", "speed"), None, "shot.json: strike.speed: is required"),
        (
            ("strike", "elevation_deg"),
            ELEVATION_LIMIT_DEG,
            f"shot.json: strike.elevation_deg: must be < {ELEVATION_LIMIT_DEG:g} degrees",
        ),
        (("strike", "tip"), [0.1], "shot.json: strike.tip: must be a list of 2 items"),
        (("strike", "tip"), [0.0, MISCUE + 0.1], f"shot.json: strike.tip[1]: must be <= {MISCUE:g} ball radii"),
        (("strike", "tip"), [0.5, 0.5], "shot.json: strike: tip [0.5, 0.5] is beyond the miscue limit"),
        (("strike", "ball"), "", "shot.json: strike.ball: must not be empty"),
        (("strike", "ball"), "a" * 33, "shot.json: strike.ball: must have at most 32 characters"),
        (("strike", "power"), 3, "shot.json: strike.power: is not a known field (known: speed, heading_deg, "),
        (("balls",), [{"speed": 1, "heading_deg": 0}, 4], "shot.json: balls[1]: must be an object, got an integer"),
        (("format",), None, "shot.json: format: is required"),
    ],
)
def test_a_broken_rule_is_one_line_naming_the_field_and_the_rule(path, value, line):
    data = _with(path, value)
    for attempt in (lambda: convert(data, Doc, "shot.json"), lambda: decode(json.dumps(data), Doc, "shot.json")):
        with pytest.raises(BilliardError) as info:
            attempt()
        text = str(info.value)
        assert text.startswith(line) and "\n" not in text, text


def test_broken_json_and_the_wrong_shape_are_one_line_too():
    with pytest.raises(BilliardError, match=r"^a.json is not valid JSON: Expecting ',' delimiter at line 1 column 15$"):
        decode(b'{"format": "x"', Doc, "a.json")
    with pytest.raises(BilliardError, match=r"^a.json is not a text file \(not UTF-8\)$"):
        decode(b"\xff\xfe", Doc, "a.json")
    with pytest.raises(BilliardError, match=r"^a.json: strike.speed: must be a finite number, got nan$"):
        decode(b'{"format": "x", "strike": {"speed": NaN, "heading_deg": 0}}', Doc, "a.json")
    with pytest.raises(BilliardError, match=r"^a.json: must be an object, got a list$"):
        decode(b"[1, 2]", Doc, "a.json")
    with pytest.raises(BilliardError, match=r"^strike.heading_deg: is not a finite number$"):
        decode(b'{"speed": 1, "heading_deg": 1e999}', Strike, at="strike")


def test_a_valid_document_comes_back_typed_and_round_trips():
    doc = convert(GOOD, Doc)
    assert doc.strike == Strike(2.0, 30.0, ball="cue") and doc.strike.tip == (0.0, 0.0)
    assert isinstance(doc.strike.heading_deg, float)
    assert decode(msgspec.json.encode(doc), Doc) == doc
    assert json.loads(json.dumps(to_builtins(doc.strike))) == {
        "speed": 2.0,
        "heading_deg": 30.0,
        "elevation_deg": 0.0,
        "tip": [0.0, 0.0],
        "ball": "cue",
    }
    assert doc.strike.to_dict() == {
        "ball": "cue",
        "speed": 2.0,
        "heading_deg": 30.0,
        "elevation_deg": 0.0,
        "tip": [0.0, 0.0],
    }  # the shot file's key order


def test_the_strike_checks_the_miscue_limit_even_when_built_in_python():
    assert Strike(1.0, 0.0, tip=(0.0, MISCUE)).tip == (0.0, MISCUE)
    with pytest.raises(ValueError, match="miscue"):
        Strike(1.0, 0.0, tip=(MISCUE, MISCUE))
    s = Strike(1.0, 10.0)
    assert s.ball is None and s.on("cue").ball == "cue" and s.replace(speed=2.0).speed == 2.0
