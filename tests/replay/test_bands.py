"""The replay viewer's top view frames the table between its HUD bands: no status, help or
clock line lies on a rail (found playing: at 1024x640 the help line crossed the near rail)."""

import pytest

from billiard.display.cameras import goal_camera, replay_view
from billiard.display.playback import Frame
from billiard.replay.bands import BOTTOM_TEXT, TOP_STRIP, ViewerFraming
from billiard.shot.shotfile import Strike
from billiard.table import get_table


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (800, 600), (1600, 700)])
@pytest.mark.parametrize("table_name", ["pool-9ft", "snooker", "carom"])
def test_the_whole_table_lies_between_the_bands(size, table_name):
    import numpy as np

    table = get_table(table_name)
    frame = Frame(0.0, ("cue",), np.array([[0.0, 0.0, 0.03]]), np.array([[1.0, 0, 0, 0]]), np.zeros(1, bool), 0.03)
    view = replay_view(frame, Strike(ball="cue", speed=1.0, heading_deg=0.0), size, ViewerFraming(*size))
    cam = goal_camera("top", table, view)
    m = table.cushion_width + table.rail_width
    rows = []
    for x in (-table.half_length - m, table.half_length + m):
        for y in (-table.half_width - m, table.half_width + m):
            col, row = cam.project((x, y, 0.0), size)
            assert 0 <= col <= size[0], (table_name, size)
            rows.append(size[1] - row)  # from the bottom
    assert min(rows) >= BOTTOM_TEXT - 1 and max(rows) <= size[1] - TOP_STRIP + 1, (rows, size)
