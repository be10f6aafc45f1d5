"""The Escape menu as a pure model: resume, new game, game mode, table, volume, sound
on/off, picture quality, each player (human or computer of level 1-5, for the next game),
the practice table (set-up, save a layout, load one, drills, undo in matches), play online
(host, join on the LAN, join by address; during an online match: resign it, confirmed),
replays, quit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from billiard.app.controls import Action
from billiard.formats.limits import QUALITY_CHOICES
from billiard.shell.keymap import MENU_KEYS, command_for
from billiard.game import RULES

ITEMS = (
    "resume",
    "new game",
    "mode",
    "table",
    "volume",
    "sound",
    "quality",
    "player 1",
    "player 2",
    "set up",
    "save layout",
    "layout",
    "drill",
    "undo in matches",
    "called shots",
    "equal innings",
    "play online",
    "replays",
    "quit",
)
# what an online match fixes for both sides: lines that would leave it, change its game or its
# players, or move its balls (shown greyed and refused while one is played)
ONLINE_FIXED = (
    "new game",
    "mode",
    "table",
    "player 1",
    "player 2",
    "set up",
    "layout",
    "drill",
    "undo in matches",
    "called shots",
    "equal innings",
)
# what "Play online" does (the app's ``menu_actions["online"]`` carries it out: billiard.net)
ONLINE_CHOICES = ("host a game here", "join a game on this network", "join by address")
PLAYER_CHOICES = ("human",) + tuple(f"computer:{n}" for n in range(1, 6))  # billiard.ai.players
VOLUME_STEP = 0.1


@dataclass
class Menu:
    """``modes`` and ``tables`` are the choices; ``mode``/``table`` the ones picked for the next
    game; ``quality`` the picture quality (changing it is an action: the app applies it at once)."""

    modes: tuple[str, ...]
    tables: tuple[str, ...]
    mode: str
    table: str
    selected: int = 0
    volume: float = 0.8  # master volume 0..1 (settings.volume)
    mute: bool = False  # settings.mute
    quality: str = "auto"
    auto_quality: str = ""  # what "auto" stands for on this machine (shown beside it)
    playable: Callable[[str, str], bool] | None = None  # can this mode be played on this table?
    players: tuple[str, str] = ("human", "human")  # who plays each side of the next game
    names: tuple[str, str] = ("", "")  # names typed for the human sides (N)
    layouts: list[str] = field(default_factory=list)  # saved layouts (the app refreshes it)
    drills: tuple[str, ...] = ()
    layout: int = 0  # which layout / drill is shown
    drill: int = 0
    undo_in_matches: bool = False
    called_shots: bool = False  # 8-ball's called shots (settings.called_shots, docs/rules.md)
    equal_innings: bool = False  # three-cushion's equal innings (settings.equal_innings)
    online: int = 0  # which ONLINE_CHOICES is shown
    online_match: bool = False  # this window plays an online match: the online line resigns it
    resign_asked: bool = False  # "Resign the match" chosen once: the next choice confirms

    def _ok(self) -> bool:
        return self.playable is None or self.playable(self.mode, self.table)

    def greyed(self) -> list[int]:
        """Lines that cannot be chosen now: the table (and New game) when the mode cannot be
        played on it; in an online match, what both sides agreed on (``ONLINE_FIXED``)."""
        if self.online_match:
            return [ITEMS.index(item) for item in ONLINE_FIXED]
        return [] if self._ok() else [ITEMS.index("new game"), ITEMS.index("table")]

    def labels(self) -> list[str]:
        layout = f"< {self.layouts[self.layout % len(self.layouts)]} >" if self.layouts else "(none saved)"
        drill = f"< {self.drills[self.drill % len(self.drills)]} >" if self.drills else "(none)"
        table = f"Table: < {self.table} >" + ("" if self._ok() else f"  (not for {self.mode})")
        return [
            "Resume",
            "New game",
            f"Mode: < {self.mode} >",
            table,
            f"Volume: < {round(100 * self.volume)}% >",
            f"Sound: {'off (muted)' if self.mute else 'on'}",
            f"Quality: < {self.quality}{self._auto_note()} >",
            self._player_line(0),
            self._player_line(1),
            "Set up balls (TAB)",
            "Save layout...",
            f"Load layout: {layout}",
            f"Drill: {drill}",
            f"Undo in matches: < {'allowed' if self.undo_in_matches else 'off'} >",
            f"Called shots (8-ball): < {'on' if self.called_shots else 'off'} >",
            f"Equal innings (three-cushion): < {'on' if self.equal_innings else 'off'} >",
            self._online_line(),
            "Replays",
            "Quit",
        ]

    def _online_line(self) -> str:
        if not self.online_match:
            return f"Play online: < {ONLINE_CHOICES[self.online % len(ONLINE_CHOICES)]} >"
        if self.resign_asked:
            return "Resign? ENTER: yes (UP/DOWN: no)"
        return "Resign the match"

    def _player_line(self, k: int) -> str:
        human = not self.players[k].startswith("computer:")
        shown = (self.names[k] or "Human") if human else _player_label(self.players[k])
        hint = "  N: name" if human and ITEMS[self.selected] == f"player {k + 1}" else ""
        return f"Player {k + 1}: < {shown} >{hint}"

    def _auto_note(self) -> str:
        return f" ({self.auto_quality})" if self.quality == "auto" and self.auto_quality else ""

    def key(self, symbol: str) -> Action | None:
        """Keyboard, through the menu's key map: UP/DOWN select, LEFT/RIGHT change mode,
        table, volume or quality, ENTER/SPACE choose; N on a human player's line types a name."""
        item = ITEMS[self.selected]
        cmd = command_for(MENU_KEYS, symbol, frozenset())
        if self.online_match and item in ONLINE_FIXED and (cmd is None or cmd.name != "select"):
            return None  # fixed for the match: only moving on
        if (
            symbol == "N"
            and item in ("player 1", "player 2")
            and not self.players[int(item[-1]) - 1].startswith("computer:")
        ):
            return Action("name-player", int(item[-1]) - 1)
        if cmd is None:
            return None
        if cmd.name == "select":
            self.selected = (self.selected + cmd.value) % len(ITEMS)
            self.resign_asked = False
        elif cmd.name == "cycle":
            return self._cycle(cmd.value)
        elif cmd.name == "choose":
            return self.choose(self.selected)
        return None

    def choose(self, index: int) -> Action | None:
        if index != self.selected:
            self.resign_asked = False
        self.selected = index
        item = ITEMS[index]
        if self.online_match and item in ONLINE_FIXED:
            return None
        if item == "play online" and self.online_match:  # resign, once confirmed
            self.resign_asked = not self.resign_asked
            return None if self.resign_asked else Action("resign")
        if item == "resume":
            return Action("menu")
        if item == "new game":
            return Action("new-game", (self.mode, self.table)) if self._ok() else None
        if item in ("replays", "quit", "set up", "save layout"):
            return Action(item)
        if item == "layout":
            return Action("load-layout", self.layouts[self.layout % len(self.layouts)]) if self.layouts else None
        if item == "drill":
            return Action("drill", self.drills[self.drill % len(self.drills)]) if self.drills else None
        if item == "sound":
            self.mute = not self.mute
            return Action("sound", (self.volume, self.mute))
        if item == "play online":
            return Action("online", ONLINE_CHOICES[self.online % len(ONLINE_CHOICES)])
        return self._cycle(1, wrap=True)

    def _cycle(self, step: int, wrap: bool = False) -> Action | None:
        """Change the selected setting; a sound or quality change is an action (the app
        applies it at once and the menu stays open)."""
        item = ITEMS[self.selected]
        if item == "volume":
            top = round(1 / VOLUME_STEP)
            level = round(self.volume / VOLUME_STEP)
            # LEFT/RIGHT stop at 0 and 100%; choosing it (click, ENTER) wraps from 100% to 0
            level = (level + step) % (top + 1) if wrap else min(top, max(0, level + step))
            self.volume = round(level * VOLUME_STEP, 3)
            return Action("sound", (self.volume, self.mute))
        if item == "quality":
            choices = QUALITY_CHOICES if self.quality in QUALITY_CHOICES else (self.quality, *QUALITY_CHOICES)
            self.quality = choices[(choices.index(self.quality) + step) % len(choices)]
            return Action("quality", self.quality)
        if item in ("player 1", "player 2"):
            k = int(item[-1]) - 1
            now = self.players[k] if self.players[k] in PLAYER_CHOICES else "human"
            chosen = PLAYER_CHOICES[(PLAYER_CHOICES.index(now) + step) % len(PLAYER_CHOICES)]
            self.players = (chosen, self.players[1]) if k == 0 else (self.players[0], chosen)
            return None
        if item == "mode":
            self.mode = self.modes[(self.modes.index(self.mode) + step) % len(self.modes)]
            if not self._ok():  # a mode moves to a table it can be played on
                self.table = RULES[self.mode].table
        elif item == "table":
            self.table = self.tables[(self.tables.index(self.table) + step) % len(self.tables)]
        elif item == "layout" and self.layouts:
            self.layout = (self.layout + step) % len(self.layouts)
        elif item == "drill" and self.drills:
            self.drill = (self.drill + step) % len(self.drills)
        elif item == "play online" and not self.online_match:
            self.online = (self.online + step) % len(ONLINE_CHOICES)
        elif item == "undo in matches":
            self.undo_in_matches = not self.undo_in_matches
            return Action("undo-in-matches", self.undo_in_matches)
        elif item == "called shots":
            self.called_shots = not self.called_shots
            return Action("rule-option", ("called_shots", self.called_shots))
        elif item == "equal innings":
            self.equal_innings = not self.equal_innings
            return Action("rule-option", ("equal_innings", self.equal_innings))
        return None


def _player_label(spec: str) -> str:
    return f"Computer (level {spec.split(':')[1]})" if spec.startswith("computer:") else "Human"
