"""The exact text of JSON files and of their read errors (one line a user reads)."""

import pytest

from billiard.errors import BilliardError
from billiard.shot import jsonfile


def test_pretty_layout_opens_two_levels_and_one_list_item_per_line():
    text = jsonfile.dumps({"a": {"b": {"c": 1}}, "l": [{"x": 1}, {"y": [1, 2]}]}, pretty=True)
    assert text.decode() == (
        '{\n  "a": {\n    "b": {"c": 1}\n  },\n  "l": [\n    {"x": 1},\n    {"y": [1, 2]}\n  ]\n}\n'
    )


def test_a_missing_file_names_the_reason_in_words(tmp_path):
    with pytest.raises(BilliardError) as err:
        jsonfile.read(tmp_path / "gone.json")
    assert str(err.value) == f"cannot read {tmp_path / 'gone.json'}: No such file or directory"


@pytest.mark.parametrize("limit, words", [(2 * 1024 * 1024, "2 MiB"), (100, "100 bytes")])
def test_a_file_over_the_limit_says_the_limit(tmp_path, limit, words):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (limit + 1))
    with pytest.raises(BilliardError) as err:
        jsonfile.read_bytes(path, max_bytes=limit)
    assert str(err.value) == f"{path} is larger than {words}"
