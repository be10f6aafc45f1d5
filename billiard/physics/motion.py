"""Closed-form ball motion on the bed between events (seed 004 §2.2), one formula per state.

Forces (seed 004 §2.2, bed normal n = +z, contact point at -R n); docs/physics.md "Motion on
the bed" gives the derivations:

* SLIDING: the contact point slips at ``u = v + R n x omega``; friction ``-mu_slide m g u/|u|``
  acts there. Then ``dv/dt = -mu_slide g û`` and ``d(omega)/dt = 5 mu_slide g/(2R) n x û``, so
  ``du/dt = -7/2 mu_slide g û``: û keeps its direction and the slip vanishes at
  ``t = 2|u| / (7 mu_slide g)``.
* ROLLING, ``rolling_model = "force"`` (default): rolling resistance as the constant
  deceleration ``mu_roll g`` along v (seed 004's ``f_r`` force form) with omega kept at the
  rolling value ``n x v / R``: the measured stop distance ``v^2 / (2 mu_roll g)`` and a
  finite stop time.
* ROLLING, ``rolling_model = "torque"``: seed 002's rolling-resistance couple
  ``M = -alpha m (2 R n x v + R^2 Omega)`` at the contact. On the rolling constraint
  ``n x v = R Omega_xy`` it is ``-3 alpha m R^2 Omega_xy``; with the bed's grip keeping the
  constraint, ``m dv/dt = F`` and ``I dOmega/dt = -R n x F + M`` give
  ``dv/dt = -k v`` with ``k = 15 alpha / 7``: ``v(t) = v0 e^{-kt}``,
  ``x(t) = x0 + v0 (1 - e^{-kt}) / k``. The decay never ends by itself, so the ball is stopped
  when its speed reaches ROLL_STOP_SPEED (at ``t = ln(v0 / ROLL_STOP_SPEED) / k``, having
  covered ``(v0 - ROLL_STOP_SPEED) / k``). The couple's z part is left to the spin law below
  (the pivot spin's measured linear decay, docs/physics.md). Contacts are searched on the
  quadratic ``x0 + v0 t - k v0 t^2 / 2``; its gap to the exponential, ``v0 k^2 t^3 / 6``, is
  kept under DETECT_TOL by re-planning a torque-rolling ball every :func:`replan_time`.
* SPINNING and the z-spin of every ball on the bed: ``|omega_z|`` falls at the constant rate
  ``5 mu_spin g / (2R)`` until zero.

Positions are quadratic (or, for torque rolling, exponential) in time between events; the
step splits each tick at the exact transition times (:func:`transition_times`), so
transitions are exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.physics.quaternion import turn

# plain ints for the hot paths (IntEnum attribute access is slow)
SPINNING, SLIDING, ROLLING = int(Motion.SPINNING), int(Motion.SLIDING), int(Motion.ROLLING)
AIRBORNE = int(Motion.AIRBORNE)
REST, POCKETED = int(Motion.REST), int(Motion.POCKETED)
SLIP_EPS = 1e-9  # m/s: contact-point slip below this counts as rolling
SPEED_EPS = 1e-9  # m/s: centre speed (or R * omega) below this counts as still
ROLL_STOP_SPEED = 0.01  # m/s: a ball rolling under seed 002's torque stops here (docs/physics.md)
DETECT_TOL = 1e-9  # m: largest gap between the exponential path and the quadratic searched


def on_bed(motion: np.ndarray) -> np.ndarray:
    """Mask of balls moving on the bed (spinning, sliding or rolling)."""
    return (motion >= SPINNING) & (motion <= ROLLING)


def in_motion(motion: np.ndarray) -> np.ndarray:
    """Mask of balls that move: on the bed, or flying (6 DOF, billiard.physics.flight)."""
    return (motion >= SPINNING) & (motion <= AIRBORNE)


def z_cross(a: np.ndarray) -> np.ndarray:
    """n x a with n = +z, for (N,3) arrays: (-a_y, a_x, 0)."""
    out = np.zeros_like(a)
    out[:, 0] = -a[:, 1]
    out[:, 1] = a[:, 0]
    return out


def slip(balls: Balls) -> np.ndarray:
    """Contact-point velocity on the bed, ``u = v + R n x omega`` (seed 004 §2.2), z set to 0."""
    u = balls.vel + balls.radius[:, None] * z_cross(balls.omega)
    u[:, 2] = 0.0
    return u


def spin_decel(balls: Balls, params: Params) -> np.ndarray:
    """Rate at which |omega_z| falls, 5 mu_spin g / (2R), per ball (rad/s^2)."""
    return 2.5 * params.mu_spin * params.g / balls.radius


def _unit(a: np.ndarray) -> np.ndarray:
    n = np.sqrt(np.einsum("ij,ij->i", a, a))
    return a / np.where(n > 0, n, 1.0)[:, None]


@dataclass(frozen=True)
class Kinematics:
    """Constant accelerations of the moving balls until the next event (one plan)."""

    idx: np.ndarray | slice  # rows of the balls on the bed that move
    acc: np.ndarray  # (k,3) linear accelerations of those rows
    alpha: np.ndarray  # (k,3) angular accelerations (x, y; z handled by spin decay)
    spin_rate: np.ndarray  # (k,) rate at which |omega_z| falls
    z_spin: bool  # some of those rows spin about z (else the z-spin work is skipped)
    full_acc: np.ndarray  # (N,3) acc of every ball (zeros for the others), for detection
    spin_on: np.ndarray | None = None  # (k,) spin_rate > 0 (None: work it out)
    decay: np.ndarray | None = None  # (k,) rate k of exponential (torque) rolling per row, 0 elsewhere

    def __post_init__(self) -> None:
        if self.spin_on is None:
            object.__setattr__(self, "spin_on", self.spin_rate > 0)


def roll_decay(params: Params) -> float:
    """k = 15 alpha / 7 of seed 002's torque (0 under the force model)."""
    return 15.0 * params.alpha_roll / 7.0 if params.rolling_model == "torque" else 0.0


