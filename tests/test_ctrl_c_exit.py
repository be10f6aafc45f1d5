"""Ctrl+C ends the program even when something in its way out would keep it alive: the
command line's SIGINT handler gives the exit a deadline (``cli.EXIT_GRACE_S``). SIGTERM takes
the same way out, with its own exit code."""

import subprocess
import sys
import time

HANGS_ON_EXIT = """
import os, signal, threading, time
import billiard.cli as cli
cli.EXIT_GRACE_S = 0.5
threading.Thread(target=time.sleep, args=(120,)).start()  # not a daemon: exit waits for it
signal.signal(signal.SIGINT, cli._interrupted)
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(120)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_a_process_whose_exit_would_wait_two_minutes_ends_soon_after_ctrl_c_with_130():
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", HANGS_ON_EXIT], capture_output=True, text=True, timeout=100)
    assert done.stdout.strip() == "interrupted"
    assert done.returncode == 130, done.stderr
    assert time.monotonic() - start < 60  # not the 120 s the thread would have held it


TERMINATED_WITH_A_WORKER = """
import os, signal, sys, time
import billiard.cli as cli
from billiard.parent_watch import stop_pool, worker_pool
pool = worker_pool()
assert pool.submit(abs, -3).result(timeout=120) == 3  # the worker process and its queues exist
cli.catch_stop_signals()

def body():
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(120)
    finally:
        stop_pool(pool)
        print("stopped", flush=True)

sys.exit(cli.guarded("test", body))
"""


def test_sigterm_takes_the_way_out_stops_the_worker_pool_and_exits_143_without_a_leak_warning():
    done = subprocess.run([sys.executable, "-c", TERMINATED_WITH_A_WORKER], capture_output=True, text=True, timeout=200)
    assert done.stdout.strip() == "stopped", done.stderr
    assert done.returncode == 143, done.stderr
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr, done.stderr
