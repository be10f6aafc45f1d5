"""The Escape menu as a pure model: resume, new game, game mode, table, replays, quit."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from billiard.app.controls import Action
from billiard.app.keymap import MENU_KEYS, command_for
from billiard.game import RULES

ITEMS = ("resume", "new game", "mode", "table", "replays", "quit")


@dataclass
class Menu:
    """``modes`` and ``tables`` are the choices; ``mode``/``table`` the ones picked for the next game."""

    modes: tuple[str, ...]
    tables: tuple[str, ...]
    mode: str
    table: str
    selected: int = 0
    playable: Callable[[str, str], bool] | None = None     # can this mode be played on this table?

    def _ok(self) -> bool:
        return self.playable is None or self.playable(self.mode, self.table)

    def labels(self) -> list[str]:
        table = f"Table: < {self.table} >" + ("" if self._ok() else f"  (not for {self.mode})")
        return ["Resume", "New game", f"Mode: < {self.mode} >", table, "Replays", "Quit"]

    def greyed(self) -> list[int]:
        """Lines that cannot be chosen now: the table (and New game) when the mode cannot be
        played on it."""
        return [] if self._ok() else [ITEMS.index("new game"), ITEMS.index("table")]

    def key(self, symbol: str) -> Action | None:
        """Keyboard, through the menu's key map: UP/DOWN select, LEFT/RIGHT change mode or
        table, ENTER/SPACE choose."""
        cmd = command_for(MENU_KEYS, symbol, frozenset())
        if cmd is None:
            return None
        if cmd.name == "select":
            self.selected = (self.selected + cmd.value) % len(ITEMS)
        elif cmd.name == "cycle":
            self._cycle(cmd.value)
        elif cmd.name == "choose":
            return self.choose(self.selected)
        return None

    def choose(self, index: int) -> Action | None:
        self.selected = index
        item = ITEMS[index]
        if item == "resume":
            return Action("menu")
        if item == "new game":
            return Action("new-game", (self.mode, self.table)) if self._ok() else None
        if item in ("replays", "quit"):
            return Action(item)
        self._cycle(1)
        return None

    def _cycle(self, step: int) -> None:
        item = ITEMS[self.selected]
        if item == "mode":
            self.mode = self.modes[(self.modes.index(self.mode) + step) % len(self.modes)]
            if not self._ok():                 # a mode moves to a table it can be played on
                self.table = RULES[self.mode].table
        elif item == "table":
            self.table = self.tables[(self.tables.index(self.table) + step) % len(self.tables)]
