"""Dense overlap looks over airborne shots (issue 29: a cue ball landing on a bouncing object
ball was seen 0.07 mm inside it at a 240 Hz sample).

The engine fuzz checks its invariants where the engine stops (after each event, at each
tick's end). Here a shot is also looked at between those points, along the closed-form
motion of the state at the last one (no event lies between them): at every 240 Hz sample
time (the replay's rate) and, while a ball flies, at evenly spaced points. Each look
records the deepest overlap of two balls in play and of a ball in play with a cushion, jaw,
point or liner. :func:`shot_for` draws airborne shots (jumps at nearby object balls, some
object balls in the air); ``benchmarks/fuzz_airborne.py`` runs thousands of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from billiard.physics.detect import BALL
from billiard.physics.motion import accelerations, advance
from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacle_toi import table_features
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
        self.f = table_features(tuple(obstacles))  # built once per table and shared (read-only)
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


def replay_depth(data: dict[str, Any], engine: str, fps: int = int(SAMPLE_HZ)) -> Deepest:
    """The deepest overlap of two balls on the bed or above it in the replay ``simulate``
    makes of the shot at ``fps`` (what the viewer draws: samples between ticks are blended
    by :mod:`billiard.shot.sampler`, not the engine's closed forms). A ball below the bed
    (falling into a pocket, or pocketed) is left out."""
    from functools import partial

    from billiard.physics.world import World
    from billiard.shot.simulate import simulate

    replay = simulate(data, fps=fps, world_factory=partial(World, engine=engine))
    ids = list(replay.pos)
    pos = np.stack([replay.pos[b] for b in ids], axis=1)  # (samples, balls, 3)
    radius = PRESETS[get_table(data["table"]).ball_set].ball_radius
    on = pos[:, :, 2] >= radius - 1e-6
    worst = Deepest()
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            gap = np.linalg.norm(pos[:, i] - pos[:, j], axis=1)
            depth = np.where(on[:, i] & on[:, j], 2 * radius - gap, -np.inf)
            k = int(np.argmax(depth))
            worst.see(float(depth[k]), f"{ids[i]}-{ids[j]} at the sample t = {replay.t[k]:.6f} s")
    return worst
