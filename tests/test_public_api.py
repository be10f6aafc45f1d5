"""The package's public names: ``__all__`` lists exactly the lazily loaded API, and each loads."""

import billiard


def test_all_names_the_lazy_api_and_each_name_loads():
    assert set(billiard.__all__) == {"__version__", *billiard._API}
    for name in billiard.__all__:
        assert getattr(billiard, name) is not None
    assert billiard.simulate.__module__ == "billiard.shot.simulate"
