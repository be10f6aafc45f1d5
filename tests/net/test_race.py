"""A race of several racks, without the network: who breaks the next rack, when the match
is over, and the server's checks of the next-rack decision (its breaker only, once a rack
is over, a new rack's state)."""

import msgspec
import pytest

from billiard import __version__
from billiard.app.autoplay import rack_seed
from billiard.app.setup import new_session
from billiard.net.codec import ProtocolError
from billiard.net.match import Match
from billiard.net.race import Standing, next_breaker, rack_seed_of
from billiard.net.rooms import Room
from billiard.net.state import capture


def test_the_rules_say_who_breaks_and_a_race_ends_at_its_length():
    assert next_breaker("9-ball", 1, 0) == 1 and next_breaker("8-ball", 0, 1) == 0  # pool: the winner
    assert next_breaker("snooker", 0, 0) == 1 and next_breaker("three-cushion", 1, 1) == 0  # alternate
    assert next_breaker("9-ball", None, 0) == 1  # a drawn rack: the other player
    assert rack_seed_of(7, 1) == rack_seed(7) and rack_seed_of(7, 2) != rack_seed_of(7, 1)
    st = Standing("9-ball", race=2)
    assert not st.over(True, 0) and st.advance(0, 12, [1, 0]) == 0
    assert (
        st.over(True, 0) and st.score(True, 0) == [2, 0] and st.line(("Ann", "Bob"), True, 0).endswith("Ann 2, Bob 0")
    )
    st.resigned = 1
    assert st.over(False, None) and st.score(True, 0) == [1, 0]  # a resignation wins no rack


def _room_and_sides(race=2):
    room = Room.create("r", __version__, "9-ball", "", "", 3, "", "Ann", race)
    room.take_seat("Bob")
    sides = [Match(new_session("9-ball", None, rack_seed(3)), s, race=race, seed=3) for s in (0, 1)]
    return room, sides


def _win_rack(room, sides, winner):
    """Both sides and the server see the rack end (a stand-in for its last stroke)."""
    for m in sides:
        m.session.rules.game_over, m.session.rules.winner = True, winner
        m.session.rules.scores[winner] += 1
    room.end = capture(sides[0].session)


def test_the_server_takes_the_next_rack_from_its_breaker_only_once_the_rack_is_over():
    room, (a, b) = _room_and_sides()
    early = a.decide("resign")  # any decision's shape will do for the refusals below
    with pytest.raises(ProtocolError, match="not over"):
        room.check(0, msgspec.structs.replace(early, what="next_rack"))
    room, (a, b) = _room_and_sides()
    _win_rack(room, (a, b), 1)  # Bob won: in 9-ball Bob breaks the next rack
    nxt = b.decide("next_rack")
    with pytest.raises(ProtocolError, match="player 2's to break"):
        room.check(0, nxt)
    with pytest.raises(ProtocolError, match="the rack is over"):
        room.check(0, msgspec.structs.replace(nxt, what="pass_back"))
    room.check(1, nxt)
    room.accept(1, nxt, 0.0)
    assert room.standing.wins == [0, 1] and room.standing.rack == 2 and not room.over
    assert a.apply(1, nxt) is False  # the other side racks the same rack from the seed
    assert capture(a.session) == capture(b.session) and a.session.rules.turn == 1
    _win_rack(room, (a, b), 1)
    assert room.over and a.over and b.over and a.score() == [0, 2]
    with pytest.raises(ProtocolError, match="the match is over"):
        room.check(1, b.decide("resign"))
