"""The set-up snooker layout that the pace and steering tests share: a red nearly straight
into the top-right corner, the black on its spot, the red's plain pot already simulated."""

from test_choices import only

from billiard.ai.options import heading_sigma, pot_rows
from billiard.ai.rollout import fast_params
from billiard.ai.search import Budget, Search, Tried

SIGMA = heading_sigma(1.0)


def red_potted(budget: Budget) -> tuple[Search, Tried]:
    """A level-5 snooker search on the layout with ``budget``, and its first candidate: the
    red's plain pot (asserted to go in)."""
    s = only("snooker", {"cue": (0.9, 0.3), "red-1": (1.35, 0.6), "black": (1.46, 0.0)})
    s.look()
    params = fast_params(s.params)
    search = Search(s.balls, s.table, params, s.rules, 0, budget, True, SIGMA)
    rows = pot_rows(search, s.balls, params, "cue", ("red-1",), 1.0, 1, 1, False, False, False)
    first = search.consider(rows[0][0])
    assert first is not None and first.success
    return search, first
