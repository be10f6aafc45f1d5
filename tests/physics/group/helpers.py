"""Builders of contact groups for the group-model tests."""

from __future__ import annotations

import numpy as np

from billiard.physics.group import OBSTACLE, make_group

R = 0.028575
M = 0.170097


def frozen_line(n_objects: int, v0: float = 2.0, e: float = 1.0, mu: float = 0.0, spin=None):
    """Cue ball (index 0) touching a line of n_objects touching balls along +x, moving at v0."""
    nb = n_objects + 1
    pos = [[2 * R * i, 0.0, R] for i in range(nb)]
    vel = np.zeros((nb, 3))
    vel[0, 0] = v0
    omega = np.zeros((nb, 3)) if spin is None else np.asarray(spin, dtype=float)
    a = list(range(1, nb))
    b = list(range(nb - 1))
    point = [[(2 * i + 1) * R, 0.0, R] for i in range(nb - 1)]
    return make_group(pos, vel, omega, M, R, a, b, [[1.0, 0.0, 0.0]] * (nb - 1), point, e, mu)


def touching_pairs(pos: np.ndarray, radius: np.ndarray):
    """All touching pairs (i < j) with the normal from j into i and the contact point."""
    a, b, normal, point = [], [], [], []
    for i in range(len(pos)):
        for j in range(i + 1, len(pos)):
            d = pos[i] - pos[j]
            dist = np.linalg.norm(d)
            if dist <= (radius[i] + radius[j]) * (1 + 1e-9):
                n = d / dist
                a.append(i)
                b.append(j)
                normal.append(n)
                point.append(pos[j] + radius[j] * n)
    return a, b, normal, point


def random_cluster(rng: np.random.Generator, n: int, obstacle: bool = False):
    """n touching balls on the bed (random tree of contacts), random velocities and spins."""
    pos = [np.array([0.0, 0.0, R])]
    while len(pos) < n:
        base = pos[rng.integers(len(pos))]
        ang = rng.uniform(0, 2 * np.pi)
        cand = base + 2 * R * np.array([np.cos(ang), np.sin(ang), 0.0])
        if all(np.linalg.norm(cand - p) >= 2 * R * (1 - 1e-12) for p in pos):
            pos.append(cand)
    pos = np.array(pos)
    radius = np.full(n, R)
    a, b, normal, point = touching_pairs(pos, radius)
    if obstacle:  # a cushion-like plane touching ball 0 from a random side, contact above the centre
        ang = rng.uniform(0, 2 * np.pi)
        out = np.array([np.cos(ang), np.sin(ang), -0.3])
        out /= np.linalg.norm(out)
        a.append(0)
        b.append(OBSTACLE)
        normal.append(-out)
        point.append(pos[0] + R * out)
    nc = len(a)
    vel = rng.normal(0, 1.0, (n, 3))
    vel[:, 2] = 0.0
    omega = rng.normal(0, 40.0, (n, 3))
    e = rng.uniform(0.0, 1.0, nc)
    mu = rng.uniform(0.0, 0.3, nc)
    mass = rng.uniform(0.15, 0.2, n)
    return make_group(pos, vel, omega, mass, radius, a, b, normal, point, e, mu)
