import math

import pytest
from fakes import FakeBoard

from billiard.app.controls import HELP, Controls, StrikeCommand
from billiard.app.cue import MAX_TIP
from billiard.formats.limits import CONTROL_MAX_SPEED as MAX_SPEED
from billiard.shell.keymap import GAME_KEYS, command_for
from billiard.shell.input import KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress, MouseRelease, Scroll, TextInput
from billiard.app.layout import HudLayout
from billiard.app.placement import REFUSED_COLOR

LEFT = frozenset(["left"])


def controls(in_hand=False, place_first=True):
    c = Controls(HudLayout.for_size(1280, 720), FakeBoard(in_hand, place_first))
    c.turn_ready()
    return c


def feed(c, *events, dt=0.0):
    """Handle the events ``dt`` seconds apart (the controls' clock)."""
    for ev in events:
        c.now += dt
        c.handle(ev)
    return c.take_actions()


def stroke(c, back_px, push_px, back_s=0.3, push_s=0.1, steps=10, x=640, y=500, release=True):
    """Press, draw back ``back_px`` in ``back_s``, push forward ``push_px`` in ``push_s``, release."""
    acts = feed(c, MousePress(x, y, "left"))
    for _ in range(steps):
        acts += feed(c, MouseDrag(x, y, 0, -back_px / steps, LEFT), dt=back_s / steps)
        y -= back_px / steps
    for _ in range(steps):
        acts += feed(c, MouseDrag(x, y, 0, push_px / steps, LEFT), dt=push_s / steps)
        y += push_px / steps
    if release:
        acts += feed(c, MouseRelease(x, y, "left"), dt=0.01)
    return acts


def strikes(actions):
    return [a.value for a in actions if a.name == "strike"]


def test_the_cue_points_at_the_spot_under_the_pointer():
    c = controls()
    c.flags["top_view"] = True  # the whole table seen from above: a far spot behind turns the cue
    feed(c, MouseMove(740, 360, 100, 0))  # 0.1 m along +x from the cue ball
    assert c.cue.heading_deg == pytest.approx(0.0)
    feed(c, MouseMove(640, 460, -100, 100))  # along +y
    assert c.cue.heading_deg == pytest.approx(90.0)
    feed(c, MouseMove(390, 110, -250, -250))  # behind the aim, but far: the cue turns
    assert c.cue.heading_deg == pytest.approx(225.0)
    feed(c, MouseMove(1270, 700, 0, 0))  # off the table: the aim holds
    assert c.cue.heading_deg == pytest.approx(225.0)


def test_the_aim_holds_over_the_hud_and_comes_back_unchanged():
    c = controls()
    feed(c, MouseMove(700, 400, 0, 0))
    held = c.cue.heading_deg
    cx, cy = c.layout.spin_c
    p = c.layout.power
    feed(c, MouseMove(cx, cy, cx - 700, cy - 400), MouseMove(p.x + 2, p.y + 5, 0, 0), MouseMove(700, 400, 0, 0))
    assert c.cue.heading_deg == held


def test_shift_gives_fine_aim_around_the_held_direction_and_l_locks_it():
    c = controls()
    feed(c, MouseMove(740, 360, 0, 0))
    feed(c, MouseMove(790, 500, 50, 140, frozenset(["SHIFT"])))
    assert c.cue.heading_deg == pytest.approx(360 - 1.0)
    feed(c, KeyPress("LSHIFT"), MouseMove(700, 300, -25, 0), KeyRelease("LSHIFT"))  # pyglet motion has no modifiers
    assert c.cue.heading_deg == pytest.approx(359.5)
    feed(c, KeyPress("L"), MouseMove(640, 460, 0, 0))
    assert c.aim_locked and c.cue.heading_deg == pytest.approx(359.5) and c.view_heading_deg == pytest.approx(359.5)
    feed(c, KeyPress("LEFT"))  # the keyboard still aims
    assert c.cue.heading_deg == pytest.approx(0.5)
    feed(c, KeyPress("L"), MouseMove(640, 460, 0, 0))
    assert c.cue.heading_deg == pytest.approx(90.0)


def test_the_stroke_speed_comes_from_the_push_speed():
    fast, slow = controls(), controls()
    (f,) = strikes(stroke(fast, 120, 120, push_s=0.05))
    (s,) = strikes(stroke(slow, 120, 120, push_s=1.0))
    assert f.speed > 5 * s.speed > 0
    assert s.speed == pytest.approx(0.005 * 120 / 1.0, rel=0.05)  # 120 px/s -> 0.6 m/s
    assert fast.phase == "strike" and not fast.why_not


