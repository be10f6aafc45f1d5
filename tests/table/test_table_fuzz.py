"""Fuzz: random shots on every preset; no ball may end outside the table, inside an
obstacle or below the bed without being recorded as pocketed (a larger run is
``benchmarks/fuzz_tables.py``)."""

import pytest

from billiard.table import get_table
from billiard.table.fuzz import random_shot

PRESETS = ("pool-7ft", "pool-8ft", "pool-9ft", "snooker", "carom")


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_shots_end_in_legal_places(name, seed):
    """Even seeds: the usual rack, cue ball anywhere; odd seeds: 6 balls anywhere; seeds 3
    and 4 with an elevated cue (jumps)."""
    out = random_shot(
        get_table(name), seed, scattered=0 if seed % 2 == 0 else 6, max_elevation=30.0 if seed > 2 else 0.0
    )
    assert out.finished
    assert out.problems == ()


def test_fuzz_outcomes_are_reproducible():
    a = random_shot(get_table("pool-7ft"), 3, scattered=4)
    b = random_shot(get_table("pool-7ft"), 3, scattered=4)
    assert a == b
