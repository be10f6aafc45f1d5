"""`billiard validate --integrators` prints one row per integrator with its measured order."""

from __future__ import annotations

from in_process import billiard

from billiard.physics.integrators import INTEGRATORS, THEORY_ORDER


def test_validate_integrators_table_end_to_end():
    ran = billiard("validate", "--integrators")
    assert ran.code == 0, ran.err
    rows = {line.split()[0]: line.split() for line in ran.out.splitlines()[2:-1]}
    assert set(rows) == set(INTEGRATORS)
    for name, cells in rows.items():
        assert int(cells[1]) == THEORY_ORDER[name]
        assert abs(float(cells[2]) - THEORY_ORDER[name]) <= 0.3
        assert cells[-1] == "ok"
    assert ran.out.splitlines()[-1].startswith(f"{len(INTEGRATORS)}/{len(INTEGRATORS)}")
