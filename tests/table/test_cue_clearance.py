"""A real cue: the least elevation that clears the rails and the balls behind the cue ball."""

import math

import numpy as np

from billiard.table.cue_clearance import blocked, least_elevation
from billiard.table import get_table

R = 0.028575
TABLE = get_table("pool-9ft")


def elevation(cue_xy, heading, others=(), tip=(0.0, 0.0), wanted=0.0):
    pos = np.array([(cue_xy[0], cue_xy[1], R)] + [(x, y, R) for x, y in others])
    return least_elevation(TABLE, pos, np.full(len(pos), R), np.ones(len(pos), bool), 0, heading, tip, wanted)


def test_a_ball_frozen_against_a_rail_needs_the_cue_raised():
    frozen = (-TABLE.half_length + R, 0.0)
    e = elevation(frozen, 0.0)  # the cue lies over the head rail
    assert 15.0 < e < 45.0
    assert elevation(frozen, 180.0) == 0.0  # shooting into the rail: the cue is over the cloth
    # the answer is the least: a quarter degree lower the stick touches the rail
    pos = np.array([(frozen[0], frozen[1], R)])
    none = np.zeros((0, 3))
    assert blocked(TABLE, none, np.zeros(0), pos[0], R, 0.0, e - 0.25, (0.0, 0.0))
    assert not blocked(TABLE, none, np.zeros(0), pos[0], R, 0.0, e, (0.0, 0.0))


def test_mid_table_the_butt_only_has_to_clear_the_far_rail():
    e = elevation((0.0, 0.0), 0.0)
    # the rail top is ~14 mm above the tip over ~1.3 m of stick: a couple of degrees
    assert 0.5 < e < 4.0


def test_a_ball_just_behind_lifts_the_cue_over_it_and_a_high_tip_needs_less():
    behind = elevation((0.0, 0.0), 0.0, others=[(-2.2 * R, 0.0)])
    assert behind > 20.0
    assert elevation((0.0, 0.0), 0.0, others=[(-2.2 * R, 0.0)], tip=(0.0, 0.5)) < behind
    assert elevation((0.0, 0.0), 0.0, others=[(-2.2 * R, 0.3)]) == elevation((0.0, 0.0), 0.0)  # off the line


def test_the_players_own_elevation_stands_when_it_clears():
    assert elevation((0.0, 0.0), 0.0, wanted=30.0) == 30.0
    assert elevation((-TABLE.half_length + R, 0.0), 0.0, wanted=math.nextafter(0, 1)) > 15.0


def test_the_search_up_finds_the_first_quarter_degree_that_clears():
    """least_elevation doubles its steps and halves them back: it must land where a plain
    climb in quarter degrees stops, from any place and heading, balls behind or not."""
    rng = np.random.default_rng(7)
    for _ in range(40):
        x = rng.uniform(-TABLE.half_length + R, TABLE.half_length - R)
        y = (TABLE.half_width - R - rng.uniform(0.0, 0.04)) * rng.choice([-1.0, 1.0])
        heading = rng.uniform(0.0, 360.0)
        behind = [(x - 2.3 * R * math.cos(math.radians(heading)), y - 2.3 * R * math.sin(math.radians(heading)))]
        for others in ((), behind):
            e = elevation((x, y), heading, others)
            pos = np.array([(x, y, R)] + [(a, b, R) for a, b in others])
            rest = pos[1:]
            climb = 0.0
            while climb < 75.0 and blocked(TABLE, rest, np.full(len(rest), R), pos[0], R, heading, climb, (0.0, 0.0)):
                climb += 0.25
            assert e == climb