def slide_accel(
    vel: np.ndarray, omega: np.ndarray, radius: np.ndarray, params: Params
) -> tuple[np.ndarray, np.ndarray]:
    """Sliding balls' (acc, alpha): friction ``-mu_slide m g û`` at the contact, û along the slip
    ``u = v + R n x omega`` (seed 004 §2.2); the one home of this law (closed forms and integrators)."""
    u = vel + radius[:, None] * z_cross(omega)
    u[:, 2] = 0.0
    u_hat = _unit(u)
    acc = -params.mu_slide * params.g * u_hat
    return acc, 2.5 * params.mu_slide * params.g / radius[:, None] * z_cross(u_hat)


def roll_accel(vel: np.ndarray, radius: np.ndarray, params: Params) -> tuple[np.ndarray, np.ndarray]:
    """Rolling balls' (acc, alpha) under ``params.rolling_model``: ``-mu_roll g v̂`` (force) or
    ``-k v`` (seed 002's torque, :func:`roll_decay`), horizontal; alpha ``n x a / R`` keeps the
    rolling constraint. The one home of this law (closed forms and integrators)."""
    k = roll_decay(params)
    if k > 0.0:
        a_roll = -k * vel
        a_roll[:, 2] = 0.0
    else:
        horizontal = vel.copy()
        horizontal[:, 2] = 0.0
        a_roll = -params.mu_roll * params.g * _unit(horizontal)
    return a_roll, z_cross(a_roll) / radius[:, None]


def replan_time(speed: np.ndarray, k: float) -> np.ndarray:
    """Longest plan keeping the quadratic within DETECT_TOL of the exponential: v k^2 t^3 / 6."""
    with np.errstate(divide="ignore"):
        return np.cbrt(6.0 * DETECT_TOL / (np.maximum(speed, 1e-300) * k * k))


def accelerations(balls: Balls, params: Params) -> Kinematics:
    """Constant linear and angular (x, y part) accelerations of every ball in its state."""
    m = balls.motion
    rows = np.nonzero(in_motion(m))[0]
    idx: np.ndarray | slice = slice(None) if len(rows) == len(balls) else rows
    full = np.zeros_like(balls.vel)
    vel, radius, motion = balls.vel[idx], balls.radius[idx], m[idx]
    acc = np.zeros_like(vel)
    alpha = np.zeros_like(vel)
    sliding = motion == SLIDING
    rolling = motion == ROLLING
    if sliding.any():
        acc[sliding], alpha[sliding] = slide_accel(vel[sliding], balls.omega[idx][sliding], radius[sliding], params)
    decay = None
    if rolling.any():
        acc[rolling], alpha[rolling] = roll_accel(vel[rolling], radius[rolling], params)
        if roll_decay(params) > 0.0:
            decay = np.where(rolling, roll_decay(params), 0.0)
    flying = motion == AIRBORNE
    acc[flying, 2] = -params.g  # flight: gravity only, spin kept (flight.py)
    full[idx] = acc
    z_spin = bool(np.any(balls.omega[idx, 2] != 0.0))
    spin_rate = np.where(flying, 0.0, 2.5 * params.mu_spin * params.g / radius)  # no bed, no spin friction
    return Kinematics(idx, acc, alpha, spin_rate, z_spin, full, decay=decay)


