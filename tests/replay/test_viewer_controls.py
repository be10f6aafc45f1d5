import pytest

from billiard.replay.controls import BAR_HEIGHT, BAR_MARGIN, ViewerControls
from billiard.replay.timeline import Timeline


def _controls():
    return ViewerControls(Timeline(duration=2.0, frame_dt=0.1))


def test_keys_drive_the_timeline():
    c = _controls()
    assert c.key("SPACE") and c.timeline.paused
    assert c.show_spin  # spin arrows while paused
    c.key("SPACE")
    assert not c.timeline.paused and not c.show_spin
    c.key("RIGHT")
    c.key("RIGHT")
    assert c.timeline.paused and c.timeline.t == pytest.approx(0.2)
    c.key("LEFT")
    assert c.timeline.t == pytest.approx(0.1)
    c.key("DOWN")
    assert c.timeline.speed == 0.5
    c.key("UP")
    c.key("UP")
    assert c.timeline.speed == 1.5
    c.key("L")
    assert c.timeline.loop
    c.key("END")
    assert c.timeline.t == 2.0
    assert not c.key("Q")


def test_camera_cycle_and_toggles():
    c = _controls()
    seen = [c.camera.mode]
    for _ in range(4):
        c.key("C")
        seen.append(c.camera.mode)
    assert seen == ["top", "follow", "aim", "orbit", "top"]
    c.key("T")
    c.key("S")
    assert c.trails and c.spin and c.show_spin


def test_mouse_on_the_bar_scrubs_and_elsewhere_orbits():
    c = _controls()
    width = 2 * BAR_MARGIN + 400
    c.mouse_press(BAR_MARGIN + 100, BAR_HEIGHT / 2, width)
    assert c.timeline.paused and c.timeline.t == pytest.approx(0.5)
    c.mouse_drag(BAR_MARGIN + 300, BAR_HEIGHT / 2, 200, 0, width)
    assert c.timeline.t == pytest.approx(1.5)
    c.mouse_release()
    c.mouse_drag(300, 300, 10, -20, width)
    c.scroll(2)
    assert c.camera.mode == "orbit"
    (yaw, pitch), zoom = c.take_camera_moves()
    assert yaw == pytest.approx(-3.0) and pitch == pytest.approx(6.0) and zoom == pytest.approx(0.81)
    assert c.take_camera_moves() == ((0.0, 0.0), 1.0)
    assert c.timeline.t == pytest.approx(1.5)  # orbiting does not scrub
