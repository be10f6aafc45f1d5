"""The physics benchmark runs and reports what it measured (numbers are printed, not judged)."""

from billiard.validation.speed import break_shot, physics_bench


def test_break_shot_is_the_16_ball_break():
    shot = break_shot()
    assert len(shot.layout) == 16 and shot.strike.speed == 8.0
    assert (shot.table.length, shot.table.width) == (2.54, 1.27)


def test_physics_bench_reports_every_figure():
    bench = physics_bench(repeats=1, targets=False, cold=False)
    assert bench.events > 50 and 2.0 < bench.simulated_s < 60.0
    assert bench.first_call_s > 0 and bench.warm_s > 0 and bench.tick_ms > 0
    assert bench.fresh_total_s >= bench.fresh_in_process_s > 0
    text = "\n".join(bench.lines())
    assert bench.rack_s > 0 and bench.rack_simulated_s > 1.0
    for label in ("16-ball break", "simulated s per wall s", "ms per tick", "fresh process", "8-ball rack"):
        assert label in text
    if bench.engine == "compiled":  # the compiled engine against the numpy reference, same run
        assert bench.numpy_warm_cpu_s > 0 and bench.numpy_fresh_total_s > bench.numpy_fresh_in_process_s > 0
        assert "numpy reference" in text and "16-ball break warm, numpy" in text and "not measured" in text


def test_cold_process_compiles_into_a_temporary_cache(monkeypatch, tmp_path):
    import billiard.validation.speed as speed

    seen = {}

    def fake(path, env=None):
        seen.update(env or {})
        return 2.0, 1.5

    monkeypatch.setattr(speed, "fresh_process", fake)
    assert speed.cold_process(tmp_path / "shot.json") == (2.0, 1.5)
    assert "BILLIARD_KERNEL_CACHE" in seen and not __import__("os").path.exists(seen["BILLIARD_KERNEL_CACHE"])


def test_issue_14_figures_are_printed_for_both_engines():
    from billiard.validation import speed_targets as st

    rows = st.scaling_rows(sizes=(2, 8))
    assert [r.balls for r in rows] == [2, 8] and all(r.events > 0 and r.ms_per_event > 0 for r in rows)
    assert "balls:" in rows[0].line() and "incremental re-plan" in rows[0].line()
    from concurrent.futures import ThreadPoolExecutor

    frame_ms, worker_ms = st.preview_frame_ms(lambda: ThreadPoolExecutor(max_workers=1))
    assert 0 < frame_ms and worker_ms > 0
    fig = st.BreakFigures("9-ball", 10.0, 9.0, 12.0, 100.0, 30.0, 40.0, 36.0, 90.0, 50.0, 500.0)
    assert "9-ball break" in fig.line() and "x0.75" in fig.line()
    text = "\n".join(fig.engine_lines())
    assert "numpy reference" in text and "x4.00 faster (CPU)" in text and "90 plans" in text and "x10.0" in text
    assert "numpy reference" in rows[0].line() and rows[0].numpy_ms_per_event > 0
    plans, us = st.plan_cost(st.Shot.from_dict(st.break_shot_dict("9-ball", 0)), "numpy")
    assert plans > 20 and us > 0


def test_per_tick_figures_are_printed_for_both_engines():
    from billiard.validation.speed_tick import tick_figures, world_us

    for engine in ("numpy", "compiled"):
        fig = tick_figures("9-ball", engine, repeats=1)
        assert fig.ticks > 100 and 0 < fig.quiet_ticks < fig.ticks
        assert fig.quiet_us > 0 and fig.break_cpu_ms > 0
        assert engine in fig.line() and "quiet" in fig.line()
        assert world_us(engine, count=3) > 0


def test_the_first_shot_is_timed_in_a_fresh_process_with_its_cpu(monkeypatch):
    """first_run.first_shot reads the child's figures and its CPU from the system's account."""
    import subprocess
    from types import SimpleNamespace

    from billiard.validation import first_run

    calls = []

    def fake_run(cmd, **kw):
        calls.append(cmd)
        return SimpleNamespace(stdout="noise\n[0.25, 0.2]\n")

    monkeypatch.setattr(subprocess, "run", fake_run)
    shot = first_run.first_shot("/some/python")
    assert calls[0][0] == "/some/python" and "BREAK" in calls[0][2]
    assert shot.in_process_s == 0.25 and shot.cpu_s >= 0 and shot.wall_s >= 0
    assert "250 ms from import billiard" in shot.line("first")


def test_the_frame_bench_script_breaks_from_the_head_at_the_foot_spot():
    from billiard.app.script import parse_script
    from billiard.validation.frame_bench import break_script

    script = break_script(4.0)
    assert script["mode"] == "9-ball" and script["duration"] == 4.0
    kinds = [e["type"] for e in script["events"]]
    assert kinds[:3] == ["key_press", "key_press", "mouse_motion"] and kinds[-1] == "mouse_release"
    ts = [e["t"] for e in script["events"]]
    assert ts == sorted(ts) and ts[-1] < 4.0
    assert parse_script(script).mode == "9-ball"  # a valid script by the game's own checker
