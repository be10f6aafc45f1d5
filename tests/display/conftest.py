"""The display's tests build replays with tests/replay/replay_shots.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "replay"))
