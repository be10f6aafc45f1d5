"""What the computer chooses: a safety where no pot exists, push-outs and pass-backs only
when the rules offer them, combinations found on purpose."""

import math

import numpy as np
import pytest

from billiard.ai import ComputerPlayer, Level, Situation
from billiard.ai.geometry import Layout, best_ease
from billiard.ai.indirect_aims import combo_aims, kick2_aims
from billiard.ai.rollout import play
from billiard.app.setup import new_session
from billiard.game.facts import shot_facts
from billiard.game.spotting import put_on_table
from billiard.physics.state import Motion


def planner(sims: int = 40) -> Level:
    return Level(
        5,
        noise=1.0,
        seconds=5.0,
        max_sims=sims,
        options=3,
        variants=2,
        robust=1,
        finalists=2,
        banks=True,
        position=True,
        plan=2,
        plan_options=2,
        plan_variants=1,
        combos=True,
        kicks=2,
        safeties=10,
    )


def only(mode: str, positions: dict[str, tuple[float, float]], seed: int = 0):
    s = new_session(mode, seed=seed)
    s.rules.breaking = False
    b = s.balls
    for i, bid in enumerate(b.ids):
        if bid not in positions:
            b.motion[i] = Motion.POCKETED
            b.pocket[i] = "corner-top-left"
    for bid, xy in positions.items():
        put_on_table(b, bid, xy)
    s.in_hand = None
    return s


def hidden_one() -> dict[str, tuple[float, float]]:
    """8-ball, solids to play: the 1 (the only solid) ringed by stripes on every side but the
    cue ball's, so no pot, bank or combination exists, yet the 1 can be hit."""
    pos = {"cue": (-0.6, 0.0), "1": (0.0, 0.0), "8": (1.0, -0.45)}
    for k, ang in zip(range(9, 16), (0, 45, 90, 135, 225, 270, 315)):
        a = math.radians(ang)
        pos[str(k)] = (0.1 * math.cos(a), 0.1 * math.sin(a))
    return pos


def test_a_safety_is_chosen_where_no_pot_exists():
    s = only("8-ball", hidden_one())
    s.rules.groups = ["solids", "stripes"]
    layout = Layout.of(s.balls)
    assert best_ease(layout, s.table, "cue", s.rules.targets(s.on_table())) == 0.0
    sit = Situation.of_session(s)
    d = ComputerPlayer(planner(), seed=3).decide(sit)
    assert d.kind == "safety" and d.target == "1"
    r = play(sit.balls, sit.table, sit.params, sit.rules, d.strike)
    assert shot_facts(r.events, "cue").first_contact == "1" and not r.outcome.fouls


@pytest.mark.parametrize("push_available", [False, True])
def test_push_out_and_pass_back_only_when_the_rules_offer_them(push_available):
    rng = np.random.default_rng(7)
    for k in range(2):
        xy = {"cue": (rng.uniform(-1, 1), rng.uniform(-0.5, 0.5)), "1": (0.9, 0.5), "5": (-0.3, -0.2), "9": (0.2, 0.3)}
        s = only("9-ball", xy, seed=k)
        s.rules.push_available = push_available
        d = ComputerPlayer(planner(12), seed=k).decide(Situation.of_session(s))
        assert not d.pass_back
        assert d.push_out <= push_available
        if d.push_out:
            s.rules.declare_push_out()  # the rules accept it (raises otherwise)
    for mode in ("8-ball", "snooker", "three-cushion"):
        s = new_session(mode, seed=1)
        if hasattr(s.rules, "breaking"):
            s.rules.breaking = False
        d = ComputerPlayer(planner(6), seed=1).decide(Situation.of_session(s))
        assert not d.push_out and not d.pass_back


def test_combination_aims_send_the_first_ball_onto_the_second():
    s = only("9-ball", {"cue": (-0.5, 0.0), "1": (0.6, 0.35), "9": (0.9, 0.5)})
    layout = Layout.of(s.balls)
    aims = [a for a in combo_aims(layout, s.table, "cue", "1") if a.target == "9"]
    assert aims and max(aims, key=lambda a: a.ease).pocket == "corner-top-right"
    # two-cushion kicks reach the ball they aim at in the mirror model
    assert kick2_aims(layout, s.table, "cue", "1")


@pytest.mark.parametrize("mode,kind", [("9-ball", "anywhere"), ("8-ball", "kitchen"), ("snooker", "D")])
def test_ball_in_hand_compared_by_simulation_is_still_legal(mode, kind):
    from dataclasses import replace
    from billiard.game.spotting import in_hand_ok

    rng = np.random.default_rng(3)
    s = new_session(mode, seed=2)
    s.rules.breaking = False
    b = s.balls
    objs = [i for i, bid in enumerate(b.ids) if bid != s.rules.cue]
    for i in objs[4:]:
        b.motion[i] = Motion.POCKETED
        b.pocket[i] = "corner-top-left"
    for i in objs[:4] + [b.index(s.rules.cue)]:
        put_on_table(b, b.ids[i], (rng.uniform(-1.0, 1.0), rng.uniform(-0.5, 0.5)))
    s.in_hand = kind
    d = ComputerPlayer(replace(planner(16), spots=3), seed=1).decide(Situation.of_session(s))
    assert d.place is not None and in_hand_ok(kind, s.table, s.balls, s.rules.cue, *d.place)


