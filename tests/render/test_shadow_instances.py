"""Where the shadow discs go: cast away from each lamp, a contact shadow under each ball."""

import numpy as np

from billiard.render.shadow_instances import CONTACT_REACH, pocket_shades, shadow_instances
from billiard.table import get_table

R = 0.028575
LAMPS = np.array([(-0.8, 0.0), (0.0, 0.0), (0.8, 0.0)])
HEIGHT = 0.9


def test_a_ball_under_a_lamp_casts_straight_down_and_one_beside_it_casts_away():
    pos = np.array([(0.0, 0.0, R), (0.4, 0.3, R)])
    inst = shadow_instances(pos, np.full(2, R), LAMPS, HEIGHT, every_lamp=False)
    assert inst.shape == (4, 5)
    assert np.allclose(inst[0, :2], (0.0, 0.0))  # right under the middle lamp
    away = inst[1, :2] - pos[1, :2]
    assert np.dot(away, pos[1, :2] - LAMPS[1]) > 0  # pushed away from its nearest lamp
    assert np.isclose(np.linalg.norm(away), 0.5 * R / (HEIGHT - R), rtol=1e-5)  # similar triangles
    assert np.allclose(inst[2:, 4], 1.0) and np.allclose(inst[2:, 2], CONTACT_REACH * R, rtol=1e-6)


def test_each_lamp_casts_a_shadow_weighted_by_its_light_and_rising_balls_fade():
    pos = np.array([(0.8, 0.0, R), (0.0, 0.0, 1.5 * R), (0.0, 0.2, 3 * R)])
    inst = shadow_instances(pos, np.full(3, R), LAMPS, HEIGHT, every_lamp=True)
    assert inst.shape == (3 * 3 + 3, 5)
    first = inst[0:3, 3]  # the ball under the right lamp: that lamp's shadow is the darkest
    assert np.argmax(first) == 2 and first[2] > first[0]
    contact = inst[9:, 3]
    assert np.isclose(contact[0], 1.0) and np.isclose(contact[1], 0.5) and contact[2] == 0.0


def test_no_ball_no_shadow_and_a_shade_round_each_pocket():
    assert shadow_instances(np.zeros((0, 3)), np.zeros(0), LAMPS, HEIGHT, True).shape == (0, 5)
    table = get_table("pool-9ft")
    shades = pocket_shades(table)
    assert len(shades) == len(table.pockets) == 6
    assert np.all(shades[:, 2] > [p.radius for p in table.pockets]) and np.all(shades[:, 4] == 2.0)
