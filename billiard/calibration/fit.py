"""``billiard fit``'s solver: every recording's strike and the table's shared parameters,
fitted together to the tracked positions by Levenberg-Marquardt within physical bounds.

1. Each shot's strike starts from its first samples (heading and speed of the struck ball,
   the best of a few tips), or from the recording's own strike, then is fitted alone with
   the preset's table parameters (the "before" of the report).
2. All strikes and the shared parameters together: forward-difference Jacobians per shot
   (each a pure job for a process pool or a Dask cluster), one damped Gauss-Newton step on
   the whole problem, accepted when the total squared error falls; first on growing first
   parts of the shots, then whole.
3. Before the whole shots and at each restart, every strike is searched again alone from
   several starts (other side tips and tip heights with the same launch direction): a
   strike on the wrong side of the squirt or natural-roll valleys leaves its shot unmatched
   after the first cushion, and the shared parameters bend to it (issue 29: the fit stopped
   at 30-42 mm RMSE against a 2.8 mm noise floor; with the search it reaches the floor).
4. Uncertainty: the covariance sigma^2 (J^T J)^-1 at the end, sigma^2 the residual variance;
   a parameter the shots cannot tell (no side spin, no cut) shows a huge deviation.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from billiard.calibration import model
from billiard.calibration.model import STRIKE, Case
from billiard.calibration.recording import Recording
from billiard.errors import BilliardError

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class ShotFit:
    """One shot's results: strike before (preset table) and after, RMSE per ball (m)."""

    case: Case
    strike_before: np.ndarray
    strike: np.ndarray
    strike_sd: np.ndarray = field(default_factory=lambda: np.zeros(len(STRIKE)))
    rmse_before: dict[str, float] = field(default_factory=dict)
    rmse_after: dict[str, float] = field(default_factory=dict)


@dataclass
class FitResult:
    names: tuple[str, ...]
    values: np.ndarray
    sd: np.ndarray
    start: np.ndarray
    shots: list[ShotFit]
    rmse: float
    iterations: int
    residuals: int


def struck_ball(rec: Recording) -> str:
    """The recording's struck ball: its strike's, else 'cue', else the first ball to move."""
    if rec.strike is not None and rec.strike.ball is not None:
        return rec.strike.ball
    if "cue" in rec.balls:
        return "cue"

    def starts_moving(tr) -> float:
        far = np.flatnonzero(np.hypot(*(tr.xy - tr.xy[0]).T) > 0.01)
        return float(tr.t[far[0]]) if len(far) else math.inf

    return min(rec.balls, key=lambda b: starts_moving(rec.balls[b]))


def make_case(rec: Recording, table: Any, fixed: dict[str, Any]) -> Case:
    """The recording as a :class:`Case` (``table``: the --table given, else the recording's)."""
    spec = table if table is not None else rec.table
    if spec is None:
        raise BilliardError(f"{rec.name}: the recording names no table: give --table")
    fixed = dict(fixed)
    if rec.ball_radius is not None:
        fixed["ball_radius"] = rec.ball_radius
    params = model.base_params(spec, fixed)
    struck = struck_ball(rec)
    starts = model.start_positions([(b, *tr.start) for b, tr in rec.balls.items()], spec, params.ball_radius)
    times = {b: tr.t[1:] for b, tr in rec.balls.items() if len(tr.t) > 1}
    observed = {b: rec.balls[b].xy[1:] for b in times}
    if not times:
        raise BilliardError(f"{rec.name}: every ball has a single sample: nothing to fit")
    elevated = rec.strike is not None and rec.strike.elevation_deg > 0.0
    return Case(rec.name, spec, starts, struck, times, observed, fixed, rec.duration, elevated)


