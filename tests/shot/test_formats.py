"""One dispatch from the ``format`` key to the loader, with one-line errors."""

import json

import pytest
from in_process import billiard

from billiard.errors import BilliardError
from billiard.shot import formats
from billiard.shot.matchfile import MATCH_FORMAT
from billiard.shot.replayfile import FORMAT as REPLAY_FORMAT
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT


@pytest.mark.parametrize("fmt, kind", [(SHOT_FORMAT, "shot"), (REPLAY_FORMAT, "replay"), (MATCH_FORMAT, "match")])
def test_each_format_names_its_kind_and_loader(fmt, kind):
    assert formats.file_kind({"format": fmt}) == kind
    assert formats.LOADERS[kind].__self__.__name__.lower() == kind


@pytest.mark.parametrize(
    "data, accept, message",
    [
        ({"format": REPLAY_FORMAT}, ("shot",), "this is a replay file, not a shot file"),
        ({"format": MATCH_FORMAT}, ("shot", "replay"), "this is a match file, not a shot file or replay file"),
        (
            {"format": "billiard-match/7"},
            formats.ALL,
            "unknown file format 'billiard-match/7': this match file version is not supported",
        ),
        ({"format": "chess/1"}, ("shot",), r"unknown file format 'chess/1' \(expected 'billiard-shot/1'\)"),
        (
            {},
            formats.ALL,
            r"unknown file format None \(expected 'billiard-shot/1', 'billiard-replay/1' or 'billiard-match/1'\)",
        ),
    ],
)
def test_a_file_of_another_kind_is_one_clear_error(data, accept, message):
    with pytest.raises(BilliardError, match=message):
        formats.file_kind(data, accept)


def test_simulate_batch_refuses_a_replay_by_the_same_rule(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.json").write_text(json.dumps({"format": REPLAY_FORMAT}))
    ran = billiard("simulate", tmp_path / "in", "-o", str(tmp_path / "out") + "/")
    assert ran.code == 2 and "this is a replay file, not a shot file" in ran.err
