"""``billiard render``: one PNG, a PNG sequence and a GIF, loaded back; bad input exits 2."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from billiard.cli import main
from tests.render.helpers import rolling_replay


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory, gl_ctx):  # gl_ctx: skip where EGL is missing
    path = tmp_path_factory.mktemp("replay") / "shot.replay.json"
    path.write_text(json.dumps(rolling_replay()))
    return path


def frame_count(replay_file, start, fps):
    duration = json.loads(replay_file.read_text())["samples"]["t"][-1]
    return len(np.arange(start, duration + 1e-9, 1 / fps))


def test_one_frame_png(replay_file, tmp_path):
    out = tmp_path / "frame.png"
    assert (
        main(
            [
                "render",
                str(replay_file),
                "--at",
                "0.25",
                "--out",
                str(out),
                "--size",
                "320x180",
                "--camera",
                "follow",
                "--trails",
            ]
        )
        == 0
    )
    with Image.open(out) as img:
        assert img.mode == "RGB" and img.size == (320, 180)


def test_png_sequence_has_one_file_per_frame(replay_file, tmp_path):
    out = tmp_path / "frames"
    assert (
        main(
            [
                "render",
                str(replay_file),
                "--out",
                f"{out}/",
                "--fps",
                "10",
                "--size",
                "160x90",
                "--camera",
                "aim",
                "--at",
                "4.5",
            ]
        )
        == 0
    )
    files = sorted(out.glob("frame_*.png"))
    assert len(files) == frame_count(replay_file, 4.5, 10) >= 5
    with Image.open(files[-1]) as img:
        assert img.size == (160, 90)


def test_gif_animation_has_the_frame_count(replay_file, tmp_path):
    out = tmp_path / "shot.gif"
    assert main(["render", str(replay_file), "--out", str(out), "--fps", "8", "--size", "160x90", "--at", "4.6"]) == 0
    with Image.open(out) as img:
        assert img.n_frames == frame_count(replay_file, 4.6, 8) >= 5


@pytest.mark.parametrize(
    "out, args, message",
    [
        ("x.png", ["--size", "12"], "--size must look like"),
        ("x.png", ["--at", "70"], "outside the replay"),
        ("x.gif", ["--fps", "0"], "--fps"),
        ("x.txt", [], "--out must be"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(replay_file, tmp_path, capsys, out, args, message):
    assert main(["render", str(replay_file), "--out", str(tmp_path / out), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
    assert not (tmp_path / out).exists()


def test_missing_or_broken_replay_exits_2(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["render", str(broken), "--out", str(tmp_path / "a.png")]) == 2
    assert main(["render", str(tmp_path / "none.json"), "--out", str(tmp_path / "a.png")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "not valid JSON" in err[0] and "No such file" in err[1]
