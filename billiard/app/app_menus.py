"""What the window's menus do: the start screen's lines and the Escape menu's (a new game,
players' names, sound, picture quality, the practice table's lines, the lines other
packages add such as *Play online*, replays, quit). :class:`AppMenus` carries them out on
its :class:`~billiard.app.game_app.GameApp`; the menus themselves are pure models
(``app.menu``, ``app.start_screen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from billiard.ai.players import PlayerSpec, parse_player
from billiard.app.controls import Action
from billiard.app.practice_table import PRACTICE_MENU
from billiard.app.side_names import saved_settings
from billiard.app.start_screen import StartChoice
from billiard.errors import BilliardError
from billiard.practice.layouts import list_layouts

if TYPE_CHECKING:
    from billiard.app.game_app import GameApp


class AppMenus:
    """The menus' actions for ``app``."""

    def __init__(self, app: GameApp) -> None:
        self.app = app

    def window_action(self, a: Action) -> None:
        """An action the game controller leaves to the window (menus, coach, fullscreen)."""
        app = self.app
        if app.start_screen is not None and a.name in ("menu", "menu-key", "menu-click"):
            self.start_screen_action(a)
        elif a.name == "coach":
            why_not = app.coach_slot.toggle()
            if why_not:
                app.game.say(why_not)
        elif a.name == "replay-rack":
            app.open_replays()
        elif a.name == "fullscreen":
            app.window.set_fullscreen(not app.window.fullscreen)
        elif a.name == "menu":
            app.menu.layouts = list_layouts(app.data_dir)  # the saved layouts, fresh
        elif a.name == "menu-key":
            self.menu_action(app.menu.key(a.value))
        elif a.name == "menu-click":
            n = len(app.menu.labels())  # the lines as drawn: a menu of n lines
            hit = [i for i in range(n) if app.layout.menu_item(i, n).contains(*a.value)]
            if hit:
                self.menu_action(app.menu.choose(hit[0]))

    # -- the start screen ----------------------------------------------------------------
    def start_screen_action(self, a: Action) -> None:
        app = self.app
        screen = app.start_screen
        assert screen is not None, "only while the start screen shows"
        choice = None
        if a.name == "menu":  # ESCAPE: the practice table behind it
            app.start_screen = None
        elif a.name == "menu-key":
            choice = screen.key(a.value)
        else:
            n = len(screen.entries)
            hit = [i for i in range(n) if app.layout.menu_item(i, n).contains(*a.value)]
            if hit:
                choice = screen.choose(hit[0])
        if choice is not None:
            app.start_screen = None
            app.controls.menu_open = False
            try:
                app.start_actions[choice.action](choice)
            except BilliardError as exc:
                app.game.say(str(exc))

    def start_actions(self) -> dict[str, Callable[[StartChoice], None]]:
        """The start screen's actions by name (another part may add its own: *Play online*)."""
        app = self.app
        return {
            "vs-computer": self.play_computer,
            "two-players": lambda c: self.play(c.options["game"], None),
            "practice": lambda c: self.play("practice", None),
            "drill": lambda c: app.practice.menu_action(Action("drill", c.options["drill"])),
            "replays": lambda c: app.open_replays(),
            "quit": lambda c: self.quit(),
        }

    def play(self, mode: str, players: tuple[PlayerSpec, PlayerSpec] | None) -> None:
        app = self.app
        app.set_players(players)
        app.layout_start = app.drill_name = None
        app.start(mode, None)

    def play_computer(self, choice: StartChoice) -> None:
        """The start screen's first line: you against the computer at the level shown."""
        from billiard import settings

        level = int(choice.options["computer"].split()[-1])
        mode = choice.options["game"]
        self.play(mode, (parse_player("human"), parse_player(f"computer:{level}")))
        try:
            settings.save(saved_settings().replace(start_mode=mode, start_level=level))
        except (OSError, BilliardError) as exc:
            self.app.game.say(f"settings not saved: {exc}")

    def quit(self) -> None:
        self.app.quit = True
        self.app.window.close()

    # -- the Escape menu -----------------------------------------------------------------
    def menu_action(self, action) -> None:
        app = self.app
        if action is None:
            return
        if action.name == "sound":  # volume / mute: applied and saved, the menu stays open
            app.game.say(app.sound.set(*action.value))
            return
        if action.name == "quality":  # applied at once; the menu stays open
            app.set_quality(action.value)
            return
        app.controls.menu_open = False
        if action.name == "name-player":
            app.controls.open_name_box(f"player {action.value + 1}", echo="n")
        elif action.name == "new-game":
            if app.menu.players != app.active_players:
                first, second = (parse_player(p) for p in app.menu.players)
                app.set_players((first, second))
            app.layout_start = app.drill_name = None
            try:
                app.start(*action.value)
            except BilliardError as exc:
                app.controls.menu_open = True
                app.game.say(str(exc))
        elif action.name in PRACTICE_MENU:
            app.practice.menu_action(action)
        elif action.name in app.menu_actions:  # lines other packages carry out (online play)
            try:
                app.menu_actions[action.name](action)
            except BilliardError as exc:
                app.game.say(str(exc))
        elif action.name == "replays":
            app.open_replays()
        elif action.name == "quit":
            self.quit()
