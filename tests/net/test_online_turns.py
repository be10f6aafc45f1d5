"""The peer's turns in the window, driven as the game window drives them (controls, game
controller, turns, once a frame) with the network replaced by a queue: the peer's stroke is
played through the controls and ends exactly as the shooter's; this side's stroke goes out
once it has rolled out; a pause shows its countdown; chat shows; undo is refused."""

import random

from billiard.app.autoplay import rack_seed
from billiard.app.controls import Action, StrikeCommand
from billiard.app.game_controller import GameController
from billiard.app.layout import HudLayout
from billiard.app.setup import new_session
from billiard.net.bridge import Fatal
from billiard.net.client import Received
from billiard.net.match import Match
from billiard.net.messages import Chat, Decision, Entry, Presence, Shot, Welcome
from billiard.net.online_turns import OnlineTurns, rack_starter
from billiard.net.state import session_hash

SEED = 7


class FakeNet:
    def __init__(self):
        self.arriving, self.sent = [], []
        self.closed = False

    def poll(self):
        out, self.arriving = self.arriving, []
        return out

    def send(self, action):
        self.sent.append(action)

    def close(self):
        self.closed = True


def _window_side(seat):
    game = GameController(HudLayout.for_size(1280, 720), None, random.Random(SEED), lambda x, y: None)
    game.start("9-ball", None)
    net = FakeNet()
    turns = OnlineTurns(net, Welcome("r", seat, "t", "9-ball", "pool-9ft", SEED, ["Ann", "Bob"], []))
    turns.attach(game.handlers)
    return game, net, turns


def _frames(game, turns, n, dt=1 / 60):
    said = []
    for _ in range(n):
        game.controls.update(dt)
        game.act(game.controls.take_actions())
        game.update(dt)
        turns.update(game.session, game.controls, said.append)
        if (
            not game.session.in_shot
            and not turns.incoming
            and turns.peer is None
            and turns.local is None
            and game.controls.phase in ("aim", "place")
        ):
            break
    return said


def test_the_peers_stroke_plays_through_the_controls_and_ends_as_the_shooters():
    game, net, turns = _window_side(seat=1)
    shooter = Match(new_session("9-ball", None, rack_seed(SEED)), 0)
    assert session_hash(game.session) == session_hash(shooter.session)  # the same rack from the seed
    shot = shooter.strike(StrikeCommand(9.0, 1.0, 0.0, (0.0, 0.1)))
    net.arriving.append(Received(Entry(1, 0, shot)))
    net.arriving.append(Received(Entry(2, 0, Chat("good luck"))))
    said = _frames(game, turns, 5000)
    assert turns.peer is None and not game.session.in_shot
    assert session_hash(game.session) == shot.end_hash and turns.resyncs == 0
    assert "Ann: good luck" in said
    assert game.session.strikes[-1]["speed"] == 9.0  # struck as sent, not as the controls rounded it


def test_this_sides_stroke_is_sent_once_it_has_rolled_out_and_a_pause_holds_the_next():
    game, net, turns = _window_side(seat=0)
    _frames(game, turns, 2)
    game.controls.put_down()
    game.act([Action("strike", StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0)))])
    _frames(game, turns, 5000)
    assert len(net.sent) == 1 and isinstance(net.sent[0], Shot)
    peer = Match(new_session("9-ball", None, rack_seed(SEED)), 1)
    assert peer.apply(0, net.sent[0]) is False  # the peer ends the same
    net.arriving.append(Received(Presence(["Ann", "Bob"], [True, False], 1, 125.0)))
    said = _frames(game, turns, 1)
    assert any("waiting for Bob to come back (2:0" in line for line in said)
    assert turns.on_turn(game.session)  # input held during the pause
    game.act([Action("undo", None)])
    assert any("not available in an online match" in line for line in game.messages.lines(2))  # on the HUD
    net.arriving.append(Received(Presence(["Ann", "Bob"], [True, True])))
    said = _frames(game, turns, 1)
    assert "everyone is back: the match goes on" in said
    said = []
    turns.resign(said.append)
    assert isinstance(net.sent[-1], Decision) and net.sent[-1].what == "resign"
    assert game.session.rules.game_over and game.session.rules.winner == 1 and "resigned" in said[0]
    net.arriving.append(Fatal("the server went away"))
    _frames(game, turns, 1)
    assert turns.ended == "the server went away" and "the server went away" in turns.why_not_local()


