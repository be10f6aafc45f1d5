"""The fixed slice of random shots (issue 20) the suite checks, shared by the test files that
each run a part of it: two files, so that the suite's workers (``--dist loadfile``) run the
parts side by side.

The suite keeps the first ``SLICE_SHOTS`` shots of seed ``SLICE_SEED`` (issue 28: the 200-shot
slice was the suite's longest job, ~16 s of CPU); the long soak of the same seed, the same
checks, is a benchmark: ``python benchmarks/fuzz_engine.py --shots 200 --seed 20 --jobs 2``
(exit 1 on any failure), and ``billiard fuzz`` runs any number of shots."""

from billiard.validation.fuzz import run

SLICE_SEED, SLICE_SHOTS = 20, 40
PARTS = 2


def check_part(part: int) -> None:
    """Shots ``part * n .. part * n + n - 1`` of the slice (``n = SLICE_SHOTS // PARTS``): no
    failure, most of them possible layouts, no tick near the event budget."""
    shots = SLICE_SHOTS // PARTS
    report = run(shots, SLICE_SEED, first=part * shots, progress=None)
    assert len(report.results) == shots
    assert [r.index for r in report.results] == list(range(part * shots, (part + 1) * shots))
    assert [(r.index, r.kind, r.message) for r in report.failures] == []
    assert report.counts["ok"] > shots // 2  # most draws are possible layouts
    assert max(r.busiest_tick for r in report.results) < 1000
