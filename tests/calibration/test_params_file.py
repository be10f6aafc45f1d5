"""A parameter file is accepted by ``simulate --params``, by shot files (``"params": "FILE"``
relative to the shot, or the document inline) and by ``play --params`` (remembered)."""

from __future__ import annotations

import json

import pytest

from billiard.shot import paramsfile
from billiard.shot.io import load
from billiard.shot.replayfile import Replay
from tests.in_process import billiard

SHOT = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "balls": [{"id": "cue", "pos": [-0.5, 0.0]}],
    "strike": {"ball": "cue", "speed": 0.6, "heading_deg": 0.0},
}


def _final_x(path) -> float:
    return Replay.load(path).final["cue"].pos[0]


def test_simulate_params_file_slows_the_roll(tmp_path):
    shot = tmp_path / "shot.json"
    shot.write_text(json.dumps(SHOT))
    paramsfile.save(tmp_path / "slow.json", {"mu_roll": 0.02})
    assert billiard("simulate", shot, "-o", tmp_path / "a.replay.json").code == 0
    assert billiard("simulate", shot, "-o", tmp_path / "b.replay.json", "--params", tmp_path / "slow.json").code == 0
    plain, slow = _final_x(tmp_path / "a.replay.json"), _final_x(tmp_path / "b.replay.json")
    assert slow < plain - 0.3
    # the batch applies it to every shot alike
    out = tmp_path / "batch"
    assert billiard("simulate", shot, "-o", out, "--jobs", "1", "--params", tmp_path / "slow.json").code == 0
    assert _final_x(out / "shot.replay.json") == pytest.approx(slow, abs=1e-12)


def test_shot_file_names_or_inlines_a_parameter_file(tmp_path):
    (tmp_path / "sub").mkdir()
    paramsfile.save(tmp_path / "sub" / "slow.json", {"mu_roll": 0.02})
    named = tmp_path / "sub" / "named.json"
    named.write_text(json.dumps({**SHOT, "params": "slow.json"}))  # relative to the shot file
    inline = tmp_path / "inline.json"
    inline.write_text(json.dumps({**SHOT, "params": json.loads((tmp_path / "sub" / "slow.json").read_text())}))
    assert load(named).params.mu_roll == 0.02
    assert load(inline).params.mu_roll == 0.02
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**SHOT, "params": "missing.json"}))
    ran = billiard("simulate", bad, "-o", tmp_path / "x.replay.json")
    assert ran.code == 2 and "missing.json" in ran.err and ran.err.count("\n") == 1


def test_play_params_is_remembered_in_the_settings(tmp_path, monkeypatch):
    from billiard import settings
    from billiard.app import setup
    from billiard.commands.play import _table_params

    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(setup, "TABLE_OVERRIDES", {})
    paramsfile.save(tmp_path / "fast.json", {"mu_roll": 0.004, "ball_radius": 0.03})
    _table_params(str(tmp_path / "fast.json"))
    assert settings.load().params_file == str((tmp_path / "fast.json").resolve())
    assert setup.TABLE_OVERRIDES == {"mu_roll": 0.004}  # the ball set stays the table's
    assert setup.new_session("8-ball").params.mu_roll == 0.004
    setup.TABLE_OVERRIDES = {}
    _table_params(None)  # the next start remembers it
    assert setup.TABLE_OVERRIDES == {"mu_roll": 0.004}
    _table_params("none")
    assert settings.load().params_file == "" and setup.TABLE_OVERRIDES == {}
    assert setup.new_session("8-ball").params.mu_roll == 0.01