@pytest.mark.parametrize("mode", ["9-ball", "8-ball"])
def test_the_break_is_chosen_among_legal_places_behind_the_head_string(mode):
    from dataclasses import replace

    from billiard.game.spotting import in_hand_ok

    s = new_session(mode, seed=4)
    assert s.rules.breaking
    lvl = replace(planner(40), break_places=3, break_by_book=False)
    d = ComputerPlayer(lvl, seed=2).decide(Situation.of_session(s))
    assert d.kind == "break" and d.place is not None
    assert in_hand_ok("kitchen", s.table, s.balls, s.rules.cue, *d.place)
    assert d.strike is not None and d.strike.speed >= 10.0


@pytest.mark.parametrize("mode", ["9-ball", "8-ball"])
def test_level_5_plays_the_break_books_best_break(mode):
    from billiard.ai.break_book import book_breaks

    s = new_session(mode, seed=7)
    d = ComputerPlayer(5, seed=3).decide(Situation.of_session(s))
    best = book_breaks(mode)[0]
    assert d.kind == "break" and d.place is not None and d.strike is not None
    assert d.place[1] == pytest.approx(best.side) and d.place[0] < s.table.head_string_x
    assert (d.strike.speed, d.strike.tip) == (best.speed, (0.0, best.tip_height))
    assert d.simulations == 0  # played from the book, not re-chosen on the table


def test_a_ringed_ball_is_a_problem_ball_and_an_open_one_is_not():
    from billiard.ai.geometry import open_pockets, problem_balls

    s = only("8-ball", hidden_one())
    layout = Layout.of(s.balls)
    assert open_pockets(layout, s.table, "cue", "1") == 0
    assert problem_balls(layout, s.table, "cue", ("1", "8")) == 1
    s = only("8-ball", {"cue": (-0.6, 0.0), "1": (0.0, 0.0), "8": (0.5, 0.45)})
    assert open_pockets(Layout.of(s.balls), s.table, "cue", "1") == 6


def test_every_strike_the_computer_can_choose_is_one_the_controls_can_make():
    """The computer plays with the player's arm (and the coach's shot can be copied): its
    breaks, pots, jumps and massés stay within the mouse's and the keyboard's range."""
    from billiard.ai.break_book import BOOK
    from billiard.ai.masse import MASSE_STRIKES
    from billiard.ai.shots import JUMP_ELEVATIONS, JUMP_SPEEDS, MAX_POT_SPEED
    from billiard.formats.limits import CONTROL_MAX_ELEVATION_DEG, CONTROL_MAX_SPEED, MISCUE

    speeds = [b.speed for book in BOOK.values() for b in book] + [MAX_POT_SPEED, *JUMP_SPEEDS]
    speeds += [s for s, _, _ in MASSE_STRIKES]
    assert max(speeds) <= CONTROL_MAX_SPEED
    elevations = [*JUMP_ELEVATIONS, *(el for _, el, _ in MASSE_STRIKES)]
    assert max(elevations) <= CONTROL_MAX_ELEVATION_DEG
    assert max(abs(b.tip_height) for book in BOOK.values() for b in book) < MISCUE
    for mode in ("9-ball", "8-ball"):
        d = ComputerPlayer(5, seed=3).decide(Situation.of_session(new_session(mode, seed=7)))
        assert d.strike is not None and d.strike.speed <= CONTROL_MAX_SPEED


def test_a_long_pot_of_middling_chance_loses_to_a_safety():
    """9-ball: the 1 can be cut into a far corner from the other end of the table (about a
    40 % shot for level 5's arm), and a miss leaves it by the pocket; level 5 plays safe on
    it instead (a leave with nothing on is worth more than a coin-flip pot,
    :func:`evaluate.handed_over`), and the same player still takes a short straight pot."""
    from billiard.ai.geometry import chance, pot_aims
    from billiard.ai.options import heading_sigma

    s = only("9-ball", {"cue": (-1.0, -0.3), "1": (1.0, 0.2), "9": (0.3, -0.5)})
    aims = pot_aims(Layout.of(s.balls), s.table, "cue", "1")
    assert aims and max(chance(a.tolerance, heading_sigma(1.0)) for a in aims) < 0.6
    sit = Situation.of_session(s)
    d = ComputerPlayer(planner(60), seed=3).decide(sit)
    assert d.kind == "safety" and d.target == "1"
    r = play(sit.balls, sit.table, sit.params, sit.rules, d.strike)
    assert shot_facts(r.events, "cue").first_contact == "1" and not r.outcome.fouls
    easy = only("9-ball", {"cue": (0.4, 0.2), "1": (0.8, 0.4), "9": (0.3, -0.5)})
    d = ComputerPlayer(planner(60), seed=3).decide(Situation.of_session(easy))
    assert d.kind == "pot" and d.target == "1" and d.pocket == "corner-top-right"