_MOTION_KERNEL: list = []


def _motion_kernel():
    """:func:`billiard.physics.kernels.motion_plan.plan_motion`, imported once (an import
    statement on every plan cost ~1-4 us, issue 28)."""
    from billiard.physics.kernels.motion_plan import plan_motion

    _MOTION_KERNEL.append(plan_motion)
    return plan_motion


def compiled_kinematics(
    balls: Balls, params: Params, hole_center: np.ndarray, hole_radius: np.ndarray
) -> tuple[Kinematics, np.ndarray]:
    """:func:`accelerations` and :func:`transition_times` by one compiled kernel
    (:mod:`billiard.physics.kernels.motion_plan`), a ball flying over one of the holes
    (``hole_center`` (H, 2), ``hole_radius``) never landing (its time inf, as the plan sets)."""
    plan_motion = _MOTION_KERNEL[0] if _MOTION_KERNEL else _motion_kernel()
    k = roll_decay(params)
    n = len(balls)
    rows, full, alpha, spin_rate, rel = (
        np.empty(n, dtype=np.int64),
        np.empty((n, 3)),
        np.empty((n, 3)),
        np.empty(n),
        np.empty(n),
    )
    moving, z_spin = plan_motion(
        balls.pos,
        balls.vel,
        balls.omega,
        balls.radius,
        balls.motion,
        float(params.mu_slide),
        float(params.mu_roll),
        float(params.mu_spin),
        float(params.g),
        k,
        hole_center,
        hole_radius,
        rows,
        full,
        alpha,
        spin_rate,
        rel,
    )
    idx: np.ndarray | slice = slice(None) if moving == n else rows[:moving]
    decay = None
    if k > 0.0:
        rolling = balls.motion[idx] == ROLLING
        if rolling.any():
            decay = np.where(rolling, k, 0.0)
    acc = full.copy() if moving == n else full[idx]  # a fancy index copies already
    return Kinematics(idx, acc, alpha[idx], spin_rate[idx], bool(z_spin), full, decay=decay), rel


def transition_times(balls: Balls, params: Params) -> np.ndarray:
    """Time from now until each ball's next state change (inf if none)."""
    out = np.full(len(balls), np.inf)
    m = balls.motion
    with np.errstate(divide="ignore", invalid="ignore"):
        sl = m == SLIDING
        if sl.any():
            u = slip(balls)
            out[sl] = (2.0 * np.sqrt(np.einsum("ij,ij->i", u, u)) / (7.0 * params.mu_slide * params.g))[sl]
        ro = m == ROLLING
        if ro.any():
            v = np.sqrt(np.einsum("ij,ij->i", balls.vel, balls.vel))
            k = roll_decay(params)
            if k > 0.0:
                stop = np.log(np.maximum(v, ROLL_STOP_SPEED) / ROLL_STOP_SPEED) / k
                out[ro] = np.minimum(stop, replan_time(v, k))[ro]
            else:
                out[ro] = (v / (params.mu_roll * params.g))[ro]
        sp = m == SPINNING
        if sp.any():
            out[sp] = (np.abs(balls.omega[:, 2]) / spin_decel(balls, params))[sp]
        air = m == AIRBORNE
        if air.any():  # landing: z + vz t - g t^2 / 2 = R
            vz, height = balls.vel[air, 2], balls.pos[air, 2] - balls.radius[air]
            out[air] = (vz + np.sqrt(np.maximum(vz * vz + 2.0 * params.g * height, 0.0))) / params.g
    return np.where(np.isnan(out), np.inf, out)


