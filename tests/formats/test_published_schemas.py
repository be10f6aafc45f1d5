"""The published JSON Schemas are the typed definitions' output: a schema that no longer
matches its definition fails here (regenerate: ``python -m billiard.schemas``)."""

import json

import pytest

from billiard.formats import schema as gen
from billiard.schemas.__main__ import main
from billiard.schemas.published import PUBLISHED
from billiard.formats.strike import Strike
from billiard.schemas import NAMES
from billiard.net.messages import PROTOCOL

jsonschema = pytest.importorskip("jsonschema")


def test_no_published_schema_is_stale():
    assert gen.stale(PUBLISHED) == [], "run: python -m billiard.schemas"
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
    assert main(["--check"]) == 0


def test_the_strike_schema_accepts_what_the_decoder_accepts_and_rejects_its_ranges():
    p = next(p for p in PUBLISHED if p.kind is Strike)
    validator = jsonschema.Draft202012Validator(gen.generate(p))
    validator.check_schema(gen.generate(p))
    validator.validate({"ball": "cue", "speed": 2.0, "heading_deg": 30.0, "tip": [0.1, -0.2]})
    for bad in (
        {"speed": 16, "heading_deg": 0},
        {"speed": 1, "heading_deg": 0, "elevation_deg": 90},
        {"speed": 1},
        {"speed": 1, "heading_deg": 0, "cue": 1},
    ):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(bad)


def test_the_network_schemas_accept_what_the_codec_sends_and_refuse_other_kinds():
    import msgspec

    from billiard.net.messages import Chat, Error, Ping, Pong

    by_name = {p.name: jsonschema.Draft202012Validator(gen.generate(p)) for p in PUBLISHED}
    client, server = by_name[f"net-client-{PROTOCOL}"], by_name[f"net-server-{PROTOCOL}"]
    for message in (Ping(1.5), Chat("good shot")):
        client.validate(msgspec.json.decode(msgspec.json.encode(message)))
    for message in (Pong(1.5), Error("room full")):
        server.validate(msgspec.json.decode(msgspec.json.encode(message)))
    with pytest.raises(jsonschema.ValidationError):
        client.validate({"type": "pong", "t": 1.0})  # a server's message is no client's
    with pytest.raises(jsonschema.ValidationError):
        client.validate({"type": "chat", "text": ""})
