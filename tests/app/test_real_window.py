"""The game in a real window, as a user starts it: ``python -m billiard play`` in a process of
its own on an X display (Xvfb, from the README's system packages), the table read back from
the X server's own framebuffer (Xvfb's ``-fbdir`` file, XWD format), Ctrl-C ends it with
exit code 130. Every other game test plays headless in the test process."""

import os
import shutil
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

SCREEN, WINDOW = (400, 300), (320, 180)


def screen_rgb(path: Path) -> np.ndarray:
    """Xvfb's screen file (XWD: a big-endian header, a colour map, then 32-bit BGRX pixels)
    as (height, width, 3) RGB."""
    data = path.read_bytes()
    head = struct.unpack(">25I", data[:100])
    size, width, height, bytes_per_line, colours = head[0], head[4], head[5], head[12], head[19]
    start = size + 12 * colours
    rows = np.frombuffer(data[start : start + bytes_per_line * height], np.uint8).reshape(height, bytes_per_line)
    return rows[:, : 4 * width].reshape(height, width, 4)[..., 2::-1]


def cloth(image: np.ndarray) -> float:
    """The share of green cloth pixels."""
    px = image.astype(int)
    return float(((px[..., 1] > px[..., 0] + 30) & (px[..., 1] > px[..., 2])).mean())


@pytest.fixture
def x_display(tmp_path):
    """A private Xvfb server: (its DISPLAY, its screen file). ``-noreset``: Xvfb would otherwise
    reset (and re-create the screen file) whenever its last client disconnects."""
    if shutil.which("Xvfb") is None:
        pytest.skip("the real-window test needs Xvfb (apt-get install xvfb)")
    read, write = os.pipe()
    log = tmp_path / "xvfb.log"
    with log.open("w") as err:
        server = subprocess.Popen(
            [
                "Xvfb",
                "-displayfd",
                str(write),
                "-screen",
                "0",
                "%dx%dx24" % SCREEN,
                "-fbdir",
                str(tmp_path),
                "-nolisten",
                "tcp",
                "-noreset",
            ],
            pass_fds=[write],
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    os.close(write)
    number = b""
    try:  # Xvfb writes its display number and a newline once ready (a closed pipe kills it)
        while not number.endswith(b"\n") and (chunk := os.read(read, 16)):
            number += chunk
    finally:
        os.close(read)
    number = number.decode().strip()
    screen = tmp_path / "Xvfb_screen0"
    try:
        deadline = time.monotonic() + 30
        while not (screen.is_file() and screen.stat().st_size > 100) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert number and screen.is_file(), f"Xvfb did not start: {log.read_text()}"
        yield f":{number}", screen
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_game_window_opens_on_a_display_draws_the_table_and_ctrl_c_ends_it(x_display, tmp_path):
    display, screen = x_display
    env = {
        **os.environ,
        "DISPLAY": display,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "BILLIARD_CONFIG_DIR": str(tmp_path / "config"),
    }
    env.pop("WAYLAND_DISPLAY", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "billiard", "play", "--mode", "9-ball", "--size", "%dx%d" % WINDOW, "--mute"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline, image = time.monotonic() + 120, screen_rgb(screen)
        while cloth(image[: WINDOW[1], : WINDOW[0]]) < 0.2 and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            image = screen_rgb(screen)
        assert game.poll() is None, game.communicate()[1]  # still running: the window's loop
        assert cloth(image[: WINDOW[1], : WINDOW[0]]) > 0.2  # the table, in the window's corner
        assert image[WINDOW[1] + 5 :, :].max() == 0 and image[:, WINDOW[0] + 5 :].max() == 0  # and only there
        game.send_signal(signal.SIGINT)
        _, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.communicate()
    assert game.returncode == 130 and "Traceback" not in err, err
