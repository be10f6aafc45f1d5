"""The fixed slice of random shots (issue 20), shared by the test files that each run a part
of it: two files, so that the suite's workers (``--dist loadfile``) run the parts side by side
(issue 28: the whole slice in one file was the suite's longest single job)."""

from billiard.validation.fuzz import run

SLICE_SEED, SLICE_SHOTS = 20, 200
PARTS = 2


def check_part(part: int) -> None:
    """Shots ``part * 100 .. part * 100 + 99`` of the slice: no failure, most of them possible
    layouts, no tick near the event budget."""
    shots = SLICE_SHOTS // PARTS
    report = run(shots, SLICE_SEED, first=part * shots, progress=None)
    assert len(report.results) == shots
    assert [r.index for r in report.results] == list(range(part * shots, (part + 1) * shots))
    assert [(r.index, r.kind, r.message) for r in report.failures] == []
    assert report.counts["ok"] > shots // 2  # most draws are possible layouts
    assert max(r.busiest_tick for r in report.results) < 1000
