"""The published JSON Schemas are the typed definitions' output: a schema that no longer
matches its definition fails here (regenerate: ``python -m billiard.formats.schema``)."""
import json

import pytest

from billiard.formats import schema as gen
from billiard.formats.published import PUBLISHED
from billiard.formats.strike import Strike
from billiard.schemas import NAMES

jsonschema = pytest.importorskip("jsonschema")


def test_no_published_schema_is_stale():
    assert gen.stale(PUBLISHED) == [], "run: python -m billiard.formats.schema"
    assert {p.name for p in PUBLISHED} <= set(NAMES)


def test_a_changed_definition_makes_its_schema_stale(tmp_path):
    gen.write(PUBLISHED, tmp_path, say=lambda _: None)
    assert gen.stale(PUBLISHED, tmp_path) == []
    first = PUBLISHED[0]
    path = tmp_path / f"{first.name}.schema.json"
    data = json.loads(path.read_text())
    data["description"] += " (edited by hand)"
    path.write_text(json.dumps(data))
    assert gen.stale(PUBLISHED, tmp_path) == [first.name]
    assert gen.main(["--check"]) == 0


def test_the_strike_schema_accepts_what_the_decoder_accepts_and_rejects_its_ranges():
    p = next(p for p in PUBLISHED if p.kind is Strike)
    validator = jsonschema.Draft202012Validator(gen.generate(p))
    validator.check_schema(gen.generate(p))
    validator.validate({"ball": "cue", "speed": 2.0, "heading_deg": 30.0, "tip": [0.1, -0.2]})
    for bad in ({"speed": 16, "heading_deg": 0}, {"speed": 1, "heading_deg": 0, "elevation_deg": 90},
                {"speed": 1}, {"speed": 1, "heading_deg": 0, "cue": 1}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(bad)