def test_the_draw_back_caps_the_speed_and_a_full_one_allows_a_break():
    short, full = controls(), controls()
    (a,) = strikes(stroke(short, 40, 40, push_s=0.02))
    (b,) = strikes(stroke(full, 300, 300, push_s=0.05))
    assert a.speed == pytest.approx(MAX_SPEED * 40 / 216)
    assert b.speed == pytest.approx(MAX_SPEED) and b.speed >= 11.0


def test_the_meter_shows_the_stroke_building():
    c = controls()
    feed(c, MousePress(640, 500, "left"))
    feed(c, *[MouseDrag(640, 500 - 10 * i, 0, -10, LEFT) for i in range(1, 11)], dt=0.03)
    assert c.phase == "power" and c.cue.power == pytest.approx(100 / 216)  # what the draw-back allows
    feed(c, MouseDrag(640, 410, 0, 10, LEFT), dt=0.01)
    assert 0 < c.cue.power < 100 / 216 + 1e-9 and c.cue_pull_m() > 0


def test_a_press_without_a_stroke_fires_nothing_and_says_why():
    c = controls()
    acts = feed(c, MousePress(640, 400, "left"), MouseDrag(640, 397, 0, -3, LEFT), MouseRelease(640, 397, "left"))
    assert not strikes(acts) and c.phase == "aim" and c.cue.power == 0.0 and "draw the mouse back" in c.why_not
    acts = stroke(c, 60, 0)  # drawn back, released without a push
    assert not strikes(acts) and c.phase == "aim" and "not pushed forward" in c.why_not
    assert strikes(stroke(c, 60, 60)) and c.why_not == ""


def test_release_while_pushing_forward_strikes():
    c = controls()
    acts = stroke(c, 100, 50, push_s=0.05, release=False)
    assert not strikes(acts)
    (s,) = strikes(feed(c, MouseRelease(640, 450, "left"), dt=0.005))
    assert s.speed == pytest.approx(0.005 * 50 / 0.05, rel=0.1)


def test_the_cue_rises_to_clear_what_is_behind_the_ball():
    c = controls()
    c.board.min_elevation = 12.5
    assert c.elevation() == 12.5
    (s,) = strikes(stroke(c, 60, 60))
    assert s.elevation_deg == 12.5
    c.turn_ready()
    c.cue.set_elevation(20.0)
    assert c.elevation() == 20.0


def test_spin_widget_click_and_drag_stays_in_miscue_circle():
    c = controls()
    cx, cy = c.layout.spin_c
    r = c.layout.spin_r
    feed(c, MousePress(cx + 0.3 * r, cy - 0.2 * r, "left"))
    assert c.cue.tip == pytest.approx((0.3, -0.2))
    feed(c, MouseDrag(cx, cy + r, 0, 0, LEFT))
    assert c.cue.tip == pytest.approx((0.0, MAX_TIP))
    acts = feed(c, MouseRelease(cx, cy + r, "left"))
    assert not strikes(acts) and c.phase == "aim"  # the spin widget never starts a stroke
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
    assert c.cue.heading_deg == 0.0  # E + mouse does not aim
    feed(c, KeyPress("PAGEDOWN"), KeyPress("PAGEDOWN"))
    assert c.cue.elevation_deg == pytest.approx(40.5)
    feed(c, *[KeyPress("PAGEUP")] * 100)
    assert c.cue.elevation_deg == 75.0


def test_keyboard_aim_power_and_strike():
    c = controls()
    feed(c, KeyPress("LEFT"), KeyPress("LEFT", frozenset(["SHIFT"])), KeyPress("UP"), KeyPress("UP"))
    (s,) = strikes(feed(c, KeyPress("SPACE")))
    assert s.heading_deg == pytest.approx(1.1) and s.speed == pytest.approx(0.5 * MAX_SPEED)


