"""The rules' decisions reach every player the same way: a key in the window, a ``decide``
event in a script, the computer's policy, all through ``Session.answer`` (docs/rules.md)."""

import pytest
from fakes import FakeBoard

from billiard.ai.rule_choices import rule_choice
from billiard.app.controls import Controls
from billiard.app.hud_state import decision_line
from billiard.app.layout import HudLayout
from billiard.app.script import parse_script
from billiard.app.setup import new_session
from billiard.errors import BilliardError
from billiard.game.decisions import Choice, Decision
from billiard.shell.input import KeyPress
from windows import game_window

EIGHT = Decision(
    "eight-on-break",
    0,
    "8 on the break: Player 1 chooses",
    (Choice("spot", "spot the 8 and play on", "F1"), Choice("re-rack", "re-rack and break", "F2")),
    default="spot",
)


class DecidingBoard(FakeBoard):
    def decision(self):
        return EIGHT


def test_a_decisions_key_answers_it_by_name_before_the_key_map():
    c = Controls(HudLayout.for_size(1280, 720), DecidingBoard())
    c.turn_ready()
    c.handle(KeyPress("F2"))
    assert [(a.name, a.value) for a in c.take_actions()] == [("decide", "re-rack")]
    c.handle(KeyPress("F2", frozenset({"CTRL"})))  # with a modifier: not the decision's key
    assert c.take_actions() == []


def test_without_a_decision_the_keys_do_what_the_key_map_says():
    c = Controls(HudLayout.for_size(1280, 720), FakeBoard())
    c.turn_ready()
    c.handle(KeyPress("X"))
    assert [a.name for a in c.take_actions()] == ["push-out"]


def test_a_script_answers_with_one_decide_event():
    s = parse_script({"mode": "8-ball", "events": [{"t": 1.0, "type": "decide", "option": "re-rack"}]})
    assert s.events[0].type == "decide" and s.events[0].args == {"option": "re-rack"}
    with pytest.raises(BilliardError, match="option"):
        parse_script({"events": [{"t": 1.0, "type": "decide"}]})


def test_re_rack_through_the_session_racks_again_keeping_scores_and_the_breaker():
    s = new_session("8-ball")
    s.rules.scores = [2, 1]
    s.rules.breaking = False
    s.rules._offer_eight(1, scratch=False)  # the 8 went down on player 2's break
    s.rules.turn = 1
    assert "F2 re-rack and break" in decision_line(s)
    s.answer("re-rack")
    r = s.rules
    assert r.breaking and r.turn == 1 and r.scores == [2, 1] and r.pending is None and r.shots == 0
    assert len(s.on_table()) == 16 and s.in_hand == "kitchen"


def test_a_stroke_with_a_nomination_pending_is_refused_and_changes_nothing():
    s = new_session("snooker")
    s.rules.pending = Decision("nominate", 0, "Free ball: nominate", (Choice("blue", "the blue", "F1"),))
    from billiard.app.controls import StrikeCommand

    with pytest.raises(BilliardError, match="nominate"):
        s.strike(StrikeCommand(1.0, 0.0, 0.0, (0.0, 0.0)))
    assert not s.in_shot and s.shots == 0 and s.rules.pending is not None


def test_the_computer_answers_with_the_rules_own_options():
    s = new_session("8-ball")
    s.rules._offer_eight(0, scratch=False)
    assert rule_choice(s.rules, s.balls) == "spot"
    s.rules.pending = Decision(
        "after-foul",
        0,
        "Foul",
        (Choice("play", "play", "F1"), Choice("again", "again", "F2"), Choice("replace", "replace", "F3")),
        default="play",
    )
    assert rule_choice(s.rules, s.balls) == "replace"
    s.rules.pending = Decision("push-out", 0, "push", (Choice("push-out", "push out", "X"),), default="play")
    assert rule_choice(s.rules, s.balls) is None  # the shot search weighs the push-out itself


def test_the_computer_nominates_the_free_ball_nearest_the_cue_ball():
    s = new_session("snooker")
    cue = s.balls.pos[s.balls.index("cue")]
    names = ("yellow", "green", "brown", "blue", "pink", "black")
    near = min(names, key=lambda b: sum((s.balls.pos[s.balls.index(b)][:2] - cue[:2]) ** 2))
    s.rules.pending = Decision("nominate", 0, "nominate", tuple(Choice(b, b, f"F{k + 1}") for k, b in enumerate(names)))
    assert rule_choice(s.rules, s.balls) == near


