"""Position play that steers the cue ball (ai/steer.py): on a set-up 9-ball layout the
denser strike grid finds a leave on the 2 that the seven fixed variants do not."""

from dataclasses import replace

from billiard.ai import ComputerPlayer, Level, Situation
from billiard.ai.evaluate import next_ease
from billiard.ai.options import pot_rows
from billiard.ai.rollout import fast_params, play
from billiard.ai.search import Budget, Search
from billiard.ai.shots import MAX_POT_SPEED, VARIANTS
from billiard.ai.steer import SIDE, STEER_EASY, grid, steer
from billiard.formats.limits import MISCUE

from test_choices import only

# the 1 by the right-hand end, the 2 far down the table: rolled through, the cue ball
# leaves the 2 a long thin cut; drawn back softly it leaves the 2 straight into a pocket
LAYOUT = {"cue": (0.831, 0.387), "1": (0.881, -0.03), "2": (-0.529, -0.527), "9": (0.341, 0.235)}


def session(layout=LAYOUT):
    return only("9-ball", layout)  # the cue ball is played where it lies


def best_pot(search: Search):
    made = [t for t in search.tried if t.success and t.cand.kind == "pot"]
    return max(made, key=lambda t: t.prior_value)


def searched(steered: bool):
    s = session()
    params = fast_params(s.params)
    search = Search(s.balls, s.table, params, s.rules, s.rules.turn, Budget(200, 200 * 40))
    for cand in pot_rows(search, s.balls, params, "cue", ("1",), 1.0, 1, len(VARIANTS), False, False, True)[0]:
        search.consider(cand)
    done = steer(search, 1) if steered else 0
    return search, done


def test_the_grid_adds_speeds_and_spins_not_among_the_variants():
    g = grid()
    assert len(g) == len(set(g)) > 2 * len(VARIANTS)
    assert not set(g) & set(VARIANTS)
    assert all(abs(tip[1]) < MISCUE for _, tip in g)  # within the controls, noise included


def test_the_steered_leave_is_easier_than_the_fixed_variants_best():
    plain, _ = searched(False)
    steered, done = searched(True)
    before = next_ease(best_pot(plain).rollout, plain.table)
    t = best_pot(steered)
    after = next_ease(t.rollout, steered.table)
    assert done == len(grid())
    assert before < 0.5 and after > before + 0.4
    s = t.cand.strike
    assert s.speed <= MAX_POT_SPEED and s.tip[1] < 0  # a drawn strike, within the pot speeds
    # the chosen strike, played again as meant, pots the 1 and leaves the cue ball in play
    ses = session()
    r = play(ses.balls, ses.table, fast_params(ses.params), ses.rules, s)
    assert "1" in r.outcome.pocketed and not r.outcome.fouls


def test_an_option_already_left_easy_is_not_steered():
    search, _ = searched(True)
    t = best_pot(search)
    assert next_ease(t.rollout, search.table) >= STEER_EASY
    again = Search(search.balls, search.table, search.params, search.rules, search.me, Budget(200, 200 * 40))
    again.tried = [t]  # the option's best strike already leaves the 2 easy
    assert steer(again, 1) == 0


def test_the_player_with_steering_leaves_the_next_ball_easier():
    small = Level(
        5, noise=1.0, seconds=5.0, max_sims=60, options=1, variants=7, robust=0, finalists=1, banks=False, position=True
    )
    leaves = []
    for lvl in (small, replace(small, steer=1)):
        s = session()
        d = ComputerPlayer(lvl, seed=1).decide(Situation.of_session(s))
        assert d.kind == "pot" and d.target == "1"
        r = play(s.balls, s.table, fast_params(s.params), s.rules, d.strike)
        assert "1" in r.outcome.pocketed
        leaves.append(next_ease(r, s.table))
    assert leaves[1] > leaves[0] + 0.4


# every legal ball hidden: the 1 is covered from the cue ball by the 4 and the 2
HIDDEN = {
    "cue": (1.126, -0.453),
    "1": (0.251, -0.09),
    "2": (0.685, 0.029),
    "4": (0.824, -0.268),
    "9": (0.92, -0.262),
}


