"""A session's state as it crosses the wire: capture it as an :class:`EndState`, hash it,
and take a peer's end state over (a resync).

The hash is SHA-256 of the end state's JSON. Floats travel in their shortest exact form, so
a state taken over hashes the same on both sides, bit for bit.
"""

from __future__ import annotations

import hashlib

import numpy as np

from billiard.app.session import Session
from billiard.net.codec import ProtocolError, encode
from billiard.net.messages import BallEnd, EndState
from billiard.physics.state import Motion

# names are each side's own; the message is the HUD line of the moment: neither is the game's
# state. A declared 9-ball push-out travels as the stroke's ``push_out`` (it may be declared
# before or after the ball in hand is put down: the start hash must not depend on the order),
# and declaring it clears the pending offer of one, so the offer (an object, or None once
# answered) is not hashed either: the answers that matter travel as decisions.
RULE_SKIP = frozenset({"players", "message", "push_declared", "pending"})
JSON_SCALARS = (bool, int, float, str, type(None))


def _plain(value):
    """A rule attribute as JSON (lists and tuples of scalars included), or None to skip it."""
    if isinstance(value, JSON_SCALARS):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, JSON_SCALARS) for v in value):
        return (list(value),)
    return None


def rules_state(rules) -> dict:
    """The rule set's own attributes that are plain data (turn, scores, groups, flags...)."""
    out = {}
    for key, value in sorted(vars(rules).items()):
        plain = _plain(value)
        if key not in RULE_SKIP and not key.startswith("_") and plain is not None:
            out[key] = plain[0]
    return out


def capture(session: Session) -> EndState:
    """The session's state as it crosses the wire (what the hashes are of)."""
    b = session.balls
    balls = [
        BallEnd(
            bid,
            (float(b.pos[i, 0]), float(b.pos[i, 1]), float(b.pos[i, 2])),
            int(b.motion[i]),
            None if b.pocket[i] is None else str(b.pocket[i]),
        )
        for i, bid in enumerate(b.ids)
    ]
    r = session.rules
    return EndState(
        balls,
        list(session.pocketed),
        session.in_hand,
        int(r.turn),
        bool(r.game_over),
        None if r.winner is None else int(r.winner),
        rules_state(r),
    )


def state_hash(end: EndState) -> str:
    return hashlib.sha256(encode(end)).hexdigest()


def session_hash(session: Session) -> str:
    return state_hash(capture(session))


def adopt(session: Session, end: EndState) -> None:
    """Put the peer's end state on ``session``: balls at rest where it says, pocketed balls,
    ball in hand and the rules' plain attributes (only those this side has, of the same type).
    A state naming other balls, or a rule value of another type, is a :class:`ProtocolError`
    and changes nothing."""
    b = session.balls
    if [e.id for e in end.balls] != list(b.ids):
        raise ProtocolError("the peer's end state has other balls than this game")
    rules = session.rules
    mine = rules_state(rules)
    for key, value in end.rules.items():
        if (
            key not in mine
            or type(value) is not type(mine[key])
            and not (isinstance(mine[key], float) and type(value) is int)
        ):
            raise ProtocolError(f"the peer's rule state has a bad '{key[:32]}'")
    for i, e in enumerate(end.balls):
        b.pos[i] = e.pos
        b.vel[i] = b.omega[i] = 0.0
        b.motion[i] = Motion(e.motion)
        b.pocket[i] = e.pocket
    for key, value in end.rules.items():
        old = getattr(rules, key)
        setattr(rules, key, type(old)(value) if isinstance(old, tuple) else value)
    rules.turn, rules.game_over, rules.winner = end.turn, end.game_over, end.winner
    session.pocketed = list(end.pocketed)
    session.in_hand = end.in_hand
    rules.ball_in_hand = end.in_hand
    session.keep_previous()


def positions(end: EndState) -> dict[str, np.ndarray]:
    """Ball id -> centre of the balls on the table in an end state (the server checks a ball
    in hand against them)."""
    return {e.id: np.array(e.pos) for e in end.balls if e.motion != int(Motion.POCKETED)}
