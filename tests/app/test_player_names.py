"""Two people type their names in the Escape menu (N on a player's line); the scoreboard shows
them; against the computer the sides stay "You" and "Computer (level N)"."""

from concurrent.futures import ThreadPoolExecutor

from billiard.ai.players import parse_player
from billiard.app.game_app import side_names
from billiard.app.menu import ITEMS, Menu
from billiard.settings import Settings


def test_side_names_keep_you_and_the_computer_and_use_typed_names_for_two_people():
    human, computer = parse_player("human"), parse_player("computer:3")
    assert side_names((human, human)) is None
    assert side_names((human, human), ("Ann", "")) == ("Ann", "Player 2")
    assert side_names((human, computer), ("Ann", "Bob")) == ("You", "Computer (level 3)")


def test_the_menu_offers_a_name_only_on_a_human_line():
    menu = Menu(("9-ball",), ("pool-9ft",), "9-ball", "pool-9ft", players=("human", "computer:2"))
    menu.selected = ITEMS.index("player 1")
    assert menu.labels()[menu.selected] == "Player 1: < Human >  N: name"
    action = menu.key("N")
    assert action is not None and (action.name, action.value) == ("name-player", 0)
    menu.selected = ITEMS.index("player 2")
    assert menu.key("N") is None and "N: name" not in menu.labels()[menu.selected]


def test_typing_names_in_the_window_shows_them_on_the_scoreboard():
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open((1280, 720), visible=False)
    app = GameApp(
        shell, "9-ball", None, preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings(), inline_ai=True
    )
    press, text = app.input.handler("key_press"), app.input.handler("text")
    try:
        for side, typed in ((1, "Ann"), (2, "Bob Z")):
            press(key.ESCAPE, 0)
            assert app.controls.menu_open
            app.menu.selected = ITEMS.index(f"player {side}")
            press(key.N, 0)
            text("n")  # the N that opened the box: not typed
            for ch in typed:
                text(ch)
            assert app.controls.naming == typed
            press(key.ENTER, 0)
            assert app.controls.naming is None and app.controls.menu_open  # back in the menu
            press(key.ESCAPE, 0)
        assert tuple(app.session.rules.players) == ("Ann", "Bob Z")
        app.update(1 / 60)
        app.draw()
        texts = [i["text"] for i in app.hud.drawn()]
        assert any(t.lstrip("> ").startswith("Ann ") for t in texts)
        assert any(t.lstrip("> ").startswith("Bob Z ") for t in texts)
        app.start("9-ball", None)  # the next game keeps them
        assert tuple(app.session.rules.players) == ("Ann", "Bob Z")
    finally:
        app.preview.close()
        shell.close()
