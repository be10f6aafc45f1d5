"""The forward model of a fit: a recorded shot simulated from a strike and table parameters,
sampled at the recording's times.

A :class:`Case` is everything a worker needs about one recording (picklable, no files), so
the jobs here are pure functions any executor can run: a process pool or a Dask cluster.
Unknowns per shot: the strike (speed, heading, tip a and b, elevation); shared by all shots:
the table's parameters named in ``shared`` (:data:`SHARED`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from billiard.errors import BilliardError
from billiard.formats.limits import MAX_STRIKE_SPEED as MAX_SPEED
from billiard.formats.limits import MISCUE
from billiard.physics.params import Params, preset
from billiard.table import get_table
from billiard.table.cushion import nose_setback

STRIKE = ("speed", "heading_deg", "tip_a", "tip_b", "elevation_deg")
# the table's parameters a fit can identify from positions (docs/physics.md "Calibration")
SHARED = ("mu_slide", "mu_roll", "mu_spin", "e_cushion", "mu_cushion", "mu_ball")
# physical bounds of the fit, inside the engine's ranges (docs/parameters.md)
BOUNDS: dict[str, tuple[float, float]] = {
    "speed": (0.05, MAX_SPEED),
    "heading_deg": (-1e9, 1e9),
    "tip_a": (-MISCUE, MISCUE),
    "tip_b": (-MISCUE, MISCUE),
    "elevation_deg": (0.0, 80.0),
    "mu_slide": (0.02, 0.8),
    "mu_roll": (0.0005, 0.05),
    "mu_spin": (0.0005, 0.2),
    "e_cushion": (0.4, 1.0),
    "mu_cushion": (0.0, 0.8),
    "mu_ball": (0.0, 0.3),
}
# forward-difference steps: well above the engine's round-off, well below what a fit resolves
STEPS: dict[str, float] = {
    "speed": 2e-3,
    "heading_deg": 0.01,
    "tip_a": 5e-3,
    "tip_b": 5e-3,
    "elevation_deg": 0.05,
    "mu_slide": 2e-3,
    "mu_roll": 1e-4,
    "mu_spin": 2e-4,
    "e_cushion": 2e-3,
    "mu_cushion": 2e-3,
    "mu_ball": 2e-3,
}
TIP_LIMIT = 0.98 * MISCUE  # a fitted tip stays inside the miscue disc
# A weak prior on the tip, as a residual of TIP_PRIOR metres per ball radius of offset: a side
# tip that changes nothing seen (a straight shot that meets no cushion only shows heading plus
# squirt) would otherwise be a free direction of the fit; 1 mm per radius against 2 mm noise
# at hundreds of samples moves no tip the positions do show.
TIP_PRIOR = 1e-3


@dataclass(frozen=True)
class Case:
    """One recording, ready to simulate: table, start positions, the struck ball, the samples
    to match (each ball's first sample is its start and is left out), fixed parameters."""

    name: str
    table: Any
    starts: tuple[tuple[str, float, float], ...]
    struck: str
    times: dict[str, np.ndarray]
    observed: dict[str, np.ndarray]
    fixed: dict[str, Any]
    duration: float
    fit_elevation: bool = False

    @property
    def n_residuals(self) -> int:
        return 2 * sum(len(t) for t in self.times.values())

    def observed_vector(self) -> np.ndarray:
        return np.concatenate([self.observed[b].reshape(-1) for b in self.times])


def clip_strike(x: np.ndarray) -> np.ndarray:
    """A strike vector moved into its bounds (the tip radially into the miscue disc)."""
    x = np.array(x, dtype=np.float64)
    x[0] = min(max(x[0], BOUNDS["speed"][0]), BOUNDS["speed"][1])
    r = math.hypot(x[2], x[3])
    if r > TIP_LIMIT:
        x[2:4] *= TIP_LIMIT / r
    x[4] = min(max(x[4], BOUNDS["elevation_deg"][0]), BOUNDS["elevation_deg"][1])
    return x


def clip_shared(names: tuple[str, ...], x: np.ndarray) -> np.ndarray:
    return np.array([min(max(v, BOUNDS[n][0]), BOUNDS[n][1]) for n, v in zip(names, x)])


def params_overrides(case: Case, names: tuple[str, ...], shared: np.ndarray) -> dict[str, Any]:
    """The shot's parameter overrides: fixed ones, then the shared values (a fitted ball-ball
    friction is the constant mu_ball, so the speed fit is switched off)."""
    out = dict(case.fixed)
    out.update({n: float(v) for n, v in zip(names, shared)})
    if "mu_ball" in names:
        out["mu_ball_fit"] = 0.0
    out["max_time"] = min(case.duration + 0.1, 3600.0)
    out.setdefault("dt", tick_for(list(case.times.values())))
    return out


def shot_dict(case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray) -> dict[str, Any]:
    s = clip_strike(strike)
    return {
        "format": "billiard-shot/1",
        "table": case.table,
        "params": params_overrides(case, names, shared),
        "balls": [{"id": b, "pos": [x, y]} for b, x, y in case.starts],
        "strike": {
            "ball": case.struck,
            "speed": float(s[0]),
            "heading_deg": float((s[1] + 180.0) % 360.0 - 180.0),
            "elevation_deg": float(s[4]),
            "tip": [float(s[2]), float(s[3])],
        },
    }


_TABLES: dict[str, Any] = {}


def _table(spec: Any):
    """The table of ``spec``, built once per process (a pocketed table takes milliseconds)."""
    key = json.dumps(spec, sort_keys=True)
    if key not in _TABLES:
        _TABLES[key] = get_table(spec)
    return _TABLES[key]


def tick_for(times: list[np.ndarray]) -> float:
    """The engine's tick for recordings sampled at these times: a whole fraction of the frame
    period (<= 1/120 s) when the samples lie on a regular grid, so every sample is a tick end
    and the model's positions there are exact; else 1/240 s (positions between ticks lerped)."""
    steps = np.concatenate([np.diff(t) for t in times if len(t) > 1] or [np.zeros(0)])
    if len(steps) == 0:
        return 1.0 / 240.0
    period = float(np.min(steps))
    on_grid = all(np.all(np.abs(t / period - np.round(t / period)) < 1e-6) for t in times)
    if not on_grid or period <= 0:
        return 1.0 / 240.0
    return period / math.ceil(period * 120.0 - 1e-9)


def run_world(table_spec: Any, starts, strike: dict[str, Any], overrides: dict[str, Any], until: float):
    """Strike and tick the engine to rest or ``until`` s; (tick-end times (n,), positions
    {ball: (n, 2)}, events). Ball masses and radii are the table's ball set's (with the
    overrides); starts are (id, x, y) on the bed. No shot-file checks: the fit keeps its
    starts and strikes valid itself."""
    from billiard.physics.state import Balls
    from billiard.physics.world import World

    table = _table(table_spec)
    params = preset(table.ball_set).with_overrides(overrides)
    r = params.ball_radius
    balls = Balls.create([b for b, _, _ in starts], [(x, y, r) for _, x, y in starts], params.ball_mass, r)
    world = World(balls, table, params)
    events = [
        world.strike(strike["ball"], strike["speed"], strike["heading_deg"], strike["elevation_deg"], strike["tip"])
    ]
    ticks = [balls.pos[:, :2].copy()]
    n_max = int(math.ceil(until / params.dt)) + 1
    with np.errstate(all="ignore"):
        for _ in range(n_max):
            events.extend(world.step())
            ticks.append(world.balls.pos[:, :2].copy())
            if not world.moving():
                break
    pos = np.array(ticks)
    if not np.all(np.isfinite(pos)):
        raise BilliardError("the simulation broke down (non-finite positions)")
    t = np.arange(len(ticks)) * params.dt
    return t, {b: pos[:, i] for i, b in enumerate(world.balls.ids)}, events


def simulate_case(case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray):
    """(predicted positions as one vector like :meth:`Case.observed_vector`, the events)."""
    shot = shot_dict(case, strike, names, shared)
    t, pos, events = run_world(case.table, case.starts, shot["strike"], shot["params"], case.duration)
    out = []
    for b, times in case.times.items():
        xy = pos[b]
        out.append(np.column_stack([np.interp(times, t, xy[:, 0]), np.interp(times, t, xy[:, 1])]).reshape(-1))
    return np.concatenate(out), events


def residual_job(case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray) -> np.ndarray:
    """Predicted minus recorded positions (m), then the tip's prior (two values, TIP_PRIOR);
    a strike the engine refuses is a huge residual."""
    prior = TIP_PRIOR * clip_strike(strike)[2:4]
    try:
        pred, _ = simulate_case(case, strike, names, shared)
    except BilliardError:
        return np.concatenate([np.full(case.n_residuals, 10.0), prior])
    return np.concatenate([pred - case.observed_vector(), prior])


def jacobian_job(
    case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray, with_shared: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(residual r, d r / d strike (n, 5), d r / d shared (n, k)) by forward differences; the
    columns of parameters not fitted (elevation unless the case fits it; shared when not
    ``with_shared``) are zero."""
    r0 = residual_job(case, strike, names, shared)
    js = np.zeros((len(r0), len(STRIKE)))
    for k, name in enumerate(STRIKE):
        if name == "elevation_deg" and not case.fit_elevation:
            continue
        x = np.array(strike, dtype=np.float64)
        step = STEPS[name]
        if name in ("tip_a", "tip_b") and abs(x[k] + step) > TIP_LIMIT:
            step = -step
        x[k] += step
        js[:, k] = (residual_job(case, x, names, shared) - r0) / step
    jk = np.zeros((len(r0), len(names)))
    if with_shared:
        for k, name in enumerate(names):
            x = np.array(shared, dtype=np.float64)
            step = STEPS[name] if x[k] + STEPS[name] <= BOUNDS[name][1] else -STEPS[name]
            x[k] += step
            jk[:, k] = (residual_job(case, strike, names, x) - r0) / step
    return r0, js, jk


def fit_strike_job(
    case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray, iterations: int = 12
) -> tuple[np.ndarray, float]:
    """The strike alone fitted to one recording with the shared parameters held (Levenberg-
    Marquardt); (strike, cost = sum of squared residuals)."""
    x = clip_strike(strike)
    lam = 1e-3
    r, js, _ = jacobian_job(case, x, names, shared, with_shared=False)
    cost = float(r @ r)
    for _ in range(iterations):
        h = js.T @ js
        g = js.T @ r
        d = np.maximum(np.diag(h), 1e-12 * max(float(np.max(np.diag(h))), 1e-30))
        improved = False
        for _try in range(6):
            try:
                step = np.linalg.solve(h + lam * np.diag(d) + 1e-30 * np.eye(len(d)), -g)
            except np.linalg.LinAlgError:
                lam *= 10.0
                continue
            trial = clip_strike(x + step)
            rt = residual_job(case, trial, names, shared)
            ct = float(rt @ rt)
            if ct < cost:
                improved = True
                small = cost - ct < 1e-6 * cost
                x, cost, lam = trial, ct, max(lam / 10.0, 1e-12)
                break
            lam *= 4.0
        if not improved or small:
            break
        r, js, _ = jacobian_job(case, x, names, shared, with_shared=False)
    return x, cost


def start_positions(starts: list[tuple[str, float, float]], table_spec: Any, radius: float) -> tuple:
    """Recorded starts made simulable: inside the cushion lines and no two balls overlapping
    (tracking noise can put frozen balls a millimetre into each other)."""
    table = get_table(table_spec)
    reach = nose_setback(table.cushion_height, radius) + 1e-6
    max_x, max_y = table.half_length - reach, table.half_width - reach
    pos = np.array([[min(max(x, -max_x), max_x), min(max(y, -max_y), max_y)] for _, x, y in starts])
    need = 2 * radius + 1e-6
    for _ in range(20):
        moved = False
        for i in range(len(pos)):
            for j in range(i + 1, len(pos)):
                d = pos[i] - pos[j]
                gap = float(np.hypot(*d))
                if gap < need:
                    n = d / gap if gap > 0 else np.array([1.0, 0.0])
                    push = 0.5 * (need - gap) + 1e-7
                    pos[i] += push * n
                    pos[j] -= push * n
                    moved = True
        if not moved:
            break
    return tuple((b, float(p[0]), float(p[1])) for (b, _, _), p in zip(starts, pos))


def ball_radius(table_spec: Any, given: float | None) -> float:
    return given if given is not None else preset(get_table(table_spec).ball_set).ball_radius


def base_params(table_spec: Any, overrides: dict[str, Any]) -> Params:
    return preset(get_table(table_spec).ball_set).with_overrides(overrides)


def truncated(case: Case, horizon: float) -> Case:
    """The case up to ``horizon`` seconds after the strike (the first part of a shot depends
    smoothly on the strike; a fit grows its horizon so it never starts in a wrong branch:
    which ball is hit, which cushion)."""
    if horizon >= case.duration:
        return case
    times = {b: t[t <= horizon] for b, t in case.times.items()}
    keep = {b: t for b, t in times.items() if len(t)}
    return Case(
        case.name,
        case.table,
        case.starts,
        case.struck,
        keep,
        {b: case.observed[b][: len(t)] for b, t in keep.items()},
        case.fixed,
        horizon,
        case.fit_elevation,
    )
