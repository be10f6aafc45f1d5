"""``billiard fit`` on known answers (issue 29): ``python benchmarks/bench_fit.py [--shots 5 20 100]``.

For each shot count: synthetic recordings made by the engine from known table parameters
(pool-9ft; a mix of rolls, banks with side spin and cuts; 50 Hz, 2 mm tracking noise, 5 %
of frames dropped, a ball hidden for 0.3 s in a third of the shots), then the fit of all six
shared parameters and every strike, over ``--jobs`` processes. Prints, per parameter, the
fitted value, its error against the truth and its stated deviation; the strikes' errors
(median and 90th percentile); the RMSE reached against the noise floor; CPU and wall time.
Prints numbers; never fails on them."""

from __future__ import annotations

import argparse
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

import numpy as np

from billiard.calibration import synthetic
from billiard.calibration.fit import fit
from billiard.shot.batch import InlineExecutor

TRUE = {
    "mu_slide": 0.24,
    "mu_roll": 0.0085,
    "mu_spin": 0.016,
    "e_cushion": 0.80,
    "mu_cushion": 0.25,
    "mu_ball": 0.05,
    "mu_ball_fit": 0.0,
}
TABLE = "pool-9ft"


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def run(n: int, jobs: int, iterations: int, seed: int, search: bool = True) -> None:
    rng = np.random.default_rng(seed)
    shots = [synthetic.random_shot(rng, TABLE, synthetic.KINDS[k % 3]) for k in range(n)]
    recs = [synthetic.record(s, TRUE, rng, name=f"shot{k}") for k, s in enumerate(shots)]
    samples = sum(r.n_samples for r in recs)
    t0, c0, k0 = time.perf_counter(), time.process_time(), _children_cpu()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            result = fit(recs, executor=pool, iterations=iterations, search=search)
    else:
        result = fit(recs, executor=InlineExecutor(), iterations=iterations, search=search)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0 + _children_cpu() - k0  # the workers' CPU counts once they are joined
    print(
        f"\n{n} shots ({samples} samples){'' if search else ', no strike search'}, {result.iterations} iterations: "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU ({jobs} processes), RMSE {1000 * result.rmse:.2f} mm "
        f"(noise floor {1000 * np.sqrt(2) * 0.002:.2f} mm)"
    )
    print(f"  {'parameter':<11} {'true':>8} {'fitted':>9} {'error':>8} {'sd':>8}")
    for name, v, sd in zip(result.names, result.values, result.sd):
        err = (v - TRUE[name]) / TRUE[name]
        print(f"  {name:<11} {TRUE[name]:>8.4g} {v:>9.4g} {100 * err:>7.1f}% {100 * sd / TRUE[name]:>7.1f}%")
    speed = np.array(
        [abs(sf.strike[0] - s["strike"]["speed"]) / s["strike"]["speed"] for sf, s in zip(result.shots, shots)]
    )
    heading = np.array(
        [abs((sf.strike[1] - s["strike"]["heading_deg"] + 180) % 360 - 180) for sf, s in zip(result.shots, shots)]
    )
    tip = np.array([np.hypot(*(sf.strike[2:4] - np.array(s["strike"]["tip"]))) for sf, s in zip(result.shots, shots)])
    for label, arr, unit in (("speed", 100 * speed, "%"), ("heading", heading, "deg"), ("tip", tip, "R")):
        print(
            f"  strike {label:<8} median error {np.median(arr):.3g} {unit}, 90th percentile "
            f"{np.percentile(arr, 90):.3g} {unit}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, nargs="+", default=[5, 20, 100])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-search", action="store_true", help="each strike refitted from where it is (the fit before)"
    )
    args = parser.parse_args()
    for n in args.shots:
        run(n, args.jobs, args.iterations, args.seed, not args.no_search)


if __name__ == "__main__":
    main()