def test_ball_in_hand_is_its_own_step():
    c = controls(in_hand=True)
    b = c.board
    assert c.phase == "place"
    acts = feed(c, MouseMove(540, 300, -100, -60))  # the ball follows the pointer
    assert b.cue == pytest.approx((-0.1, -0.06)) and c.phase == "place" and not acts
    feed(c, MouseMove(745, 360, 205, 60))  # onto the ball at (0.1, 0): refused, shown
    assert c.placement.refused == pytest.approx((0.105, 0.0))
    gap = math.hypot(b.cue[0] - 0.1, b.cue[1])  # the ball slid up to the other one, no further
    assert 2 * 0.028575 <= gap < 2 * 0.028575 + 0.01 and b.cue[0] < 0.1
    assert "may not go there" in c.why_not  # the HUD says so while the pointer is there
    assert any(line.color == REFUSED_COLOR for line in c.placement.marks(0.028575, b.cue))  # the red ring
    drawn = b.cue
    feed(c, MousePress(745, 360, "left"), MouseRelease(745, 360, "left"))  # a click there: down where drawn
    assert c.phase == "aim" and b.cue == drawn and c.placement is None and c.why_not == ""
    feed(c, KeyPress("M"))  # picked up again
    assert c.phase == "place"
    feed(c, MouseMove(540, 300, 0, 0), KeyPress("RIGHT", frozenset(["CTRL"])))
    assert c.why_not == ""  # back over a legal spot: no message
    assert b.cue == pytest.approx((-0.09, -0.06))
    acts = feed(c, MousePress(600, 330, "left"), MouseRelease(600, 330, "left"))
    assert c.phase == "aim" and b.cue == pytest.approx((-0.04, -0.03)) and not strikes(acts)
    # aiming: no press moves the cue ball, a stroke pressed on it fires
    (s,) = strikes(stroke(c, 60, 60, x=600, y=330))
    assert b.cue == pytest.approx((-0.04, -0.03))


def test_enter_puts_the_ball_down_and_m_picks_it_up_again():
    c = controls(in_hand=True)
    feed(c, MouseMove(600, 400, 0, 0))
    assert not strikes(feed(c, KeyPress("ENTER"))) and c.phase == "aim"
    feed(c, KeyPress("M"))
    assert c.phase == "place"
    feed(c, MouseMove(620, 380, 0, 0), KeyPress("SPACE"))
    assert c.phase == "aim" and c.board.cue == pytest.approx((-0.02, 0.02))
    c.board.in_hand = False  # the rules no longer allow it
    feed(c, KeyPress("M"))
    assert c.phase == "aim" and "cannot be picked up" in c.why_not


def test_practice_starts_aiming_with_the_ball_in_hand_a_key_away():
    c = controls(in_hand=True, place_first=False)
    assert c.phase == "aim"
    feed(c, MousePress(640, 360, "left"), MouseDrag(540, 300, -100, -60, LEFT))
    assert c.board.cue == (0.0, 0.0) and c.phase == "power"


def test_a_non_human_player_aims_draws_back_and_strikes_through_the_same_path():
    c = controls()
    cmd = StrikeCommand(3.0, 45.0, 5.0, (0.1, -0.2))
    assert c.play(cmd, aim_s=0.5, stroke_s=0.3)
    headings, pulls = [], []
    acts = []
    for _ in range(60):
        c.update(1 / 60)
        headings.append(c.cue.heading_deg)
        pulls.append(c.cue_pull_m())
        acts += c.take_actions()
    (s,) = strikes(acts)
    assert (s.speed, s.heading_deg, s.elevation_deg) == (3.0, pytest.approx(45.0), 5.0)
    assert s.tip == pytest.approx((0.1, -0.2))
    assert 0 < headings[10] < 45 and max(pulls) > 0.1 and c.phase == "strike"
    assert not c.play(cmd)  # not while a shot is under way


def test_the_rack_over_screen_asks_before_the_next_rack():
    c = controls()
    c.board.over = True
    assert not strikes(stroke(c, 60, 60)) and "ENTER for the next rack" in c.why_not
    assert [a.name for a in feed(c, KeyPress("ENTER"))] == ["next-rack"]


def test_camera_orbit_and_zoom():
    c = controls()
    yaw, pitch, dist = c.camera.yaw_deg, c.camera.pitch_deg, c.camera.distance
    feed(
        c,
        MousePress(600, 300, "right"),
        MouseDrag(700, 320, 100, 20, frozenset(["right"])),
        MouseRelease(700, 320, "right"),
    )
    assert c.camera.yaw_deg == pytest.approx(yaw - 30) and c.camera.pitch_deg == pytest.approx(pitch - 6)
    assert c.phase == "aim"
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


