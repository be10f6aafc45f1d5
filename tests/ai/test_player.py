"""The computer player on real tables with the real engine (small search budgets so the
suite stays quick): legal ball in hand spots, legal first contact, whole games."""

import numpy as np
import pytest

from billiard.ai import ComputerPlayer, Level, PlayerSpec, Situation
from billiard.ai.rollout import play
from billiard.app.autoplay import play_game
from billiard.app.setup import new_session
from billiard.game import IN_HAND_ANYWHERE, IN_HAND_KITCHEN
from billiard.game.facts import shot_facts
from billiard.game.spotting import in_hand_ok, put_on_table
from billiard.physics.state import Motion


def small(number: int, noise: float, sims: int = 4) -> Level:
    return Level(
        number,
        noise=noise,
        seconds=5.0,
        max_sims=sims,
        options=2,
        variants=1,
        robust=0,
        finalists=1,
        banks=False,
        position=number > 1,
        throw=number > 1,
    )


def scatter(session, rng, n_keep):
    """Pocket all but ``n_keep`` object balls and scatter the rest (and the cue ball) at random."""
    b = session.balls
    objs = [i for i, bid in enumerate(b.ids) if bid != session.rules.cue and b.motion[i] != Motion.POCKETED]
    keep = set(rng.choice(objs, n_keep, replace=False))
    for i in objs:
        if i not in keep:
            b.motion[i] = Motion.POCKETED
            b.pocket[i] = "corner-top-left"
    t = session.table
    for i in list(keep) + [b.index(session.rules.cue)]:
        while True:
            xy = (
                rng.uniform(-t.half_length + 0.05, t.half_length - 0.05),
                rng.uniform(-t.half_width + 0.05, t.half_width - 0.05),
            )
            live = b.motion != Motion.POCKETED
            live[i] = False
            if np.all(np.hypot(b.pos[live, 0] - xy[0], b.pos[live, 1] - xy[1]) > 3 * b.radius[i]):
                break
        put_on_table(b, b.ids[i], xy)


@pytest.mark.parametrize("mode,kind", [("9-ball", IN_HAND_ANYWHERE), ("9-ball", IN_HAND_KITCHEN), ("snooker", "D")])
def test_ball_in_hand_spot_is_always_legal(mode, kind):
    rng = np.random.default_rng(11)
    for k in range(3):
        s = new_session(mode, seed=k)
        s.rules.breaking = False
        scatter(s, rng, 4)
        s.in_hand = kind
        ai = ComputerPlayer(small(5, 1.0, sims=2), seed=k)
        d = ai.decide(Situation.of_session(s))
        assert d.place is not None
        assert in_hand_ok(kind, s.table, s.balls, s.rules.cue, *d.place)


def test_eight_ball_first_contact_is_in_the_group():
    rng = np.random.default_rng(5)
    for k in range(3):
        s = new_session("8-ball", seed=k)
        rules = s.rules
        rules.breaking = False
        rules.groups = ["stripes", "solids"]
        scatter(s, rng, 8)
        s.in_hand = None if k % 2 else IN_HAND_ANYWHERE
        mine = {b for b in rules.targets(s.on_table())}
        assert mine and all(int(b) > 8 for b in mine) or mine == {"8"}
        ai = ComputerPlayer(small(5, 0.0, sims=4), seed=k)
        sit = Situation.of_session(s)
        d = ai.decide(sit)
        balls = sit.balls.copy()
        if d.place is not None:
            assert in_hand_ok(s.in_hand, s.table, balls, rules.cue, *d.place)
            put_on_table(balls, rules.cue, d.place)
        r = play(balls, s.table, s.params, rules, d.strike)
        first = shot_facts(r.events, rules.cue).first_contact
        assert first in mine, (k, first, mine, d)


def test_same_seed_same_decision():
    s = new_session("9-ball", seed=2)
    s.rules.breaking = False
    scatter(s, np.random.default_rng(2), 5)
    a = ComputerPlayer(small(5, 1.0), seed=9).decide(Situation.of_session(s))
    b = ComputerPlayer(small(5, 1.0), seed=9).decide(Situation.of_session(s))
    assert (a.strike, a.place, a.kind) == (b.strike, b.place, b.kind)


def endgame(seed: int, balls_left: int):
    """A 9-ball rack after the break with only ``balls_left`` balls (the 9 among them) left,
    scattered at random, the player on turn to shoot from where the cue ball lies."""
    s = new_session("9-ball", seed=seed)
    rng = np.random.default_rng(seed)
    s.rules.breaking = False
    b = s.balls
    left = ["9"] + [str(n) for n in rng.choice(np.arange(1, 9), balls_left - 1, replace=False)]
    for bid in b.ids:
        if bid not in left and bid != "cue":
            b.motion[b.index(bid)] = Motion.POCKETED
    scatter(s, rng, balls_left)  # keeps the balls still on the table, moves them
    s.in_hand = None
    return s


def test_computer_against_computer_nine_ball_finishes_with_a_winner():
    players = (PlayerSpec("computer", 5), PlayerSpec("computer", 5))
    ais = [ComputerPlayer(small(5, 1.0, sims=4), rng=np.random.default_rng([4, k])) for k in range(2)]
    out = play_game("9-ball", players, max_shots=60, ais=ais, session=endgame(4, 4))
    assert out["game_over"] and out["winner"] in (0, 1) and not out["capped"]
    assert out["players"] == ["computer:5", "computer:5"]
    assert out["computer"]["decisions"] >= out["shots"] and out["computer"]["illegal_spots"] == 0
    assert "9" in out["pocketed"] or "three consecutive fouls" in out["message"]


def test_level_five_beats_level_one():
    """Seeded 9-ball end games, each played twice with the sides swapped: the stronger level
    (less noise, a search that plays position) wins more of them."""
    wins = {5: 0, 1: 0}
    for seed in range(2):
        for five_first in (True, False):
            lv = [5, 1] if five_first else [1, 5]
            ais = [
                ComputerPlayer(
                    small(n, 1.0 if n == 5 else 6.0, sims=4 if n == 5 else 2), rng=np.random.default_rng([seed, k])
                )
                for k, n in enumerate(lv)
            ]
            out = play_game(
                "9-ball",
                tuple(PlayerSpec("computer", n) for n in lv),
                max_shots=40,
                ais=ais,
                session=endgame(100 + seed, 3),
            )
            if out["winner"] is not None:
                wins[lv[out["winner"]]] += 1
    assert wins[5] > wins[1], wins


def test_same_seed_same_game():
    def game():
        ais = [ComputerPlayer(small(5, 1.0, sims=3), rng=np.random.default_rng([8, k])) for k in range(2)]
        return play_game("9-ball", (PlayerSpec("computer", 5),) * 2, max_shots=30, ais=ais, session=endgame(8, 3))

    a, b = game(), game()
    for key in ("shots", "pocketed", "winner", "balls", "fouls"):
        assert a[key] == b[key]
