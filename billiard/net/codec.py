"""Bytes <-> messages, and the limits every message is held to (one owner of those rules).

A message is one JSON text (a websocket frame). ``decode_client`` and ``decode_server``
refuse anything over :data:`MAX_MESSAGE_BYTES`, malformed JSON, NaN and infinities, unknown
fields and anything outside the types and ranges of ``billiard.net.messages`` (whose limits
come from ``billiard.formats.limits``), with a :class:`ProtocolError` of one line worded as
``billiard.formats.decode`` words every file's errors. No pickle, no eval: msgspec builds
plain Structs.
"""

from __future__ import annotations

import msgspec

from billiard.errors import BilliardError
from billiard.formats.decode import one_line
from billiard.net.messages import ClientMessage, ServerMessage

MAX_MESSAGE_BYTES = 16 * 1024  # a shot with 22 balls and the rules is about 2 kB
MAX_WELCOME_BYTES = 8 * 1024 * 1024  # the handshake answer carries the match so far


class ProtocolError(BilliardError):
    """A message that breaks the protocol: the sender is told once and dropped."""


_client = msgspec.json.Decoder(ClientMessage)
_server = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def encode(message: msgspec.Struct) -> bytes:
    return _encoder.encode(message)


def _decode(decoder: msgspec.json.Decoder, kind, data: bytes | str, limit: int):
    raw = data.encode() if isinstance(data, str) else bytes(data)
    if len(raw) > limit:
        raise ProtocolError(f"message of {len(raw)} bytes is over the limit of {limit}")
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:  # worded as every file's errors are (billiard.formats)
        raise ProtocolError(str(one_line(exc, kind, "invalid message"))) from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"malformed message: {exc}") from None


def decode_client(data: bytes | str):
    """A client's message (server side); :class:`ProtocolError` when it is not one."""
    return _decode(_client, ClientMessage, data, MAX_MESSAGE_BYTES)


def decode_server(data: bytes | str):
    """A server's message (client side); the handshake answer may be larger (the log)."""
    return _decode(_server, ServerMessage, data, MAX_WELCOME_BYTES)
