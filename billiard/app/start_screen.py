"""The start screen (issue 25, point 6): what to play, as data.

Each :class:`StartEntry` is one line: its text, the action it gives when chosen, and the
options LEFT/RIGHT cycle through (the computer's level, the game, the drill). The game
(:class:`billiard.app.game_app.GameApp`) maps each action to what it does through one table,
``GameApp.start_actions``; another part adds a line with :meth:`StartScreen.add` and a handler
for its action (issue 26: "Play online: host / join"), with no change here. The choices made
are remembered in the settings file (``start_mode``, ``start_level``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from billiard.shell.keymap import MENU_KEYS, command_for

LEVELS = ("1", "2", "3", "4", "5")
TITLE = "BILLIARD   (arrows choose and change, ENTER plays, ESCAPE: practice table)"


@dataclass(frozen=True)
class StartEntry:
    """One line: ``text`` (``{}`` stands for the option shown), ``action`` given when chosen,
    ``options`` cycled by LEFT/RIGHT and the one shown (``chosen``)."""

    key: str
    text: str
    action: str
    options: tuple[str, ...] = ()
    chosen: int = 0

    @property
    def option(self) -> str:
        return self.options[self.chosen % len(self.options)] if self.options else ""

    def label(self) -> str:
        return self.text.format(f"< {self.option} >") if self.options else self.text


@dataclass(frozen=True)
class StartChoice:
    """What the player chose: the action and every entry's option (game, level, drill)."""

    action: str
    options: dict[str, str]


@dataclass
class StartScreen:
    entries: list[StartEntry] = field(default_factory=list)
    selected: int = 0

    @classmethod
    def standard(
        cls, modes: tuple[str, ...], drills: tuple[str, ...], mode: str = "9-ball", level: int = 3
    ) -> "StartScreen":
        """The lines every installation has; ``mode`` and ``level``: the last ones chosen."""
        games = tuple(m for m in modes if m != "practice")
        entries = [
            StartEntry("game", "Game: {}", "vs-computer", games, games.index(mode) if mode in games else 0),
            StartEntry(
                "computer",
                "Play the computer: {}",
                "vs-computer",
                tuple(f"level {n}" for n in LEVELS),
                max(0, min(4, level - 1)),
            ),
            StartEntry("two", "Two players (one mouse, turns)", "two-players"),
            StartEntry("practice", "Practice table", "practice"),
        ]
        if drills:
            entries.append(StartEntry("drill", "Drill: {}", "drill", drills))
        entries += [StartEntry("replays", "Replays", "replays"), StartEntry("quit", "Quit", "quit")]
        return cls(entries)

    def add(self, entry: StartEntry, before: str = "replays") -> None:
        """Insert a line before the entry keyed ``before`` (at the end when there is none)."""
        keys = [e.key for e in self.entries]
        self.entries.insert(keys.index(before) if before in keys else len(keys), entry)

    def labels(self) -> list[str]:
        return [e.label() for e in self.entries]

    def options(self) -> dict[str, str]:
        return {e.key: e.option for e in self.entries if e.options}

    def key(self, symbol: str) -> StartChoice | None:
        """UP/DOWN select, LEFT/RIGHT change the option, ENTER/SPACE choose."""
        cmd = command_for(MENU_KEYS, symbol, frozenset())
        if cmd is None:
            return None
        if cmd.name == "select":
            self.selected = (self.selected + cmd.value) % len(self.entries)
        elif cmd.name == "cycle":
            self.cycle(self.selected, cmd.value)
        elif cmd.name == "choose":
            return self.choose(self.selected)
        return None

    def cycle(self, index: int, step: int) -> None:
        e = self.entries[index]
        if e.options:
            self.entries[index] = replace(e, chosen=(e.chosen + step) % len(e.options))

    def choose(self, index: int) -> StartChoice:
        """The line's action with every option as it stands (a click on a line with options
        plays it as shown; its arrows are for changing)."""
        self.selected = index
        return StartChoice(self.entries[index].action, self.options())
