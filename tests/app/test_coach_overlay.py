"""The coach's slot (issue 27 fills it): Q asks the installed coach once per position, draws
its shot on the cloth and says it on the HUD; without a coach Q says so."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from billiard.display.coach import CUE_PATH_COLOR, CoachShot
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
        paths = app.frame.scene().overlay.paths
        assert any(p.color == CUE_PATH_COLOR and np.allclose(p.points[-1], (0.3, 0.0)) for p in paths)
        assert any(i["text"] == "Coach: the 1 into the corner (62% chance)   Q hides" for i in app.hud.drawn())
        app.input.handler("key_press")(key.Q, 0)
        assert all(p.color != CUE_PATH_COLOR for p in app.frame.scene().overlay.paths)
    finally:
        app.preview.close()
        shell.close()
