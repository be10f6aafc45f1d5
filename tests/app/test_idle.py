"""No redraw (and no update) when nothing changed: the window sleeps while the player thinks;
an input event wakes it; a rolling shot keeps it drawing."""

from concurrent.futures import ThreadPoolExecutor

from billiard.shell.window import Shell
from billiard.settings import Settings


def test_the_game_idles_until_something_happens():
    from pyglet.window import key

    from billiard.app.game_app import GameApp

    shell = Shell.open((320, 180), visible=False)
    app = GameApp(shell, "practice", "pool-9ft", preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings())
    try:

        def frames(n):
            drawn = 0
            for _ in range(n):
                if app.idle():
                    continue
                app.update(1 / 60)
                if app.needs_redraw():
                    app.draw()
                    drawn += 1
            return drawn

        assert frames(60) >= 1  # the first picture, then the view settles
        assert frames(30) == 0 and app.idle()  # nothing moves: no update, no draw
        app.input.handler("mouse_motion")(200, 60, 5, 0)  # the pointer aims: one new picture
        assert not app.idle() and 1 <= frames(30) <= 2 and app.idle()
        app.input.handler("key_press")(key.SPACE, 0)  # a keyboard strike
        assert frames(30) == 30  # the balls roll: every frame is drawn
    finally:
        app.preview.close()
        shell.close()
