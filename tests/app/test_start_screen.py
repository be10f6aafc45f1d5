"""Issue 25, point 6: `billiard` alone opens the start screen; its lines are data; playing the
computer from it starts that game against that level, names the sides and remembers both."""

import argparse
from concurrent.futures import ThreadPoolExecutor

from billiard import settings
from billiard.app.start_screen import StartEntry, StartScreen
from billiard.commands.play import _nothing_chosen
from billiard.settings import Settings


def _args(**kw):
    base = {"mode": None, "layout": None, "drill": None, "players": "human,human"}
    return argparse.Namespace(**{**base, **kw})


def test_billiard_alone_opens_the_start_screen_and_a_choice_on_the_command_line_skips_it():
    assert _nothing_chosen(_args())
    assert not _nothing_chosen(_args(mode="8-ball")) and not _nothing_chosen(_args(drill="kick"))
    assert not _nothing_chosen(_args(players="human,computer:2"))


def test_another_part_adds_a_line_without_touching_the_screen():
    screen = StartScreen.standard(("practice", "8-ball", "9-ball"), ("kick",))
    screen.add(StartEntry("host", "Play online: host", "host"))
    labels = screen.labels()
    assert labels.index("Play online: host") == labels.index("Replays") - 1
    assert "practice" not in screen.entries[0].options  # the games against someone


def test_playing_the_computer_from_the_start_screen():
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open((1024, 640), visible=False)
    app = GameApp(
        shell,
        "practice",
        None,
        preview_executor=lambda: ThreadPoolExecutor(1),
        settings=Settings(),
        inline_ai=True,
        start_screen=True,
    )
    try:
        assert app.controls.menu_open and app.start_screen is not None
        app.update(1 / 60)
        app.draw()
        menu = [i["text"] for i in app.hud.drawn() if i["kind"] == "menu"]
        assert menu[:2] == ["Game: < 9-ball >", "Play the computer: < level 3 >"]
        for k in (key.RIGHT, key.DOWN, key.RIGHT, key.ENTER):  # the game after 9-ball, then level 4
            app.input.handler("key_press")(k, 0)
        assert app.start_screen is None and not app.controls.menu_open
        s = app.session
        assert s.mode != "practice" and app.computer is not None
        assert tuple(s.rules.players) == ("You", "Computer (level 4)")
        saved = settings.load()
        assert saved.start_level == 4 and saved.start_mode == s.mode
    finally:
        app.preview.close()
        if app.computer is not None:
            app.computer.close()
        shell.close()
