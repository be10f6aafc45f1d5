"""The coach's slot (issue 27 fills it): Q asks the installed coach once per position, draws
its shot on the cloth and says it on the HUD; without a coach Q says so."""

import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from billiard.display.coach import CUE_PATH_COLOR, CoachShot, coach_line
from billiard.settings import Settings


def test_q_draws_the_coach_s_shot_and_asks_once_per_position():
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open((640, 400), visible=False)
    app = GameApp(shell, "9-ball", None, preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings())
    asked = []

    def coach(session):
        asked.append(session.shots)
        if len(asked) == 1:
            return None  # still working: asked again next frame, no input needed
        return CoachShot(
            12.0,
            (0.3, 0.0),
            (np.array([(-0.5, 0.0), (0.3, 0.0)]),),
            0.62,
            "the 1 into the corner",
            6.0,
            (0.1, -0.3),
            3.6,
        )

    try:
        assert app.coach is not None  # level 5 is the coach out of the box
        app.coach = None
        app.input.handler("key_press")(key.Q, 0)
        assert "no coach" in app.game.messages.top()
        app.coach = coach
        assert app.controls.put_down()  # the break's ball in hand put down where it lies: aiming
        app.input.handler("key_press")(key.Q, 0)
        for _ in range(4):
            if not app.idle():
                app.update(1 / 60)
                app.draw()
        assert asked == [0, 0]
        # the player's cue is laid on the coach's stroke: aim, elevation, spin, and SPACE's power
        cue = app.controls.cue
        assert cue.heading_deg == 12.0 and cue.elevation_deg == 6.0 and cue.tip == (0.1, -0.3)
        assert abs(cue.key_power - 0.3) < 1e-9  # 3.6 m/s of the controls' 12 m/s
        assert app.controls.aim_locked  # the mouse does not undo it; Q hiding the coach unlocks
        app.input.handler("mouse_motion")(400, 150, 5, 5)
        assert cue.heading_deg == 12.0
        paths = app.frame.scene().overlay.paths
        assert any(p.color == CUE_PATH_COLOR and np.allclose(p.points[-1], (0.3, 0.0)) for p in paths)
        assert any(i["text"] == "Coach: the 1 into the corner (62% chance)   Q hides" for i in app.hud.drawn())
        app.input.handler("key_press")(key.Q, 0)
        assert all(p.color != CUE_PATH_COLOR for p in app.frame.scene().overlay.paths)
        assert not app.controls.aim_locked
    finally:
        app.preview.close()
        shell.close()


def test_a_coach_shot_from_another_spot_shows_the_spot_and_leaves_the_cue_alone():
    """Played in the window: at the break the coach plays from the spot its break book puts the
    ball in hand on; laying the cue on that heading with the ball where the player had put it
    sent the break into the side of the rack (illegal break). The spot is a green ring, the HUD
    line says so, the cue aims from the ball at the coach's ghost ball, and is laid on the
    coach's heading once the ball is on the spot."""
    from types import SimpleNamespace

    from fakes import FakeBoard

    from billiard.app.coach_slot import CoachSlot, lay_cue
    from billiard.app.controls import Controls
    from billiard.app.layout import HudLayout
    from billiard.app.messages import MessageQueue
    from billiard.display.coach import PLACE_COLOR, coach_paths

    board = FakeBoard()
    controls = Controls(HudLayout.for_size(1280, 720), board)
    controls.turn_ready()
    session = SimpleNamespace(
        shots=0, rules=SimpleNamespace(turn=0), cue_xy=lambda: board.cue, ball_in_hand=lambda: False
    )
    shot = CoachShot(
        -13.0, (0.5, -0.1), (np.array([(-0.8, 0.2), (0.5, -0.1)]),), 0.9, "break", 2.5, (0.0, -0.1), 11.0, (-0.8, 0.2)
    )
    slot = CoachSlot(MessageQueue())
    asked = []
    slot.coach, slot.lay = (
        (lambda s: asked.append(s.shots) or shot),
        (lambda found, carry: lay_cue(controls, found, carry)),
    )
    slot.toggle()
    assert slot.shot(session, True)[0] is shot
    # the ball lies elsewhere: the cue aims from it at the coach's ghost ball, with its stroke
    assert controls.cue.heading_deg == pytest.approx(math.degrees(math.atan2(-0.1, 0.5)) % 360.0)
    assert controls.cue.tip == (0.0, -0.1) and abs(controls.cue.key_power - 11.0 / 12.0) < 1e-9
    assert slot.messages.top() == "Coach: break (90% chance); the coach plays it from the green ring   Q hides"
    rings = [p for p in coach_paths(shot, 0.028575) if p.color == PLACE_COLOR]
    assert len(rings) == 1 and np.allclose(rings[0].points[:-1].mean(axis=0), (-0.8, 0.2), atol=1e-3)
    board.cue = (-0.795, 0.2)  # the player puts it about there: no call to the ring, the cue aims at the ghost ball
    slot.shot(session, True)
    assert slot.messages.top() == "Coach: break (90% chance)   Q hides"
    assert controls.cue.heading_deg == pytest.approx(math.degrees(math.atan2(-0.3, 1.295)) % 360.0)
    board.cue = (-0.8, 0.2)  # on the spot: the coach's own heading
    slot.shot(session, True)
    assert controls.cue.heading_deg == 347.0 and abs(controls.cue.key_power - 11.0 / 12.0) < 1e-9
    assert slot.messages.top() == "Coach: break (90% chance)   Q hides"
    assert len(asked) == 3
    slot.shot(session, False)  # a shot: the next rack may start from the same spot, shots 0 again
    slot.shot(session, True)
    assert len(asked) == 4  # asked afresh, not the last rack's answer


