"""Batch simulation: a folder or several shot files, in parallel, each replay written
atomically, a failed shot named without stopping the rest; the same batch on Dask."""

import copy
import json
import shutil
from pathlib import Path

import pytest

from billiard.cli import main
from billiard.shot.batch import simulate_job
from billiard.shot.io import load
from billiard.shot.simulate import simulate

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"
GOOD = ("follow.json", "draw.json", "break.json")


@pytest.fixture
def shots(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    for name in GOOD:
        shutil.copy(SAMPLES / name, folder / name)
    (folder / "broken.json").write_text("{not json")
    (folder / "nostrike.json").write_text(
        json.dumps({"format": "billiard-shot/1", "table": "pool-9ft", "balls": [{"id": "cue", "pos": [0, 0]}]})
    )
    (folder / "old.replay.json").write_text("{}")  # replays in the folder are not inputs
    return folder


def _check_outputs(out: Path):
    assert sorted(p.name for p in out.iterdir()) == sorted(n.replace(".json", ".replay.json") for n in GOOD)
    for name in GOOD:
        replay = load(out / name.replace(".json", ".replay.json"))
        assert replay == simulate(load(SAMPLES / name))  # the same replay as one shot at a time


def test_folder_in_parallel_reports_failures_by_name_and_writes_the_rest(shots, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["simulate", str(shots), "-o", str(out), "--jobs", "2"]) == 2
    err = capsys.readouterr().err
    assert f"{shots / 'broken.json'}: is not valid JSON" in err
    assert f"{shots / 'nostrike.json'}:" in err and "strike" in err
    assert "5/5 shots" in err  # the progress bar reached the end
    _check_outputs(out)


def test_several_files_one_job_and_a_clean_batch_exits_0(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["simulate", *(str(SAMPLES / n) for n in GOOD), "-o", str(out), "--jobs", "1"]) == 0
    assert "3 of 3 shots simulated" in capsys.readouterr().out
    _check_outputs(out)


def test_a_failed_shot_leaves_its_previous_replay_untouched(shots, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "nostrike.replay.json").write_text("previous")
    main(["simulate", str(shots), "-o", str(out), "--jobs", "1"])
    assert (out / "nostrike.replay.json").read_text() == "previous"
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_bad_batch_arguments_are_one_line(tmp_path, capsys):
    assert main(["simulate", str(tmp_path / "missing"), "-o", str(tmp_path / "o"), "--jobs", "2"]) == 2
    assert main(["simulate", str(SAMPLES / "follow.json"), "-o", str(tmp_path / "o"), "--jobs", "0"]) == 2
    (tmp_path / "afile").write_text("x")
    assert (
        main(["simulate", str(SAMPLES / "follow.json"), str(SAMPLES / "draw.json"), "-o", str(tmp_path / "afile")]) == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("billiard simulate: error:") for line in err)


def test_the_job_is_a_pure_function_of_a_shot_dict():
    shot = json.loads((SAMPLES / "draw.json").read_text())
    before = copy.deepcopy(shot)
    first, summary = simulate_job(shot, 60)
    assert shot == before and first == simulate_job(shot, 60)[0] and "events" in summary
    assert simulate_job({"format": "billiard-shot/1"}, 60)[0] is None


def test_the_same_batch_on_a_dask_local_cluster(shots, tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "out"
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        assert main(["simulate", str(shots), "-o", str(out), "--scheduler", cluster.scheduler_address]) == 2
    assert "3 of 5 shots simulated" in capsys.readouterr().out
    _check_outputs(out)


def test_an_unreachable_scheduler_is_one_line(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    from billiard.shot import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT_S", 0.5)  # Dask retries a refused port until then
    assert (
        main(
            [
                "simulate",
                str(SAMPLES / "follow.json"),
                "-o",
                str(tmp_path / "o"),
                "--scheduler",
                "tcp://127.0.0.1:9",
                "--jobs",
                "1",
            ]
        )
        == 2
    )
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err
