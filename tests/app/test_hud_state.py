from fakes import FakeBoard
from fakeworld import FakeWorld

from billiard.app.controls import HELP, Controls
from billiard.app.hud_state import hud_state
from billiard.shell.input import KeyPress
from billiard.app.layout import HudLayout
from billiard.app.menu import Menu
from billiard.app.session import Session
from billiard.physics.params import POOL
from billiard.physics.state import Balls
from billiard.table import get_table

R = POOL.ball_radius


def make(mode):
    table = get_table({"length": 2.54, "width": 1.27})
    ids = ["cue", "1", "2", "9"]
    balls = Balls.create(ids, [(-0.6, 0, R), (0.6, 0, R), (0.6, 0.2, R), (0.6, -0.2, R)], POOL.ball_mass, R)
    s = Session(mode, table, balls, POOL, FakeWorld)
    return s, Controls(HudLayout.for_size(1280, 720), FakeBoard())


def state(s, c, menu=None, paused=False):
    return hud_state(s, c, paused=paused, speed=0.5, frame_ms=12.5, menu=menu)


def test_two_players_turn_ball_on_and_ball_in_hand():
    s, c = make("9-ball")
    h = state(s, c)
    assert [p.name for p in h.players] == ["Player 1", "Player 2"] and h.players[0].on_turn
    assert h.remaining.startswith("On: 1") and "3 balls on the table" in h.remaining
    assert "behind the head string" in h.in_hand
    assert h.status == "0.5x" and h.help is None and h.frame_ms is None and h.menu is None
    # the side on turn plays elsewhere (the computer, an online peer): named, not offered
    other = hud_state(s, c, paused=False, speed=1.0, frame_ms=0.0, menu=None, names=("Ann", "Bob"), others_turn=True)
    assert other.in_hand == "Ann has ball in hand"
    # a verdict that already names the ball in hand is not said twice on the line under it
    said = ("Foul: scratch. Ann has ball in hand", "Shot before: 1 pocketed")
    twice = hud_state(
        s, c, paused=False, speed=1.0, frame_ms=0.0, menu=None, messages=said, names=("Ann", "Bob"), others_turn=True
    )
    assert twice.message == said[0] and twice.in_hand == ""


def test_practice_is_one_player_and_toggles_show_help_frame_time_menu():
    s, c = make("practice")
    for key in ("H", "F", "ESCAPE"):
        c.handle(KeyPress(key))
    menu = Menu(("practice", "9-ball"), ("pool-9ft",), "practice", "pool-9ft")
    h = state(s, c, menu=menu, paused=True)
    assert len(h.players) == 1 and h.status == "PAUSED"
    assert h.help == HELP and h.frame_ms == 12.5 and h.menu[0][0] == "Resume"
    assert "anywhere" in h.in_hand and h.power == c.cue.key_power


def test_three_cushion_counts_its_three_balls():
    table = get_table("carom")
    balls = Balls.create(["white", "yellow", "red"], [(-0.6, 0, R), (0.6, 0, R), (0.6, 0.2, R)], POOL.ball_mass, R)
    s = Session("three-cushion", table, balls, POOL, FakeWorld)
    h = state(s, Controls(HudLayout.for_size(1280, 720), FakeBoard()))
    assert "3 balls on the table" in h.remaining


def test_a_locked_aim_is_said_before_the_first_shot_s_hint():
    """Played in the window: the coach locks the aim it lays; on the first shot the hint line
    said "press H for controls" and not why the mouse no longer aimed."""
    s, c = make("9-ball")
    assert state(s, c).hint == "press H for controls"
    c.aim_locked = True
    assert state(s, c).hint == "aim locked (L unlocks)"
    s.in_shot = True  # found playing: the line stayed while the coach's shot rolled
    assert "aim locked" not in state(s, c).hint
    s.in_shot = False


def test_the_computers_push_out_option_is_said_once_and_the_players_comes_with_its_keys():
    """Found playing: "Computer may push out" at the top and "Computer may play a push-out" on the
    line under it. The rules' prompt is the verdict's words; on the computer's turn (no keys to
    offer) the hint line leaves them to the verdict."""
    from billiard.game import TableState
    from billiard.physics.events import Event

    s, c = make("9-ball")
    nine = frozenset(["cue"] + [str(n) for n in range(1, 10)])
    pots = [
        Event(0.0, "strike", ("cue",), {"speed": 2.0}),
        Event(0.1, "ball-ball", ("cue", "1"), {"speed": 1.0}),
        Event(0.2, "ball-pocket", ("4",), {"pocket": "foot-left"}),
    ]
    verdict = s.rules.shot_played(pots, TableState(nine - {"4"})).message
    assert verdict == "Player 1 may push out" and s.rules.pending.prompt == verdict
    theirs = hud_state(s, c, paused=False, speed=1.0, frame_ms=0.0, menu=None, messages=(verdict,), others_turn=True)
    assert theirs.message == verdict and theirs.hint == ""
    mine = hud_state(s, c, paused=False, speed=1.0, frame_ms=0.0, menu=None, messages=(verdict,))
    assert mine.hint.startswith(verdict + ":") and "X push out" in mine.hint
