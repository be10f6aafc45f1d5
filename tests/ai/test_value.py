"""How a simulated candidate is valued (search.Tried): the pot's chance from its noisy
copies, the leave averaged over the copies that succeeded, and what a table handed over
is worth in 8-ball and 9-ball."""

from billiard.ai.evaluate import HANDED, SAFE_EDGE, handed_over
from billiard.ai.search import Tried
from billiard.ai.shots import Candidate
from billiard.ai.strike import Strike


def pot(nominal: float, noisy: list[float], ok: list[bool], weight: float) -> Tried:
    t = Tried(Candidate(Strike(2.0, 0.0), "pot", "1", chance=1.0), nominal, True, leave_weight=weight)
    t.noisy, t.noisy_success = list(noisy), list(ok)
    return t


def test_a_fragile_leave_is_worth_less_than_a_robust_one():
    # the same nominal leave (160) and the same 3-in-4 success; one pot's copies that went
    # in leave little (110), the other's as much as the nominal
    fragile = pot(160.0, [110.0, 110.0, 110.0, -50.0], [True, True, True, False], 0.5)
    robust = pot(160.0, [160.0, 160.0, 160.0, -50.0], [True, True, True, False], 0.5)
    assert robust.value > fragile.value
    c = (1 + 3) / 5  # the a-priori chance counts as one copy
    assert abs(fragile.value - (c * (0.5 * 160 + 0.5 * 110) + (1 - c) * -50)) < 1e-9
    # without the weight (other modes, lower levels) only the nominal leave counts
    assert pot(160.0, [110.0] * 3 + [-50.0], [True] * 3 + [False], 0.0).value == robust.value


def test_a_table_handed_over_with_nothing_on_is_a_gain_and_an_easy_shot_a_loss():
    assert handed_over(0.0) == SAFE_EDGE > 0
    assert handed_over(1.0) == SAFE_EDGE - HANDED < -100
    assert handed_over(0.2) > handed_over(0.5)
