"""End to end: a full-power 8-ball break (seeded rack) pockets the 6; the screenshot's tray,
under the player lines, shows a green ball over the room's wall."""
import numpy as np
from test_headless_play import SIZE, run_play

from billiard.render.tray import tray_rects


def test_the_tray_shows_the_ball_pocketed_on_the_break(tmp_path):
    events = [{"t": 0.02 * k, "type": "key_press", "symbol": "UP"} for k in range(12)]
    events.append({"t": 0.3, "type": "key_press", "symbol": "SPACE"})
    summary, image = run_play(tmp_path, events, mode="8-ball", table="pool-9ft", duration=12.0, seed=1,
                              extra=("--no-record",))
    assert summary["pocketed"] == ["6"] and summary["turn"] == 0 and summary["camera"] == "aim"
    (x, y, w, h), (x2, y2, w2, h2) = tray_rects(*SIZE, (("6",), ()))
    img = image.astype(int)
    tray = img[SIZE[1] - y - h:SIZE[1] - y, x:x + w]
    green = (tray[..., 1] > tray[..., 0] + 40) & (tray[..., 1] > tray[..., 2] + 10)
    assert green.sum() >= 10
    other = img[SIZE[1] - y2 - h2:SIZE[1] - y2, x2:x2 + w2]          # player 2 pocketed nothing
    assert not ((other[..., 1] > other[..., 0] + 40) & (other[..., 1] > other[..., 2] + 10)).any()
