"""The table's collision features are compiled once per table value and kept in a small LRU."""

import numpy as np
import pytest

from billiard.physics.obstacle_toi import FEATURE_CACHE_SIZE, Features, table_features
from billiard.table import get_table


def test_same_table_value_shares_one_compiled_feature_set():
    a, b = get_table("pool-9ft"), get_table("pool-9ft")
    fa, fb = table_features(a.obstacles), table_features(b.obstacles)
    assert fa is fb
    fresh = Features.from_obstacles(a.obstacles)
    assert np.array_equal(fa.face_origin, fresh.face_origin) and np.array_equal(fa.point_c, fresh.point_c)
    assert table_features(get_table("snooker").obstacles) is not fa


def test_shared_features_are_read_only():
    f = table_features(get_table("pool-8ft").obstacles)
    with pytest.raises(ValueError):
        f.face_origin[0, 0] = 1.0


def test_cache_stays_bounded_however_many_tables_are_used():
    for k in range(3 * FEATURE_CACHE_SIZE):
        table_features(get_table({"length": 2.0 + 0.01 * k, "width": 1.0}).obstacles)
    assert table_features.cache_info().currsize <= FEATURE_CACHE_SIZE
