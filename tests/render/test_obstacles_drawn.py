"""File obstacles (billiard.table.file_obstacles) are drawn by the renderer."""

from __future__ import annotations

import copy
import json

import numpy as np

from billiard.cli import main
from billiard.resources import resource_path


def sample(name: str) -> dict:
    return json.loads(resource_path("assets", "samples", name).read_text())


def test_obstacles_are_drawn(gl_ctx, tmp_path):
    """The brick sample drawn from above: its pixels change when the block is taken away."""
    from PIL import Image

    data = sample("obstacle-brick.json")
    plain = copy.deepcopy(data)
    del plain["table"]["obstacles"]
    pictures = []
    for k, shot in enumerate((data, plain)):
        path = tmp_path / f"s{k}.json"
        path.write_text(json.dumps(shot))
        png = tmp_path / f"s{k}.png"
        assert main(["render", str(path), "--at", "0", "--out", str(png), "--size", "320x180", "--camera", "top"]) == 0
        with Image.open(png) as img:
            pictures.append(np.asarray(img.convert("RGB"), dtype=float))
    changed = np.abs(pictures[0] - pictures[1]).sum(axis=2) > 60
    assert changed.sum() > 100
    ys, xs = np.nonzero(changed)
    block = pictures[0][changed]
    assert np.mean(np.abs(block[:, 0] - block[:, 2]) < 40) > 0.9  # grey (edges aside), not cloth green
    assert xs.mean() > 160  # right of the centre, where the block is (x 0.4-0.5 m)
