"""Soft-sphere contact (seed 003 §3): a spring-dashpot along the normal, sub-stepped in time.

Overlap delta obeys m_eff delta'' + lambda delta' + k_n delta = 0 while delta > 0, with
m_eff the reduced mass (1/m_eff = 1/m_a + 1/m_b; m_eff = m for a fixed obstacle). With
a = lambda / (2 m_eff), w^2 = k_n / m_eff, s = sqrt(w^2 - a^2) (seed 003 §3):
  delta(t) = v0/s exp(-a t) sin(s t),  contact time pi/s,  restitution e = exp(-pi a/s),
so the damping that gives a restitution e is  lambda = -2 sqrt(m_eff k_n) ln e / sqrt(pi^2 + ln^2 e).
Like seed 003 the dashpot acts for the whole overlap (its force turns slightly attractive
just before the end, which is what makes the restitution exactly e).

A group of contacts is integrated jointly: the balls' displacements during the contact
are small, so normals stay fixed and overlap_k = -J_k x (x: displacements since the
touch). Time steps are pi/(s N) with N = ``substeps`` (seed 003 §4.5 uses N = 50), with
any integrator of billiard.physics.integrators. Coulomb friction then acts with each
contact's normal impulse (friction.py), as in the impulse model.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.group.contacts import OBSTACLE, ContactGroup
from billiard.physics.group.friction import apply_friction
from billiard.physics.group.jacobian import inverse_mass, pack, rows, unpack
from billiard.physics.group.wave import GroupResult
from billiard.physics.integrators import get_integrator

MIN_RESTITUTION = 1e-3  # e = 0 is critical damping: no rebound, infinite contact time
MAX_CONTACT_TIMES = 20  # a group stops after this many single contact times whatever happens


def damping(e: float, k_n: float, m_eff: float) -> float:
    """Seed 003 §3: lambda = -2 sqrt(m k) ln e / sqrt(pi^2 + ln^2 e)."""
    log_e = math.log(max(e, MIN_RESTITUTION))
    return -2.0 * math.sqrt(m_eff * k_n) * log_e / math.sqrt(math.pi**2 + log_e**2)


def contact_time(e: float, k_n: float, m_eff: float) -> float:
    """Seed 003 §3: t_contact = pi / s, s = sqrt(k/m - (lambda / 2m)^2)."""
    a = damping(e, k_n, m_eff) / (2.0 * m_eff)
    return math.pi / math.sqrt(k_n / m_eff - a * a)


def normal_impact(
    v0: float, m_eff: float, k_n: float, e: float, integrator: str = "rk4", substeps: int = 50
) -> tuple[float, float]:
    """One contact hitting at approach speed v0 > 0: (measured restitution, measured contact time)."""
    step = get_integrator(integrator)
    lam = damping(e, k_n, m_eff)
    dt = contact_time(e, k_n, m_eff) / substeps

    def accel(t, x, v):
        return -(lam * v + k_n * x) / m_eff

    x, v = np.zeros(1), np.array([v0])
    t = 0.0
    for _ in range(MAX_CONTACT_TIMES * substeps):
        x1, v1 = step(accel, t, x, v, dt)
        if x1[0] <= 0.0:
            frac = x[0] / (x[0] - x1[0])  # linear interpolation of the exit
            return -float(v[0] + frac * (v1[0] - v[0])) / v0, t + frac * dt
        x, v, t = x1, v1, t + dt
    return 0.0, t


def _reduced_mass(group: ContactGroup) -> np.ndarray:
    inv = 1.0 / group.mass[group.a]
    ball_b = group.b != OBSTACLE
    inv[ball_b] += 1.0 / group.mass[group.b[ball_b]]
    return 1.0 / inv


def _no_energy_gain(group: ContactGroup, vel: np.ndarray) -> np.ndarray:
    """The springs give back at most what they took: explicit Euler on a spring-dashpot gains
    energy (issue 20: up to 3 % of the strike's). A gain is removed by scaling the velocities
    relative to the group's centre of mass (the obstacle's frame if an obstacle takes part),
    which keeps the momentum."""
    m = group.mass[:, None]
    before = float(np.sum(m * group.vel**2))
    after = float(np.sum(m * vel**2))
    if after <= before:
        return vel
    frame = np.zeros(3) if np.any(group.b == OBSTACLE) else np.sum(m * vel, axis=0) / np.sum(m)
    rel = vel - frame
    rel_energy = float(np.sum(m * rel**2))
    room = before - float(np.sum(m)) * float(frame @ frame)
    scale = np.sqrt(max(room, 0.0) / rel_energy) if rel_energy > 0 else 0.0
    return frame + scale * rel


def solve_soft(group: ContactGroup, k_n: float, integrator: str = "rk4", substeps: int = 50) -> GroupResult:
    """Velocities and impulses of a group whose contacts are seed 003's spring-dashpots."""
    step = get_integrator(integrator)
    nb, nc = group.n_balls, group.n_contacts
    inv_mass = inverse_mass(group)[: 3 * nb]
    jac = rows(group, group.normal)[:, : 3 * nb]  # normal impulses make no torque on spheres
    m_eff = _reduced_mass(group)
    lam = np.array([damping(e, k_n, m) for e, m in zip(group.e, m_eff)])
    t_c = min(contact_time(e, k_n, m) for e, m in zip(group.e, m_eff))
    dt = t_c / substeps

    def force(x, v):
        overlap, rate = -(jac @ x), -(jac @ v)
        return np.where(overlap > 0.0, k_n * overlap + lam * rate, 0.0)

    def accel(t, x, v):
        return inv_mass * (jac.T @ force(x, v))

    x = np.zeros(3 * nb)
    v = group.vel.reshape(-1).copy()
    impulse = np.zeros(nc)
    t = 0.0
    for _ in range(MAX_CONTACT_TIMES * substeps):
        overlap, rate = -(jac @ x), -(jac @ v)
        if np.all((overlap <= 0.0) & (rate <= 0.0)):
            break
        x1, v1 = step(accel, t, x, v, dt)
        impulse += 0.5 * dt * (force(x, v) + force(x1, v1))
        x, v, t = x1, v1, t + dt
    v = _no_energy_gain(group, v.reshape(nb, 3))
    q = pack(v, group.omega)
    normal_impulse = np.maximum(impulse, 0.0)
    q, friction = apply_friction(group, q, inverse_mass(group), np.ones(nc, dtype=bool), normal_impulse)
    vel, omega = unpack(q, nb)
    return GroupResult(vel, omega, normal_impulse, friction)
