"""Physical parameters: one frozen dataclass, presets per game, override by name.

Values, their sources (Alciatore's TP and FAQ, Marlow, Han 2005, Mathavan et al. 2010,
pooltool defaults) and the seed sections they come from are in docs/physics.md.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, fields
from typing import Any, Mapping

from billiard.errors import BilliardError
from billiard.formats.limits import POOL_BALL_RADIUS
from billiard.physics.group import GROUP_MODELS
from billiard.physics.integrators import INTEGRATORS


CONTACT_MODELS = ("impulse", "soft")  # hard spheres (seed 004 §4.2) or seed 003's soft contact
ROLLING_MODELS = ("force", "torque")  # rolling resistance: seed 004's f_r or seed 002's couple (motion.py)

# Parameters that are names, not numbers, and the names they accept (the group models and
# integrators are named by their own registries).
CHOICES: dict[str, tuple[str, ...]] = {
    "group_model": GROUP_MODELS,
    "contact_model": CONTACT_MODELS,
    "rolling_model": ROLLING_MODELS,
    "integrator": ("exact", *INTEGRATORS),
}


# Physical ranges of the numeric parameters (lo, hi, unit): wide enough for any real table,
# ball set, cloth and cue, and for the idealised checks (no friction, e = 1); narrow enough
# that the engine's closed forms and tolerances hold (docs/parameters.md says why each).
RANGES: dict[str, tuple[float, float, str]] = {
    "g": (0.1, 100.0, "m/s^2"),
    "ball_mass": (0.01, 10.0, "kg"),
    "ball_radius": (0.005, 0.2, "m"),
    "mu_slide": (0.0, 2.0, ""),
    "mu_roll": (0.0, 0.5, ""),
    "mu_spin": (0.0, 0.5, ""),
    "e_ball": (0.0, 1.0, ""),
    "mu_ball": (0.0, 1.0, ""),
    "mu_ball_fit": (0.0, 1.0, ""),
    "e_cushion": (0.0, 1.0, ""),
    "mu_cushion": (0.0, 2.0, ""),
    "e_table": (0.0, 1.0, ""),
    "cushion_height": (0.005, 0.4, "m"),
    "dt": (0.0, 0.1, "s"),
    "eps_group": (0.0, 1e-3, "s"),
    "max_time": (0.0, 3600.0, "s"),
    "cue_mass": (0.05, 10.0, "kg"),
    "k_soft": (1e3, 1e10, "N/m"),
}


@dataclass(frozen=True)
class Params:
    """Everything the physics needs besides the balls and the table. SI units."""

    g: float = 9.81
    ball_mass: float = 0.170097  # kg, WPA 156-170 g
    ball_radius: float = POOL_BALL_RADIUS  # m, 2.25 in
    mu_slide: float = 0.2  # ball-cloth sliding friction (seed 004 §2.2 f_gl)
    mu_roll: float = 0.01  # rolling resistance: deceleration mu_roll * g (rolling_model "force")
    rolling_model: str = "force"  # "force": constant mu_roll g (seed 004 f_r); "torque": seed 002's couple
    alpha_roll: float = 0.0906  # 1/s, seed 002's alpha (rolling_model "torque"): dv/dt = -15 alpha v / 7
    mu_spin: float = 0.0127  # spin about z: d(omega_z)/dt = 5 mu_spin g / (2 R) ~ 10.9 rad/s^2
    e_ball: float = 0.95  # ball-ball restitution
    mu_ball: float = 0.06  # constant ball-ball friction (seed 004 §4.2 mu), used when mu_ball_fit = 0
    mu_ball_fit: float = 1.0  # 1 (default): speed-dependent ball-ball friction (TP A-14) replaces mu_ball
    e_cushion: float = 0.85
    mu_cushion: float = 0.2
    e_table: float = 0.5  # ball-bed restitution (6 DOF)
    cushion_height: float = 0.036576  # nose height above the bed, ~0.64 x 2R
    dt: float = 1.0 / 120.0  # fixed physics tick, s
    eps_group: float = 1e-9  # contacts closer in time than this form one group, s
    max_time: float = 120.0  # a simulated shot stops here whatever happens, s
    cue_mass: float = 0.54  # kg, a 19 oz cue (seed 001 impulse, billiard.physics.cue)
    end_mass: float = 0.0057  # kg, the shaft's effective end mass (squirt, TP A-31: ~m/30); 0: no squirt
    k_soft: float = 2.0e7  # N/m, soft-contact stiffness (seed 003): ~0.2 ms ball-ball contact
    group_model: str = "wave"  # simultaneous contacts: "wave" (cradle-correct) or "linear" (seed 000)
    contact_model: str = "impulse"  # "impulse" (hard spheres, seed 004 §4.2) or "soft" (seed 003)
    integrator: str = "exact"  # "exact" closed forms, or a scheme of billiard.physics.integrators

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> "Params":
        """A copy with parameters replaced by name; unknown names or bad values are rejected."""
        if not overrides:
            return self
        known = {f.name for f in fields(self)}
        clean: dict[str, Any] = {}  # float or str by field: replace() checks no types
        for name, value in overrides.items():
            if name not in known:
                raise BilliardError(f"unknown parameter '{name}' (known: {', '.join(sorted(known))})")
            if name in CHOICES:
                if value not in CHOICES[name]:
                    raise BilliardError(f"parameter '{name}' must be one of {', '.join(CHOICES[name])}, got {value!r}")
                clean[name] = value
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise BilliardError(f"parameter '{name}' must be a number, got {value!r}")
            value = float(value)
            if not math.isfinite(value) or value < 0:
                raise BilliardError(f"parameter '{name}' must be a finite number >= 0, got {value!r}")
            clean[name] = value
        out = dataclasses.replace(self, **clean)
        out.check()
        return out

    def check(self) -> None:
        """Reject values no billiards table can have."""
        for name in ("g", "ball_mass", "ball_radius", "dt", "max_time"):
            if not getattr(self, name) > 0:
                raise BilliardError(f"parameter '{name}' must be > 0")
        for name in ("e_ball", "e_cushion", "e_table"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise BilliardError(f"parameter '{name}' must lie in [0, 1]")
        if self.dt > 0.1:
            raise BilliardError("parameter 'dt' must be at most 0.1 s")
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise BilliardError(f"parameter '{name}' must be one of {', '.join(allowed)}")
        if self.contact_model == "soft" and not self.k_soft > 0:
            raise BilliardError("parameter 'k_soft' must be > 0 for the soft contact model")
        for name, (lo, hi, unit) in RANGES.items():
            value = getattr(self, name)
            if not lo <= value <= hi:
                raise BilliardError(
                    f"parameter '{name}' = {value:g} is outside its physical range "
                    f"[{lo:g}, {hi:g}]{' ' + unit if unit else ''} (docs/parameters.md)"
                )

    def to_dict(self) -> dict[str, float | str]:
        return dataclasses.asdict(self)


# Each ball set brings its own cloth and cushions (docs/physics.md "Ball sets").
POOL = Params()
# Snooker cloth has a nap; its rolling resistance is close to pool's: pool cloth and cushions.
SNOOKER = Params(ball_mass=0.140, ball_radius=0.02625, cushion_height=0.64 * 2 * 0.02625)
# Carom: heated, fast cloth (rolling deceleration ~0.06 m/s^2 on recorded three-cushion shots,
# mu_roll ~0.006) and lively cushions (Mathavan et al. 2010: e 0.98, mu 0.14; Han 2005's model).
CAROM = Params(
    ball_mass=0.210,
    ball_radius=0.03075,
    cushion_height=0.64 * 2 * 0.03075,
    mu_roll=0.006,
    e_cushion=0.98,
    mu_cushion=0.14,
)

PRESETS: dict[str, Params] = {"pool": POOL, "snooker": SNOOKER, "carom": CAROM}  # per ball set (Table.ball_set)


def preset(name: str) -> Params:
    try:
        return PRESETS[name]
    except KeyError:
        raise BilliardError(f"unknown parameter preset '{name}' (known: {', '.join(PRESETS)})") from None
