"""A game in a hidden window, as the player meets it, for the tests that press keys and read
what the HUD drew: :func:`game_window` opens one (the computer thinks in this process, the
preview in a thread) and closes it whatever the test does."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any


@contextmanager
def game_window(
    mode: str = "9-ball", size: tuple[int, int] = (1024, 640), opponent: str | None = "computer:2", **kw: Any
) -> Iterator[Any]:
    """A :class:`GameApp` of ``mode`` at ``size``, the player against ``opponent`` (None: the
    game's own two sides); ``kw`` go to the app (``settings``, ``layout``, ``start_screen``...)."""
    from billiard.ai.players import parse_player
    from billiard.app.game_app import GameApp
    from billiard.settings import Settings
    from billiard.shell.window import Shell

    if opponent is not None:
        kw["players"] = (parse_player("human"), parse_player(opponent))
    kw.setdefault("settings", Settings())
    shell = Shell.open(size, visible=False)
    app = GameApp(shell, mode, None, preview_executor=lambda: ThreadPoolExecutor(1), inline_ai=True, **kw)
    try:
        yield app
    finally:
        app.preview.close()
        if app.computer is not None:
            app.computer.close()
        shell.close()
