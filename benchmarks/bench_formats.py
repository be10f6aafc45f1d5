"""Decoding time of the file formats (issue 30): ``python benchmarks/bench_formats.py``.

Two workloads, each read the way the commands read them (``billiard.shot.io.load``: the
bytes, the parse, every check, the typed objects):

- one large replay (a snooker break on slick cloth, ~32 s sampled at 240 fps: ~13 MB of
  JSON), loaded ``--repeat`` times;
- a batch of ``--shots`` shot files (10,000 by default: racks, listed balls and strikes
  drawn from a seeded generator), all loaded once.

Prints wall and CPU seconds. ``--compare DIR`` runs the same workloads on the same files with
the ``billiard`` package of another checkout (e.g. the commit before the typed formats:
``git worktree add /tmp/base <commit>``) and prints the ratios. Numbers, never pass/fail."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def _source(argv: list[str]) -> Path:
    """``--source DIR`` (the checkout whose billiard is timed) is read before any import."""
    return Path(argv[argv.index("--source") + 1]).resolve() if "--source" in argv else HERE


sys.path.insert(0, str(_source(sys.argv)))

import numpy as np  # noqa: E402


def make_files(folder: Path, shots: int) -> tuple[Path, Path]:
    """The large replay and the folder of ``shots`` shot files (written once, reused)."""
    import billiard

    replay_path = folder / "large.replay.json"
    if not replay_path.exists():
        shot = {
            "format": "billiard-shot/1",
            "table": "snooker",
            "rack": "snooker",
            "seed": 1,
            "params": {"mu_roll": 0.001, "e_cushion": 0.95, "mu_spin": 0.002},  # ~30 s of motion
            "strike": {"ball": "cue", "speed": 12.0, "heading_deg": 0.3},
        }
        billiard.simulate(shot, fps=240).save(replay_path)
    shot_dir = folder / "shots"
    if not shot_dir.exists():
        shot_dir.mkdir()
        rng = np.random.default_rng(7)
        for i in range(shots):
            strike = {
                "ball": "cue",
                "speed": round(float(rng.uniform(0.5, 12)), 3),
                "heading_deg": round(float(rng.uniform(-180, 180)), 3),
                "elevation_deg": round(float(rng.uniform(0, 20)), 3),
                "tip": [round(float(rng.uniform(-0.3, 0.3)), 3), round(float(rng.uniform(-0.3, 0.3)), 3)],
            }
            if i % 2:
                data = {"format": "billiard-shot/1", "table": "pool-9ft", "rack": "9-ball", "seed": i, "strike": strike}
            else:
                xs = rng.uniform(-1.0, 1.0, 8)
                balls = [
                    {"id": "cue" if k == 0 else str(k), "pos": [round(float(x), 4), round(0.12 * k - 0.4, 4)]}
                    for k, x in enumerate(xs)
                ]
                data = {
                    "format": "billiard-shot/1",
                    "table": "pool-9ft",
                    "params": {"mu_slide": 0.2},
                    "balls": balls,
                    "strike": strike,
                }
            (shot_dir / f"shot-{i:05d}.json").write_text(json.dumps(data, indent=2))
    return replay_path, shot_dir


def timed(fn) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def measure(folder: Path, shots: int, repeat: int) -> dict[str, float]:
    from billiard.shot import io

    replay_path, shot_dir = make_files(folder, shots)
    files = sorted(shot_dir.glob("*.json"))[:shots]
    io.load(replay_path)  # warm: imports, table presets
    out: dict[str, float] = {"replay_mib": replay_path.stat().st_size / 2**20, "shots": len(files)}
    out["replay_wall"], out["replay_cpu"] = (
        x / repeat for x in timed(lambda: [io.load(replay_path) for _ in range(repeat)])
    )
    out["shots_wall"], out["shots_cpu"] = timed(lambda: [io.load(p) for p in files])
    return out


def report(label: str, r: dict[str, float]) -> None:
    print(
        f"{label}: large replay ({r['replay_mib']:.1f} MiB): {r['replay_wall'] * 1e3:.0f} ms wall, "
        f"{r['replay_cpu'] * 1e3:.0f} ms CPU per load"
    )
    print(
        f"{label}: {int(r['shots'])} shot files: {r['shots_wall']:.2f} s wall, {r['shots_cpu']:.2f} s CPU "
        f"({r['shots_wall'] / r['shots'] * 1e6:.0f} us a file)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--files", type=Path, help="folder for the generated files (kept; default: a temporary one)")
    parser.add_argument("--source", type=Path, help="the checkout whose billiard package is timed (default: this one)")
    parser.add_argument("--compare", type=Path, help="also time another checkout's billiard on the same files")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run's numbers, for --compare
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.files or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if args.json:
            print(json.dumps(measure(folder, args.shots, args.repeat)))
            return 0
        make_files(folder, args.shots)
        runs = {}
        for label, src in (("other", args.compare), ("this", args.source or HERE)):
            if src is None:
                continue
            cmd = [
                sys.executable,
                __file__,
                "--json",
                "--source",
                str(src),
                "--files",
                str(folder),
                "--shots",
                str(args.shots),
                "--repeat",
                str(args.repeat),
            ]
            done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(src)})
            if done.returncode:
                print(done.stderr, file=sys.stderr)
                return 1
            runs[label] = json.loads(done.stdout.strip().splitlines()[-1])
            report(f"{label} ({src})", runs[label])
        if len(runs) == 2:
            a, b = runs["other"], runs["this"]
            print(
                f"ratio this/other: replay {b['replay_wall'] / a['replay_wall']:.2f} wall, "
                f"{b['replay_cpu'] / a['replay_cpu']:.2f} CPU; shots {b['shots_wall'] / a['shots_wall']:.2f} wall, "
                f"{b['shots_cpu'] / a['shots_cpu']:.2f} CPU"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
