"""The five computer levels: the execution noise of the strike (magnitude of :mod:`noise`)
and how hard the computer searches. Level 5 plays at the tournaments' magnitude 1, level 1
at magnitude 6 (documented in docs/computer-player.md)."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.errors import BilliardError


@dataclass(frozen=True)
class Level:
    """``noise``: magnitude of the Gaussian strike noise; ``seconds``: wall-clock budget of
    one decision; ``max_sims``: most shots simulated in one decision; ``options``: how many
    pot options (target x pocket) are tried; ``variants``: speed/spin variations tried per
    option; ``robust``: noisy copies simulated for each of the ``finalists`` best candidates;
    ``banks``: bank pots and kicks are searched; ``position``: the cue ball's next position
    counts in the score (otherwise only the pot and the foul do); ``throw``: the aim is
    corrected for throw by probing the first contact. The rest (levels 3-5): the simulated
    look ahead, combinations, two-cushion kicks, jumps, how many safeties and push-outs are
    tried, and how the break is chosen."""

    number: int
    noise: float
    seconds: float
    max_sims: int
    options: int
    variants: int
    robust: int
    finalists: int
    banks: bool
    position: bool
    throw: bool = True
    plan: int = 0  # candidates whose next shot is searched too (plan.py)
    plan_options: int = 3  # pot options of that next shot
    plan_variants: int = 2  # strikes per option of that next shot
    combos: bool = False  # combination pots
    kicks: int = 1  # cushions of the kicks tried (1 or 2)
    jumps: bool = False  # jump shots at a hidden ball
    safeties: int = 12  # safety (or kick) candidates at most
    safety_by_value: bool = False  # safeties tried whenever no pot is clearly good (else only when none is made)
    aimed_kicks: int = 0  # kicks whose heading is stepped onto the target by probes first
    push_outs: int = 6  # 9-ball push-out directions tried
    spots: int = 1  # ball-in-hand spots compared by simulation
    extend: float = 1.0  # with a wall-clock deadline: max_sims x this, spent on more noisy copies
    aimed_caroms: int = 0  # three-cushion windows whose heading is stepped onto the engine's path
    centre_caroms: bool = (
        False  # three-cushion: a scoring carom is turned to the middle of its window (carom_centre.py)
    )
    carom_windows: int = 0  # three-cushion: tracer windows simulated at most (0: options x 5)
    carom_sims: int = 0  # three-cushion: max_sims instead (0: the same), for the window probes and centring
    carom_side: int = 0  # three-cushion: the widest windows also tried with side either way
    break_places: int = 3  # 8-ball and 9-ball: breaks of the break book tried on the table
    break_by_book: bool = False  # 8-ball and 9-ball: play the break book's best break (break_book.py)
    break_copies: int = 0  # snooker: noisy copies of each break-off candidate
    late_finalists: int = 0  # 8-ball, 9-ball: the next candidates also get noisy copies while the budget lasts
    leave_weight: float = 0.0  # 8-ball, 9-ball: a success's leave averaged over its noisy copies this much
    eight_problem: float = 0.0  # 8-ball: a blocked 8 is a problem ball of the leaves, this much on the last group ball
    eight_ease: float = 0.0  # 8-ball: a kept table's perfect leave is worth this (0: evaluate.POSITION, 60)
    steer: int = 0  # 8-ball, 9-ball: pot options whose cue ball is steered by a denser strike grid (steer.py)
    recheck: int = 0  # 9-ball: the best candidates after the noisy copies that get more copies
    recheck_copies: int = 48  # ... topped up to this many each
    steer_side: bool = False  # 9-ball: the steering grid has side-spin strikes too (steer.py)
    pool_escape: bool = False  # 8-ball, 9-ball: snooker's escape fan when (nearly) every candidate fouls
    snooker_steer: int = 0  # snooker: pots whose cue ball is steered by a grid of strikes (snooker_steer.py)


LEVELS: dict[int, Level] = {
    1: Level(
        1,
        noise=8.0,
        seconds=0.6,
        max_sims=8,
        options=2,
        variants=1,
        robust=0,
        finalists=1,
        banks=False,
        position=False,
        throw=False,
    ),
    2: Level(
        2, noise=4.5, seconds=1.0, max_sims=20, options=3, variants=2, robust=2, finalists=2, banks=False, position=True
    ),
    3: Level(
        3,
        noise=3.0,
        seconds=1.5,
        max_sims=40,
        options=4,
        variants=3,
        robust=2,
        finalists=2,
        banks=True,
        position=True,
        plan=2,
        plan_options=2,
        plan_variants=1,
        aimed_kicks=2,
        aimed_caroms=3,
        safety_by_value=True,
    ),
    4: Level(
        4,
        noise=2.0,
        seconds=2.2,
        max_sims=110,
        options=6,
        variants=5,
        robust=4,
        finalists=4,
        banks=True,
        position=True,
        plan=4,
        plan_options=3,
        plan_variants=2,
        combos=True,
        kicks=2,
        jumps=True,
        safeties=20,
        safety_by_value=True,
        aimed_kicks=4,
        push_outs=10,
        spots=2,
        aimed_caroms=6,
        centre_caroms=True,
        extend=2.0,
        break_by_book=True,
        break_copies=3,
    ),
    5: Level(
        5,
        noise=1.0,
        seconds=2.6,
        max_sims=300,
        options=8,
        variants=7,
        robust=16,
        finalists=6,
        banks=True,
        position=True,
        plan=8,
        plan_options=4,
        plan_variants=3,
        combos=True,
        kicks=2,
        jumps=True,
        safeties=30,
        safety_by_value=True,
        aimed_kicks=6,
        push_outs=12,
        spots=3,
        aimed_caroms=30,
        centre_caroms=True,
        carom_windows=100,
        carom_side=10,
        carom_sims=500,
        extend=4.0,
        break_by_book=True,
        break_copies=5,
        late_finalists=4,
        leave_weight=0.5,
        eight_problem=2.0,
        eight_ease=80.0,
        steer=3,
        recheck=4,
        pool_escape=True,
        snooker_steer=5,
    ),
}


def level(number: int) -> Level:
    try:
        return LEVELS[int(number)]
    except (KeyError, ValueError, TypeError):
        raise BilliardError(f"computer level must be 1 to 5, got {number!r}") from None