def first_guess(rec: Recording, case: Case, g: float, mu_slide: float) -> np.ndarray:
    """Strike from the recording's strike, else from the struck ball's first 0.1 s: heading of
    its displacement, speed from s = v t - mu g t^2 / 2 (sliding)."""
    if rec.strike is not None:
        s = rec.strike
        return np.array([s.speed, s.heading_deg, s.tip[0], s.tip[1], s.elevation_deg])
    tr = rec.balls[case.struck]
    t = tr.t - tr.t[0]
    use = (t > 0) & (t <= 0.1)
    if use.sum() < 2:
        use = (t > 0) & (t <= max(0.1, float(t[min(2, len(t) - 1)])))
    if not use.any():
        raise BilliardError(f"{rec.name}: the struck ball '{case.struck}' has too few samples to start a fit")
    d = tr.xy[use] - tr.xy[0]
    heading = math.degrees(math.atan2(float(d[-1, 1]), float(d[-1, 0])))
    s = np.hypot(d[:, 0], d[:, 1]) + 0.5 * mu_slide * g * t[use] ** 2
    speed = float(np.sum(t[use] * s) / np.sum(t[use] ** 2))
    return model.clip_strike(np.array([speed, heading, 0.0, 0.0, 0.0]))


def _gather(executor: Executor, fn, items: list[tuple], stage: str, progress: Progress | None) -> list:
    futures = [executor.submit(fn, *item) for item in items]
    out = []
    for k, fut in enumerate(futures):
        out.append(fut.result())
        if progress is not None:
            progress(stage, k + 1, len(futures))
    return out


def _rmse_per_ball(case: Case, r: np.ndarray) -> dict[str, float]:
    """RMSE of the distance per ball, from a residual vector (the prior's values at its end ignored)."""
    out, k = {}, 0
    for b, t in case.times.items():
        part = r[k : k + 2 * len(t)].reshape(-1, 2)
        out[b] = float(np.sqrt(np.mean(np.sum(part**2, axis=1))))
        k += 2 * len(t)
    return out


def _best_tip(case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray) -> np.ndarray:
    """The strike with the best of nine tips (centre, +-0.3 R side and height) as a start."""
    best, best_cost = strike, math.inf
    for a in (0.0, -0.3, 0.3):
        for b in (0.0, -0.3, 0.3):
            x = np.array(strike, dtype=np.float64)
            x[2:4] = (a, b)
            r = model.residual_job(case, x, names, shared)
            cost = float(r @ r)
            if cost < best_cost:
                best, best_cost = x, cost
    return best


HORIZONS = (0.25, 0.6, 1.5)  # s: the strike is fitted to a growing first part of the shot


def strike_stage_job(
    case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray, search_tip: bool
) -> tuple[np.ndarray, float]:
    """Stage 1 of one shot (a pure job): the strike fitted alone to the first 0.25 s, then
    to longer and longer parts, each start the last fit (the best of nine tips first)."""
    cost = math.inf
    for k, horizon in enumerate(HORIZONS):
        part = model.truncated(case, horizon)
        if search_tip and k == 1:
            strike = _best_tip(part, strike, names, shared)
        strike, cost = model.fit_strike_job(part, strike, names, shared, iterations=8)
        if horizon >= case.duration:
            break
    return strike, cost


def _launch_deg(case: Case, names: tuple[str, ...], shared: np.ndarray, strike: np.ndarray) -> float:
    """The direction (degrees) the struck ball leaves in: the heading turned by the squirt of
    the side tip (the first frames show only this)."""
    from billiard.physics.cue import cue_strike

    p = model.base_params(case.table, model.params_overrides(case, names, shared))
    s = model.clip_strike(strike)
    dv, _ = cue_strike(
        p.ball_mass,
        p.ball_radius,
        float(s[0]),
        float(s[1]),
        float(s[4]),
        [float(s[2]), float(s[3])],
        p.cue_mass,
        p.end_mass,
    )
    return math.degrees(math.atan2(float(dv[1]), float(dv[0])))


SEARCH_SIDE = (-0.45, -0.25, 0.0, 0.25, 0.45)  # side tips (R) a strike search starts from
SEARCH_HEIGHT = (-0.3, 0.0, 0.3)  # tip heights (R) it starts from, besides the strike's own
SEARCH_HORIZONS = (1.5, 3.5)  # s: each start fitted to these first parts, then to the whole shot


