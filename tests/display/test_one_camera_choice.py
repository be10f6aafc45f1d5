"""One camera choice (issue 21): the game, the replay viewer, its screenshots and
``billiard render`` name their views from ``display.cameras.CAMERAS`` and take each view's
goal from ``display.cameras.goal_camera``; no other module chooses a camera."""

import ast
from pathlib import Path

import numpy as np
import pytest

from billiard.cli import build_parser
from billiard.display.camera_rig import CameraRig, GameCamera
from billiard.display.cameras import CAMERAS, ViewInput, goal_camera, replay_view, view_mode
from billiard.display.playback import Playback
from billiard.physics.state import Motion
from billiard.replay.controls import ViewerControls
from billiard.replay.timeline import Timeline
from billiard.render.camera import table_top_camera

ROOT = Path(__file__).resolve().parents[2] / "billiard"
SIZE = (640, 360)
CHOOSERS = ("display/camera_rig.py", "replay/viewer.py", "replay/pictures.py", "replay/snapshot.py")


def _choices(command: str, option: str) -> tuple:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    action = next(a for a in sub.choices[command]._actions if option in a.option_strings)
    return action.choices, action.help


def test_every_front_end_names_the_same_views():
    render_choices, _ = _choices("render", "--camera")
    assert tuple(render_choices) == CAMERAS  # billiard render --camera
    _, replay_help = _choices("replay", "--camera")
    assert all(name in replay_help for name in CAMERAS)  # billiard replay --camera
    controls = ViewerControls(Timeline(1.0, 1 / 60, 0.0), "top")
    cycled = []
    for _ in CAMERAS:  # C in the viewer cycles them all
        controls.key("C")
        cycled.append(controls.camera.mode)
    assert sorted(cycled) == sorted(CAMERAS) and cycled[-1] == "top"
    assert CameraRig.MODES == CAMERAS  # the rig moves between the same views
    assert {view_mode(a, b) for a in (True, False) for b in (True, False)} <= set(CAMERAS)  # the game's


def test_only_display_cameras_defines_a_camera_choice():
    for module in ROOT.rglob("*.py"):
        tree = ast.parse(module.read_text())
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        where = module.relative_to(ROOT).as_posix()
        if where != "display/cameras.py":
            assert "goal_camera" not in names, f"{where} defines its own goal_camera"
            for node in ast.walk(tree):  # no second list of the view names
                if isinstance(node, ast.Tuple) and {"aim", "follow", "top"} <= {
                    getattr(e, "value", None) for e in node.elts
                }:
                    pytest.fail(f"{where}:{node.lineno} lists the camera names again")
    for where in CHOOSERS:
        imports = [n for n in ast.walk(ast.parse((ROOT / where).read_text())) if isinstance(n, ast.ImportFrom)]
        assert any(
            n.module == "billiard.display.cameras" and "goal_camera" in {a.name for a in n.names} for n in imports
        ), f"{where} does not take its cameras from display.cameras"


def test_a_replay_moment_and_the_game_see_the_same_top_and_follow_views():
    from replay_shots import make_shot, replay_of

    playback = Playback.from_replay(replay_of(make_shot(speed=0.8)))
    frame = playback.frame(0.3)
    replay = replay_view(frame, playback.strike, SIZE)
    moving = np.full(len(frame.pos), Motion.ROLLING)  # every ball on the table moves
    game = ViewInput(frame.pos, moving, replay.cue, playback.strike.heading_deg, None, SIZE[0] / SIZE[1])
    assert goal_camera("top", playback.table, replay) == table_top_camera(playback.table, SIZE[0] / SIZE[1])
    for name in ("top", "follow", "orbit"):
        assert goal_camera(name, playback.table, replay) == goal_camera(name, playback.table, game)
    # the game's camera reaches exactly the goal the one function gives
    cam = GameCamera(playback.table, "follow", game)
    for _ in range(120):
        cam.update(1 / 60, "follow", game)
    assert np.allclose(cam.current.eye(), goal_camera("follow", playback.table, game).eye(), atol=1e-6)
