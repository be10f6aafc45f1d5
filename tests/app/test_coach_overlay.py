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
        return CoachShot(0.0, (0.3, 0.0), (np.array([(-0.5, 0.0), (0.3, 0.0)]),), 0.62, "the 1 into the corner")

    try:
        assert app.coach is not None  # level 5 is the coach out of the box
        app.coach = None
        app.input.handler("key_press")(key.Q, 0)
        assert "no coach" in app.game.messages.top()
        app.coach = coach
        app.input.handler("key_press")(key.Q, 0)
        for _ in range(4):
            if not app.idle():
                app.update(1 / 60)
                app.draw()
        assert asked == [0, 0]
        paths = app.frame.scene().overlay.paths
        assert any(p.color == CUE_PATH_COLOR and np.allclose(p.points[-1], (0.3, 0.0)) for p in paths)
        assert any(i["text"] == "Coach: the 1 into the corner (62% chance)   Q hides" for i in app.hud.drawn())
        app.input.handler("key_press")(key.Q, 0)
        assert all(p.color != CUE_PATH_COLOR for p in app.frame.scene().overlay.paths)
    finally:
        app.preview.close()
        shell.close()