def strike_search_job(
    case: Case, strike: np.ndarray, names: tuple[str, ...], shared: np.ndarray, iterations: int = 12
) -> tuple[np.ndarray, float]:
    """The strike fitted alone from several starts (a pure job); (the best strike, its cost).

    Side tip and heading only show apart at a cushion (the squirt turns the launch by an
    angle that grows with the side tip), and a tip near the natural roll trades with the
    speed, so a strike fitted from one start can end on the wrong side of either valley
    (the other side tip: the rebounds part and the shot is lost after the first cushion).
    Each start here keeps the launch direction of ``strike`` (the heading turned back by
    the squirt of its side tip) and its speed, with another side tip or tip height; each is
    fitted to growing first parts of the shot and then whole, and the best whole fit wins."""
    base = model.clip_strike(strike)
    launch = _launch_deg(case, names, shared, base)
    starts = [base]
    for a in SEARCH_SIDE:
        for b in (float(base[3]), *SEARCH_HEIGHT):
            x = base.copy()
            x[2:4] = (a, b)
            x = model.clip_strike(x)
            if np.allclose(x[2:4], base[2:4]) or any(np.allclose(x[2:4], y[2:4]) for y in starts):
                continue
            x[1] += launch - _launch_deg(case, names, shared, x)
            starts.append(x)
    r = model.residual_job(case, base, names, shared)
    best, best_cost = base, float(r @ r)
    # a quick first pass: each start fitted a little to the first part, the best few go on
    scored = []
    first = model.truncated(case, SEARCH_HORIZONS[0])
    for x in starts:
        x, _ = model.fit_strike_job(first, x, names, shared, iterations=3)
        rr = model.residual_job(case, x, names, shared)
        scored.append((float(rr @ rr), x))
    scored.sort(key=lambda item: item[0])
    for _cost, x in scored[:4]:
        for horizon in SEARCH_HORIZONS[1:]:
            if horizon < case.duration:
                x, _ = model.fit_strike_job(model.truncated(case, horizon), x, names, shared, iterations=4)
        x, cost = model.fit_strike_job(case, x, names, shared, iterations=iterations)
        if cost < best_cost:
            best, best_cost = x, cost
    return best, best_cost


ROBUST_SCALE = 0.01  # m: residuals beyond this weigh less and less (Cauchy loss)


def robust_cost(rs: list[np.ndarray]) -> float:
    """Cauchy loss sum c^2 ln(1 + (r/c)^2): like the squared error for residuals of a few
    millimetres, logarithmic beyond ROBUST_SCALE, so the chaotic end of one shot (after a
    jaw, a wrong side of a ball) cannot drag the table's parameters of all the others."""
    c2 = ROBUST_SCALE**2
    return float(sum(np.sum(c2 * np.log1p(r * r / c2)) for r in rs))


def _weights(r: np.ndarray) -> np.ndarray:
    """The Cauchy loss's weights (iteratively reweighted Gauss-Newton)."""
    return 1.0 / (1.0 + r * r / ROBUST_SCALE**2)


@dataclass
class _Joint:
    shared: np.ndarray
    strikes: np.ndarray
    cost: float
    h: np.ndarray
    residuals: list[np.ndarray]
    iterations: int


