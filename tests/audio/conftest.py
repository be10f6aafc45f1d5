from billiard.shell.pygletconf import configure

configure(headless=True)  # pyglet.media opens pyglet's shadow window: no display here

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_folders(tmp_path, monkeypatch):
    """Settings and recordings of tests (and of their headless plays) stay in tmp_path."""
    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
