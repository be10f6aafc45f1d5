"""Three-cushion: a scoring carom at the edge of its window is turned towards the middle."""

import dataclasses

from billiard.ai.carom_centre import centre_carom
from billiard.ai.levels import level
from billiard.ai.rollout import carom_miss, fast_params
from billiard.ai.search import Budget, Search
from billiard.ai.shots import Candidate
from billiard.ai.strike import Strike

from test_new_shots import only

# white off the bottom cushion, red to its right: red first, then round the table to the yellow;
# the engine scores with headings from 351.1 to 352.2 deg at 3.73 m/s with follow (scanned at 0.05 deg)
LAYOUT = {"white": (-0.05, -0.408), "red": (0.563, -0.464), "yellow": (-0.261, 0.02)}


def test_an_edge_carom_is_turned_into_its_window():
    s = only("three-cushion", LAYOUT)
    s.rules.breaking = False
    params = fast_params(s.params)
    search = Search(s.balls, s.table, params, s.rules, s.rules.turn, Budget(60, 60 * 40))
    edge = Candidate(Strike(3.73, 351.15, 0.0, (0.0, 0.3)), "carom", "red")
    assert carom_miss(s.balls, s.table, params, "white", edge.strike, "red", "yellow")[0] == 0.0
    centred = centre_carom(search, params, "white", edge, "yellow")
    assert 351.3 <= centred.strike.heading_deg <= 352.0  # inward from the edge, still inside
    assert carom_miss(s.balls, s.table, params, "white", centred.strike, "red", "yellow")[0] == 0.0
    assert 0 < search.budget.sims <= 10  # the probes count against the budget


def test_level_5_centres_its_caroms():
    assert level(5).centre_caroms and level(5).carom_windows >= level(5).options * 5


def test_the_widest_windows_are_tried_with_side_either_way(monkeypatch):
    from billiard.ai import ComputerPlayer, Situation
    from billiard.ai import player as player_module

    s = only("three-cushion", LAYOUT)
    s.rules.breaking = False
    seen = []
    real = player_module.Search.consider

    def consider(self, cand):
        seen.append(cand)
        return real(self, cand)

    monkeypatch.setattr(player_module.Search, "consider", consider)
    lvl = dataclasses.replace(level(5), carom_side=2, carom_windows=4, robust=0, plan=0, carom_sims=80)
    ComputerPlayer(lvl, seed=0).decide(Situation.of_session(s))
    sides = {round(c.strike.tip[0], 2) for c in seen if c.kind == "carom"}
    assert {-0.3, 0.3} <= sides and 0.0 in sides
