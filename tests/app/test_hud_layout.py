"""Issue 25, point 5 and the summary's ``hud``: at every window size from 1024x640 up, each text,
widget and menu item drawn lies inside the window and no two texts overlap, in play, in the
menu, in the help and on the end-of-rack panel; the headless summary lists them."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from in_process import play_ok

from billiard.ai.players import parse_player
from billiard.settings import Settings

SIZES = [(1024, 640), (1280, 720), (1600, 900)]


def _overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _check(items, size, what):
    assert items, what
    for item in items:
        x, y, w, h = item["rect"]
        assert x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1], f"{what}: {item} outside {size}"
    texts = [i for i in items if i["kind"] not in ("widget", "ball number")]  # numbers sit on balls
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            assert not _overlap(a["rect"], b["rect"]), f"{what} at {size}: {a} overlaps {b}"


@pytest.mark.parametrize("size", SIZES)
def test_nothing_drawn_leaves_the_window_or_overlaps(size):
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open(size, visible=False)
    app = GameApp(
        shell,
        "9-ball",
        None,
        preview_executor=lambda: ThreadPoolExecutor(1),
        settings=Settings(),
        players=(parse_player("human"), parse_player("computer:3")),
        inline_ai=True,
    )

    def frame(what):
        app.update(1 / 60)
        app.draw()
        items = app.hud.drawn()
        _check(items, size, what)
        return items

    try:
        frame("play")
        app.session.rules.message = (
            "Foul: no ball reached a rail after contact, and the cue ball was "
            "pocketed. Player 2 has ball in hand"
        )  # wraps at every size
        frame("a foul's long line over the ball-in-hand line")
        from billiard.app.messages import Priority
        from billiard.physics.state import Motion

        balls = app.session.balls
        for k, ball in enumerate(("1", "2")):  # a tray for each side, named beside its balls
            balls.motion[balls.index(ball)] = Motion.POCKETED
            app.session.pocketed_by[ball] = k
        long = (
            "Shot before: Foul: hit the 4 first instead of the 2, scratch. Computer 1 (level 3) has ball in hand"
            " and plays from anywhere on the table, Player 2 has had two fouls in a row: a third loses the rack"
        )  # wider than the window unwrapped
        app.game.messages.post(long, Priority.RULES, "a", until_act=True)
        app.game.messages.post("Foul: scratch. " + long, Priority.RULES, "b", until_act=True)
        items = frame("two long foul lines beside the trays")
        assert any(i["kind"] == "text" and i["text"].startswith("Foul: scratch") for i in items)
        app.input.handler("key_press")(key.ESCAPE, 0)
        menu = [i for i in frame("menu") if i["kind"] == "menu"]
        assert [i["text"] for i in menu][0] == "Resume" and menu[-1]["text"] == "Quit"
        app.input.handler("key_press")(key.UP, 0)  # Up from Resume: to Quit, which is on screen
        assert app.menu.selected == len(menu) - 1
        app.input.handler("key_press")(key.ESCAPE, 0)
        app.input.handler("key_press")(key.H, 0)
        frame("help")
        app.input.handler("key_press")(key.H, 0)
        rules = app.session.rules
        rules.game_over, rules.winner, rules.message = True, 1, "Computer (level 3) wins: 9 pocketed"
        buttons = [i for i in frame("end of rack") if i["kind"] == "button"]
        assert len(buttons) == 3
    finally:
        app.preview.close()
        app.computer.close()
        shell.close()


def test_the_summary_lists_the_hud_and_each_strike_s_player(tmp_path):
    script = tmp_path / "s.json"
    script.write_text(
        json.dumps(
            {"mode": "three-cushion", "duration": 0.5, "events": [{"t": 0.1, "type": "key_press", "symbol": "SPACE"}]}
        )
    )
    summary = tmp_path / "out.json"
    play_ok(
        "--script", script, "--summary", summary, "--size", "1024x640", "--fps", "20", "--no-record", "--quality", "low"
    )
    out = json.loads(summary.read_text())
    assert [s["player"] for s in out["strikes"]] == [0]
    kinds = {i["kind"] for i in out["hud"]}
    assert {"text", "widget"} <= kinds
    _check(out["hud"], (1024, 640), "summary")
    assert any(i["text"].startswith("> Player 1") for i in out["hud"])


def test_the_top_view_numbers_each_ball_on_the_table_and_the_3d_view_does_not():
    """Issue 25, point 10: the balls' own prints cannot be read from above, so the top view
    writes each numbered ball's number over it; the 3D views leave the balls as they are."""
    from pyglet.window import key

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    size = (1024, 640)
    shell = Shell.open(size, visible=False)
    app = GameApp(shell, "9-ball", None, preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings())

    def numbers():
        app.update(1 / 60)
        app.draw()
        items = app.hud.drawn()
        _check(items, size, "top view")
        return {i["text"]: i["rect"] for i in items if i["kind"] == "ball number"}

    try:
        app.input.handler("key_press")(key.ENTER, 0)  # the ball in hand goes down: the aim's 3D view
        assert numbers() == {}
        app.input.handler("key_press")(key.V, 0)
        shown = numbers()
        assert sorted(shown, key=int) == [str(n) for n in range(1, 10)]
        xs = [r[0] + r[2] / 2 for r in shown.values()]
        assert max(xs) - min(xs) < 0.2 * size[0]  # all on the rack, which is small from above
        app.start("9-ball", None)  # the next rack keeps the view the player chose
        assert app.controls.flags["top_view"]
    finally:
        app.preview.close()
        shell.close()


def test_a_click_on_a_menu_line_chooses_the_line_drawn_there():
    """Played in the window at 1024x640: a click on "Replays" toggled "Called shots" two lines
    up; the click was placed on a menu of 16 lines while the game's menu has more."""
    from pyglet.window import key, mouse

    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    size = (1024, 640)
    shell = Shell.open(size, visible=False)
    app = GameApp(shell, "three-cushion", None, preview_executor=lambda: ThreadPoolExecutor(1), settings=Settings())
    try:
        app.input.handler("key_press")(key.ESCAPE, 0)
        app.update(1 / 60)
        app.draw()
        menu = [i for i in app.hud.drawn() if i["kind"] == "menu"]
        assert len(menu) > 16
        line = next(i for i in menu if i["text"].startswith("Called shots"))
        assert line["text"].endswith("< off >")
        x, y, w, h = line["rect"]
        app.input.handler("mouse_press")(round(x + w / 2), round(y + h / 2), mouse.LEFT, 0)
        app.update(1 / 60)
        app.draw()
        again = next(i for i in app.hud.drawn() if i["kind"] == "menu" and i["text"].startswith("Called shots"))
        assert again["text"].endswith("< on >")
    finally:
        app.preview.close()
        shell.close()
