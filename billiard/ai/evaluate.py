"""Score a simulated shot from the shooter's side: the rules' verdict (win, loss, foul,
points, who plays next) and where the balls lie for the next shot (position play for the
shooter, a safety when the turn passes)."""

from __future__ import annotations

from billiard.ai.geometry import Layout, best_ease, problem_balls
from billiard.ai.rollout import Rollout
from billiard.ai.snooker_leave import leave_value
from billiard.physics.state import Motion
from billiard.table.model import Table

WIN = 1000.0
CONTINUE = 100.0  # the shooter keeps the table
FOUL = 40.0
POSITION = 60.0  # x the ease of the next shot (0..1)
POINT = 12.0  # snooker and carom points, each
IN_HAND_EASE = 0.9  # what ball in hand is worth, as an ease
CAROM_EASE = 0.3  # three-cushion: no position estimate, a flat value
SNOOKER_POSITION = 200.0  # snooker, x the leave's worth (snooker_leave.py): a break lives on position
PROBLEM = 15.0  # 8-ball, 9-ball: each ball left with no open pocket, for the player who keeps the table
# 8-ball, 9-ball: the table handed over is worth SAFE_EDGE - HANDED * ease to the player who hands
# it over (the opponent's next shot's ease). A leave with no pot on is a gain (the opponent must
# play safe or kick and often leaves a shot or fouls); an easy leave costs about what a kept table
# is worth, since a strong opponent runs out from it. So a pot of middling chance, whose miss
# leaves the ball by the pocket, loses to a safety that leaves nothing (docs/computer-player.md).
SAFE_EDGE = 40.0
HANDED = 160.0


def next_ease(r: Rollout, table: Table) -> float:
    """How easy the next shot is for whoever plays it."""
    rules = r.rules
    if rules.name == "three-cushion":
        return CAROM_EASE
    cue = rules.cue
    i = r.balls.index(cue)
    if r.outcome.ball_in_hand or r.balls.motion[i] == Motion.POCKETED:
        return IN_HAND_EASE
    layout = Layout.of(r.balls)
    return best_ease(layout, table, cue, rules.targets(frozenset(layout.ids)))


def position_weight(rules, sigma: float | None) -> float:
    """What a perfect leave is worth to the player who keeps the table: snooker's break
    building (with the player's own heading error ``sigma`` known) weighs it most."""
    return SNOOKER_POSITION if sigma is not None and rules.name == "snooker" else POSITION


def score(
    r: Rollout,
    me: int,
    table: Table,
    position: bool = True,
    ease: float | None = None,
    sigma: float | None = None,
    eight: float = 0.0,
    eight_ease: float = 0.0,
) -> float:
    """Larger is better for player ``me``; ``ease``: the next shot's ease when it is known
    better than the geometric estimate (a simulated look ahead, :mod:`plan`); ``sigma``: the
    shooter's own heading error (rad), which in snooker rates the leave of a kept table by
    :func:`snooker_leave.leave_value` (weighed by :data:`SNOOKER_POSITION`); ``eight``: in
    8-ball, a blocked 8 counts among the problem balls (:func:`problems`); ``eight_ease``:
    in 8-ball, what a perfect leave of a kept table is worth instead of :data:`POSITION`."""
    o = r.outcome
    if o.game_over:
        if o.winner is None:
            return 0.0
        if o.fouls and r.rules.name == "snooker":
            if o.winner == me:
                # a foul on the last black ends the frame, and wins it for the player ahead by more
                # than 7: scored as the foul it is, so the leader pots the black or plays safe
                # rather than missing it on purpose (half the fouls of the fourth session's frames)
                return POINT * (o.points[me] - o.points[1 - me]) - FOUL
            return -WIN - FOUL
        return WIN if o.winner == me else -WIN
    s = POINT * (o.points[me] - o.points[1 - me])
    if o.fouls:
        s -= FOUL
    if o.next_player == me and position and position_weight(r.rules, sigma) != POSITION:
        assert sigma is not None
        if ease is None:
            layout = Layout.of(r.balls)
            ease = leave_value(layout, table, r.rules.cue, r.rules.targets(frozenset(layout.ids)), sigma)
        return s + CONTINUE + SNOOKER_POSITION * ease
    if ease is None:
        ease = next_ease(r, table) if position else 0.5
    if o.next_player == me:
        weight = eight_ease or POSITION
        return s + CONTINUE + weight * ease - (PROBLEM * problems(r, table, eight) if position else 0.0)
    if getattr(r.rules, "may_pass", False):  # after our push-out the opponent may pass it back
        return s + push_out_value(ease)
    if position and r.rules.name in ("8-ball", "9-ball"):
        return s + handed_over(ease)
    return s - POSITION * ease


def handed_over(ease: float) -> float:
    """8-ball, 9-ball: what a table handed to the opponent with a next shot of ``ease`` is
    worth to the player who hands it over (SAFE_EDGE for nothing on, falling with the ease)."""
    return SAFE_EDGE - HANDED * ease


def problems(r: Rollout, table: Table, eight: float = 0.0) -> float:
    """8-ball and 9-ball: the balls still to be potted that no pocket is open to after the
    shot (clustered or blocked; :func:`geometry.problem_balls`): each costs the runner an
    inning later unless a shot breaks it out, so position play weighs them (take a problem
    ball early, break a cluster while other balls are still open). In 8-ball, with
    ``eight`` (level 5: :attr:`Level.eight_problem`), the 8 counts too while the shooter's
    group (or the open table's balls) are still down: a blocked 8 ends the run when the
    group is cleared, so it is broken out while group balls are left to play the shots
    that move it; it weighs more as the group shrinks (:func:`eight_weight`)."""
    rules = r.rules
    if rules.name not in ("8-ball", "9-ball"):
        return 0
    layout = Layout.of(r.balls)
    cue = rules.cue
    if rules.name == "9-ball":
        balls = tuple(b for b in layout.ids if b != cue)
        return problem_balls(layout, table, cue, balls)
    balls = rules.targets(frozenset(layout.ids))
    n = problem_balls(layout, table, cue, balls)
    if not eight or EIGHT in balls or EIGHT not in layout.ids or not balls:
        return n
    return n + eight_weight(len(balls), eight) * problem_balls(layout, table, cue, (EIGHT,))


EIGHT = "8"


def eight_weight(group_left: int, last: float) -> float:
    """8-ball: what an 8 with no open pocket weighs (in problem balls) with ``group_left``
    balls of the shooter's group still down: 1 + (last - 1) / group_left, so about one
    ball early in the rack and ``last`` on the last group ball, whose shot is the last
    chance to move it."""
    return 1.0 + (last - 1.0) / max(1, group_left)


PASS_BELOW = 0.3  # 9-ball: the shot is passed back when its ease is under this


def push_out_value(ease: float) -> float:
    """A push-out's leave, for the pusher: the opponent takes the shot when it is easy
    enough (``ease`` >= PASS_BELOW; then it counts against us), otherwise passes it back
    and we shoot it (then it counts for us, less than a kept table). The best push-out
    leaves a shot just too hard for the opponent to take."""
    if ease >= PASS_BELOW:
        return -POSITION * ease
    return 0.5 * POSITION * ease
