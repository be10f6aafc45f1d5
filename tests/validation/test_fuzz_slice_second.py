"""The second half of the engine fuzz's fixed slice (the first is in test_fuzz.py)."""

from tests.validation.fuzz_slice import check_part


def test_second_half_of_the_fixed_slice_has_no_failure():
    check_part(1)
