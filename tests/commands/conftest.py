"""The commands' tests build replays with tests/replay/replay_shots.py and keep recordings in
a data folder of their own."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "replay"))


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"
