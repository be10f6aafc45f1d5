"""A script played in the real window (issue 28): events reach the window at their real
times, the summary's frame figures are the intervals between frames (what a player sees),
and each slow one says where its time went."""

import json
from types import SimpleNamespace

from billiard.app.script import parse_script
from billiard.app.window_script import WindowScriptDriver


class FakeWindow:
    def __init__(self):
        self.events = []

    def dispatch_event(self, name, *args):
        self.events.append((name, args))

    def get_size(self):
        return (1280, 720)


class FakeApp:
    def __init__(self):
        self.decided = []
        self.session = SimpleNamespace(summary=lambda: {"mode": "9-ball", "shots": 1})

    def view_summary(self):
        return {"view": "top"}

    def decide(self, option):
        self.decided.append(option)


def _script():
    return parse_script(
        {
            "mode": "9-ball",
            "duration": 0.2,
            "events": [
                {"t": 0.0, "type": "key_press", "symbol": "V"},
                {"t": 0.05, "type": "decide", "option": "play"},
                {"t": 0.1, "type": "key_press", "symbol": "ENTER"},
            ],
        }
    )


def test_events_come_at_their_times_and_the_intervals_are_the_frame_figures(tmp_path):
    now = [10.0]
    finished = []
    window, app = FakeWindow(), FakeApp()
    out = tmp_path / "summary.json"
    driver = WindowScriptDriver(
        _script(), window, app, str(out), on_finish=lambda: finished.append(1), clock=lambda: now[0]
    )
    # frames every 16 ms, one of them 80 ms late: 70 ms of drawing and 10 ms of waiting outside
    steps = [0.016, 0.016, 0.016, 0.08, 0.016, 0.016, 0.016, 0.016, 0.016, 0.016, 0.016, 0.016]
    for step in steps:
        driver.tick()
        if driver.finished:
            break
        assert len(window.events) <= 2
        work = 0.07 if step == 0.08 else 0.004
        driver.done_frame(work, (0.001, work - 0.002, 0.001))
        now[0] += step
    assert driver.finished and finished == [1]
    assert [name for name, _ in window.events] == ["on_key_press", "on_key_press"]
    assert app.decided == ["play"]
    data = json.loads(out.read_text())
    assert data["window"] == "real" and data["mode"] == "9-ball" and data["view"] == "top"
    assert data["frames"] == len(driver.intervals) >= 5
    assert data["slow_frames"] == 1 and abs(data["max_frame_ms"] - 80.0) < 1e-6
    (slow,) = data["slow_frame_log"]
    assert slow["ms"] == 80.0 and slow["outside_ms"] == 10.0  # 70 ms of the frame's own work
    assert (slow["update_ms"], slow["swap_ms"]) == (1.0, 1.0)
    assert slow["draw_ms"] == 68.0 and abs(slow["t"] - 0.048) < 1e-9
    assert data["frame_work_max_ms"] == 70.0 and data["size"] == [1280, 720]


def test_the_first_interval_is_not_a_slow_frame():
    now = [0.0]
    driver = WindowScriptDriver(_script(), FakeWindow(), FakeApp(), clock=lambda: now[0])
    for step in (0.5, 0.016, 0.016):  # the first frame waited for the window to show
        driver.tick()
        driver.done_frame(0.001)
        now[0] += step
    driver.tick()
    figures = driver.summary()
    assert figures["slow_frames"] == 0 and figures["slow_frame_log"] == []
    assert figures["max_frame_ms"] == 500.0  # still counted in the distribution