def test_headless_a_decide_event_answers_a_foul_and_a_miss(tmp_path):
    import json

    from test_headless_play import aim_and_stroke, run_play

    layout = {
        "format": "billiard-shot/1",
        "table": "snooker",
        "balls": [
            {"id": "cue", "pos": [-1.0, 0.0]},
            {"id": "red-1", "pos": [0.5, 0.3]},
            {"id": "black", "pos": [1.4, 0.0]},
        ],
    }
    (tmp_path / "layout.json").write_text(json.dumps(layout))
    events = aim_and_stroke(6, aim_at=(-1.5, 0.0), table="snooker")  # softly away from every ball
    # the miss leaves player 2 to choose (4 away); "replace" puts the cue ball back for player 1
    answered, _ = run_play(
        tmp_path,
        events + [{"t": 3.5, "type": "decide", "option": "replace"}],
        mode="snooker",
        table="snooker",
        duration=3.6,
        layout="layout.json",
    )
    assert answered["turn"] == 0 and answered["rules"]["decision"] is None and answered["scores"] == [0, 4]
    assert answered["balls"]["cue"]["pos"][:2] == [-1.0, 0.0] and answered["rules"]["consecutive_fouls"] == [1, 0]
    assert "plays again from where the balls were" in answered["message"]


def test_called_shots_from_the_settings_offer_the_call_on_a_layout_after_the_break():
    from billiard.practice.layouts import parse_layout
    from billiard.settings import Settings

    layout = parse_layout(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "balls": [{"id": "cue", "pos": [-0.6, 0.0]}, {"id": "3", "pos": [0.3, 0.2]}],
        }
    )
    s = new_session("8-ball", layout=layout)
    assert s.decision() is None
    s.set_rule_options(Settings(called_shots=True).rule_options())
    d = s.decision()
    assert d.kind == "call" and "corner-top-left" in d.names() and d.default == "obvious"


def test_a_script_sets_rule_options_and_refuses_unknown_ones():
    assert parse_script({"rules": {"equal_innings": True}}).rules == (("equal_innings", True),)
    with pytest.raises(BilliardError, match="rules.miss_rule: is not a known field"):
        parse_script({"rules": {"miss_rule": True}})


def test_the_hud_says_what_is_on_warns_and_lists_the_games_rules_in_the_help():
    from test_hud_state import make, state

    s, c = make("9-ball")
    s.rules.breaking = False
    s.rules.consecutive_fouls, s.rules.warned = [2, 0], [True, False]
    c.handle(KeyPress("H"))
    h = state(s, c)
    assert h.remaining.startswith("On: 1 (the lowest ball)") and "a third loses the rack" in h.hint
    rules_rows = [row for row in h.help if "WPA" in row[1]]
    assert rules_rows[0][0] == "9-ball rules" and len(rules_rows) == len(s.rules.help_lines)


def test_the_call_fits_the_window_and_on_the_computer_s_turn_shows_no_keys():
    """Played in the window (8-ball, called shots, 1280x720): the call's line ran off both
    sides of the window, and it offered F1..F9 while the computer was on turn. The line fits
    the window; on the other side's turn it is the prompt alone."""

    from billiard.app.hud_state import hud_state
    from billiard.practice.layouts import parse_layout
    from billiard.settings import Settings

    layout = parse_layout(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "balls": [{"id": "cue", "pos": [-0.6, 0.0]}, {"id": "3", "pos": [0.3, 0.2]}],
        }
    )
    with game_window("8-ball", (1024, 640), "computer:3", settings=Settings(called_shots=True), layout=layout) as app:
        assert app.session.decision() is not None and app.session.decision().kind == "call"
        app.update(1 / 60)
        app.draw()
        who = app.session.decision().prompt.split(":")[0]
        call = [i for i in app.hud.drawn() if i["text"].startswith(f"{who}: call the pocket:")]
        assert len(call) == 1 and "F9" in call[0]["text"]
        x, _, w, _ = call[0]["rect"]
        assert x >= 0 and x + w <= 1024
        theirs = hud_state(
            app.session, app.controls, paused=False, speed=1.0, frame_ms=None, menu=None, others_turn=True
        )
        assert theirs.hint == f"{who}: call the pocket"  # the prompt alone: its keys are not the player's


def test_a_held_foul_stays_through_a_look_at_the_table_and_goes_at_the_player_s_act():
    """Found playing: V (the top view) right after the computer's foul wiped its verdict before
    the player had read it. Looking (V, H, a right drag) is not acting; a left click is."""

    from pyglet.window import key, mouse

    from billiard.app.messages import Priority

    with game_window("9-ball", (1024, 640), "computer:3") as app:
        assert not app.computer_on_turn()
        foul = "Foul: scratch. You have ball in hand"
        app.game.messages.post(foul, Priority.FOUL, "rules", until_act=True)
        handlers = app.input.handlers()
        for symbol in (key.V, key.H, key.V, key.H):
            handlers["on_key_press"](symbol, 0)
        handlers["on_mouse_press"](500, 300, mouse.RIGHT, 0)
        handlers["on_mouse_release"](500, 300, mouse.RIGHT, 0)
        assert foul in app.game.messages.lines(3)
        handlers["on_mouse_press"](500, 300, mouse.LEFT, 0)  # puts the ball in hand down: an act
        assert foul not in app.game.messages.lines(3)
