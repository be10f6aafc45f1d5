"""Picture quality as a user meets it: ``--quality``, the Escape menu (applied at once and
remembered in the settings file), and the settings file's choice at the next start."""

import json
import os
from pathlib import Path

from test_headless_play import run_play

from billiard.app.menu import ITEMS


def settings_file() -> Path:
    return Path(os.environ["BILLIARD_CONFIG_DIR"]) / "settings.json"


def test_auto_is_low_on_software_gl_and_the_flag_overrides_it(tmp_path):
    summary, _ = run_play(tmp_path, [], duration=0.1)
    assert summary["quality"] == "low" and summary["msaa"] == 0  # these machines: llvmpipe
    summary, _ = run_play(tmp_path, [], duration=0.1, extra=("--quality", "medium"))
    assert summary["quality"] == "medium"
    assert not settings_file().exists()  # a flag is not remembered


def test_the_menu_changes_the_quality_at_once_and_remembers_it(tmp_path):
    keys = ["ESCAPE"] + ["DOWN"] * ITEMS.index("quality") + ["RIGHT"] * 3  # auto -> low -> medium -> high
    events = [{"t": 0.05 * k, "type": "key_press", "symbol": s} for k, s in enumerate(keys)]
    summary, _ = run_play(tmp_path, events, duration=0.6)
    assert summary["quality"] == "high" and summary["msaa"] == 4
    assert json.loads(settings_file().read_text())["quality"] == "high"
    summary, _ = run_play(tmp_path, [], duration=0.1)  # the next start uses it
    assert summary["quality"] == "high"
