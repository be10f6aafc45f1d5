"""The twelfth session's probe of 8-ball run-outs that fail with the arm's noise switched off
(``arm_without_noise.diff`` of ``../s11_trials`` applied): for each rack given, play the run-out
as ``bench_ai.py --runouts`` does and print the last three decisions' best candidates (by their
value after the noisy copies, or their nominal score where they had none), with the ease of the
next shot each leaves as meant.

``python benchmarks/results/s12_trials/route_probe.py 1019 1055`` from the repository root, with
the patch applied, wrote ``route_probe.txt``."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT)]

from ai_bench_players import new_player  # noqa: E402
from ai_bench_records import _runout_record  # noqa: E402
from ai_diagnostics import _Watched  # noqa: E402
from billiard.ai.geometry import Layout, best_ease  # noqa: E402


def show(t, table) -> str:
    c, r = t.cand, t.rollout
    ease = "  - "
    if r is not None and t.success:
        layout = Layout.of(r.balls)
        ease = f"{best_ease(layout, table, r.rules.cue, r.rules.targets(frozenset(layout.ids))):.2f}"
    return (
        f"{c.kind:7s} {str(c.target):>3s}->{str(c.pocket):20s} ch={c.chance:.2f} ok={int(t.success)} "
        f"cp={sum(t.noisy_success)}/{len(t.noisy)} nom={t.nominal:6.1f} val={t.value:6.1f} next_ease={ease} "
        f"speed={c.strike.speed:.2f} tip=({c.strike.tip[0]:.2f},{c.strike.tip[1]:.2f}) next_ball={t.next_ball}"
    )


def main(seeds: list[int]) -> None:
    seen: list = []

    def hook(runner, sit, d) -> None:
        seen.append((runner.searches[-1], d))
        runner.searches = []

    for seed in seeds:
        seen.clear()
        rec = _runout_record(5, seed, None, make_runner=partial(new_player, cls=_Watched), on_decision=hook)
        print(f"=== rack {seed}: ran={rec['ran']} balls={rec['balls']} end={rec.get('end')}")
        for k in range(max(0, len(seen) - 3), len(seen)):
            s, d = seen[k]
            print(f"  decision {k}: chose {d.kind} {d.target}")
            ranked = sorted(s.tried, key=lambda t: -(t.value if t.noisy else t.nominal))
            for t in ranked[:8]:
                print("   ", show(t, s.table), "<==" if t.cand.strike == d.strike else "")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
