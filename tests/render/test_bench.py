"""The render benchmark runs and reports numbers (its speed is printed, never asserted)."""

from billiard.validation.render_bench import bench_scene, measure
from billiard.table import get_table


def test_bench_scene_is_the_full_scene():
    scene = bench_scene(0, get_table("pool-9ft"))
    assert len(scene.balls.ids) == 16 and scene.cue is not None
    assert scene.overlay.ghost is not None and scene.overlay.paths


def test_bench_runs_and_reports_each_size_and_quality(gl_ctx):
    lines = []
    results = measure(sizes=((160, 90), (192, 108)), frames=2, warmup=1, out=lines.append)
    assert set(results) == {(w, h, q) for w, h in ((160, 90), (192, 108)) for q in ("low", "medium", "high")}
    assert all(r["mean_ms"] > 0 and r["p95_ms"] >= 0 and 0 < r["issue_ms"] <= r["mean_ms"] for r in results.values())
    assert all(r["startup_ms"] > 0 and r["startup_cpu_ms"] > 0 and r["stream_ms"] > 0 for r in results.values())
    assert any(
        line.startswith("160x90 low")
        and "mean" in line
        and "p95" in line
        and "back to back" in line
        and "start-up" in line
        for line in lines
    )
    assert any(line.startswith("192x108 high") and "(4x MSAA)" in line for line in lines)