def test_help_comes_from_the_key_map_and_every_binding_works():
    assert HELP == tuple((ctl.keys, ctl.text) for ctl in GAME_KEYS)
    for ctl in GAME_KEYS:
        for key, mods, cmd in ctl.bind:
            assert command_for(GAME_KEYS, key, mods) == cmd, (key, mods)
    assert command_for(GAME_KEYS, "Z", frozenset(["CTRL", "SHIFT"])).name == "undo"
    assert command_for(GAME_KEYS, "O", frozenset()) is None and command_for(GAME_KEYS, "Q", frozenset()).name == "coach"


def test_k_opens_the_name_box_and_typing_does_not_play():
    c = controls()
    feed(c, KeyPress("K"))
    assert c.naming == ""
    # the K's own text echo is swallowed; keys that play (SPACE, ESCAPE menu, arrows) only type
    acts = feed(
        c,
        TextInput("k"),
        TextInput("my"),
        KeyPress("SPACE"),
        TextInput(" "),
        KeyPress("LEFT"),
        TextInput("shot!/"),
        KeyPress("BACKSPACE"),
        TextInput("x-2"),
        MouseMove(0, 0, 100, 0),
    )
    assert acts == [] and c.naming == "my shox-2" and c.cue.heading_deg == 0.0 and not c.menu_open
    acts = feed(c, KeyPress("ENTER"))
    assert [(a.name, a.value) for a in acts] == [("save-name", "my shox-2")] and c.naming is None
    feed(c, KeyPress("K"), TextInput("abc"), KeyPress("ESCAPE"))
    assert c.naming is None and not c.menu_open and c.take_actions() == []
    assert strikes(feed(c, KeyPress("SPACE")))  # playing again once the box is closed


def test_a_press_behind_the_cue_ball_strikes_along_the_aim_the_player_saw():
    """Issue 25, point 4: aimed at the rack (+x), the pointer goes a little behind the cue ball
    to press and draw back; the cue does not turn round, the strike goes along +x."""
    c = controls()
    feed(c, MouseMove(900, 370, 260, 10))  # at the rack
    seen = c.cue.heading_deg
    assert seen == pytest.approx(math.degrees(math.atan2(0.01, 0.26)))
    feed(c, MouseMove(580, 350, -320, -20))  # 6 cm behind the cue ball
    assert c.cue.heading_deg == seen
    shot = strikes(stroke(c, 120, 200, x=580, y=350))
    assert len(shot) == 1 and shot[0].heading_deg == pytest.approx(seen)


def test_in_the_3d_view_a_press_well_below_the_cue_ball_strikes_along_the_aim():
    """Played in the window: in the 3D view the cloth just below the cue ball on screen is
    foreshortened (90 px below it at 1280x720 lies 0.4 m behind it), so moving the pointer
    down there to press turned the cue round and the break went backwards (heading 180).
    Up to the camera's distance behind the ball the aim now holds; the top view keeps 0.3 m."""
    c = controls()
    feed(c, MouseMove(900, 360, 260, 0))  # at the rack: heading 0
    feed(c, MouseMove(280, 360, -620, 0))  # 0.36 m behind the cue ball (below it on the 3D screen)
    assert c.cue.heading_deg == pytest.approx(0.0)
    shot = strikes(stroke(c, 120, 200, x=280, y=360))
    assert len(shot) == 1 and shot[0].heading_deg == pytest.approx(0.0)
    c.turn_ready()
    c.flags["top_view"] = True
    feed(c, MouseMove(281, 360, 1, 0))  # the same spot in the top view: the cue turns round
    assert c.cue.heading_deg == pytest.approx(180.0)


def test_a_click_or_drag_on_the_power_meter_sets_the_keyboard_power():
    """Played in the window: a click on the power meter did nothing (a new player's first try
    at setting the power). It sets the keyboard power SPACE strikes with; no stroke starts."""
    c = controls()
    m = c.layout.power
    x = m.x + m.w / 2
    assert feed(c, MousePress(x, m.y + 0.75 * m.h, "left")) == []
    assert c.cue.key_power == pytest.approx(0.75) and c.phase == "aim"
    feed(c, MouseDrag(x, m.y + 0.5 * m.h, 0, -0.25 * m.h, LEFT), MouseRelease(x, m.y + 0.5 * m.h, "left"))
    assert c.cue.key_power == pytest.approx(0.5) and c.phase == "aim"
    shot = strikes(feed(c, KeyPress("SPACE")))
    assert len(shot) == 1 and shot[0].speed == pytest.approx(0.5 * MAX_SPEED)
