"""Two sides of a match kept in step by actions alone; a peer's bad action is refused;
a side whose engine came out differently takes the shooter's end state (a resync)."""

import numpy as np
import pytest

from billiard.ai import PlayerSpec, Situation
from billiard.app.autoplay import computers, rack_seed
from billiard.app.controls import StrikeCommand
from billiard.app.setup import new_session
from billiard.net.codec import ProtocolError, decode_client, encode
from billiard.net.match import Match
from billiard.net.state import capture, session_hash, state_hash


def _pair(mode="9-ball", seed=3):
    return Match(new_session(mode, None, rack_seed(seed)), 0), Match(new_session(mode, None, rack_seed(seed)), 1)


def _play(a, b, max_actions=120):
    ais = computers((PlayerSpec("computer", 1), PlayerSpec("computer", 1)), 3)
    sides = [a, b]
    n = 0
    while not a.over and n < max_actions:
        me = a.session.rules.turn
        m = sides[me]
        d = ais[me].decide(Situation.of_session(m.session))
        if d.pass_back:
            act = m.decide("pass_back")
        else:
            if d.place is not None and m.session.ball_in_hand():
                assert m.session.place_cue(*d.place)
            s = ais[me].execute(d.strike, m.session.ball_radius())
            act = m.strike(StrikeCommand(s.speed, s.heading_deg, s.elevation_deg, (s.tip[0], s.tip[1])), d.push_out)
        sides[1 - me].apply(me, decode_client(encode(act)))  # through the wire format
        n += 1
    return n


def test_a_whole_game_ends_the_same_on_both_sides_without_resync():
    a, b = _pair()
    n = _play(a, b)
    assert a.over and b.over and n > 1
    assert session_hash(a.session) == session_hash(b.session)
    assert a.session.rules.winner == b.session.rules.winner is not None
    assert a.stats.shots_sent == b.stats.shots_received and b.stats.shots_sent == a.stats.shots_received
    assert a.stats.resyncs == b.stats.resyncs == 0


def test_a_result_that_differs_is_replaced_by_the_shooters_and_counted():
    a, b = _pair()
    shot = a.strike(StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0)))
    # this side's engine "comes out differently": its world nudges the balls at the end
    original = b.session._world_factory

    def nudging(balls, table, params):
        world = original(balls, table, params)
        step = world.step

        def step_and_nudge():
            events = step()
            if not world.moving():
                world.balls.pos[3, 0] += 1e-12
            return events

        world.step = step_and_nudge
        return world

    b.session._world_factory = nudging
    assert b.apply(0, shot) is True
    assert b.stats.resyncs == 1
    assert session_hash(b.session) == shot.end_hash == session_hash(a.session)
    assert b.session.rules.turn == a.session.rules.turn


def test_out_of_turn_a_forged_start_and_an_illegal_spot_are_refused_and_change_nothing():
    a, b = _pair()
    shot = a.strike(StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0)))
    before = capture(b.session)
    with pytest.raises(ProtocolError, match="out of turn"):
        b.apply(1, shot)
    with pytest.raises(ProtocolError, match="another state"):
        b.apply(0, type(shot)(shot.strike, "0" * 64, shot.end, shot.end_hash, shot.place))
    on_ball = tuple(float(v) for v in b.session.balls.pos[1, :2])  # the rack's first ball
    with pytest.raises(ProtocolError, match="illegal spot"):
        b.apply(0, type(shot)(shot.strike, shot.start_hash, shot.end, shot.end_hash, on_ball))
    assert capture(b.session) == before
    assert state_hash(before) == shot.start_hash


def test_a_resignation_ends_the_game_for_the_other_player():
    a, b = _pair("8-ball")
    msg = a.decide("resign")
    b.apply(0, msg)
    assert b.over and b.session.rules.winner == 1 and "resigned" in b.session.rules.message
    assert np.array_equal(a.session.balls.pos, b.session.balls.pos)


def test_every_stroke_is_recorded_the_same_on_both_sides():
    kept = ([], [])
    a = Match(new_session("9-ball", None, rack_seed(3)), 0, lambda shot, p, sc: kept[0].append((shot, p, sc)))
    b = Match(new_session("9-ball", None, rack_seed(3)), 1, lambda shot, p, sc: kept[1].append((shot, p, sc)))
    _play(a, b, max_actions=3)
    assert len(kept[0]) == len(kept[1]) == a.session.shots == 3
    assert kept[0] == kept[1]
    assert kept[0][0][0]["format"] == "billiard-shot/1" and kept[0][0][1] == 0


def test_the_rules_decisions_cross_the_wire_a_push_out_answered_then_passed_back():
    a, b = _pair("9-ball", seed=3)
    sides = (a, b)
    b.apply(0, decode_client(encode(a.strike(StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0))))))
    s = a.session.rules
    assert s.pending is not None and s.pending.kind == "push-out"
    me = s.pending.player
    answer = sides[me].decide("answer", "push-out")
    sides[1 - me].apply(me, decode_client(encode(answer)))
    push = sides[me].strike(StrikeCommand(1.0, 90.0, 0.0, (0.0, 0.0)), push_out=True)
    assert push.push_out
    sides[1 - me].apply(me, decode_client(encode(push)))
    pending = sides[1 - me].session.rules.pending
    assert pending is not None and pending.kind == "after-push-out" and pending.player == 1 - me
    with pytest.raises(ProtocolError, match="not theirs"):  # the pusher cannot answer the other's decision
        sides[1 - me].apply(me, sides[me].decide("answer", "pass"))
    passed = sides[1 - me].decide("answer", "pass")
    sides[me].apply(1 - me, decode_client(encode(passed)))
    assert session_hash(a.session) == session_hash(b.session) and a.session.rules.turn == me
    assert a.stats.resyncs == b.stats.resyncs == 0


def test_engines_that_differ_at_round_off_resync_and_stay_identical():
    """One side on the numpy reference, the other compiled (as another CPU or numpy would
    be): their results differ in the last bits, the receiver takes the shooter's end state
    and counts it, and both sides go on identical. The first strokes only (numpy is slow)."""
    from billiard.physics.world import World

    a, b = _pair("8-ball", seed=4)
    b.session._world_factory = lambda balls, table, params: World(balls, table, params, engine="numpy")
    _play(a, b, max_actions=6)
    assert a.stats.resyncs + b.stats.resyncs > 0
    assert session_hash(a.session) == session_hash(b.session)
    assert a.session.strikes == b.session.strikes
