"""Massé pots, caroms into pots and the snooker break-off, found on purpose in set-up layouts."""

import dataclasses

import pytest

from billiard.ai import ComputerPlayer, Level, Situation, options
from billiard.ai.levels import level
from billiard.ai.carom_pots import aim_carom_pot, carom_pot_candidates
from billiard.ai.search import Budget, Search
from billiard.ai.geometry import Layout, best_ease, pot_aims
from billiard.ai.indirect_aims import combo_aims
from billiard.ai.masse import masse_candidates
from billiard.ai.rollout import fast_params, play
from billiard.ai.snooker_break import is_break_off
from billiard.app.setup import new_session
from billiard.game.facts import shot_facts
from billiard.game.spotting import in_hand_ok, put_on_table
from billiard.physics.state import Motion


def expert(sims: int = 40) -> Level:
    """Level 5's kinds of shot on a small, fast budget."""
    return Level(
        5,
        noise=1.0,
        seconds=5.0,
        max_sims=sims,
        options=3,
        variants=1,
        robust=4,
        finalists=3,
        banks=True,
        position=True,
        combos=True,
        kicks=2,
        jumps=True,
        safeties=4,
        safety_by_value=True,
    )


def only(mode: str, positions: dict[str, tuple[float, float]]):
    s = new_session(mode, seed=0)
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


def test_only_a_masse_pots_the_ball_and_the_computer_plays_it():
    # 9-ball: the 2 stands on the line from the cue ball to the 1's ghost ball for the top
    # right corner, the 3 on the 1's path to the bottom right one: no pot, bank or combination
    s = only("9-ball", {"cue": (0.3, 0.0), "2": (0.55, 0.1), "1": (0.95, 0.35), "3": (1.05, 0.15), "9": (-1.0, -0.5)})
    layout = Layout.of(s.balls)
    assert not pot_aims(layout, s.table, "cue", "1", banks=True) and not combo_aims(layout, s.table, "cue", "1")
    found = masse_candidates(layout, s.table, s.params, s.balls, "cue", ("1",), 0.004)
    assert found and all(c.strike.elevation_deg >= 45.0 and c.strike.tip[0] != 0.0 for c in found)
    sit = Situation.of_session(s)
    d = ComputerPlayer(expert(), seed=1).decide(sit)
    assert d.kind == "masse" and d.target == "1"
    r = play(sit.balls, sit.table, fast_params(sit.params), sit.rules, d.strike)
    assert shot_facts(r.events, "cue").first_contact == "1"  # curved round the 2
    assert "1" in r.outcome.pocketed and not r.outcome.fouls


def test_snooker_break_off_is_safe_and_returns_to_baulk():
    s = new_session("snooker", seed=0)
    sit = Situation.of_session(s)
    assert is_break_off(sit.rules, sit.balls, sit.in_hand)
    d = ComputerPlayer(dataclasses.replace(level(5), break_copies=1, finalists=3), seed=0).decide(sit)
    assert d.kind == "break" and d.place is not None and d.target is not None and d.target.startswith("red")
    assert in_hand_ok(sit.in_hand, sit.table, sit.balls, "cue", *d.place)
    balls = sit.balls.copy()
    put_on_table(balls, "cue", d.place)
    r = play(balls, sit.table, fast_params(sit.params), sit.rules, d.strike)
    assert shot_facts(r.events, "cue").first_contact == d.target and not r.outcome.fouls
    layout = Layout.of(r.balls)
    assert layout.at("cue")[0] < sit.table.head_string_x  # back in baulk
    assert best_ease(layout, sit.table, "cue", r.rules.targets(frozenset(layout.ids))) < 0.1  # no red on
    moved = sit.balls.copy()
    moved.pos[moved.index("red-1"), 0] -= 0.4  # a pack that has been opened: no break-off any more
    assert not is_break_off(sit.rules, moved, sit.in_hand)


CANNON = {"cue": (0.0, 0.0), "1": (0.5, 0.0), "5": (0.9, 0.4), "2": (0.8, 0.22), "3": (0.8, -0.25), "9": (-1.0, -0.5)}
KISS = {"cue": (0.0, 0.0), "1": (0.4, 0.25), "5": (0.75, 0.52), "3": (0.85, 0.42), "4": (0.7, -0.05), "9": (-1.0, -0.5)}


@pytest.mark.parametrize("positions, kind, potted", [(CANNON, "cannon", "5"), (KISS, "kiss", "1")])
def test_caroms_into_pots_are_found_where_no_straight_pot_exists(positions, kind, potted):
    # the 1 (the ball on) has no straight pot: a cannon off it pots the 5, or a kiss off the 5 pots it
    s = only("9-ball", positions)
    layout = Layout.of(s.balls)
    assert not [a for a in pot_aims(layout, s.table, "cue", "1") if a.kind == "pot"]
    found = carom_pot_candidates(layout, s.table, s.params, "cue", ("1",), None, 0.004)
    search = Search(s.balls, s.table, fast_params(s.params), s.rules, 0, Budget(50, 10**6))
    made = []
    for cand, partner in found[:3]:
        aimed = aim_carom_pot(search, search.params, "cue", cand, partner)
        r = play(s.balls, s.table, search.params, s.rules, aimed.strike)
        if shot_facts(r.events, "cue").first_contact == "1" and aimed.target in r.outcome.pocketed:
            made.append((aimed.kind, aimed.target, r.outcome.fouls))
    assert (kind, potted, ()) in made


def test_a_cannon_is_chosen_where_only_caroms_pot(monkeypatch):
    monkeypatch.setattr(options, "combo_aims", lambda *a, **k: [])  # combinations aside: only caroms pot
    sit = Situation.of_session(only("9-ball", CANNON))
    d = ComputerPlayer(expert(), seed=0).decide(sit)
    assert d.kind == "cannon"
    r = play(sit.balls, sit.table, fast_params(sit.params), sit.rules, d.strike)
    assert shot_facts(r.events, "cue").first_contact == "1"
    assert d.target in r.outcome.pocketed and not r.outcome.fouls
