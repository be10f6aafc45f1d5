"""The computer plays the strike it simulated: a real cue must clear the rail and the balls
behind the cue ball, so the window raises every strike (table.cue_clearance), and the
search raises its candidates the same way before simulating them (Search.playable). The
headless games raise the computer's strike as the window does."""

import numpy as np

from billiard.ai.player import ComputerPlayer, Situation
from billiard.ai.search import Budget, Search
from billiard.ai.shots import Candidate
from billiard.ai.strike import Strike
from billiard.app.autoplay import apply_decision
from billiard.table.cue_clearance import least_elevation
from billiard.physics.state import Motion

from test_choices import only

R = 0.028575


def on_the_rail() -> dict[str, tuple[float, float]]:
    """9-ball: the cue ball frozen to the long cushion, the 1 straight out from it."""
    return {"cue": (0.2, 0.635 - R), "1": (0.2, 0.0), "9": (-0.9, -0.3)}


def clearance(s, strike: Strike) -> float:
    b = s.balls
    live = b.motion != Motion.POCKETED
    i = b.index(s.rules.cue)
    return least_elevation(s.table, b.pos, b.radius, live, i, strike.heading_deg, strike.tip, strike.elevation_deg)


def test_a_candidate_off_the_rail_is_raised_before_it_is_simulated():
    s = only("9-ball", on_the_rail())
    search = Search(s.balls, s.table, s.params, s.rules, s.rules.turn, Budget(5, 500))
    flat = Candidate(Strike(2.0, 270.0, 0.0, (0.0, 0.3)), "pot", "1")
    t = search.consider(flat)
    assert t is not None
    raised = t.cand.strike.elevation_deg
    assert raised > 1.0  # the butt over the rail: the cue cannot lie flat
    assert raised == clearance(s, flat.strike)
    assert t.cand.strike.replace(elevation_deg=0.0) == flat.strike  # nothing else changed
    # with the whole stick over the bed (its butt short of the far rail) it is left as it is
    free = only("9-ball", {"cue": (0.6, 0.0), "1": (1.0, 0.05), "9": (-0.9, -0.3)})
    other = Search(free.balls, free.table, free.params, free.rules, free.rules.turn, Budget(5, 500))
    along = Candidate(Strike(2.0, 0.0, 0.0, (0.0, 0.3)), "pot", "1")
    assert other.consider(along).cand.strike == along.strike


def test_the_computer_s_choice_needs_no_raising_and_headless_play_raises_as_the_window():
    s = only("9-ball", on_the_rail())
    player = ComputerPlayer(5, seed=3)
    d = player.decide(Situation.of_session(s))
    assert d.strike is not None and d.kind == "pot"
    assert d.strike.elevation_deg > 1.0
    assert clearance(s, d.strike) == d.strike.elevation_deg  # the window plays it as chosen
    # a strike below the clearance (as noise may leave it) is raised when played headless
    low = d.strike.replace(elevation_deg=0.0)
    want = clearance(s, low)
    player.execute = lambda strike, radius: strike  # the arm exact: the command is the strike
    cmd = apply_decision(s, player, type(d)(low, kind="pot", target="1"))
    assert cmd is not None and cmd.elevation_deg == want > 1.0
    assert np.isclose(cmd.heading_deg, low.heading_deg)
