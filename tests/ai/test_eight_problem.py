"""8-ball position play counts a blocked 8 (evaluate.problems): the 8 with no open pocket
is a problem ball while the shooter's group is still down, weighing more as the group
shrinks, so a kept table that leaves it blocked is worth less than one that leaves it open."""

import math

from billiard.ai.evaluate import CONTINUE, POSITION, PROBLEM, eight_weight, next_ease, problems, score
from billiard.ai.levels import LEVELS
from billiard.ai.geometry import Layout, open_pockets
from billiard.ai.rollout import Rollout
from billiard.ai.search import Budget, Search
from billiard.game.outcome import Outcome

from test_choices import only

LAST = LEVELS[5].eight_problem  # level 5 counts the blocked 8; the lower levels do not

GROUP = {"cue": (-0.9, 0.0), "1": (-0.3, 0.3), "2": (-0.3, -0.3), "3": (0.3, 0.0)}


def ringed(centre: tuple[float, float]) -> dict[str, tuple[float, float]]:
    """Stripes touching the 8 on every side: no pocket is open to it."""
    pos = {"8": centre}
    for k, ang in zip(range(9, 16), (0, 50, 100, 150, 200, 255, 310)):
        a = math.radians(ang)
        pos[str(k)] = (centre[0] + 0.06 * math.cos(a), centre[1] + 0.06 * math.sin(a))
    return pos


def kept(layout: dict[str, tuple[float, float]]) -> tuple[Rollout, object]:
    s = only("8-ball", layout)
    s.rules.groups = ["solids", "stripes"]
    return Rollout(s.balls, [], s.rules, Outcome(next_player=s.rules.turn)), s.table


def test_a_blocked_8_is_a_problem_ball_while_the_group_is_down():
    blocked, table = kept(GROUP | ringed((0.9, 0.0)))
    layout = Layout.of(blocked.balls)
    assert open_pockets(layout, table, "cue", "8") == 0
    assert all(open_pockets(layout, table, "cue", b) > 0 for b in ("1", "2", "3"))
    assert problems(blocked, table, LAST) == eight_weight(3, LAST)
    free = {k: v for k, v in ringed((0.9, 0.0)).items() if k != "8"} | {"8": (0.9, 0.45)}
    opened, _ = kept(GROUP | free)
    assert problems(opened, table, LAST) == 0
    gap = score(opened, 0, table, eight=LAST) - score(blocked, 0, table, eight=LAST)
    assert gap > 0.9 * PROBLEM * eight_weight(3, LAST)  # the ease of the next shot is about the same
    assert score(blocked, 0, table, eight=LAST) > CONTINUE - PROBLEM * LAST  # still a kept table


def test_the_blocked_8_weighs_more_as_the_group_shrinks():
    assert eight_weight(7, LAST) < eight_weight(3, LAST) < eight_weight(1, LAST) == LAST
    assert eight_weight(7, LAST) >= 1.0
    one, table = kept({"cue": (-0.9, 0.0), "1": (-0.3, 0.3)} | ringed((0.9, 0.0)))
    three, _ = kept(GROUP | ringed((0.9, 0.0)))
    assert problems(one, table, LAST) == LAST > problems(three, table, LAST)


def test_without_the_level_field_the_8_is_not_counted():
    blocked, table = kept(GROUP | ringed((0.9, 0.0)))
    assert problems(blocked, table) == 0
    assert all(LEVELS[n].eight_problem == 0 for n in (1, 2, 3, 4)) and LAST > 1


def test_with_the_group_cleared_the_8_counts_once_as_the_ball_on():
    only8, table = kept({"cue": (-0.9, 0.0)} | ringed((0.9, 0.0)))
    assert only8.rules.targets(frozenset(Layout.of(only8.balls).ids)) == ("8",)
    assert problems(only8, table, LAST) == 1


def test_only_8_ball_searches_count_the_8():
    for mode, want in (("8-ball", LAST), ("9-ball", 0.0)):
        s = only(mode, {"cue": (-0.9, 0.0), "1": (0.0, 0.0), "8": (0.5, 0.2), "9": (0.5, -0.2)})
        search = Search(s.balls, s.table, s.params, s.rules, s.rules.turn, Budget(1, 40), eight=LAST)
        assert search.eight == want


def test_level_5_weighs_a_kept_tables_leave_more_in_8_ball():
    ease_weight = LEVELS[5].eight_ease
    assert ease_weight > POSITION and all(LEVELS[n].eight_ease == 0 for n in (1, 2, 3, 4))
    opened, table = kept(GROUP | {"8": (0.9, 0.45)})
    ease = next_ease(opened, table)
    assert ease > 0.1
    gain = score(opened, 0, table, eight=LAST, eight_ease=ease_weight) - score(opened, 0, table, eight=LAST)
    assert abs(gain - (ease_weight - POSITION) * ease) < 1e-9
