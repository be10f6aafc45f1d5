"""Every message is validated like a file: size, JSON, NaN, types, ranges, unknown fields."""

import json

import pytest

from billiard import __version__
from billiard.net.codec import MAX_MESSAGE_BYTES, ProtocolError, decode_client, decode_server, encode
from billiard.formats.strike import Strike
from billiard.net.messages import PROTOCOL, Chat, Hello, Ping, Welcome


def _strike(**kw):
    s = {"ball": "cue", "speed": 2.0, "heading_deg": 10.0}
    s.update(kw)
    return s


def _shot(strike):
    end = {
        "balls": [["cue", [0.0, 0.0, 0.028575], 0, None]],
        "pocketed": [],
        "in_hand": None,
        "turn": 1,
        "game_over": False,
        "winner": None,
        "rules": {"turn": 1},
    }
    return json.dumps({"type": "shot", "strike": strike, "start_hash": "a" * 64, "end": end, "end_hash": "b" * 64})


def test_round_trip_keeps_every_field():
    hello = Hello(PROTOCOL, __version__, "player", room="club-7", create=True, name="Ann", mode="8-ball", seed=12)
    assert decode_client(encode(hello)) == hello
    assert decode_client(_shot(_strike())).strike == Strike(2.0, 10.0, ball="cue")
    welcome = Welcome("club-7", 0, "tok", "8-ball", "pool-9ft", 12, ["Ann"], [])
    assert decode_server(encode(welcome)) == welcome


@pytest.mark.parametrize(
    "raw, words",
    [
        (b'{"type":"ping","t":NaN}', "malformed"),
        (b'{"type":"ping","t":1e999}', "t: is not a finite number"),
        (b'{"type":"ping"', "truncated"),
        (b'{"type":"exec","code":"1"}', "type: must be one of hello, shot, decision, chat, ping, got 'exec'"),
        (b'{"type":"chat","text":""}', "text: must not be empty"),
        (b'{"type":"chat","text":"hi","extra":1}', "extra: is not a known field"),
        (_shot(_strike(speed=1e9)).encode(), "strike.speed: must be <= 15"),
        (_shot(_strike(speed=-1.0)).encode(), "strike.speed: must be > 0"),
        (_shot(_strike(tip=[0.9, 0.0])).encode(), "<= 0.6"),
        (_shot(_strike(tip=[0.5, 0.5])).encode(), "beyond the miscue limit"),
        (_shot(_strike(ball="a\u0001b")).encode(), "strike.ball"),
        (json.dumps({"type": "hello", "protocol": 1, "program": "x", "role": "admin"}).encode(), "role"),
    ],
)
def test_a_bad_message_is_one_protocol_error(raw, words):
    with pytest.raises(ProtocolError) as err:
        decode_client(raw)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_a_message_over_the_limit_is_refused_before_decoding():
    big = encode(Chat("x" * 200))[:-2] + b" " * MAX_MESSAGE_BYTES + b'"}'
    with pytest.raises(ProtocolError, match="over the limit"):
        decode_client(big)
    assert decode_client(encode(Ping(3.0))) == Ping(3.0)
