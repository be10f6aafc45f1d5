import math

import pytest
from fakes import FakeBoard

from billiard.app.controls import HELP, MAX_TIP, SIMPLE_KEYS, TOGGLES, Controls, StrikeCommand
from billiard.app.input import (KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress, MouseRelease, Scroll,
                                 TextInput)
from billiard.app.layout import HudLayout

LEFT = frozenset(["left"])


def controls(in_hand=False):
    return Controls(HudLayout.for_size(1280, 720), FakeBoard(in_hand))


def feed(c, *events):
    for ev in events:
        c.handle(ev)
    return c.take_actions()


def pull(c, dys, x=640, y=400):
    evs = [MousePress(x, y, "left")]
    for dy in dys:
        y += dy
        evs.append(MouseDrag(x, y, 0, dy, LEFT))
    return evs, y


def strikes(actions):
    return [a.value for a in actions if a.name == "strike"]


def test_mouse_x_turns_the_cue_and_shift_is_finer():
    c = controls()
    feed(c, MouseMove(700, 300, 40, 0))
    assert c.cue.heading_deg == pytest.approx(360 - 10.0)
    feed(c, MouseMove(700, 300, -40, 0, frozenset(["SHIFT"])))
    assert c.cue.heading_deg == pytest.approx(360 - 10.0 + 0.8)
    feed(c, MouseMove(700, 300, 0, 50))           # vertical motion does not aim
    assert c.cue.heading_deg == pytest.approx(350.8)
    feed(c, KeyPress("LSHIFT"), MouseMove(700, 300, 50, 0), KeyRelease("LSHIFT"))   # pyglet motion has no modifiers
    assert c.cue.heading_deg == pytest.approx(349.8)
    feed(c, MouseMove(700, 300, -4, 0))
    assert c.cue.heading_deg == pytest.approx(350.8)


def test_press_pull_release_strikes_with_pull_power():
    c = controls()
    feed(c, MouseMove(600, 300, 20, 0))
    evs, y = pull(c, [-27] * 4)                   # 108 px of 216 px full pull -> half power
    acts = feed(c, *evs)
    assert c.phase == "power" and c.cue.power == pytest.approx(0.5) and not strikes(acts)
    acts = feed(c, MouseRelease(640, y, "left"))
    (s,) = strikes(acts)
    assert s == StrikeCommand(4.0, pytest.approx(355.0), 0.0, (0.0, 0.0))
    assert c.phase == "strike"
    c.shot_started()
    assert c.phase == "rolling"
    assert not strikes(feed(c, *pull(c, [-50])[0], MouseRelease(640, 350, "left")))   # no shot while rolling
    c.turn_ready()
    assert c.phase == "aim"


def test_push_forward_strikes_before_release():
    c = controls()
    evs, _ = pull(c, [-100, -100, 5, 10])         # deepest 200 px, then 15 px forward
    (s,) = strikes(feed(c, *evs))
    assert s.speed == pytest.approx(8.0 * 200 / 216)


def test_click_without_pull_fires_nothing():
    c = controls()
    acts = feed(c, MousePress(640, 400, "left"), MouseDrag(640, 397, 0, -3, LEFT), MouseRelease(640, 397, "left"))
    assert not strikes(acts) and c.phase == "aim" and c.cue.power == 0.0
    acts = feed(c, MousePress(640, 400, "left"), MouseRelease(640, 400, "left"))
    assert not strikes(acts)


def test_power_is_capped_at_full():
    c = controls()
    evs, y = pull(c, [-500])
    (s,) = strikes(feed(c, *evs, MouseRelease(640, y, "left")))
    assert s.speed == pytest.approx(8.0)


def test_spin_widget_click_and_drag_stays_in_miscue_circle():
    c = controls()
    cx, cy = c.layout.spin_c
    r = c.layout.spin_r
    feed(c, MousePress(cx + 0.3 * r, cy - 0.2 * r, "left"))
    assert c.cue.tip == pytest.approx((0.3, -0.2))
    feed(c, MouseDrag(cx, cy + r, 0, 0, LEFT))
    assert c.cue.tip == pytest.approx((0.0, MAX_TIP))
    acts = feed(c, MouseRelease(cx, cy + r, "left"))
    assert not strikes(acts) and c.phase == "aim"        # the spin widget never starts a stroke
    for _ in range(20):
        feed(c, KeyPress("D"), KeyRelease("D"))
    assert math.hypot(*c.cue.tip) == pytest.approx(MAX_TIP)
    feed(c, KeyPress("C"))
    assert c.cue.tip == (0.0, 0.0)


def test_elevation_by_slider_key_mouse_and_keys():
    c = controls()
    r = c.layout.elevation
    feed(c, MousePress(r.x + 2, r.y + r.h / 2, "left"), MouseRelease(r.x + 2, r.y + r.h / 2, "left"))
    assert c.cue.elevation_deg == pytest.approx(37.5)
    feed(c, KeyPress("E"), MouseMove(600, 300, 5, 20), KeyRelease("E"))
    assert c.cue.elevation_deg == pytest.approx(42.5)
    assert c.cue.heading_deg == 0.0                      # E + mouse does not aim
    feed(c, KeyPress("PAGEDOWN"), KeyPress("PAGEDOWN"))
    assert c.cue.elevation_deg == pytest.approx(40.5)
    feed(c, *[KeyPress("PAGEUP")] * 100)
    assert c.cue.elevation_deg == 75.0


