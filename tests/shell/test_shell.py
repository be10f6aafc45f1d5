"""The one window shell (billiard.shell): the same GL configuration for every window the
game or the viewer opens, and the browser list's keys on the key map."""

import numpy as np
import pytest

from billiard.replay.browser import BrowserList
from billiard.shell.keymap import BROWSER_KEYS, command_for


def test_a_headless_shell_has_the_configured_context_and_draws():
    from billiard.shell.window import GL_VERSION, Shell

    shell = Shell.open((64, 48), visible=False)
    try:
        config = shell.window.config
        assert config.depth_size >= 24 and config.red_size == config.alpha_size == 8
        assert shell.ctx.version_code >= 100 * GL_VERSION[0] + 10 * GL_VERSION[1]
        assert shell.size == (64, 48)
        shell.ctx.screen.use()
        shell.ctx.screen.clear(1.0, 0.0, 0.0, 1.0)
        pixels = np.frombuffer(shell.ctx.screen.read(components=3), np.uint8).reshape(48, 64, 3)
        _ = shell.ctx.error
        assert (pixels == (255, 0, 0)).all()
    finally:
        shell.close()


@pytest.mark.parametrize(
    "symbol, start, expected",
    [("DOWN", 0, 1), ("UP", 3, 2), ("PAGEDOWN", 0, 10), ("PAGEUP", 12, 2), ("END", 0, 19), ("HOME", 7, 0)],
)
def test_the_browser_list_moves_by_the_key_map(symbol, start, expected):
    browser = BrowserList([object()] * 20)
    browser.selected = start
    assert command_for(BROWSER_KEYS, symbol, frozenset()) is not None
    assert browser.key(symbol) and browser.selected == expected


def test_keys_off_the_browser_map_do_nothing():
    browser = BrowserList([object()] * 3)
    assert not browser.key("Q") and browser.selected == 0
