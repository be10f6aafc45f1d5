"""Frame time of the full scene: the room, a racked pool table (16 balls), the cue, aim aids,
a predicted path, drawn offscreen at each quality level (``low`` without
MSAA, ``medium`` with 2x, ``high`` with 4x: what each level draws with on a GPU). Prints
numbers only, and the level ``auto`` picks on this OpenGL renderer (``render.quality``)."""

from __future__ import annotations

import math
import time

import numpy as np

from billiard.display.aim import aim_overlay
from billiard.render.camera import Camera
from billiard.render.msaa import choose_samples
from billiard.render.offscreen import create_context
from billiard.render.quality import NAMES, get_quality, resolve_quality
from billiard.render.renderer import Renderer
from billiard.render.scene import BallView, CueState, Polyline, SceneState
from billiard.render.transforms import quat_from_axis_angle
from billiard.table import get_table
from billiard.table.model import Table
from billiard.table.racks import rack

SIZES = ((1280, 720), (1920, 1080))


def bench_scene(step: int, table: Table) -> SceneState:
    """The measured scene; balls turn a little every step so orientations change each frame."""
    ids, pos = rack("8-ball", table, seed=1)
    quat = np.array([quat_from_axis_angle((math.sin(k), math.cos(k), 0.3), 0.05 * step + k) for k in range(len(ids))])
    balls = BallView.create(ids, pos, quat, radius=pos[0, 2])
    heading = 1.5 * math.sin(step * 0.05)
    path = np.column_stack([np.linspace(pos[0, 0], 1.0, 200), 0.2 * np.sin(np.linspace(0, 6, 200)), np.zeros(200)])
    overlay = aim_overlay(balls, table, heading, paths=(Polyline(path, (0.6, 0.85, 1.0, 0.7), 0.003),))
    return SceneState(table, balls, CueState(heading, 6.0, (0.1, 0.2), 0.05 + 0.03 * math.sin(step * 0.1)), overlay)


def run(frames: int = 120) -> int:
    """``billiard bench --render``: print the frame times of :func:`measure`; exit status 0."""
    measure(frames=frames)
    return 0


def measure(
    sizes=SIZES, frames: int = 120, warmup: int = 10, qualities=NAMES, out=print
) -> dict[tuple[int, int, str], dict[str, float]]:
    """Mean and 95th percentile frame time (ms) per (width, height, quality); each frame
    ends with ``ctx.finish()`` so the time covers the whole software rasterisation, not just
    command submission. ``cpu`` is the process CPU time a frame (all GL threads together),
    which shows the work even when other programs share the cores. ``issue`` is the time
    until the frame's commands are issued (Python, numpy and the driver, before ``finish``):
    a GPU rasterises while the next frame is prepared, so it bounds the frame rate there.
    ``startup_ms`` (and ``startup_cpu_ms``) is the time to make the renderer and prepare the
    table: compiling the programs, building the meshes and drawing the environment map."""
    ctx = create_context()
    results = {}
    try:
        out(
            f"renderer: {ctx.info['GL_RENDERER']}, {ctx.info['GL_VERSION']}, offscreen; "
            f"quality 'auto' is {resolve_quality('auto', ctx).name} here"
        )
        table = get_table("pool-9ft")
        for size in sizes:
            for name in qualities:
                level = get_quality(name)
                samples = choose_samples(ctx, level.samples)
                key = (size[0], size[1], name)
                r = results[key] = _measure(ctx, table, size, samples, level, frames, warmup)
                out(
                    f"{size[0]}x{size[1]} {name:6s} ({samples}x MSAA): mean {r['mean_ms']:.2f} ms, "
                    f"p95 {r['p95_ms']:.2f} ms ({1000.0 / r['mean_ms']:.0f} fps), cpu {r['cpu_ms']:.2f} ms, "
                    f"issue {r['issue_ms']:.2f} ms, back to back {r['stream_ms']:.2f} ms "
                    f"({1000.0 / r['stream_ms']:.0f} fps) over {frames} frames; start-up {r['startup_ms']:.0f} ms "
                    f"(cpu {r['startup_cpu_ms']:.0f} ms: programs, meshes, environment map)"
                )
    finally:
        ctx.release()
    return results


def _measure(ctx, table: Table, size, samples: int, level, frames: int, warmup: int) -> dict[str, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    renderer = Renderer(ctx, size, samples, level)
    camera = Camera((-0.9, 0.0, 0.0), 0.0, 22.0, 1.6, 50.0)
    renderer.prepare(table)  # the table's meshes and the environment map, once
    ctx.finish()
    startup = (1000.0 * (time.perf_counter() - t0), 1000.0 * (time.process_time() - c0))
    wall, cpu, issue = [], [], []
    for k in range(warmup + frames):
        scene = bench_scene(k, table)
        t0, c0 = time.perf_counter(), time.process_time()
        renderer.draw(scene, camera)
        t1 = time.perf_counter()
        ctx.finish()
        if k >= warmup:
            issue.append(1000.0 * (t1 - t0))
            wall.append(1000.0 * (time.perf_counter() - t0))
            cpu.append(1000.0 * (time.process_time() - c0))
    t0 = time.perf_counter()
    for k in range(frames):
        renderer.draw(bench_scene(warmup + k, table), camera)
    ctx.finish()
    stream = 1000.0 * (time.perf_counter() - t0) / frames
    renderer.offscreen.release()
    ms = np.array(wall)
    return {
        "mean_ms": float(ms.mean()),
        "p95_ms": float(np.percentile(ms, 95)),
        "cpu_ms": float(np.mean(cpu)),
        "issue_ms": float(np.mean(issue)),
        "stream_ms": stream,
        "startup_ms": startup[0],
        "startup_cpu_ms": startup[1],
    }
