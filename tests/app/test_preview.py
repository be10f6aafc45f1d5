"""The cue-path preview runs in a worker: the caller's thread only asks and looks."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from fakeworld import FakeWorld

from billiard.app.controls import StrikeCommand
from billiard.app.predict import predict_path
from billiard.app.preview import PathPreview, process_executor
from billiard.physics.params import POOL
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import get_table

R = POOL.ball_radius
TABLE = get_table({"length": 2.54, "width": 1.27})


def _balls():
    return Balls.create(["cue", "1"], [(-0.6, 0.0, R), (0.3, 0.05, R)], POOL.ball_mass, R)


class GatedExecutor:
    """Runs each job on a thread that waits for ``gate``: a job 'takes' as long as the test wants."""

    def __init__(self):
        self.gate = threading.Event()
        self.jobs = []
        self._pool = ThreadPoolExecutor(max_workers=1)

    def submit(self, fn, *args):
        self.jobs.append(args[-1] if args else None)

        def run():
            self.gate.wait(10)
            return fn(*args)

        return self._pool.submit(run)

    def shutdown(self, wait=True, cancel_futures=False):
        self.gate.set()
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_a_slow_preview_never_blocks_the_caller_and_the_newest_request_wins():
    ex = GatedExecutor()
    preview = PathPreview(lambda: ex)
    cmds = [StrikeCommand(2.0, h, 0.0, (0, 0)) for h in (0.0, 10.0, 20.0, 30.0)]
    for k, cmd in enumerate(cmds):
        preview.request(("aim", k), FakeWorld, _balls(), TABLE, POOL, "cue", cmd)
        assert len(preview.latest()) == 0  # nothing ready while the worker is busy (the gate
        # is shut: had request() waited for the job, this loop would never get here)
    assert ex.jobs == [cmds[0]]  # one job at a time; the others wait
    ex.gate.set()
    preview.wait()
    assert ex.jobs == [cmds[0], cmds[3]]  # the backlog collapses to the newest aim
    expected = predict_path(FakeWorld, _balls(), TABLE, POOL, "cue", cmds[3])
    assert preview.ready(("aim", 3)) and np.array_equal(preview.latest(), expected)
    preview.close()


def test_latest_path_is_filtered_by_its_key_and_the_ball_copy_is_taken_at_request_time():
    preview = PathPreview(lambda: ThreadPoolExecutor(max_workers=1))
    balls = _balls()
    preview.request(("shot", 1), FakeWorld, balls, TABLE, POOL, "cue", StrikeCommand(2.0, 0.0, 0.0, (0, 0)))
    balls.pos[0] = (0.9, 0.4, R)  # the caller moves on; the job keeps its copy
    preview.wait()
    path = preview.latest(lambda key: key == ("shot", 1))
    assert path[0].tolist() == [-0.6, 0.0, R]
    assert len(preview.latest(lambda key: key == ("shot", 2))) == 0
    preview.close()


def test_a_failing_preview_is_no_path_not_a_crash():
    failing = ThreadPoolExecutor(max_workers=1)
    preview = PathPreview(lambda: failing)
    preview.request(1, "not a world factory", _balls(), TABLE, POOL, "cue", StrikeCommand(2.0, 0.0, 0.0, (0, 0)))
    preview.wait()
    assert len(preview.latest()) == 0 and preview.failures == 1
    preview.close()


def test_the_real_engine_in_a_worker_process_gives_the_same_path_as_in_process():
    preview = PathPreview(process_executor)
    preview.start()
    cmd = StrikeCommand(3.0, 5.0, 0.0, (0.0, 0.2))
    t0 = time.perf_counter()
    preview.request("k", World, _balls(), TABLE, POOL, "cue", cmd)
    asked = time.perf_counter() - t0
    preview.wait(60)
    try:
        assert np.array_equal(preview.latest(), predict_path(World, _balls(), TABLE, POOL, "cue", cmd))
        assert asked < 0.5  # the request itself does not simulate
    finally:
        preview.close()


def test_any_look_ahead_runs_through_the_same_latest_wins_worker():
    from billiard.app.preview import LatestJob

    job = LatestJob(lambda: ThreadPoolExecutor(max_workers=1))
    assert job.latest() is None
    job.submit("a", sum, [1, 2, 3])
    job.wait()
    assert job.latest() == 6 and job.latest(lambda key: key == "b") is None
    job.close()
