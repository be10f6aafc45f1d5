"""A match flows like a real one: who breaks, the end-of-rack question, a legal opening aim,
rule sets refused on tables they cannot be played on (and greyed in the menu)."""

import pytest

from billiard.app.controls import Action, StrikeCommand
from billiard.app.game_controller import GameController
from billiard.shell.keymap import Command
from billiard.app.layout import HudLayout
from billiard.app.menu import Menu
from billiard.app.opening_aim import opening_heading
from billiard.app.setup import new_session, playable_table, refusal
from billiard.errors import BilliardError
from billiard.game import MODES
from billiard.display.aim import first_contact
from billiard.render.scene import BallView
from billiard.settings import Settings
from billiard.table import TABLE_PRESETS


def controller(mode, alternate=False):
    g = GameController(
        HudLayout.for_size(1280, 720), None, None, lambda x, y: None, Settings(alternate_breaks=alternate)
    )
    g.start(mode, None)
    return g


def win_rack(g, winner):
    rules = g.session.rules
    rules.game_over, rules.winner = True, winner


@pytest.mark.parametrize(
    "mode, alternate, winner, breaks",
    [
        ("8-ball", False, 1, 1),
        ("8-ball", False, 0, 0),
        ("9-ball", False, 1, 1),
        ("8-ball", True, 0, 1),
        ("9-ball", True, 1, 1),
        ("snooker", False, 0, 1),
    ],
)
def test_who_breaks_the_next_rack(mode, alternate, winner, breaks):
    g = controller(mode, alternate)
    win_rack(g, winner)
    g.act([])
    g.controls.command(Command("key-strike"))
    g.act(g.controls.take_actions())  # ENTER on the end-of-rack screen: the next rack
    assert not g.session.rules.game_over and g.session.rules.turn == breaks == g.breaker
    assert "breaks" in g.messages.top()


def test_a_stroke_on_the_end_of_rack_screen_does_not_start_the_next_rack():
    g = controller("8-ball")
    win_rack(g, 0)
    session = g.session
    g.act([Action("strike", StrikeCommand(3.0, 0, 0, (0, 0)))])
    assert g.session is session and "ENTER for the next rack" in g.messages.top()


@pytest.mark.parametrize("mode", MODES)
def test_the_opening_aim_is_a_legal_unblocked_shot(mode):
    s = new_session(mode)
    heading = opening_heading(s)
    _, hit = first_contact(BallView.from_balls(s.balls), s.table, s.balls.index(s.rules.cue), heading)
    assert hit is not None and s.balls.ids[hit] in s.rules.targets(s.on_table())


def test_snooker_does_not_open_into_the_pink():
    s = new_session("snooker")
    _, hit = first_contact(BallView.from_balls(s.balls), s.table, s.balls.index("cue"), opening_heading(s))
    assert s.balls.ids[hit].startswith("red")


def test_pocket_games_are_refused_on_pocketless_tables_and_ball_sets_must_match():
    assert refusal("8-ball", "practice") and refusal("9-ball", "carom") and refusal("snooker", "pool-9ft")
    assert refusal("three-cushion", "pool-9ft") and refusal("8-ball", "snooker")
    assert refusal("8-ball", "pool-7ft") is None and refusal("practice", "practice") is None
    with pytest.raises(BilliardError, match="needs a table with pockets"):
        new_session("8-ball", "practice")
    for mode in MODES:  # every mode's own table is playable
        assert refusal(mode, playable_table(mode, None)) is None
    assert playable_table("9-ball", "practice") == "pool-9ft"


def test_the_menu_greys_tables_a_mode_cannot_use_and_moves_to_a_playable_one():
    menu = Menu(MODES, tuple(TABLE_PRESETS), "practice", "practice", playable=lambda m, t: refusal(m, t) is None)
    assert menu.greyed() == []
    menu.selected = 2
    menu.key("RIGHT")  # practice -> 8-ball: the table follows
    assert menu.mode == "8-ball" and menu.table == "pool-9ft"
    menu.selected = 3
    while menu.table != "practice":
        menu.key("RIGHT")
    assert menu.greyed() == [1, 3] and "not for 8-ball" in menu.labels()[3]
    assert menu.choose(1) is None  # New game refuses


def test_after_the_ball_in_hand_is_put_down_the_aim_is_legal_from_there():
    g = controller("9-ball")
    c, s = g.controls, g.session
    assert c.phase == "place"
    c.placement.hover((-0.9, 0.45))
    assert c.put_down() and s.cue_xy() == pytest.approx((-0.9, 0.45))
    g.update(1 / 60)
    _, hit = first_contact(BallView.from_balls(s.balls), s.table, s.balls.index("cue"), c.cue.heading_deg)
    assert s.balls.ids[hit] == "1" and c.view_heading_deg == c.cue.heading_deg
