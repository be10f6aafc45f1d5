"""A worker process of the game's pools ends with the game (issue 28): a game killed without
shutting its pool down left its worker waiting for ever, holding the game's output open."""

import subprocess
import sys
import time
from pathlib import Path

SCRIPT = """
import multiprocessing, os, sys
from concurrent.futures import ProcessPoolExecutor
from billiard.parent_watch import exit_with_parent

if __name__ == "__main__":
    kw = {"initializer": exit_with_parent} if sys.argv[1] == "watch" else {}
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), **kw)
    print(pool.submit(os.getpid).result(), flush=True)
    os._exit(0)  # gone without a shutdown
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state


def _orphan(tmp_path, how: str) -> int:
    script = tmp_path / "pool.py"
    script.write_text(SCRIPT)
    out = tmp_path / "pid.txt"
    with out.open("w") as fh:  # a file, not a pipe: an orphan holding a pipe would stall run()
        subprocess.run(
            [sys.executable, str(script), how], stdout=fh, stderr=subprocess.DEVNULL, timeout=120, check=True
        )
    return int(out.read_text().split()[0])


def test_the_worker_ends_when_its_parent_is_gone(tmp_path):
    pid = _orphan(tmp_path, "watch")
    deadline = time.monotonic() + 20
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(pid)


def test_without_the_watch_the_worker_is_left_behind(tmp_path):
    """The fault itself, so the test above can fail: the worker outlives its parent."""
    import os
    import signal

    pid = _orphan(tmp_path, "none")
    try:
        time.sleep(1.5)  # three of the watch's looks
        assert _alive(pid)
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_stopping_a_pool_ends_a_busy_worker_at_once():
    """Closing the game does not wait for a worker still busy (starting, or thinking)."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from billiard.parent_watch import stop_pool

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    pid = pool.submit(os.getpid).result(timeout=120)
    pool.submit(time.sleep, 60)  # a long job under way
    time.sleep(0.2)
    started = time.monotonic()
    stop_pool(pool)
    while _alive(pid) and time.monotonic() - started < 20:
        time.sleep(0.05)
    assert not _alive(pid) and time.monotonic() - started < 20


CTRL_C = """
import os, signal, time
from billiard.parent_watch import worker_pool

if __name__ == "__main__":
    pool = worker_pool()
    first = pool.submit(os.getpid)  # starts the worker: it is still setting itself up just after
    for process in pool._processes.values():
        os.kill(process.pid, signal.SIGINT)  # what a terminal's Ctrl+C sends the whole foreground group
    pid = first.result()
    os.kill(pid, signal.SIGINT)  # and once it is running
    time.sleep(0.3)
    print(pool.submit(os.getpid).result() == pid, flush=True)  # the same worker still answers
    pool.shutdown()
"""


def test_ctrl_c_is_the_game_s_not_its_worker_s(tmp_path):
    """Found at the README's play command: Ctrl+C on the start screen left "Process
    SpawnProcess-1:" and a KeyboardInterrupt traceback from a worker still importing."""
    script = tmp_path / "ctrl_c.py"
    script.write_text(CTRL_C)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr[-500:]
    assert "KeyboardInterrupt" not in done.stderr and "SpawnProcess" not in done.stderr
