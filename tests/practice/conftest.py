import pytest


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path, monkeypatch):
    """Layouts, best scores and recordings of these tests stay out of the real home folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
