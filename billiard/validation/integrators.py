"""``billiard validate --integrators``: measured order of each integrator and its energy drift.

As seed 003 §4.5 (table 4.1): the error is the largest |x_numeric - x_exact| over a run;
the order is the slope of log(error) against log(dt). Cases with an analytic answer:
the harmonic oscillator (one period) and seed 003's soft contact (e = 0.9, one contact
time, a damped oscillator). Energy drift: relative change after 10 oscillator periods
at 100 steps per period. Orders must lie within 0.3 of theory on the oscillator.
"""
from __future__ import annotations

from billiard.physics.integrators.order import OrderRow, order_table

TOLERANCE = 0.3


def format_table(rows: list[OrderRow]) -> list[str]:
    """Lines of the table; the last says how many integrators are within tolerance."""
    head = ("integrator", "theory", "order (oscillator)", "order (soft contact)", "energy drift", "ok")
    body = [(r.integrator, str(r.theory), f"{r.order_oscillator:.3f}", f"{r.order_soft_contact:.3f}",
             f"{r.energy_drift:+.2e}", "ok" if abs(r.order_oscillator - r.theory) <= TOLERANCE else "FAIL")
            for r in rows]
    widths = [max(len(row[k]) for row in [head, *body]) for k in range(len(head))]
    lines = ["Integrators: measured order of convergence (seed 003 table 4.1) and energy drift"]
    for row in [head, *body]:
        lines.append("  ".join(c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(row, widths))))
    ok = sum(row[-1] == "ok" for row in body)
    lines.append(f"{ok}/{len(body)} orders within {TOLERANCE} of theory")
    return lines


def run_integrators() -> int:
    """Print the table; exit code 0 if every order is within tolerance, else 1."""
    rows = order_table()
    print("\n".join(format_table(rows)))
    return 0 if all(abs(r.order_oscillator - r.theory) <= TOLERANCE for r in rows) else 1
