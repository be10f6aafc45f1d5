"""`billiard replay FILE --headless --at T --screenshot OUT.png`: the picture is there and shows
the table, the balls where the replay has them, trails and spin arrows when asked."""

import numpy as np
import pytest
from PIL import Image

from billiard.cli import main
from billiard.errors import BilliardError
from billiard.replay.source import open_file
from billiard.display.cameras import goal_camera, replay_view

from replay_shots import make_shot, replay_of

SIZE = (480, 270)


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    try:
        from billiard.render.offscreen import create_context

        create_context().release()
    except BilliardError as exc:
        pytest.skip(f"screenshots need an EGL OpenGL context: {exc}")
    path = tmp_path_factory.mktemp("shot") / "s.replay.json"
    replay_of(make_shot(speed=0.8)).save(path)
    return path


def _shoot(path, out, *extra):
    assert (
        main(
            [
                "replay",
                str(path),
                "--headless",
                "--at",
                "1.0",
                "--screenshot",
                str(out),
                "--size",
                f"{SIZE[0]}x{SIZE[1]}",
                *extra,
            ]
        )
        == 0
    )
    image = Image.open(out)
    assert image.size == SIZE and image.mode == "RGB"
    return np.asarray(image).astype(int)


def test_screenshot_shows_the_table_and_the_balls_where_the_replay_has_them(replay_file, tmp_path):
    pixels = _shoot(replay_file, tmp_path / "a.png")
    assert pixels.std() > 10  # not blank
    centre = pixels[SIZE[1] // 2, SIZE[0] // 2]
    assert centre[2] > centre[0] + 40  # carom cloth is blue
    opened = open_file(replay_file)
    frame = opened.playback.frame(1.0)
    cam = goal_camera("top", opened.replay.shot.table, replay_view(frame, opened.replay.shot.strike, SIZE))
    x, y = cam.project(frame.pos[frame.ids.index("white")], SIZE)
    ball = pixels[int(y) - 1 : int(y) + 2, int(x) - 1 : int(x) + 2].mean(axis=(0, 1))
    assert ball.min() > 170  # the white ball is at its replay position at t = 1 s
    x, y = cam.project(frame.pos[frame.ids.index("red")], SIZE)
    red = pixels[int(y) - 1 : int(y) + 2, int(x) - 1 : int(x) + 2].mean(axis=(0, 1))
    assert red[0] > red[1] + 60 and red[0] > red[2] + 60


def test_trails_and_spin_arrows_add_pixels(replay_file, tmp_path):
    plain = _shoot(replay_file, tmp_path / "plain.png")
    trails = _shoot(replay_file, tmp_path / "trails.png", "--trails")
    rows, cols = np.nonzero(np.abs(trails - plain).sum(axis=2) > 30)
    assert len(rows) > 100  # the white ball's path: about 75 px long at this size
    assert np.ptp(rows) <= 4 and np.ptp(cols) > 60  # a straight line along the x axis
    rich = _shoot(replay_file, tmp_path / "rich.png", "--trails", "--spin")
    yellow = lambda p: ((p[..., 0] > 200) & (p[..., 1] > 170) & (p[..., 2] < 90)).sum()  # noqa: E731
    assert yellow(rich) > yellow(plain) + 5  # the arrow strokes (the yellow ball is in both)


def test_every_camera_renders(replay_file, tmp_path):
    for camera in ("top", "follow", "aim", "orbit"):
        assert _shoot(replay_file, tmp_path / f"{camera}.png", "--camera", camera).std() > 10
    assert (
        main(["replay", str(replay_file), "--headless", "--screenshot", str(tmp_path / "x.png"), "--camera", "drone"])
        == 2
    )


def test_a_match_shot_renders_from_the_match_file(replay_file, data_dir, tmp_path, capsys):
    from billiard.replay import Recorder

    with Recorder(data_dir, mode="three-cushion", players=["Ann", "Bob"]) as rec:
        for k, speed in enumerate((0.6, 0.9)):
            rec.record(make_shot(speed=speed), replay_of(make_shot(speed=speed)), scores=[k, 0])
    out = tmp_path / "m.png"
    assert (
        main(
            [
                "replay",
                str(rec.session / "match.json"),
                "--shot",
                "2",
                "--headless",
                "--screenshot",
                str(out),
                "--size",
                "320x180",
            ]
        )
        == 0
    )
    assert "shot 2 of 2: replayed exactly" in capsys.readouterr().out
    assert np.asarray(Image.open(out)).std() > 10
    assert main(["replay", str(rec.session / "match.json"), "--shot", "3", "--headless", "--screenshot", str(out)]) == 2
    assert "shots 1 to 2" in capsys.readouterr().err
