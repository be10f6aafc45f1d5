"""The HUD's tray: the balls each player pocketed, while they stay off the table."""

from fakeworld import dropping

from billiard.app.controls import Controls, StrikeCommand
from billiard.app.hud_state import hud_state
from billiard.app.layout import HudLayout
from billiard.app.loop import FixedLoop
from billiard.app.session import Session
from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.table import get_table

R = POOL.ball_radius


_OneDrops = dropping("1")


def play(s):
    loop = FixedLoop(s.params.dt, s.tick)
    s.strike(StrikeCommand(0.5, 90.0, 0.0, (0, 0)))
    while s.in_shot:
        loop.advance(1 / 60)


def practice():
    table = get_table({"length": 2.54, "width": 1.27})
    balls = Balls.create(["cue", "1", "2"], [(-0.6, 0.0, R), (0.6, 0.3, R), (0.2, -0.3, R)], POOL.ball_mass, R)
    return Session("practice", table, balls, POOL, _OneDrops)


def test_a_pocketed_ball_goes_to_the_tray_of_the_player_who_shot():
    s = practice()
    assert s.tray(1) == ((),)
    play(s)
    assert s.tray(1) == (("1",),)
    controls = Controls(HudLayout.for_size(1280, 720), s)
    state = hud_state(s, controls, paused=False, speed=1.0, frame_ms=0.0, menu=None)
    assert state.tray == (("1",),)


def test_undo_takes_the_ball_back_out_of_the_tray():
    s = practice()
    play(s)
    assert s.undo()
    assert s.tray(1) == ((),)


def test_the_cue_ball_never_goes_to_the_tray():
    s = practice()
    s.pocketed_by["cue"] = 0
    s.balls.motion[s.balls.index("cue")] = Motion.POCKETED
    assert s.tray(2) == ((), ())


def test_a_ball_joins_the_tray_as_it_drops_during_the_shot():
    s = practice()
    s.strike(StrikeCommand(0.5, 90.0, 0.0, (0, 0)))
    s.tick()
    assert s.in_shot and s.tray(1) == (("1",),)