def _joint(
    cases: list[Case],
    strikes: np.ndarray,
    names: tuple[str, ...],
    shared: np.ndarray,
    executor: Executor,
    iterations: int,
    label: str,
    progress: Progress | None,
    note: Callable[[str], None] | None,
) -> _Joint:
    """Levenberg-Marquardt on every strike and the shared parameters together; the last pass
    gives the Jacobian at the end point (for the uncertainty)."""
    k, m, n_shots = len(names), len(STRIKE), len(cases)
    size = k + m * n_shots
    samples = sum(c.n_residuals for c in cases) / 2
    lam = 1e-3
    done = 0
    last = iterations
    it = 0
    while True:
        jac = _gather(
            executor,
            model.jacobian_job,
            [(c, strikes[s], names, shared) for s, c in enumerate(cases)],
            f"{label}, iteration {it + 1}",
            progress,
        )
        h = np.zeros((size, size))
        g = np.zeros(size)
        rs = [r for r, _, _ in jac]
        cost = robust_cost(rs)
        plain = float(sum(r @ r for r in rs))
        for s, (r, js, jk) in enumerate(jac):
            sl = slice(k + m * s, k + m * (s + 1))
            w = _weights(r)[:, None]
            wjs, wjk = w * js, w * jk
            h[:k, :k] += jk.T @ wjk
            h[:k, sl] += jk.T @ wjs
            h[sl, :k] += js.T @ wjk
            h[sl, sl] += js.T @ wjs
            g[:k] += wjk.T @ r
            g[sl] += wjs.T @ r
        if note is not None:
            note(
                f"{label}, iteration {it + 1}: RMSE {1000 * math.sqrt(plain / samples):.2f} mm, damping {lam:.0e}, "
                + ", ".join(f"{n} {v:.4g}" for n, v in zip(names, shared))
            )
        if it >= last:
            return _Joint(shared, strikes, cost, h, rs, done)
        d = np.maximum(np.diag(h), 1e-12 * max(float(np.diag(h).max()), 1e-30))
        gain = 0.0
        for _try in range(6):
            try:
                step = np.linalg.solve(h + lam * np.diag(d), -g)
            except np.linalg.LinAlgError:
                lam *= 10.0
                continue
            for fraction in (1.0, 0.4):
                # the full step, then a shorter one along it (a kink of the cost, such as a tip
                # at the natural roll, can spoil a long step whose direction is good)
                new_shared = model.clip_shared(names, shared + fraction * step[:k])
                new_strikes = np.array(
                    [
                        model.clip_strike(strikes[s] + fraction * step[k + m * s : k + m * (s + 1)])
                        for s in range(n_shots)
                    ]
                )
                trial = _gather(
                    executor,
                    model.residual_job,
                    [(c, new_strikes[s], names, new_shared) for s, c in enumerate(cases)],
                    f"{label}, iteration {it + 1}, step",
                    progress,
                )
                new_cost = robust_cost(trial)
                if new_cost < cost:
                    gain = (cost - new_cost) / cost
                    break
            if new_cost < cost:
                shared, strikes, lam = new_shared, new_strikes, max(lam / 10.0, 1e-12)
                break
            lam *= 4.0
        done += 1
        it += 1
        if gain < 1e-5:
            last = it  # converged (or stuck): one more pass for the Jacobian there


def _searched(
    cases: list[Case],
    strikes: np.ndarray,
    names: tuple[str, ...],
    shared: np.ndarray,
    executor: Executor,
    progress: Progress | None,
    residuals: list[np.ndarray] | None = None,
    search: bool = True,
) -> np.ndarray:
    """Every strike searched again alone (:func:`strike_search_job`; without ``search``
    refitted from where it is) with ``shared`` held, kept where it fits its shot better."""
    found = _gather(
        executor,
        strike_search_job if search else model.fit_strike_job,
        [(c, strikes[s], names, shared, 12) for s, c in enumerate(cases)],
        "strikes searched",
        progress,
    )
    out = np.array(strikes, dtype=np.float64)
    for s, (x, cost) in enumerate(found):
        r = residuals[s] if residuals is not None else model.residual_job(cases[s], strikes[s], names, shared)
        if cost < float(r @ r):
            out[s] = x
    return out


JOINT_HORIZONS = (1.0, 2.0, 3.5, 6.0)  # s: the joint fit on growing first parts of the shots, then whole


