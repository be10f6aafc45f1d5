"""Overlap search over airborne shots (issue 29): ``python benchmarks/fuzz_airborne.py
[--shots 2000] [--seed 0] [--engine compiled|numpy] [--show 5]`` from the repo root.

Random shots where balls fly: jump shots (cue raised 10-70 degrees at 2-8 m/s) at object
balls near the cue ball's line, some object balls already in the air (dropped or thrown
up, so they bounce), on the preset tables. Every shot runs on the exact integrator and the
impulse model, and is looked at densely, not only where the engine stops:

* after every event (the World's probe) and at every tick end;
* between two of those, along the closed-form motion of the state at the first (no event
  lies between them): at every 240 Hz sample time (the replay's rate) and, while a ball
  flies, at 8 evenly spaced points.

A shot is followed until it stops or one second after its last ball came down (the rest is
rolling on the bed, the engine fuzz's ground). At each look it records the deepest overlap of two balls in play and of a ball in play
with a cushion, jaw, point or liner (``closest_point``). Prints the deepest of each over
all shots (with the shot and the time), a histogram of the shots' deepest overlaps, the
shots over 10 um (``--show`` of them), CPU and wall time. Exit 1 if any overlap is over
10 um (the bound of issue 29). ``shot_for(seed, k)`` rebuilds shot ``k``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

import numpy as np

from billiard.physics.detect import BALL
from billiard.physics.motion import accelerations, advance
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacle_toi import Features
from billiard.physics.params import PRESETS
from billiard.physics.state import Balls, Motion
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls
from billiard.table import get_table
from billiard.table.cushion import nose_setback

BOUND = 10e-6  # m: the most overlap allowed anywhere (issue 29)
SAMPLE_HZ = 240.0
AFTER_LANDING = 1.0  # s: a shot is followed this long after its last ball came down
INTERIOR = 8  # evenly spaced looks between two checkpoints, besides the 240 Hz samples
TABLES = ("pool-9ft", "pool-7ft", "snooker", "carom", "practice")


def shot_for(seed: int, index: int) -> dict[str, Any]:
    """Airborne shot ``index`` of the run seeded ``seed`` (a ``billiard-shot/1`` dict)."""
    rng = np.random.default_rng([int(seed), int(index), 29])
    spec = str(rng.choice(TABLES))
    table = get_table(spec)
    r = PRESETS[table.ball_set].ball_radius
    reach = nose_setback(table.cushion_height, r) + 1e-4
    hx, hy = table.half_length - reach, table.half_width - reach
    cue = (float(rng.uniform(-0.8, 0.8) * hx), float(rng.uniform(-0.8, 0.8) * hy))
    heading = float(rng.uniform(0.0, 360.0))
    a = math.radians(heading)
    balls: list[dict[str, Any]] = [{"id": "cue", "pos": [cue[0], cue[1]]}]
    centres = [(cue[0], cue[1], r)]
    for k in range(int(rng.integers(1, 7))):
        for _try in range(20):
            along = float(rng.uniform(2.2 * r, 0.9))
            side = float(rng.normal(0.0, 1.2 * r))
            x = cue[0] + along * math.cos(a) - side * math.sin(a)
            y = cue[1] + along * math.sin(a) + side * math.cos(a)
            if abs(x) > hx or abs(y) > hy:
                continue
            z = r
            ball: dict[str, Any] = {"id": f"b{k + 1}"}
            if rng.random() < 0.3:  # in the air: dropped, or thrown up (a bouncing ball)
                z = r + float(rng.uniform(0.0, 0.08))
                ball["vel"] = [float(v) for v in (*rng.normal(0.0, 0.3, 2), rng.uniform(-0.5, 1.5))]
            if any(math.dist((x, y, z), c) < 2 * r + 1e-6 for c in centres):
                continue
            ball["pos"] = [x, y] if z == r else [x, y, z]
            balls.append(ball)
            centres.append((x, y, z))
            break
    tip_r = 0.5 * math.sqrt(float(rng.random()))
    tip_a = float(rng.uniform(0, 2 * math.pi))
    return {
        "format": "billiard-shot/1",
        "table": spec,
        "params": {"max_time": 20.0},
        "balls": balls,
        "strike": {
            "ball": "cue",
            "speed": float(rng.uniform(2.0, 8.0)),
            "heading_deg": heading,
            "elevation_deg": float(rng.uniform(10.0, 70.0)),
            "tip": [tip_r * math.cos(tip_a), tip_r * math.sin(tip_a)],
        },
    }


@dataclass
class Deepest:
    """The deepest overlap seen so far (m) and where."""

    depth: float = -math.inf
    what: str = ""

    def see(self, depth: float, what: str) -> None:
        if depth > self.depth:
            self.depth, self.what = depth, what


class Looker:
    """Overlap depths of one state: ball-ball (every live pair) and ball-obstacle (near boxes)."""

    def __init__(self, balls: Balls, obstacles) -> None:
        self.obstacles = obstacles
        self.f = Features.from_obstacles(obstacles)
        self.pi, self.pj = np.triu_indices(len(balls), 1)

    def look(self, b: Balls, t: float, pairs: Deepest, walls: Deepest) -> None:
        live = b.motion != Motion.POCKETED
        if len(self.pi):
            d = b.pos[self.pi] - b.pos[self.pj]
            depth = b.radius[self.pi] + b.radius[self.pj] - np.sqrt(np.einsum("ij,ij->i", d, d))
            depth = np.where(live[self.pi] & live[self.pj], depth, -np.inf)
            k = int(np.argmax(depth))
            pairs.see(float(depth[k]), f"{b.ids[self.pi[k]]}-{b.ids[self.pj[k]]} at t = {t:.6f} s")
        p, r, f = b.pos, b.radius, self.f
        near = np.all(
            (p[:, None, :] + r[:, None, None] >= f.box_lo[None]) & (p[:, None, :] - r[:, None, None] <= f.box_hi[None]),
            axis=2,
        )
        for i, k in zip(*np.nonzero(near & live[:, None])):
            ob = self.obstacles[k]
            depth_w = float(r[i] - np.linalg.norm(p[i] - closest_point(ob, p[i])))
            walls.see(depth_w, f"{b.ids[i]} in {ob.name} at t = {t:.6f} s")


@dataclass
class ShotLook:
    """What one shot showed: the deepest overlaps, the looks taken, whether a ball flew and
    how many ball-ball contacts had a flying ball in them."""

    pairs: Deepest
    walls: Deepest
    looks: int
    flew: bool
    air_hits: int


def run_shot(data: dict[str, Any], engine: str) -> ShotLook:
    """Every look of one shot (see the module's docstring)."""
    from billiard.physics.world import World

    shot = Shot.from_dict(data)
    params = shot.params
    balls = make_balls(shot.layout, params)
    world = World(balls, shot.table, params, engine=engine)
    looker = Looker(world.balls, shot.table.obstacles)
    pairs, walls = Deepest(), Deepest()
    last: dict[str, Any] = {"t": 0.0, "balls": world.balls.copy()}
    looks = air_hits = 0
    flew = False

    def checkpoint() -> None:
        nonlocal looks, air_hits, flew
        t0, t1, b0 = last["t"], world.t, last["balls"]
        flying = b0.motion == Motion.AIRBORNE
        flew = flew or bool(flying.any())
        if world._t_contact <= t1:  # the event just resolved was this contact group
            air_hits += sum(1 for c in world._contacts if c.kind == BALL and (flying[c.i] or flying[c.j]))
        h = t1 - t0
        if h > 0:
            kin = accelerations(b0, params)
            k0, k1 = math.floor(t0 * SAMPLE_HZ) + 1, math.ceil(t1 * SAMPLE_HZ) - 1
            times = [k / SAMPLE_HZ for k in range(k0, k1 + 1)]
            if np.any(b0.motion == Motion.AIRBORNE):  # flight: look between the samples too
                times += [t0 + h * (j + 1) / (INTERIOR + 1) for j in range(INTERIOR)]
            for t in times:
                if t0 < t < t1:
                    b = b0.copy()
                    advance(b, t - t0, kin)
                    looker.look(b, t, pairs, walls)
                    looks += 1
        looker.look(world.balls, t1, pairs, walls)
        looks += 1
        last["t"], last["balls"] = t1, world.balls.copy()

    with np.errstate(all="ignore"):
        s = shot.strike
        world.strike(shot.struck, s.speed, s.heading_deg, s.elevation_deg, s.tip)
        last["balls"] = world.balls.copy()
        world.probe = checkpoint
        landed = 0.0  # when the last ball came down
        for _ in range(int(math.ceil(params.max_time / params.dt))):
            world.step()
            checkpoint()
            if np.any(world.balls.motion == Motion.AIRBORNE):
                landed = world.t
            if not world.moving() or world.t > landed + AFTER_LANDING:
                break
    return ShotLook(pairs, walls, looks, flew, air_hits)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--engine", default=None, help="compiled or numpy (default: the engine's default)")
    ap.add_argument("--show", type=int, default=5, help="shots over the bound to print")
    args = ap.parse_args(argv)
    from billiard.physics import kernels

    engine = args.engine or kernels.ENGINE
    wall, cpu = time.perf_counter(), time.process_time()
    worst_pair, worst_wall = Deepest(), Deepest()
    bins = [0, 0, 0, 0, 0]  # none, <= 1 um, <= 10 um, <= 100 um, more
    over: list[tuple[float, int, str]] = []
    looks = refused = flown = air_hits = air_shots = 0
    for k in range(args.first, args.first + args.shots):
        data = shot_for(args.seed, k)
        try:
            seen = run_shot(data, engine)
        except Exception as exc:  # noqa: BLE001 - a refused layout or a crash: counted, not fatal
            refused += 1
            print(f"  shot {k}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        pairs, walls = seen.pairs, seen.walls
        looks += seen.looks
        flown += seen.flew
        air_hits += seen.air_hits
        air_shots += seen.air_hits > 0
        worst_pair.see(pairs.depth, f"shot {k}: {pairs.what}")
        worst_wall.see(walls.depth, f"shot {k}: {walls.what}")
        deepest = max(pairs.depth, walls.depth)
        bins[
            0 if deepest <= 0 else 1 if deepest <= 1e-6 else 2 if deepest <= 1e-5 else 3 if deepest <= 1e-4 else 4
        ] += 1
        if deepest > BOUND:
            over.append((deepest, k, pairs.what if pairs.depth >= walls.depth else walls.what))
        if (k - args.first + 1) % 100 == 0:
            print(f"  {k - args.first + 1}/{args.shots} shots, {len(over)} over {BOUND * 1e6:g} um", file=sys.stderr)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{args.shots} airborne shots (seed {args.seed}, engine {engine}), {looks} looks, {refused} not run: "
        f"{cpu:.1f} CPU s, {wall:.1f} s wall"
    )
    print(f"a ball flew in {flown} shots; {air_hits} ball-ball contacts with a flying ball, in {air_shots} shots")
    print(f"deepest ball-ball overlap {worst_pair.depth * 1e6:.3f} um ({worst_pair.what})")
    print(f"deepest ball-obstacle overlap {worst_wall.depth * 1e6:.3f} um ({worst_wall.what})")
    print(
        f"shots by deepest overlap: none {bins[0]}, <= 1 um {bins[1]}, <= 10 um {bins[2]}, <= 100 um {bins[3]}, "
        f"more {bins[4]}"
    )
    for depth, k, what in sorted(over, reverse=True)[: args.show]:
        print(f"  shot {k}: {depth * 1e6:.3f} um, {what}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
