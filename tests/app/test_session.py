import math

import pytest
from fakeworld import FakeWorld, dropping

from billiard.app.controls import StrikeCommand
from billiard.app.loop import FixedLoop
from billiard.app.session import Session
from billiard.errors import BilliardError
from billiard.physics.params import POOL
from billiard.physics.state import Motion
from billiard.physics.state import Balls
from billiard.table import get_table

R = POOL.ball_radius


def session(mode="practice", ids=("cue", "1")):
    table = get_table({"length": 2.54, "width": 1.27})
    pos = [(-0.6, 0.0, R), (0.6, 0.0, R), (0.6, 0.3, R)][: len(ids)]
    balls = Balls.create(list(ids), pos, POOL.ball_mass, R)
    return Session(mode, table, balls, POOL, FakeWorld)


def play_shot(s, fps, cmd):
    loop = FixedLoop(s.params.dt, s.tick)
    s.strike(cmd)
    frames = 0
    while s.in_shot:
        loop.advance(1.0 / fps)
        frames += 1
    return frames


def test_same_shot_same_bits_at_30_and_240_fps():
    cmd = StrikeCommand(3.1, 33.0, 0.0, (0.0, 0.0))
    results = []
    for fps in (30, 60, 240):
        s = session()
        frames = play_shot(s, fps, cmd)
        results.append((s.balls.pos.tobytes(), len(s.shot_events), frames))
    assert results[0][0] == results[1][0] == results[2][0]
    assert results[0][1] == results[2][1] > 1  # cushion events happened
    assert results[0][2] < results[2][2]  # the frame counts really differed


def test_ball_in_hand_practice_places_and_refuses_overlap_then_undo():
    s = session()
    assert s.ball_in_hand()
    assert s.place_cue(0.0, 0.2) and s.cue_xy() == (0.0, 0.2)
    assert not s.place_cue(0.6 + R, 0.0)  # touching the 1
    assert not s.place_cue(5.0, 0.0)  # off the bed
    play_shot(s, 60, StrikeCommand(1.0, 0.0, 0.0, (0, 0)))
    moved = s.cue_xy()
    assert moved[0] > 0.2 and s.rules.shots == 1 and s.summary()["shots"] == 1
    s.rules.scores = [3, 0]  # as if the shot had pocketed three
    assert s.undo() and s.cue_xy() == (0.0, 0.2) and s.rules.scores == [0, 0]
    assert not s.undo()  # one shot played, one undo


def test_eight_ball_break_in_kitchen_only_and_no_undo():
    s = session("8-ball")
    assert s.in_hand == "kitchen" and s.cue_xy()[0] < s.table.head_string_x
    assert not s.place_cue(s.table.head_string_x + 0.05, 0.0)
    assert s.place_cue(s.table.head_string_x - 0.05, 0.3)
    play_shot(s, 60, StrikeCommand(1.0, 0.0, 0.0, (0, 0)))
    assert s.rules.turn == 1 and not s.ball_in_hand()  # illegal break, table accepted
    assert not s.undo()


def test_strike_while_rolling_is_refused_and_summary_reports_states():
    s = session()
    s.strike(StrikeCommand(1.0, 90.0, 0.0, (0, 0)))
    with pytest.raises(BilliardError):
        s.strike(StrikeCommand(1.0, 90.0, 0.0, (0, 0)))
    s.tick()
    assert s.summary()["balls"]["cue"]["state"] == "sliding"
    mid, quat = s.interpolated(0.5)
    assert mid[0, 1] == pytest.approx((s.prev_pos[0, 1] + s.balls.pos[0, 1]) / 2)
    assert math.isfinite(mid.sum()) and quat.shape == (2, 4)


def test_scratch_gives_the_opponent_ball_in_hand_with_the_cue_ball_back_on_the_bed():
    s = session("9-ball", ("cue", "1", "9"))
    s.rules.breaking = False
    play_shot(s, 60, StrikeCommand(3.0, 180.0, 0.0, (0, 0)))  # into the head-end "pocket"
    o = s.last_outcome
    assert "scratch" in o.fouls and s.in_hand == "anywhere" and s.rules.turn == 1
    assert s.pocketed == ["cue"] and s.summary()["balls"]["cue"]["state"] == "rest"
    assert s.ball_in_hand() and s.place_cue(0.0, -0.3)


def test_practice_scratch_respots_the_cue_ball():
    s = session()
    play_shot(s, 60, StrikeCommand(3.0, 180.0, 0.0, (0, 0)))
    assert s.last_outcome.respot == ("cue",) and s.ball_in_hand()
    assert s.summary()["balls"]["cue"]["state"] == "rest"


_NineDropsToo = dropping("9")


def test_a_ball_pocketed_on_a_foul_is_put_back_on_the_table():
    table = get_table({"length": 2.54, "width": 1.27})
    balls = Balls.create(["cue", "1", "9"], [(-0.6, 0.0, R), (0.6, 0.3, R), (0.2, -0.3, R)], POOL.ball_mass, R)
    s = Session("9-ball", table, balls, POOL, _NineDropsToo)
    s.rules.breaking = False
    play_shot(s, 60, StrikeCommand(3.0, 180.0, 0.0, (0, 0)))  # scratch: a foul
    assert "9" in s.last_outcome.respot
    i = s.balls.index("9")
    assert s.balls.motion[i] == Motion.REST and s.balls.pos[i, 2] == pytest.approx(R)
    assert abs(s.balls.pos[i, 0]) < table.half_length and abs(s.balls.pos[i, 1]) < table.half_width
    assert s.summary()["balls"]["9"]["state"] == "rest"
