"""``billiard validate --integrators``: measured order of each integrator and its energy drift.

As seed 003 §4.5 (table 4.1): the error is the largest |x_numeric - x_exact| over a run;
the order is the slope of log(error) against log(dt). Cases with an analytic answer:
the harmonic oscillator (one period) and seed 003's soft contact (e = 0.9, one contact
time, a damped oscillator). Energy drift: relative change after 10 oscillator periods
at 100 steps per period.

Every column is judged against what theory expects, with a stated band (docs/physics.md
"Integrators"): each order within ORDER_BAND of the scheme's order (on the soft contact,
leapfrog's expected order is 1: its half kick uses a lagged velocity in the damping); the
drift of an explicit scheme within DRIFT_BAND (relative) of its amplification-factor value,
the drift of a symplectic scheme (no secular drift) at most (w dt)^2 in size.
"""

from __future__ import annotations

from billiard.physics.integrators.order import OrderRow, drift_band, order_table

ORDER_BAND = 0.3
DRIFT_BAND = 0.05
TOLERANCE = ORDER_BAND  # the name earlier code used


def row_ok(r: OrderRow) -> bool:
    """Every column of ``r`` within its band."""
    orders = (
        abs(r.order_oscillator - r.theory) <= ORDER_BAND and abs(r.order_soft_contact - r.soft_theory) <= ORDER_BAND
    )
    if r.drift_theory is None:
        drift = abs(r.energy_drift) <= drift_band()
    else:
        drift = abs(r.energy_drift - r.drift_theory) <= DRIFT_BAND * abs(r.drift_theory)
    return bool(orders and drift)


def format_table(rows: list[OrderRow]) -> list[str]:
    """Lines of the table; the last says how many integrators are within every band."""
    head = (
        "integrator",
        "theory",
        "order (oscillator)",
        "order (soft contact)",
        "expected",
        "energy drift",
        "expected drift",
        "ok",
    )
    body = [
        (
            r.integrator,
            str(r.theory),
            f"{r.order_oscillator:.3f}",
            f"{r.order_soft_contact:.3f}",
            str(r.soft_theory),
            f"{r.energy_drift:+.2e}",
            f"|.| <= {drift_band():.1e}" if r.drift_theory is None else f"{r.drift_theory:+.2e}",
            "ok" if row_ok(r) else "FAIL",
        )
        for r in rows
    ]
    widths = [max(len(row[k]) for row in [head, *body]) for k in range(len(head))]
    lines = ["Integrators: measured order of convergence (seed 003 table 4.1) and energy drift"]
    for row in [head, *body]:
        lines.append("  ".join(c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(row, widths))))
    ok = sum(row[-1] == "ok" for row in body)
    lines.append(
        f"{ok}/{len(body)} integrators within every band (orders +-{ORDER_BAND}, explicit drift "
        f"+-{DRIFT_BAND:.0%} of theory, symplectic drift <= (w dt)^2)"
    )
    return lines


def run_integrators() -> int:
    """Print the table; exit code 0 if every column of every row is within its band, else 1."""
    rows = order_table()
    print("\n".join(format_table(rows)))
    return 0 if all(row_ok(r) for r in rows) else 1
