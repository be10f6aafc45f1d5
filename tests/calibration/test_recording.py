"""The recording file (billiard-recording/1, JSON and CSV) and the parameter file
(billiard-params/1): round trips, their published schemas, and bad files as one line, exit 2."""

from __future__ import annotations

import json

import numpy as np
import pytest

from billiard.calibration import recording
from billiard.formats.schema import stale
from billiard.schemas.published import PUBLISHED
from billiard.calibration.recording import Recording, Track
from billiard.errors import BilliardError
from billiard.schemas import schema
from billiard.shot import paramsfile
from tests.in_process import billiard

jsonschema = pytest.importorskip("jsonschema")


def _rec() -> Recording:
    t = np.array([0.0, 0.02, 0.05, 0.07])
    return Recording(
        "r",
        "carom",
        {
            "cue": Track(t, np.column_stack([0.1 * t - 0.5, 0.2 + 0 * t])),
            "1": Track(t[:2], np.array([[0.3, 0.1], [0.3, 0.1]])),
        },
    )


def test_json_and_csv_round_trip_the_samples(tmp_path):
    rec = _rec()
    for name in ("r.json", "r.csv"):
        rec.save(tmp_path / name)
        back = recording.load(tmp_path / name)
        assert list(back.balls) == ["cue", "1"]
        for b in rec.balls:
            np.testing.assert_array_equal(back.balls[b].t, rec.balls[b].t)
            np.testing.assert_array_equal(back.balls[b].xy, rec.balls[b].xy)
    assert recording.load(tmp_path / "r.json").table == "carom"
    assert recording.load(tmp_path / "r.csv").table is None  # CSV: the table comes from --table


def test_published_schemas_are_the_structs_and_hold_for_written_files(tmp_path):
    mine = tuple(p for p in PUBLISHED if p.name in ("recording-1", "params-1"))
    assert len(mine) == 2 and stale(mine) == [], "run python -m billiard.schemas"
    rec = _rec()
    rec.save(tmp_path / "r.json")
    jsonschema.validate(json.loads((tmp_path / "r.json").read_text()), schema("recording-1"))
    paramsfile.save(tmp_path / "p.json", {"mu_roll": 0.007}, {"mu_roll": 0.0002}, {"shots": 3})
    jsonschema.validate(json.loads((tmp_path / "p.json").read_text()), schema("params-1"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            {"format": "billiard-recording/1", "table": "carom", "balls": {"cue": [[0, 1]]}}, schema("recording-1")
        )


@pytest.mark.parametrize(
    "text, needle",
    [
        ('{"format": "billiard-recording/1", "table": "carom", "balls": {"cue": [[0, 0.1]]}}', "balls"),
        (
            '{"format": "billiard-recording/1", "table": "carom", "balls": {"cue": [[0.1, 0, 0], [0.05, 0, 0]]}}',
            "times must increase",
        ),
        ('{"format": "billiard-shot/1", "table": "carom", "balls": {}}', "not a recording"),
        ('{"format": "billiard-recording/1", "table": "carom", "balls": {"cue": [[0, 0, 0]]}, "extra": 1}', "extra"),
        ("not json at all", "JSON"),
    ],
)
def test_bad_json_recordings_are_one_clear_error(tmp_path, text, needle):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BilliardError, match=needle):
        recording.load(path)


@pytest.mark.parametrize(
    "text, needle",
    [
        ("time,ball,x,y\n0,cue,0,0\n", "header"),
        ("t,ball,x,y\n0,cue,0\n", "4 expected"),
        ("t,ball,x,y\n0,cue,abc,0\n", "numbers"),
        ("t,ball,x,y\n0,cue,0,0\n0,cue,0.1,0\n", "times must increase"),
    ],
)
def test_bad_csv_recordings_are_one_clear_error(tmp_path, text, needle):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(BilliardError, match=needle):
        recording.load(path)


def test_fit_refuses_a_bad_file_in_one_line_with_exit_2(tmp_path):
    (tmp_path / "bad.json").write_text('{"format": "billiard-recording/1", "table": "carom", "balls": 3}')
    out = tmp_path / "p.json"
    out.write_text("keep me")
    ran = billiard("fit", tmp_path / "bad.json", "-o", out)
    assert ran.code == 2 and ran.err.count("\n") == 1 and "bad.json" in ran.err
    assert out.read_text() == "keep me"
    ran = billiard("fit", tmp_path / "bad.json", "-o", out, "--fit", "mu_nope")
    assert ran.code == 2 and "mu_nope" in ran.err
    _rec().save(tmp_path / "r.csv")
    ran = billiard("fit", tmp_path / "r.csv", "-o", out)
    assert ran.code == 2 and "--table" in ran.err and out.read_text() == "keep me"


def test_a_bad_parameter_file_is_one_line(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "billiard-params/1", "params": {"mu_roll": 7.0}}))
    with pytest.raises(BilliardError, match="mu_roll"):
        paramsfile.load(path)
    path.write_text(json.dumps({"format": "billiard-params/1", "params": {"mu_rol": 0.01}}))
    with pytest.raises(BilliardError, match="unknown parameter 'mu_rol'"):
        paramsfile.load(path)
    with pytest.raises(BilliardError, match="p.json"):
        paramsfile.save(path, {"e_cushion": 2.0})
    assert "mu_rol" in path.read_text()  # the refused save left the file as it was
