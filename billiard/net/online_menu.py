"""The Escape menu's *Play online* line in the game window (and the start screen's): host a
game here (announced on the LAN), join one found on the LAN (listed on the message line,
picked by its number), or join one by its address (typed). Each turns the open window into one side of an online
match (:func:`billiard.net.window.go_online`)."""

from __future__ import annotations

import argparse
import random

from billiard.app.commands import Action
from billiard.errors import BilliardError
from billiard.net import options
from billiard.net.bridge import NetThread
from billiard.net.client import Link
from billiard.net.window import LineBox, go_online

HOST, LAN, ADDRESS = "host a game here", "join a game on this network", "join by address"
MENU_RACE = {"8-ball": 3, "9-ball": 3}  # a match hosted from the menu: racks to win (one frame or game otherwise)


def _options(mode: str, table: str | None) -> argparse.Namespace:
    """What ``billiard host``/``join`` would use with no options."""
    return argparse.Namespace(
        port=options.DEFAULT_PORT,
        bind="0.0.0.0",
        cert=None,
        key=None,
        no_announce=False,
        room="",
        password="",
        tls=False,
        ca=None,
        reconnect_s=180.0,
        name="",
        mode=mode,
        table=table,
        seed=random.randrange(2**31),
        data_dir=None,
        race=MENU_RACE.get(mode, 1),
    )


class OnlineMenu:
    """Adds the menu's online action to ``app`` (a GameApp); keeps the boxes it types in."""

    def __init__(self, app) -> None:
        self.app = app
        self.net: NetThread | None = None
        self.found: list = []
        self.address_box = LineBox(app, "Join the address (HOST or HOST:PORT)", self._join_address, limit=80)
        self.pick_box = LineBox(app, "Join which game (its number)", self._join_picked, limit=3)
        self.address_box.push()
        self.pick_box.push()
        app.menu_actions["online"] = self.chosen
        app.online_menu = self  # kept alive with the app (pyglet holds handlers weakly)
        screen = getattr(app, "start_screen", None)
        if screen is not None:  # the start screen's lines are data: the same choices there
            from billiard.app.start_screen import StartEntry

            screen.add(StartEntry("online", "Play online: {}", "online", (HOST, LAN, ADDRESS)))
            app.start_actions["online"] = self._from_start

    def _from_start(self, choice) -> None:
        """The start screen's line: host the game its 'Game' line shows, or join."""
        game = choice.options.get("game")
        if game:
            self.app.menu.mode = game
            self.app.menu.table = self.app.session.table.name if self.app.session.mode == game else _usual_table(game)
        self.chosen(Action("online", choice.options["online"]))

    def chosen(self, action) -> None:
        if self.net is not None:
            raise BilliardError("this window already plays an online match")
        if action.value == HOST:
            self._host()
        elif action.value == LAN:
            self._look()
        else:
            self.address_box.open()

    def _host(self) -> None:
        from billiard.net.launch import DirectHost

        menu = self.app.menu
        args = _options(
            menu.mode if menu.mode != "practice" else "9-ball", menu.table if menu.mode != "practice" else None
        )
        direct = DirectHost(args, options.hello(args, "player", create=True))
        self._go(NetThread(direct.link(), direct.start, direct.stop), direct.keep_seat)

    def _look(self) -> None:
        from billiard.net.discovery import browse

        self.found = browse(1.5)
        if not self.found:
            self.app.game.say("no game found on this network: host one, or join by address")
        elif len(self.found) == 1:
            self._join(self.found[0].address)
        else:
            self.pick_box.open()
            self.app.game.say("   ".join(f"{k}. {f.line()}" for k, f in enumerate(self.found, 1)))

    def _join_picked(self, text: str) -> None:
        if not text.isdigit() or not 1 <= int(text) <= len(self.found):
            self.app.game.say(f"pick a number from 1 to {len(self.found)}")
            return
        self._safely(self._join, self.found[int(text) - 1].address)

    def _join_address(self, text: str) -> None:
        if text:
            self._safely(self._join, text)

    def _safely(self, call, value: str) -> None:
        try:
            call(value)
        except BilliardError as exc:
            self.app.game.say(str(exc))

    def _join(self, address: str) -> None:
        args = _options("", None)
        target = options.url(address)
        self._go(NetThread(Link(target, options.hello(args, "player"), None, args.reconnect_s)))

    def _go(self, net: NetThread, keep=None) -> None:
        welcome = net.start()
        if keep is not None and welcome.seat is not None:
            keep(welcome.token)  # a host started again on this port takes the match back
        self.net = net
        go_online(self.app, net, welcome)
        self.app.controls.menu_open = False


def _usual_table(mode: str) -> str:
    from billiard.app.setup import default_table

    return default_table(mode)


def add_online_menu(app) -> None:
    """``run_window``'s ``on_open``: the menu's *Play online* line works in this window."""
    OnlineMenu(app)
