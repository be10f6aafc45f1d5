import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from billiard.shell.pygletconf import configure

configure(headless=True)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path, monkeypatch):
    """The game records every shot: keep the recordings of tests (and of the `billiard play`
    headless plays they start) out of the real home folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path, monkeypatch):
    """The Escape menu saves the volume and mute: keep the settings file of tests (and of
    their headless plays) out of the real config folder."""
    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
