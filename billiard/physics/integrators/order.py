"""Measured order of convergence and energy drift of each integrator (as seed 003 §4.5).

Cases with an analytic answer:
- ``oscillator``: x'' = -w^2 x, x(0) = 1, x'(0) = 0, over one period; x = cos(w t).
- ``soft-contact``: seed 003 §3's spring-dashpot contact (e = 0.9), overlap from 0 at
  speed v0 over the contact time pi/s; delta = v0/s exp(r t) sin(s t).
The error is max |x_numeric - x_exact| over the steps (seed 003 §4.5); the order is the
least-squares slope of log(error) against log(dt) over dt = T/N, N in STEPS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.physics.integrators import INTEGRATORS, THEORY_ORDER, get_integrator

STEPS = (40, 80, 160, 320)


@dataclass(frozen=True)
class Case:
    name: str
    duration: float
    x0: float
    v0: float
    stiffness: float  # k/m, 1/s^2
    damping: float  # lambda/m, 1/s

    def accel(self, t: float, x: np.ndarray, v: np.ndarray) -> np.ndarray:
        return -self.stiffness * x - self.damping * v

    def exact(self, t: np.ndarray) -> np.ndarray:
        r = -0.5 * self.damping
        s = math.sqrt(self.stiffness - r * r)
        # x = exp(r t) (A cos st + B sin st), A = x0, B = (v0 - r x0) / s
        return np.exp(r * t) * (self.x0 * np.cos(s * t) + (self.v0 - r * self.x0) / s * np.sin(s * t))

    def energy(self, x: float, v: float) -> float:
        return 0.5 * v * v + 0.5 * self.stiffness * x * x


def oscillator() -> Case:
    w = 2.0 * math.pi
    return Case("oscillator", 2.0 * math.pi / w, 1.0, 0.0, w * w, 0.0)


def soft_contact(e: float = 0.9) -> Case:
    """Seed 003 §3: with w^2 = k/m, lambda/m = -2 w ln e / sqrt(pi^2 + ln^2 e), s = sqrt(w^2 - a^2)."""
    w = 2.0 * math.pi * 1000.0
    damping = -2.0 * w * math.log(e) / math.sqrt(math.pi**2 + math.log(e) ** 2)
    s = math.sqrt(w * w - (0.5 * damping) ** 2)
    return Case("soft-contact", math.pi / s, 0.0, 1.0, w * w, damping)


def max_error(name: str, case: Case, n: int) -> float:
    step = get_integrator(name)
    dt = case.duration / n
    x, v = np.array([case.x0]), np.array([case.v0])
    xs = np.empty(n)
    for i in range(n):
        x, v = step(case.accel, i * dt, x, v, dt)
        xs[i] = x[0]
    return float(np.max(np.abs(xs - case.exact(dt * np.arange(1, n + 1)))))


def measured_order(name: str, case: Case, steps=STEPS) -> float:
    dts = np.array([case.duration / n for n in steps])
    errs = np.array([max_error(name, case, n) for n in steps])
    return float(np.polyfit(np.log(dts), np.log(errs), 1)[0])


def energy_drift(name: str, case: Case, periods: int = 10, per_period: int = 100) -> float:
    """Relative energy change of the undamped case after ``periods`` periods."""
    step = get_integrator(name)
    dt = case.duration / per_period
    x, v = np.array([case.x0]), np.array([case.v0])
    e0 = case.energy(case.x0, case.v0)
    for i in range(periods * per_period):
        x, v = step(case.accel, i * dt, x, v, dt)
    return (case.energy(float(x[0]), float(v[0])) - e0) / e0


# Order expected on the soft contact where it differs from the scheme's order: the damping
# force -lambda v depends on the velocity, and seed 003's leapfrog evaluates its second half
# kick with the half-step velocity v_{n+1/2}, an O(dt) lag: first order (docs/physics.md).
SOFT_CONTACT_ORDER = {"leapfrog": 1}
SYMPLECTIC = ("euler-cromer", "newmark", "leapfrog")  # energy error bounded, no drift


def expected_drift(name: str, periods: int = 10, per_period: int = 100) -> float | None:
    """Energy change of the undamped oscillator after ``periods`` periods, from each explicit
    scheme's amplification factor R(i theta), theta = w dt: the energy is multiplied by
    |R|^2 per step (|R|^2 = 1 + theta^2 for Euler, 1 + theta^4/4 for any 2-stage 2nd-order
    Runge-Kutta, 1 - theta^4/12 + theta^6/36 for 3rd order, 1 - theta^6/72 + theta^8/576 for
    4th order). None for the symplectic schemes, whose energy error stays bounded."""
    th = 2.0 * math.pi / per_period
    factor = {
        "euler": 1 + th**2,
        "rk2": 1 + th**4 / 4,
        "rk3": 1 - th**4 / 12 + th**6 / 36,
        "rk4": 1 - th**6 / 72 + th**8 / 576,
    }.get(name)
    return None if factor is None else factor ** (periods * per_period) - 1.0


def drift_band(per_period: int = 100) -> float:
    """Bound of a symplectic scheme's relative energy error: theta^2 = (w dt)^2."""
    return (2.0 * math.pi / per_period) ** 2


@dataclass(frozen=True)
class OrderRow:
    integrator: str
    theory: int
    order_oscillator: float
    order_soft_contact: float
    energy_drift: float
    soft_theory: int = 0  # expected order on the soft contact
    drift_theory: float | None = None  # expected energy drift (None: bounded by drift_band)


def order_table() -> list[OrderRow]:
    """One row per integrator: theory order, measured orders on both cases, energy drift."""
    osc, soft = oscillator(), soft_contact()
    return [
        OrderRow(
            name,
            THEORY_ORDER[name],
            measured_order(name, osc),
            measured_order(name, soft),
            energy_drift(name, osc),
            SOFT_CONTACT_ORDER.get(name, THEORY_ORDER[name]),
            expected_drift(name),
        )
        for name in INTEGRATORS
    ]