def test_the_match_starts_line_goes_once_the_first_shot_is_judged():
    """Found playing online: "Bob is here: the match starts" stayed on the HUD through every
    shot of the rack (a line on the game's channel, which only a newer answer replaces)."""
    game, net, turns = _window_side(seat=0)
    turns.tell, turns.note = game.say, game.note  # as the window wires them
    game.note("room r: 9-ball, you are player 1 (you break); waiting for a player to join", "welcome")
    net.arriving.append(Received(Presence(["Ann", "Bob"], [True, True])))
    _frames(game, turns, 2)
    assert game.messages.lines(2) == (
        "Bob is here: the match starts",
        "room r: 9-ball, you are player 1 (you break); waiting for a player to join",
    )
    game.controls.put_down()
    game.act([Action("strike", StrikeCommand(8.0, 0.0, 0.0, (0.0, 0.0)))])
    _frames(game, turns, 5000)
    assert not any("match starts" in line or "waiting" in line for line in game.messages.lines(3))
    net.arriving.append(Received(Entry(2, 1, Chat("nice break"))))
    _frames(game, turns, 2)
    assert "Bob: nice break" in game.messages.lines(2)  # chat stays on the game's channel


def test_a_spectator_replays_the_match_so_far_at_once_then_follows():
    game, net, turns = _window_side(seat=None)
    a = Match(new_session("9-ball", None, rack_seed(SEED)), 0)
    b = Match(new_session("9-ball", None, rack_seed(SEED)), 1)
    entries = []
    for k, heading in enumerate((0.0, 180.0, 90.0)):
        me = a.session.rules.turn
        side, other = (a, b) if me == 0 else (b, a)
        shot = side.strike(StrikeCommand(6.0, heading, 0.0, (0.0, 0.0)))
        other.apply(me, shot)
        entries.append(Entry(k + 1, me, shot))
    net.arriving.extend(Received(e, history=True) for e in entries[:2])
    net.arriving.append(Received(entries[2]))  # the live one: animated
    said = _frames(game, turns, 1)
    assert turns.caught_up == 2 and "caught up with the match: 2 stroke(s) so far" in said
    assert turns.on_turn(game.session)  # a spectator never aims
    _frames(game, turns, 5000)
    assert session_hash(game.session) == session_hash(a.session) and game.session.shots == 3


def _race_side(seat, race=2):
    game = GameController(HudLayout.for_size(1280, 720), None, random.Random(SEED), lambda x, y: None)
    game.start("9-ball", None)
    net = FakeNet()
    welcome = Welcome("r", seat, "t", "9-ball", "pool-9ft", SEED, ["Ann", "Bob"], [], race=race)
    turns = OnlineTurns(net, welcome)
    turns.attach(game.handlers)
    turns.start_rack = rack_starter(game, welcome)
    turns.rack_end_s = 0.0  # the rack's end shows no time here (the window holds it 4 s)
    told = []
    turns.tell = told.append
    return game, net, turns, told


def _rack_won(session, winner):
    """The rack ends the same on both sides (what a winning stroke leaves in the rules)."""
    session.rules.game_over, session.rules.winner = True, winner
    session.rules.scores[winner] += 1