def fit(
    recordings: list[Recording],
    *,
    table: Any = None,
    names: tuple[str, ...] = model.SHARED,
    fixed: dict[str, Any] | None = None,
    executor: Executor,
    iterations: int = 12,
    progress: Progress | None = None,
    note: Callable[[str], None] | None = None,
    restarts: int = 1,
    search: bool = True,
) -> FitResult:
    """Fit ``names`` (shared) and every recording's strike; see the module's docstring.
    ``search``: search each strike from several starts (:func:`strike_search_job`) before
    the whole shots and at each restart (off: each strike refitted from where it is)."""
    fixed = dict(fixed or {})
    cases = [make_case(rec, table, fixed) for rec in recordings]
    base = model.base_params(cases[0].table, {**fixed, **cases[0].fixed})
    for c in cases[1:]:
        if model.base_params(c.table, {**fixed, **c.fixed}).ball_radius != base.ball_radius:
            raise BilliardError(f"{c.name}: a different ball size than {cases[0].name}: fit one ball set at a time")
    shared0 = np.array([float(getattr(base, n)) for n in names])
    guesses = [first_guess(rec, c, base.g, base.mu_slide) for rec, c in zip(recordings, cases)]
    items = [(c, s, names, shared0, rec.strike is None) for c, s, rec in zip(cases, guesses, recordings)]
    stage1 = _gather(executor, strike_stage_job, items, "strikes with the preset table", progress)
    shots = [ShotFit(c, s.copy(), s.copy()) for c, (s, _) in zip(cases, stage1)]
    before = _gather(
        executor,
        model.residual_job,
        [(c, sf.strike, names, shared0) for c, sf in zip(cases, shots)],
        "before",
        progress,
    )
    for sf, r in zip(shots, before):
        sf.rmse_before = _rmse_per_ball(sf.case, r)
    shared = shared0.copy()
    strikes = np.array([sf.strike for sf in shots])
    done = 0
    for horizon in JOINT_HORIZONS:
        if iterations and any(c.duration > horizon for c in cases):
            part = [model.truncated(c, horizon) for c in cases]
            step = _joint(
                part, strikes, names, shared, executor, max(2, iterations // 3), f"first {horizon:g} s", progress, note
            )
            shared, strikes, done = step.shared, step.strikes, done + step.iterations
    if iterations and search:
        # each strike searched from several starts with the table found on the first parts
        # (the wrong side tip or tip height leaves a shot unmatched after its first cushion,
        # and the table's parameters would bend to it)
        strikes = _searched(cases, strikes, names, shared, executor, progress)
    final = _joint(cases, strikes, names, shared, executor, iterations, "whole shots", progress, note)
    for _restart in range(restarts):
        # each strike again on its own with the table found so far (out of a basin the joint
        # steps cannot leave), kept where it fits its shot better, then the joint fit again
        strikes = _searched(cases, final.strikes, names, final.shared, executor, progress, final.residuals, search)
        again = _joint(cases, strikes, names, final.shared, executor, iterations, "whole shots again", progress, note)
        if again.cost >= final.cost * (1 - 1e-4):
            final = again if again.cost < final.cost else final
            break
        done, final = done + final.iterations, again
    shared, strikes, h, rs = final.shared, final.strikes, final.h, final.residuals
    size = len(h)
    residuals = sum(c.n_residuals for c in cases)
    k, m = len(names), len(STRIKE)
    dof = max(residuals - size, 1)
    cost = float(sum(r @ r for r in rs))
    sigma2 = float(sum(np.sum(_weights(r) * r * r) for r in rs)) / dof  # the weighted residuals' variance
    active = np.diag(h) > 0
    cov = np.zeros((size, size))
    cov[np.ix_(active, active)] = sigma2 * np.linalg.pinv(h[np.ix_(active, active)])
    sd = np.sqrt(np.maximum(np.diag(cov), 0.0))
    for s, sf in enumerate(shots):
        sf.strike = strikes[s]
        sf.strike_sd = sd[k + m * s : k + m * (s + 1)]
        sf.rmse_after = _rmse_per_ball(sf.case, rs[s])
    return FitResult(
        names, shared, sd[:k], shared0, shots, math.sqrt(2 * cost / residuals), done + final.iterations, residuals
    )
