"""Ctrl+C ends the program even when something in its way out would keep it alive: the
command line's SIGINT handler gives the exit a deadline (``cli.EXIT_GRACE_S``)."""

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
