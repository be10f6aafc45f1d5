"""The window's *Play online* line: on the start screen and in the Escape menu, and joining
by a typed address (a bad one is one line on the HUD, the window goes on)."""

import random

import pyglet

from billiard.app.commands import Action
from billiard.net.online_menu import ADDRESS, add_online_menu


def test_the_online_line_is_on_the_start_screen_and_a_bad_address_is_one_line():
    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open((640, 400), "billiard", visible=False, what="a test window")
    try:
        app = GameApp(shell, "9-ball", None, None, None, racks=random.Random(3), start_screen=True)
        add_online_menu(app)
        assert "Play online: < host a game here >" in app.start_screen.labels()
        assert "online" in app.start_actions and "online" in app.menu_actions
        menu = app.online_menu
        menu.chosen(Action("online", ADDRESS))
        assert menu.address_box.text == ""  # the box is open for typing
        menu.address_box.on_text("no such::host")
        menu.address_box.on_key_press(pyglet.window.key.ENTER, 0)
        assert menu.address_box.text is None and menu.net is None
        assert any("an address is HOST" in line for line in app.game.messages.lines(4))
    finally:
        shell.window.close()
