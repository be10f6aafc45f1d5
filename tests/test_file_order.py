"""The suite's file order for the xdist workers (tests/file_order.py): longest files first,
each file's tests kept together and in order, timings merged across partial runs."""

from pathlib import Path

from file_order import longest_first, merged, shipped


def test_files_go_longest_first_and_keep_their_tests_together_in_order():
    ids = ["a.py::t1", "a.py::t2", "b.py::t1", "c.py::t1", "c.py::t2", "c.py::t3"]
    order = [ids[i] for i in longest_first(ids, {"a.py": 1.0, "b.py": 9.0, "c.py": 4.0})]
    assert order == ["b.py::t1", "c.py::t1", "c.py::t2", "c.py::t3", "a.py::t1", "a.py::t2"]


def test_a_file_without_a_timing_counts_as_the_mean_and_ties_keep_the_collection_order():
    ids = ["a.py::t", "new.py::t", "b.py::t", "c.py::t"]
    order = [ids[i] for i in longest_first(ids, {"a.py": 1.0, "b.py": 5.0, "c.py": 3.0})]
    assert order == ["b.py::t", "new.py::t", "c.py::t", "a.py::t"]  # new.py: the mean, 3 s, before c.py
    assert longest_first(ids, {}) == [0, 1, 2, 3]


def test_a_partial_run_keeps_the_other_files_timings():
    assert merged({"a.py": 2.0, "b.py": 3.0, "junk": "x"}, {"b.py": 1.23456}) == {"a.py": 2.0, "b.py": 1.235}


def test_a_first_run_orders_the_files_by_the_shipped_timings():
    """A fresh clone (CI, the README's first run) has no timings of its own: the shipped ones
    name real test files, the slow ones among them, and put the process tests first."""
    seconds = shipped()
    tests = Path(__file__).parent
    assert len(seconds) > 100 and all(s >= 0 for s in seconds.values())
    assert sum((tests.parent / f).is_file() for f in seconds) >= 0.9 * len(seconds)
    ids = ["tests/shot/test_golden.py::t", "tests/net/test_commands.py::t"]
    assert [ids[i] for i in longest_first(ids, seconds)][0] == "tests/net/test_commands.py::t"
