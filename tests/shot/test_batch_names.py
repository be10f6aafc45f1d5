"""Where a batch writes each replay, and what it says when a shot's simulation crashes."""

from pathlib import Path

import pytest

from billiard.errors import BilliardError
from billiard.shot import batch


@pytest.mark.parametrize(
    "name, replay",
    [
        ("break.json", "break.replay.json"),
        ("break.shot.json", "break.replay.json"),
        ("shot", "shot.replay.json"),
    ],
)
def test_replay_names_drop_json_and_shot_suffixes(name, replay):
    assert batch.output_name(Path("in") / name) == replay


def test_two_shots_that_would_write_one_replay_are_refused_by_name(tmp_path):
    a, b = Path("x/break.json"), Path("y/break.shot.json")
    assert batch.plan_outputs([a], tmp_path) == [tmp_path / "break.replay.json"]
    with pytest.raises(BilliardError, match="x/break.json and y/break.shot.json would both write"):
        batch.plan_outputs([a, b], tmp_path)


def test_a_crash_inside_one_simulation_is_one_line_not_an_exception(monkeypatch):
    import billiard.shot.simulate as sim

    def crash(shot, fps):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(sim, "simulate", crash)
    assert batch.simulate_job({}, 60) == (None, "internal error: ZeroDivisionError: boom")
