"""End to end in one process: the real window, controls, loop and drawing (headless play),
with a stand-in world in which the 1 drops into a pocket on the shot; the screenshot's tray,
under the player line, then shows a yellow ball (it joins the tray as it drops)."""

import numpy as np
from PIL import Image
from test_tray import _OneDrops

import billiard.app.game_controller as game_controller
from billiard.app.headless import run_script
from billiard.app.session import Session
from billiard.shell.pyglet_input import key_names
from billiard.app.script import load_script
from billiard.physics.params import POOL
from billiard.physics.state import Balls
from billiard.render.tray import tray_rects
from billiard.table import get_table

SIZE = (480, 270)
R = POOL.ball_radius


def _session(mode, table_name=None, seed=None):
    balls = Balls.create(["cue", "1", "2"], [(-0.6, 0.0, R), (0.6, 0.3, R), (0.2, -0.3, R)], POOL.ball_mass, R)
    return Session("practice", get_table("pool-9ft"), balls, POOL, _OneDrops)


def yellow(img):
    return (img[..., 0] > 140) & (img[..., 1] > 110) & (img[..., 2] < 0.5 * img[..., 1])


def test_the_tray_shows_the_ball_pocketed_in_the_shot(tmp_path, monkeypatch):
    monkeypatch.setattr(game_controller, "new_session", _session)  # the controller starts the games
    path = tmp_path / "script.json"
    path.write_text('{"duration": 2.0, "events": [{"t": 0.05, "type": "key_press", "symbol": "SPACE"}]}')
    script = load_script(path, key_names())
    shot = tmp_path / "tray.png"
    summary = run_script(script, SIZE, 30.0, shot, None, quality="low")
    assert summary["shots"] == 1 and summary["balls"]["1"]["state"] == "pocketed"
    img = np.asarray(Image.open(shot)).astype(int)
    ((x, y, w, h),) = tray_rects(*SIZE, (("1",),))
    tray = img[SIZE[1] - y - h : SIZE[1] - y, x : x + w]
    assert yellow(tray).sum() >= 10
    below = img[SIZE[1] - y : SIZE[1] - y + h, x : x + w]  # nothing where a second row would be
    assert yellow(below).sum() == 0