def test_with_the_ball_in_hand_the_coach_carries_it_to_its_ring_and_enter_plays_from_there():
    """Played in the window, keyboard only: the coach's break came with a green ring the player
    could only reach with the mouse, and every move of the ball asked the coach afresh (seconds
    of "thinking"). With the ball in hand the answer does not depend on where the ball is held:
    it is asked once, brings the carried ball onto its ring, ENTER puts it down there and the
    cue lies on the coach's own stroke; the pointer still takes the ball anywhere else."""
    from types import SimpleNamespace

    from fakes import FakeBoard

    from billiard.app.coach_slot import CoachSlot, lay_cue
    from billiard.app.controls import Controls
    from billiard.app.layout import HudLayout
    from billiard.app.messages import MessageQueue
    from billiard.shell.input import KeyPress

    board = FakeBoard(in_hand=True)
    board.cue = (-0.3, 0.0)
    controls = Controls(HudLayout.for_size(1280, 720), board)
    controls.turn_ready()
    assert controls.phase == "place"
    session = SimpleNamespace(
        shots=0, rules=SimpleNamespace(turn=0), cue_xy=lambda: board.cue, ball_in_hand=lambda: True
    )
    shot = CoachShot(
        -13.0, (0.5, -0.1), (np.array([(-0.4, 0.2), (0.5, -0.1)]),), 0.9, "break", 2.5, (0.0, -0.1), 11.0, (-0.4, 0.2)
    )
    slot = CoachSlot(MessageQueue())
    asked = []
    slot.coach = lambda s: asked.append(s.shots) or shot
    slot.lay = lambda found, carry: lay_cue(controls, found, carry)
    slot.placed = lambda: controls.placed
    slot.picked = lambda: controls.picked
    slot.toggle()
    assert slot.shot(session, True) == (shot, True)  # True: the frame is drawn again, with the ball moved
    assert board.cue == (-0.4, 0.2) and controls.phase == "place"  # carried onto the ring, not yet down
    assert abs(controls.cue.key_power - 11.0 / 12.0) < 1e-9  # found playing: the bar said 40 % until ENTER
    assert slot.messages.top() == "Coach: break (90% chance)   Q hides"
    for x in (-0.2, -0.1, -0.4):  # the pointer moves it about and back: nothing new is asked
        controls.placement.hover((x, 0.2))
        slot.shot(session, True)
    assert asked == [0] and board.cue == (-0.4, 0.2)
    assert controls.put_down()  # ENTER
    slot.shot(session, True)
    assert controls.phase == "aim" and controls.cue.heading_deg == 347.0 and controls.aim_locked
    assert abs(controls.cue.key_power - 11.0 / 12.0) < 1e-9 and asked == [0]
    # put down elsewhere, then M (played in the window: the ball stayed off the ring, and the only
    # way back was to find the ring with the pointer): M carries it back onto the ring
    controls.handle(KeyPress("M"))
    slot.shot(session, True)  # a frame: the ball is on the ring already
    controls.placement.hover((-0.2, 0.1))
    slot.shot(session, True)
    assert controls.put_down() and board.cue == (-0.2, 0.1)
    slot.shot(session, True)
    assert "green ring" in slot.messages.top()
    controls.handle(KeyPress("M"))
    assert slot.shot(session, True) == (shot, True)  # redrawn next frame, with the ball on the ring
    assert board.cue == (-0.4, 0.2) and controls.phase == "place" and asked == [0]
    controls.placement.hover((-0.25, 0.15))  # the pointer still takes it elsewhere: not carried back
    slot.shot(session, True)
    assert board.cue == (-0.25, 0.15)


