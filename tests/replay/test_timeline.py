import pytest

from billiard.replay.timeline import SPEEDS, Timeline


def test_plays_at_speed_and_stops_at_the_end():
    tl = Timeline(duration=2.0, frame_dt=0.1)
    tl.advance(0.5)
    assert tl.t == pytest.approx(0.5)
    tl.slower()
    tl.slower()
    tl.slower()  # 1.0 -> 0.5 -> 0.25 -> 0.1
    assert tl.speed == 0.1
    tl.slower()
    assert tl.speed == 0.1  # floor
    tl.advance(1.0)
    assert tl.t == pytest.approx(0.6)
    for _ in range(10):
        tl.faster()
    assert tl.speed == 2.0 == SPEEDS[-1]
    tl.advance(10.0)
    assert tl.t == 2.0 and tl.finished


def test_pause_freezes_and_resume_at_end_restarts():
    tl = Timeline(duration=1.0, frame_dt=0.1)
    tl.toggle_pause()
    tl.advance(0.5)
    assert tl.t == 0.0
    tl.toggle_pause()
    tl.advance(5.0)
    assert tl.finished
    tl.toggle_pause()
    tl.toggle_pause()
    assert tl.t == 0.0 and not tl.paused


def test_loop_wraps_around():
    tl = Timeline(duration=1.0, frame_dt=0.1)
    tl.toggle_loop()
    tl.advance(2.25)
    assert tl.t == pytest.approx(0.25) and not tl.finished


def test_step_pauses_and_moves_one_frame_on_the_grid():
    tl = Timeline(duration=1.0, frame_dt=0.1)
    tl.advance(0.33)
    tl.step(+1)
    assert tl.paused and tl.t == pytest.approx(0.4)
    tl.step(-1)
    tl.step(-1)
    assert tl.t == pytest.approx(0.2)
    for _ in range(20):
        tl.step(-1)
    assert tl.t == 0.0


def test_scrub_and_seek_clamp():
    tl = Timeline(duration=4.0, frame_dt=0.1, start=1.0)
    tl.scrub(0.5)
    assert tl.t == 3.0 and tl.fraction == 0.5
    tl.scrub(7.0)
    assert tl.t == 5.0
    tl.seek(-3)
    assert tl.t == 1.0
