"""The command line end to end: `billiard simulate|validate`, in this process (``in_process``);
the first check here runs a real `python -m billiard` process and the last the installed
`billiard` script, for their exit codes and stderr."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import billiard as run

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"


def billiard(*args, cwd=ROOT):
    """A real process: ``python -m billiard ARGS``."""
    return subprocess.run(
        [sys.executable, "-m", "billiard", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_simulate_writes_a_replay(tmp_path):
    out = tmp_path / "follow.replay.json"
    proc = billiard("simulate", SAMPLES / "follow.json", "-o", out, "--fps", "30")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "2 balls" in proc.stdout and "s simulated" in proc.stdout
    data = json.loads(out.read_text())
    assert data["format"] == "billiard-replay/1" and data["fps"] == 30
    assert data["shot"] == json.loads((SAMPLES / "follow.json").read_text())
    assert set(data["final"]) == {"cue", "1"}
    again = tmp_path / "again.json"
    assert run("simulate", SAMPLES / "follow.json", "-o", again, "--fps", "30").code == 0
    assert again.read_bytes() == out.read_bytes()


def shot(**changes):
    data = json.loads((SAMPLES / "follow.json").read_text())
    data.update(changes)
    return data


BROKEN = [
    ("not json", "not-json", "is not valid JSON"),
    ("binary", b"\x00\xff\x00", "is not a text file"),
    ("wrong format", shot(format="billiard-shot/0"), "unknown file format"),
    ("unknown table", shot(table="pool-99ft"), "unknown table 'pool-99ft'"),
    ("missing strike", {k: v for k, v in shot().items() if k != "strike"}, "shot.json: strike: is required"),
    (
        "overlapping balls",
        shot(balls=[{"id": "cue", "pos": [0, 0]}, {"id": "1", "pos": [0.03, 0]}]),
        "balls 'cue' and '1' overlap",
    ),
    (
        "ball outside",
        shot(balls=[{"id": "cue", "pos": [0, 0]}, {"id": "1", "pos": [2.0, 0]}]),
        "ball '1' at (2, 0) is outside the playing area",
    ),
    (
        "NaN",
        '{"format": "billiard-shot/1", "table": {"length": 2.54, "width": 1.27}, '
        '"balls": [{"id": "cue", "pos": [NaN, 0]}], '
        '"strike": {"ball": "cue", "speed": 2, "heading_deg": 0}}',
        "must be a finite number",
    ),
    (
        "impossible strike",
        shot(strike={"ball": "cue", "speed": 2, "heading_deg": 0, "tip": [0.7, 0]}),
        "strike.tip[0]: must be <= 0.6 ball radii",
    ),
    ("negative speed", shot(strike={"ball": "cue", "speed": -2, "heading_deg": 0}), "strike.speed: must be > 0 m/s"),
]


@pytest.mark.parametrize("content, message", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_input_one_line_exit_2_no_output(tmp_path, content, message):
    src = tmp_path / "shot.json"
    if isinstance(content, bytes):
        src.write_bytes(content)
    else:
        src.write_text(content if isinstance(content, str) else json.dumps(content))
    fresh = tmp_path / "fresh.json"
    ran = run("simulate", src, "-o", fresh)
    assert ran.code == 2
    assert message in ran.err
    assert ran.err.count("\n") == 1 and "Traceback" not in ran.err
    assert ran.err.startswith("billiard simulate: error: ")
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.json"]


def test_error_leaves_an_existing_output_untouched(tmp_path):
    out = tmp_path / "replay.json"
    out.write_bytes(b"precious")
    ran = run("simulate", tmp_path / "missing.json", "-o", out)
    assert ran.code == 2 and "cannot read" in ran.err
    src = tmp_path / "bad.json"
    src.write_text(json.dumps(shot(table=5)))
    assert run("simulate", src, "-o", out).code == 2
    assert out.read_bytes() == b"precious"


def test_a_replay_is_not_a_shot_and_bad_fps(tmp_path):
    out = tmp_path / "r.json"
    assert run("simulate", SAMPLES / "follow.json", "-o", out).code == 0
    ran = run("simulate", out, "-o", tmp_path / "x.json")
    assert ran.code == 2 and "is a replay, not a shot file" in ran.err
    ran = run("simulate", SAMPLES / "follow.json", "-o", tmp_path / "x.json", "--fps", "0")
    assert ran.code == 2 and "fps must be an integer from 1 to 240" in ran.err
    assert not (tmp_path / "x.json").exists()


def test_unwritable_output_is_one_line(tmp_path):
    ran = run("simulate", SAMPLES / "follow.json", "-o", tmp_path / "no" / "such" / "dir.json")
    assert ran.code == 2
    assert "cannot write" in ran.err and ran.err.count("\n") == 1


def test_validate_passes_on_the_real_engine():
    ran = run("validate")
    assert ran.code == 0, ran.out + ran.err
    lines = ran.out.splitlines()
    assert "theory" in lines[1] and "simulated" in lines[1] and "error" in lines[1]
    assert sum(line.rstrip().endswith(" ok") for line in lines) >= 20
    assert "FAIL" not in ran.out


@pytest.mark.parametrize("at", ["-1", "999", "nan"])
def test_replay_and_render_read_at_by_one_rule(tmp_path, capsys, at):
    """``--at`` outside the replay: the same one-line refusal (exit 2) from both commands."""
    from billiard.cli import main

    replay = tmp_path / "f.replay.json"
    assert main(["simulate", str(SAMPLES / "follow.json"), "-o", str(replay)]) == 0
    capsys.readouterr()
    codes = [
        main(["replay", str(replay), "--headless", "--at", at, "--screenshot", str(tmp_path / "a.png")]),
        main(["render", str(replay), "--at", at, "--out", str(tmp_path / "b.png")]),
    ]
    err = capsys.readouterr().err.strip().splitlines()
    assert codes == [2, 2]
    assert len(err) == 2 and all("outside the replay" in line for line in err)
    assert not (tmp_path / "a.png").exists() and not (tmp_path / "b.png").exists()


def test_the_console_script_runs_the_command_line(tmp_path):
    """``billiard`` as pip installs it: pyproject's entry point is ``billiard.cli:main``, and the
    script beside this Python (the README's .venv/bin/billiard) runs it, to its exit code."""
    import tomllib

    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["billiard"]
    assert entry == "billiard.cli:main"
    script = Path(sys.executable).with_name("billiard")
    if not script.is_file():
        pytest.skip(f"billiard is not installed beside {sys.executable} (pip install -e .)")
    replay = tmp_path / "r.json"
    assert run("simulate", SAMPLES / "follow.json", "-o", replay).code == 0
    env = {**__import__("os").environ, "PYTHONPATH": str(ROOT)}  # this checkout, whichever one pip installed
    proc = subprocess.run(
        [str(script), "simulate", str(replay), "-o", str(tmp_path / "x.json")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stderr == f"billiard simulate: error: {replay} is a replay, not a shot file\n"