def test_the_coach_s_line_goes_while_the_balls_roll_or_the_other_side_plays():
    """Played in the window: "Coach: thinking..." stayed on the HUD through the computer's
    turn (and the coach kept working on a position gone). Off turn, the line goes and the
    coach's question is dropped; back on turn it is asked again."""
    from types import SimpleNamespace

    from billiard.app.coach_slot import CoachSlot
    from billiard.app.messages import MessageQueue

    stops = []

    class Thinking:
        def __call__(self, session):
            return None  # still thinking

        def stop(self):
            stops.append(1)

    slot = CoachSlot(MessageQueue())
    slot.coach = Thinking()
    session = SimpleNamespace(
        shots=0, rules=SimpleNamespace(turn=0), cue_xy=lambda: (0.0, 0.0), ball_in_hand=lambda: False
    )
    slot.toggle()
    assert slot.shot(session, True) == (None, True)
    assert slot.messages.top() == "Coach: thinking..."
    assert slot.shot(session, False) == (None, False)
    assert slot.messages.top() != "Coach: thinking..." and stops == [1]
    slot.shot(session, False)
    assert stops == [1]  # once
    assert slot.shot(session, True) == (None, True) and slot.messages.top() == "Coach: thinking..."


def test_q_while_the_computer_plays_arms_the_coach_for_the_next_turn():
    """Found playing three-cushion: Q pressed while the computer was on turn was swallowed
    with the aiming keys, so the coach stayed off at the player's turn. It is a toggle, as V is."""
    from billiard.app.computer_turns import allowed_while_computer_plays
    from billiard.shell.input import KeyPress

    assert allowed_while_computer_plays(KeyPress("Q"))
    assert not allowed_while_computer_plays(KeyPress("SPACE"))  # the stroke stays the player's own


def test_the_frames_go_on_until_the_view_has_turned_onto_the_laid_cue():
    """Played: in the kick drill, Q pressed as the drill began; the answer laid the cue on a
    kick 22 degrees off, and with nothing else moving the window went idle on the frame that
    drew the coach's paths round a cue and a view still pointing at the 9. The cue is laid
    while a frame is drawn, after its view was placed: the frames must go on until the view
    has turned."""
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open((640, 400), visible=False)
    app = GameApp(
        shell, "practice", None, preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings(), drill="kick"
    )
    try:
        assert not app.controls.flags["top_view"]
        start = app.controls.cue.heading_deg
        laid = (start + 22.0) % 360.0
        answers = iter([None, None])  # working for two frames, then the kick

        def coach(session):
            return next(answers, CoachShot(laid, None, (np.array([(0.0, 0.0), (0.2, 0.1)]),), 1.0, "kick at the 1"))

        app.coach = coach
        frames = 0
        for _ in range(200):  # settle first: the view comes to rest behind the cue
            if app.idle():
                break
            app.update(1 / 60)
            app.draw()
        app.input.handler("key_press")(key.Q, 0)
        for _ in range(600):
            if app.idle():
                break
            app.update(1 / 60)
            app.draw()
            frames += 1
        assert app.controls.cue.heading_deg == laid and frames < 600
        drawn = app._drawn_camera
        assert abs((drawn.yaw_deg - laid + 180.0) % 360.0 - 180.0) < 0.5, (drawn.yaw_deg, laid)
    finally:
        app.preview.close()
        shell.close()


def test_a_pass_back_leaves_the_cue_alone():
    """After the computer's push-out the coach may answer "pass the shot back": it has no
    stroke, and laying one turned the player's cue to heading 0 and locked it there."""
    from fakes import FakeBoard

    from billiard.app.coach_slot import lay_cue
    from billiard.app.controls import Controls
    from billiard.app.layout import HudLayout

    board = FakeBoard()
    controls = Controls(HudLayout.for_size(1280, 720), board)
    controls.turn_ready()
    controls.set_cue(heading_deg=123.0)
    assert lay_cue(controls, CoachShot(0.0, None, (), 0.0, "pass the shot back", stroke=False))
    assert controls.cue.heading_deg == 123.0 and not controls.aim_locked
    assert coach_line(CoachShot(0.0, None, (), 0.0, "pass the shot back", stroke=False)) == (
        "Coach: pass the shot back   Q hides"
    )
