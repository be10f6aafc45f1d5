"""The eleventh session's probe of failed 8-ball run-outs (level 5): for each rack given, play
the run-out as ``bench_ai.py --runouts`` does and print the last decision's candidates that
got noisy copies (best value first), then the pots with the best geometric chance.

``python benchmarks/results/s11_trials/winners_curse_probe.py 1005 1010 1017 1020 1046 1066``
from the repository root wrote ``winners_curse_probe.txt``."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT)]

from ai_bench_players import new_player  # noqa: E402
from ai_bench_records import _runout_record  # noqa: E402
from ai_diagnostics import _Watched  # noqa: E402
from billiard.ai.search import POT_KINDS  # noqa: E402


def show(t) -> str:
    c = t.cand
    return (
        f"{c.kind:7s} {str(c.target):>3s}->{str(c.pocket):4s} ch={c.chance:.2f} ok={int(t.success)} "
        f"cp={sum(t.noisy_success)}/{len(t.noisy)} nom={t.nominal:6.1f} val={t.value:6.1f} "
        f"sp={c.strike.speed:.2f} tip={c.strike.tip}"
    )


def main(seeds: list[int]) -> None:
    last: dict = {}

    def seen(runner, sit, d) -> None:
        last["search"], last["decision"] = runner.searches[-1], d
        runner.searches = []

    for seed in seeds:
        rec = _runout_record(5, seed, None, make_runner=partial(new_player, cls=_Watched), on_decision=seen)
        end = rec.get("end", {})
        print(
            f"=== rack {seed}: ran={rec['ran']} balls={rec['balls']} end={end.get('how')} "
            f"kind={end.get('kind')} exp={end.get('expected')}"
        )
        if rec["ran"]:
            continue
        s, d = last["search"], last["decision"]
        for t in sorted((t for t in s.tried if t.noisy), key=lambda t: -t.value)[:10]:
            print("   ", show(t), "<==" if t.cand.strike == d.strike else "")
        print("   best-chance pots that went in as meant:")
        pots = sorted((t for t in s.tried if t.cand.kind in POT_KINDS and t.success), key=lambda t: -t.cand.chance)
        for t in pots[:5]:
            print("     ", show(t))


if __name__ == "__main__":
    main([int(s) for s in sys.argv[1:]])