def test_keyboard_aim_power_and_strike():
    c = controls()
    feed(c, KeyPress("LEFT"), KeyPress("LEFT", frozenset(["SHIFT"])), KeyPress("UP"), KeyPress("UP"))
    (s,) = strikes(feed(c, KeyPress("SPACE")))
    assert s.heading_deg == pytest.approx(1.1) and s.speed == pytest.approx(0.5 * 8.0)


def test_ball_in_hand_drag_avoids_other_balls():
    c = controls(in_hand=True)
    b = c.board
    acts = feed(c, MousePress(641, 360, "left"), MouseDrag(540, 300, -101, -60, LEFT))
    assert b.cue == pytest.approx((-0.1, -0.06)) and c.phase == "aim" and not acts
    feed(c, MouseDrag(745, 360, 205, 60, LEFT))           # onto the ball at (0.1, 0): refused
    assert b.cue == pytest.approx((-0.1, -0.06))
    feed(c, MouseRelease(745, 360, "left"))
    feed(c, KeyPress("RIGHT", frozenset(["CTRL"])))
    assert b.cue == pytest.approx((-0.09, -0.06))


def test_pressing_on_cue_ball_without_ball_in_hand_starts_a_stroke():
    c = controls(in_hand=False)
    feed(c, MousePress(640, 360, "left"), MouseDrag(540, 300, -100, -60, LEFT))
    assert c.board.cue == (0.0, 0.0) and c.phase == "power"


def test_camera_orbit_and_zoom():
    c = controls()
    yaw, pitch, dist = c.camera.yaw_deg, c.camera.pitch_deg, c.camera.distance
    feed(c, MousePress(600, 300, "right"), MouseDrag(700, 320, 100, 20, frozenset(["right"])),
         MouseRelease(700, 320, "right"))
    assert c.camera.yaw_deg == pytest.approx(yaw - 30) and c.camera.pitch_deg == pytest.approx(pitch - 6)
    assert c.cue.heading_deg == 0.0 and c.phase == "aim"
    feed(c, Scroll(0, 0, 0, 2))
    assert c.camera.distance == pytest.approx(dist * 0.81)
    feed(c, KeyPress("MINUS"), KeyPress("LEFT", frozenset(["ALT"])))
    assert c.camera.distance == pytest.approx(dist * 0.9) and c.camera.yaw_deg == pytest.approx(yaw - 25)


def test_toggles_actions_and_menu_swallow_play_input():
    c = controls()
    assert c.flags["aim_line"] and c.flags["ghost"] and c.flags["object_path"] and not c.flags["cue_path"]
    feed(c, KeyPress("G"), KeyPress("T"))
    assert not c.flags["aim_line"] and c.flags["cue_path"]
    acts = feed(c, KeyPress("P"), KeyPress("_3"), KeyPress("Z", frozenset(["CTRL"])))
    assert [(a.name, a.value) for a in acts] == [("pause", None), ("speed", 0.25), ("undo", None)]
    acts = feed(c, KeyPress("ESCAPE"), KeyPress("DOWN"), MouseMove(0, 0, 100, 0), KeyPress("SPACE"))
    assert c.menu_open and c.cue.heading_deg == 0.0 and not strikes(acts)
    assert [a.value for a in acts if a.name == "menu-key"] == ["DOWN", "SPACE"]
    acts = feed(c, MousePress(640, 300, "left"), MouseRelease(640, 300, "left"))
    assert [(a.name, a.value) for a in acts] == [("menu-click", (640, 300))] and c.phase == "aim"


def test_help_lists_every_binding():
    text = " ".join(k + " " + v for k, v in HELP)
    for key in list(TOGGLES) + list(SIMPLE_KEYS) + ["W", "A", "S", "D", "C", "E", "PAGEUP", "SPACE", "CTRL"]:
        assert key.lstrip("_") in text, key


def test_k_opens_the_name_box_and_typing_does_not_play():
    c = controls()
    feed(c, KeyPress("K"))
    assert c.naming == ""
    # the K's own text echo is swallowed; keys that play (SPACE, ESCAPE menu, arrows) only type
    acts = feed(c, TextInput("k"), TextInput("my"), KeyPress("SPACE"), TextInput(" "), KeyPress("LEFT"),
                TextInput("shot!/"), KeyPress("BACKSPACE"), TextInput("x-2"), MouseMove(0, 0, 100, 0))
    assert acts == [] and c.naming == "my shox-2" and c.cue.heading_deg == 0.0 and not c.menu_open
    acts = feed(c, KeyPress("ENTER"))
    assert [(a.name, a.value) for a in acts] == [("save-name", "my shox-2")] and c.naming is None
    feed(c, KeyPress("K"), TextInput("abc"), KeyPress("ESCAPE"))
    assert c.naming is None and not c.menu_open and c.take_actions() == []
    assert strikes(feed(c, KeyPress("SPACE")))       # playing again once the box is closed