def test_a_race_the_next_rack_is_its_breakers_decision_and_both_sides_rack_the_same():
    game, net, turns, told = _race_side(seat=1)
    peer = Match(new_session("9-ball", None, rack_seed(SEED)), 0, race=2, seed=SEED)
    _frames(game, turns, 1)
    first = game.session
    _rack_won(game.session, 0)
    _rack_won(peer.session, 0)
    _frames(game, turns, 1)
    assert told[-1] == "race to 2: Ann 1, Bob 0: Ann breaks the next rack"
    assert turns.rack_buttons()[0] == ("Ann breaks next", "next-rack")  # the end-of-rack panel's first button
    game.act([Action("next-rack", None)])  # ENTER here: not this side's to break
    assert not net.sent and any("Ann breaks the next rack" in line for line in game.messages.lines(3))
    assert "Ann breaks the next rack" in turns.why_not_local()  # no stroke on a finished rack
    net.arriving.append(Received(Entry(1, 0, peer.decide("next_rack"))))
    turns.rack_end_s = 60.0
    _frames(game, turns, 1)
    assert game.session is first and turns.incoming  # the rack's end is shown before the next rack
    turns.rack_end_s = 0.0
    _frames(game, turns, 1)
    assert game.session is not first and game.rack_number == 2 and turns.match.standing.rack == 2
    assert session_hash(game.session) == session_hash(peer.session)  # the same second rack, scores carried
    assert game.session.rules.scores == [1, 0] and game.session.rules.turn == 0
    # the second rack won by this side: the match is over, no third rack
    _rack_won(game.session, 1)
    _rack_won(peer.session, 1)
    assert not turns.match.over  # 1-1
    game.session.rules.scores, peer.session.rules.scores = [1, 1], [1, 1]
    _frames(game, turns, 1)
    assert told[-1] == "race to 2: Ann 1, Bob 1: ENTER to break the next rack"  # 9-ball: the winner breaks
    game.act([Action("next-rack", None)])
    assert isinstance(net.sent[-1], Decision) and net.sent[-1].what == "next_rack"
    peer.apply(1, net.sent[-1])
    assert session_hash(game.session) == session_hash(peer.session) and game.session.rules.turn == 1
    _rack_won(game.session, 1)
    _frames(game, turns, 1)
    assert turns.match.over and told[-1] == "Bob wins the match (race to 2: Ann 1, Bob 2)"
    assert turns.rack_buttons()[0] == ("Match over", "menu")


def test_the_menu_resigns_an_online_match_once_confirmed():
    from billiard.app.menu import ITEMS, Menu

    menu = Menu(("9-ball",), ("pool-9ft",), "9-ball", "pool-9ft", online_match=True)
    line = ITEMS.index("play online")
    assert menu.labels()[line] == "Resign the match"
    assert menu.choose(line) is None and "ENTER: yes" in menu.labels()[line]  # asks first
    menu.key("DOWN")
    assert menu.labels()[line] == "Resign the match"  # moving away is a no
    menu.choose(line)
    assert menu.choose(line) == Action("resign", None)
    assert Menu(("9-ball",), ("pool-9ft",), "9-ball", "pool-9ft").labels()[line].startswith("Play online")


def test_an_online_match_greys_and_refuses_the_lines_that_would_leave_or_change_it():
    from billiard.app.menu import ITEMS, ONLINE_FIXED, Menu

    menu = Menu(("9-ball", "8-ball"), ("pool-9ft",), "9-ball", "pool-9ft", online_match=True)
    assert sorted(ITEMS[i] for i in menu.greyed()) == sorted(ONLINE_FIXED)
    assert menu.choose(ITEMS.index("new game")) is None
    menu.selected = ITEMS.index("mode")
    assert menu.key("RIGHT") is None and menu.mode == "9-ball"  # the match's game stays
    menu.selected = ITEMS.index("player 2")
    assert menu.key("N") is None and menu.key("ENTER") is None and menu.players == ("human", "human")
    assert menu.key("DOWN") is None and ITEMS[menu.selected] == "set up"  # moving on still works
    assert menu.choose(ITEMS.index("volume")) is not None  # the sound is this side's own
    local = Menu(("9-ball", "8-ball"), ("pool-9ft",), "9-ball", "pool-9ft")
    assert local.greyed() == [] and local.choose(ITEMS.index("new game")) is not None
