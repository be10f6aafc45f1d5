"""`billiard render` takes shot and match files too (through ``load_any``), not only replays."""

import json

import numpy as np
from PIL import Image, ImageSequence
from replay_shots import make_shot, replay_of

from billiard.cli import main
from billiard.replay import Recorder


def test_a_shot_file_renders_to_a_three_frame_gif(tmp_path):
    shot = make_shot()
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(shot))
    fps = 2.5 / replay_of(shot).duration  # frames at 0, 0.4 and 0.8 of the shot
    out = tmp_path / "shot.gif"
    assert main(["render", str(path), "--out", str(out), "--fps", repr(fps), "--size", "160x90"]) == 0
    with Image.open(out) as gif:
        frames = [np.asarray(f.convert("RGB"), dtype=int) for f in ImageSequence.Iterator(gif)]
    assert len(frames) == 3 and frames[0].shape == (90, 160, 3)
    assert np.abs(frames[0] - frames[1]).sum() > 0  # the balls move between frames


def test_a_match_file_renders_its_first_shot(tmp_path, capsys):
    with Recorder(tmp_path / "data", mode="three-cushion", table="carom", players=["A", "B"]) as rec:
        rec.record(make_shot(), scores=[0, 0], player=0)
    out = tmp_path / "match.png"
    assert main(["render", str(rec.session / "match.json"), "--out", str(out), "--size", "160x90"]) == 0
    with Image.open(out) as img:
        assert img.size == (160, 90)
    assert main(["render", str(tmp_path / "data"), "--out", str(out)]) == 2  # a folder: one line
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
