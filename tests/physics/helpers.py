"""Small builders shared by the physics tests."""

from __future__ import annotations

import numpy as np

from billiard.physics.params import POOL, Params
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import get_table

R = POOL.ball_radius
M = POOL.ball_mass


def world(positions, vel=None, omega=None, params: Params = POOL, overrides=None, size=(10.0, 10.0)) -> World:
    """A world on a big custom table with pool balls "b0", "b1", ... at (x, y) ``positions``."""
    params = params.with_overrides(overrides)
    ids = [f"b{k}" for k in range(len(positions))]
    pos = [(x, y, params.ball_radius) for x, y in positions]
    balls = Balls.create(ids, pos, params.ball_mass, params.ball_radius, vel=vel, omega=omega)
    return World(balls, get_table({"length": size[0], "width": size[1]}), params)


def rolling_omega(vx: float, vy: float, radius: float = R) -> list[float]:
    """omega of a ball rolling at (vx, vy): n x v / R."""
    return [-vy / radius, vx / radius, 0.0]


def run(w: World, seconds: float) -> list:
    events = []
    while w.t < seconds - 1e-12:
        events += w.step()
    return events


def run_until(w: World, predicate, limit: float = 30.0) -> list:
    events = []
    while w.t < limit:
        new = w.step()
        events += new
        if any(predicate(e) for e in new):
            break
    return events


def kinetic_energy(b: Balls) -> float:
    trans = 0.5 * b.mass * np.einsum("ij,ij->i", b.vel, b.vel)
    rot = 0.5 * 0.4 * b.mass * b.radius**2 * np.einsum("ij,ij->i", b.omega, b.omega)
    return float((trans + rot).sum())


def deg_between(a, b) -> float:
    a, b = np.asarray(a, float)[:2], np.asarray(b, float)[:2]
    c = np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))
    return float(np.degrees(np.arccos(np.clip(c, -1.0, 1.0))))