def test_pool_escape_fans_the_cue_ball_round_when_every_legal_ball_is_hidden():
    from billiard.ai.geometry import Layout, direct_hits
    from billiard.ai.pocket_candidates import ESCAPE_FAN

    s = session(HIDDEN)
    assert not direct_hits(Layout.of(s.balls), "cue", "1")
    small = Level(
        5,
        noise=1.0,
        seconds=5.0,
        max_sims=30,
        options=2,
        variants=1,
        robust=0,
        finalists=1,
        banks=True,
        position=True,
        kicks=2,
        safety_by_value=True,
        aimed_kicks=2,
    )
    plain = ComputerPlayer(small, seed=1).decide(Situation.of_session(s))
    fanned = ComputerPlayer(replace(small, pool_escape=True), seed=1).decide(Situation.of_session(s))
    assert plain.simulations <= 30 < ESCAPE_FAN <= fanned.simulations
    r = play(s.balls, s.table, fast_params(s.params), s.rules, fanned.strike)
    assert not r.outcome.fouls  # played as meant it hits the 1 first and a rail after


# the 1 near the bottom right corner, the 2 far up the other end, the 3 and the 9 by the 1:
# no stun, draw or follow leaves the 2 easy; side does (sideways off the 1). The cue ball lies
# mid-table: from near the top cushion the cue would be raised over the rail (table.cue_clearance)
# and side would swerve it (the layout's first cue ball, at (0.39, 0.534), before the search raised it)
SIDE_LAYOUT = {
    "cue": (0.45, 0.2),
    "1": (0.806, -0.461),
    "2": (-1.025, -0.309),
    "3": (0.517, -0.577),
    "5": (-0.26, -0.036),
    "9": (0.939, -0.26),
}


def side_searched(side: bool):
    s = session(SIDE_LAYOUT)
    params = fast_params(s.params)
    search = Search(s.balls, s.table, params, s.rules, s.rules.turn, Budget(400, 400 * 40))
    for cand in pot_rows(search, s.balls, params, "cue", ("1",), 1.0, 1, len(VARIANTS), False, False, True)[0]:
        search.consider(cand)
    return search, steer(search, 1, side)


def test_the_side_grid_adds_side_spin_strikes_only():
    plain, sided = grid(), grid(side=True)
    assert set(plain) < set(sided) and len(sided) == len(set(sided))
    extra = set(sided) - set(plain)
    assert all(abs(tip[0]) == SIDE for _, tip in extra) and not extra & set(VARIANTS)
    assert all(abs(tip[0]) ** 2 + tip[1] ** 2 < MISCUE**2 for _, tip in sided)  # within the controls


def test_side_spin_in_the_grid_finds_the_leave_that_stun_draw_and_follow_miss():
    vertical, _ = side_searched(False)
    sided, done = side_searched(True)
    assert done == len(grid(side=True))
    before = next_ease(best_pot(vertical).rollout, vertical.table)
    t = best_pot(sided)
    after = next_ease(t.rollout, sided.table)
    assert before < 0.6 and after > before + 0.3
    assert t.cand.strike.tip[0] != 0.0  # the better leave is a side-spin strike
    # played again as meant it pots the 1 (aimed as the fixed variant with its side)
    s = session(SIDE_LAYOUT)
    r = play(s.balls, s.table, fast_params(s.params), s.rules, t.cand.strike)
    assert "1" in r.outcome.pocketed and not r.outcome.fouls
    assert abs(next_ease(r, s.table) - after) < 1e-9


def small_level(**changes):
    lvl = Level(
        5, noise=1.0, seconds=5.0, max_sims=60, options=1, variants=7, robust=0, finalists=1, banks=False, position=True
    )
    return replace(lvl, **changes)


def test_the_player_with_side_in_the_grid_plays_side_for_the_better_leave():
    leaves = []
    for lvl in (small_level(steer=1), small_level(steer=1, steer_side=True)):
        s = session(SIDE_LAYOUT)
        d = ComputerPlayer(lvl, seed=1).decide(Situation.of_session(s))
        assert d.kind == "pot" and d.target == "1" and d.strike is not None
        r = play(s.balls, s.table, fast_params(s.params), s.rules, d.strike)
        assert "1" in r.outcome.pocketed and not r.outcome.fouls
        leaves.append((next_ease(r, s.table), d.strike.tip[0]))
    (before, _), (after, side) = leaves
    assert side != 0.0 and after > before + 0.3


def test_8_ball_steers_without_side():
    """Side spin in the grid is 9-ball's only: an 8-ball decision is steered (more strikes
    than without steering) and spends the same strikes with ``steer_side`` as without."""
    layout = dict(SIDE_LAYOUT, **{"8": (-0.6, 0.4)})
    sims = []
    for lvl in (small_level(), small_level(steer=1), small_level(steer=1, steer_side=True)):
        d = ComputerPlayer(lvl, seed=1).decide(Situation.of_session(only("8-ball", layout)))
        sims.append((d.simulations, d.strike))
    assert sims[1][0] > sims[0][0] + 10
    assert sims[2] == sims[1]
