"""The session with the real physics engine and the real tables and racks."""

import math

import numpy as np
import pytest

from billiard.app.controls import StrikeCommand
from billiard.app.loop import FixedLoop
from billiard.app.setup import new_session
from billiard.errors import BilliardError


def play(session, fps, cmd):
    loop = FixedLoop(session.params.dt, session.tick)
    session.strike(cmd)
    frames = 0
    while session.in_shot:
        # a stalled frame every 11 frames, as a slow machine would have
        loop.advance(0.2 if frames % 11 == 10 else 1.0 / fps)
        frames += 1
    return frames


def test_nine_ball_break_same_bits_at_30_and_240_fps():
    cmd = StrikeCommand(6.0, 0.3, 2.0, (0.05, -0.1))
    out = []
    for fps in (30, 240):
        s = new_session("9-ball")
        frames = play(s, fps, cmd)
        out.append((s.balls.pos.tobytes(), s.balls.quat.tobytes(), [e.to_dict() for e in s.shot_events], frames))
    assert out[0][0] == out[1][0] and out[0][1] == out[1][1] and out[0][2] == out[1][2]
    assert out[0][3] != out[1][3]
    assert sum(e["type"] == "ball-ball" for e in out[0][2]) >= 3


def test_session_setups_per_mode():
    assert new_session("three-cushion").rules.cue == "white"
    s = new_session("snooker")
    assert s.in_hand == "D" and len(s.balls.ids) == 22
    assert s.place_cue(s.table.head_string_x - 0.1, 0.05)
    assert not s.place_cue(s.table.head_string_x + 0.05, 0.0)  # outside the D
    with pytest.raises(BilliardError, match="snooker table"):
        new_session("snooker", "pool-9ft")
    with pytest.raises(BilliardError, match="unknown table"):
        new_session("8-ball", "pool-12ft")


def test_each_shot_plays_as_if_simulated_alone():
    """The second shot of a game ends exactly where the same shot ends on a fresh session
    with the balls where the first shot left them (the world's clock does not leak in)."""
    first, second = StrikeCommand(2.0, 40.0, 0.0, (0.0, 0.0)), StrikeCommand(1.5, 100.0, 5.0, (-0.2, 0.1))
    game = new_session("three-cushion")
    play(game, 60, first)
    game.rules.turn = 0  # the same cue ball again
    alone = new_session("three-cushion")
    alone.balls.pos[...] = game.balls.pos
    alone.balls.quat[...] = game.balls.quat
    play(game, 60, second)
    play(alone, 60, second)
    assert game.balls.pos.tobytes() == alone.balls.pos.tobytes()
    assert game.shot_events[0].t == 0.0 and game.shot_events[-1].t == alone.shot_events[-1].t


def test_a_rolling_ball_is_drawn_turned_halfway_between_two_ticks():
    """The picture interpolates orientation as well as position: half a tick after the last
    one, the ball has turned half of the tick's rotation, about the same axis."""
    s = new_session("practice")
    s.strike(StrikeCommand(2.0, 0.0, 0.0, (0.0, 0.0)))
    for _ in range(40):  # a few ticks in: the cue ball slides and turns
        s.tick()
    pos, quat = s.interpolated(0.5)
    i = s.balls.index("cue")

    def angle(q0, q1):  # rotation angle between two orientations
        return 2 * math.acos(min(1.0, abs(float(np.dot(q0, q1)))))

    full = angle(s.prev_quat[i], s.balls.quat[i])
    assert full > 0.1  # it really turned during the tick
    assert angle(s.prev_quat[i], quat[i]) == pytest.approx(full / 2, rel=1e-6)
    assert angle(quat[i], s.balls.quat[i]) == pytest.approx(full / 2, rel=1e-6)
    assert pos[i, 0] == pytest.approx((s.prev_pos[i, 0] + s.balls.pos[i, 0]) / 2)
    assert s.interpolated(1.0)[1][i] == pytest.approx(s.balls.quat[i])


def test_a_seeded_rack_is_a_real_one_and_a_full_power_break_opens_it():
    """The window plays seeded racks (shuffled, set off by a few hundredths of a millimetre):
    the game's hardest break, 8 m/s square on the apex, sends at least four balls to a rail
    (a legal 8-ball break), and each seed racks differently."""
    tidy = new_session("8-ball").balls.pos
    racks = []
    for seed in (0, 1, 2):
        s = new_session("8-ball", seed=seed)
        racks.append(s.balls.pos.copy())
        assert 0 < np.abs(s.balls.pos - tidy).max()
        s.strike(StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0)))
        while s.in_shot:
            s.tick()
        rails = {b for e in s.shot_events if e.type == "ball-cushion" for b in e.balls if b != "cue"}
        assert len(rails) >= 4, (seed, rails)
        assert "illegal break" not in " ".join(s.last_outcome.fouls)
    assert not np.array_equal(racks[0], racks[1])