def advance(balls: Balls, h: float, kin: Kinematics) -> None:
    """Move every ball ``h`` seconds along its closed form (no state change inside ``h``).

    A rolling ball stays on the rolling constraint because its angular acceleration is
    ``n x a / R`` (round-off drift ~1e-16 per step; the next transition snaps it exactly).
    Orientation: the ball turns by ``int omega dt``. That is exact when omega keeps its axis
    (straight sliding or rolling without z-spin, pure spinning); when the axis turns (rolling
    with z-spin decaying) the neglected Magnus term is ``h^3/12 |omega x d(omega)/dt|``, below
    1e-4 rad per 1/120 s tick at break speeds: invisible on a rendered ball.
    """
    if h <= 0.0 or len(kin.acc) == 0:
        return
    idx = kin.idx
    whole = isinstance(idx, slice)  # every ball moves: work on the arrays in place
    h2 = 0.5 * h * h
    vel = balls.vel if whole else balls.vel[idx]
    omega = balls.omega if whole else balls.omega[idx]
    rot = omega * h + kin.alpha * h2
    if kin.z_spin:
        wz = omega[:, 2].copy()
        rate = kin.spin_rate
        never = np.empty_like(wz)
        never.fill(np.inf)  # mu_spin = 0: never stops
        stop = np.divide(np.abs(wz), rate, out=never, where=kin.spin_on)
        full = stop >= h
        wz_new = np.where(full, wz - np.sign(wz) * rate * h, 0.0)
        rot[:, 2] = np.where(full, 0.5 * (wz + wz_new) * h, 0.5 * wz * np.where(full, 0.0, stop))
    dpos = vel * h + kin.acc * h2
    if kin.decay is not None:
        ex = kin.decay > 0.0
        v0, w0 = vel[ex], omega[ex]  # copies (boolean index), taken before the update
    vel += kin.acc * h
    omega += kin.alpha * h
    if kin.decay is not None:  # seed 002 torque: exact exponential rows
        k = kin.decay[ex]
        shrink = np.exp(-k * h)
        travel = (-np.expm1(-k * h) / k)[:, None]
        dpos[ex] = v0 * travel
        vel[ex] = v0 * shrink[:, None]
        omega[ex, :2] = w0[:, :2] * shrink[:, None]
        rot[ex, :2] = w0[:, :2] * travel
    if whole:
        balls.pos += dpos
    else:
        balls.pos[idx] += dpos
    if kin.z_spin:
        omega[:, 2] = wz_new
    if whole:
        balls.quat[:] = turn(balls.quat, rot)
    else:
        balls.vel[idx], balls.omega[idx] = vel, omega
        balls.quat[idx] = turn(balls.quat[idx], rot)


def classify(balls: Balls, idx) -> list[tuple[int, int, int]]:
    """Set the motion state of balls ``idx`` (on the bed) from their velocities.

    The bed keeps them on it: the vertical velocity is projected to zero (until the 6-DOF
    flight exists, an impulse with a downward or upward part is absorbed by the bed).
    Returns ``(index, old, new)`` for each ball whose state changed.
    """
    changes = []
    for i in np.atleast_1d(idx):
        i = int(i)
        old = int(balls.motion[i])
        if old == POCKETED or old == AIRBORNE:
            continue
        balls.vel[i, 2] = 0.0
        r = balls.radius[i]
        v, w = balls.vel[i], balls.omega[i]
        ux, uy = v[0] - r * w[1], v[1] + r * w[0]
        if ux * ux + uy * uy > SLIP_EPS**2:
            new = SLIDING
        elif v[0] * v[0] + v[1] * v[1] > SPEED_EPS**2:
            new = ROLLING
            w[0], w[1] = -v[1] / r, v[0] / r
        elif abs(w[2]) * r > SPEED_EPS:
            new = SPINNING
            v[:] = 0.0
            w[:2] = 0.0
        else:
            new = REST
            v[:] = 0.0
            w[:] = 0.0
        balls.motion[i] = new
        if new != old:
            changes.append((i, old, int(new)))
    return changes


def end_transition(balls: Balls, i: int) -> list[tuple[int, int, int]]:
    """Ball ``i`` reached its transition time: snap to the exact end state, then reclassify.

    sliding -> rolling (omega_xy = n x v / R), rolling -> spinning/rest (v = 0), spinning -> rest.
    A ball rolling under seed 002's torque faster than ROLL_STOP_SPEED reached a re-plan
    time, not its stop: it keeps its velocity.
    """
    m = balls.motion[i]
    r = balls.radius[i]
    if m == SLIDING:
        balls.omega[i, 0], balls.omega[i, 1] = -balls.vel[i, 1] / r, balls.vel[i, 0] / r
    elif m == ROLLING:
        if float(np.hypot(balls.vel[i, 0], balls.vel[i, 1])) > ROLL_STOP_SPEED * (1.0 + 1e-6):
            return classify(balls, i)
        balls.vel[i] = 0.0
        balls.omega[i, :2] = 0.0
    elif m == SPINNING:
        balls.omega[i] = 0.0
    return classify(balls, i)
