"""The window's computer turns, without a window: it thinks in a worker, says so, then plays
its stroke through the controls (which show it aiming and striking)."""

import time

from billiard.ai import Level, PlayerSpec
from billiard.app.computer_turns import ComputerTurns
from billiard.app.setup import new_session
from billiard.game.spotting import in_hand_ok

SMALL = Level(
    5,
    noise=1.0,
    seconds=2.0,
    max_sims=2,
    options=1,
    variants=1,
    robust=0,
    finalists=1,
    banks=False,
    position=True,
    throw=False,
)


class FakeControls:
    phase = "aim"

    def __init__(self):
        self.played = []

    def put_down(self):
        self.phase = "aim"
        return True

    def play(self, command, aim_s, stroke_s):
        self.played.append((command, aim_s, stroke_s))
        self.phase = "auto"
        return True


def test_computer_turn_thinks_then_strokes():
    s = new_session("9-ball", seed=1)
    s.rules.breaking = False
    kind = s.in_hand
    turns = ComputerTurns((PlayerSpec("computer", 5), PlayerSpec("human")), seed=3, processes=False)
    turns.ais[0].level = SMALL
    controls, said = FakeControls(), []
    try:
        assert turns.on_turn(s)
        turns.update(s, controls, said.append)
        assert turns.thinker.busy and "thinking" in said[-1]
        deadline = time.monotonic() + 120
        while not controls.played and time.monotonic() < deadline:
            turns.update(s, controls, said.append)
            time.sleep(0.02)
        ((cmd, aim_s, stroke_s),) = controls.played
        assert cmd.speed > 0 and aim_s > 0 and stroke_s > 0
        assert in_hand_ok(kind, s.table, s.balls, "cue", *s.cue_xy())  # put down where the rules allow
        s.rules.turn = 1
        assert not turns.on_turn(s)
    finally:
        turns.close()


def test_inline_thinking_strokes_in_the_same_update():
    """Scripted headless play thinks in the caller, so the game does not depend on the clock."""
    s = new_session("three-cushion", seed=2)
    turns = ComputerTurns((PlayerSpec("computer", 5), PlayerSpec("computer", 1)), seed=3, inline=True)
    turns.ais[0].level = SMALL
    controls = FakeControls()
    turns.update(s, controls, lambda text: None)
    assert len(controls.played) == 1 and not turns.thinker.busy
    turns.update(s, controls, lambda text: None)  # the stroke is under way: nothing more
    assert len(controls.played) == 1
