"""One step of a second-order system x'' = f(t, x, x'): every scheme of the seeds, one signature.

``step(f, t, x, v, dt) -> (x, v)`` with x, v numpy arrays (any shape) and f returning the
acceleration. Sources: seed 004 §5 (Euler, Euler-Cromer, Newmark, RK4) and seed 003
§4.3 (RK2, RK3, leapfrog). Orders on smooth problems: euler 1, euler-cromer 1, newmark 2,
rk2 2, rk3 3 (see rk3), rk4 4, leapfrog 2.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

Accel = Callable[[float, np.ndarray, np.ndarray], np.ndarray]

NEWMARK_EPS = 1e-13  # relative fixed-point tolerance of seed 004 §5.3's epsilon
NEWMARK_MAX_ITER = 100


def euler(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Classical explicit Euler (seed 004 §5.1, annex D with alpha = 0): both from the old state."""
    return x + dt * v, v + dt * f(t, x, v)


def euler_cromer(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Euler-Cromer (seed 004 §5.2, also seed 003 §4.3.1): new velocity first, then the position with it."""
    v1 = v + dt * f(t, x, v)
    return x + dt * v1, v1


def newmark(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Newmark (seed 004 §5.3): implicit, fixed-point iteration until the position moves less than eps.

    chi' = f(old); repeat xi = x_n, chi = f(t_n, x_n, v_n), v_n = v + dt/2 (chi + chi'),
    x_n = x + dt v + dt^2/3 (chi/2 + chi'), until |x_n - xi| < eps (beta = 1/6, gamma = 1/2).
    """
    chi_old = f(t, x, v)
    x1, v1 = x + dt * v + 0.5 * dt * dt * chi_old, v + dt * chi_old  # explicit predictor
    scale = float(np.max(np.abs(x))) + dt * float(np.max(np.abs(v))) + 1e-300
    for _ in range(NEWMARK_MAX_ITER):
        xi = x1
        chi = f(t + dt, x1, v1)
        v1 = v + 0.5 * dt * (chi + chi_old)
        x1 = x + dt * v + dt * dt / 3.0 * (0.5 * chi + chi_old)
        if float(np.max(np.abs(x1 - xi))) < NEWMARK_EPS * scale:
            break
    return x1, v1


def rk2(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Runge-Kutta 2, midpoint (seed 003 §4.3.2): half step with f(t), full step with f(t + dt/2).

    Seed 003 writes the last position update with the end velocity; we use the midpoint
    velocity, as its RK3 does, which is what gives the order 2 its table 4.1 measures.
    """
    a0 = f(t, x, v)
    x_half, v_half = x + 0.5 * dt * v, v + 0.5 * dt * a0
    return x + dt * v_half, v + dt * f(t + 0.5 * dt, x_half, v_half)


def rk3(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Runge-Kutta 3 of seed 003 §4.3.3: stages at dt/3 and dt/2, final step from the dt/2 stage.

    y1 = y + dt F(y + dt/2 F(y + dt/3 F(y))): its growth factor is 1 + z + z^2/2 + z^3/6,
    so it is third order for forces linear in (x, v) (springs, dampers: table 4.1 measures
    3.07); for forces nonlinear in the state it is second order.
    """
    a0 = f(t, x, v)
    x3, v3 = x + dt / 3.0 * v, v + dt / 3.0 * a0
    a3 = f(t + dt / 3.0, x3, v3)
    x2, v2 = x + 0.5 * dt * v3, v + 0.5 * dt * a3
    return x + dt * v2, v + dt * f(t + 0.5 * dt, x2, v2)


def rk4(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Classical Runge-Kutta 4 (seed 004 §5.4): k for the position, k' for the velocity."""
    k1, k1p = v, f(t, x, v)
    k2, k2p = v + 0.5 * dt * k1p, f(t + 0.5 * dt, x + 0.5 * dt * k1, v + 0.5 * dt * k1p)
    k3, k3p = v + 0.5 * dt * k2p, f(t + 0.5 * dt, x + 0.5 * dt * k2, v + 0.5 * dt * k2p)
    k4, k4p = v + dt * k3p, f(t + dt, x + dt * k3, v + dt * k3p)
    return (x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4), v + dt / 6.0 * (k1p + 2 * k2p + 2 * k3p + k4p))


def leapfrog(f: Accel, t: float, x: np.ndarray, v: np.ndarray, dt: float):
    """Leapfrog / Verlet (seed 003 §4.3.4) written as one synchronous step (kick-drift-kick).

    Half kick to v_{n+1/2}, drift x_{n+1} = x_n + dt v_{n+1/2}, half kick with the force at
    x_{n+1} evaluated with v_{n+1/2} (seed 003's adaptation for velocity-dependent forces).
    Chaining steps gives exactly the staggered scheme for forces that ignore the velocity.
    """
    v_half = v + 0.5 * dt * f(t, x, v)
    x1 = x + dt * v_half
    return x1, v_half + 0.5 * dt * f(t + dt, x1, v_half)
