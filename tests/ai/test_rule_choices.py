"""The computer's answers to the rules' decisions weigh the layout when it knows the table."""

from billiard.ai.rule_choices import rule_choice
from billiard.app.setup import new_session
from billiard.game.decisions import Choice, Decision
from billiard.game.spotting import put_on_table
from billiard.physics.state import Motion


def snooker_with(positions):
    s = new_session("snooker", seed=0)
    b = s.balls
    for i, bid in enumerate(b.ids):
        if bid not in positions:
            b.motion[i] = Motion.POCKETED
            b.pocket[i] = "corner-top-left"
    for bid, xy in positions.items():
        put_on_table(b, bid, xy)
    s.rules.pending = Decision(
        "after-foul",
        s.rules.turn,
        "Foul",
        (Choice("play", "play", "F1"), Choice("again", "again", "F2")),
        default="play",
    )
    return s


def test_play_on_from_an_easy_layout_and_hand_a_hard_one_back():
    easy = snooker_with({"cue": (1.0, 0.5), "red-1": (1.4, 0.7), "yellow": (-1.0, 0.3), "black": (-1.2, 0.0)})
    assert rule_choice(easy.rules, easy.balls, easy.table) == "play"
    # the only red hidden behind the black along the cushion: nothing to pot
    hard = snooker_with({"cue": (-1.5, 0.0), "red-1": (1.5, 0.0), "black": (-1.0, 0.0), "yellow": (1.0, 0.85)})
    assert rule_choice(hard.rules, hard.balls, hard.table) == "again"
    assert rule_choice(hard.rules, hard.balls) == "play"  # without the table: the plain default


def test_the_free_ball_nominated_is_the_easiest_pot():
    s = snooker_with({"cue": (1.0, 0.5), "red-1": (-1.0, -0.4), "green": (1.4, 0.7), "blue": (-1.5, -0.2)})
    names = ("green", "blue")
    s.rules.pending = Decision(
        "nominate", s.rules.turn, "nominate", tuple(Choice(b, b, f"F{k + 1}") for k, b in enumerate(names))
    )
    assert rule_choice(s.rules, s.balls, s.table) == "green"
