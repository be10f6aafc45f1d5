import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import billiard
from billiard.errors import BilliardError
from billiard.replay import Match, Recorder, list_recordings
from billiard.shot import jsonfile

from replay_shots import make_shot, replay_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_each_shot_gives_shot_replay_and_match_files(data_dir):
    with Recorder(data_dir, mode="three-cushion", players=["Ann", "Bob"]) as rec:
        for k, scores in enumerate([[0, 0], [1, 0], [1, 1]]):
            shot = make_shot(speed=0.6 + 0.1 * k)
            assert rec.record(shot, replay_of(shot), scores=scores, player=k % 2) == k + 1
    session = rec.session
    assert session.parent == data_dir / "sessions"
    names = sorted(p.name for p in session.iterdir())
    assert names == [
        "match.json",
        "shot-001.json",
        "shot-001.replay.json",
        "shot-002.json",
        "shot-002.replay.json",
        "shot-003.json",
        "shot-003.replay.json",
    ]
    assert billiard.load(session / "shot-002.json").to_dict() == make_shot(speed=0.7)
    assert billiard.load(session / "shot-003.replay.json") == replay_of(make_shot(speed=0.8))
    match = Match.load(session / "match.json")
    assert match.mode == "three-cushion" and match.players == ("Ann", "Bob")
    assert [match.position(k).scores for k in (1, 2, 3)] == [(0, 0), (0, 0), (1, 0)]
    assert match.final_scores() == (1, 1)


class BlockingReplay:
    """A replay whose save waits for the test: proves writing is off the caller's thread."""

    def __init__(self, replay):
        self.replay, self.release, self.saving = replay, threading.Event(), threading.Event()

    def save(self, path):
        self.saving.set()
        assert self.release.wait(10)
        self.replay.save(path)


def test_record_returns_while_the_disk_write_is_still_pending(data_dir):
    shot = make_shot()
    slow = BlockingReplay(replay_of(shot))
    rec = Recorder(data_dir)
    try:
        assert rec.record(shot, slow) == 1  # returned although save() is blocked
        assert slow.saving.wait(10)
        assert not (rec.session / "shot-001.json").exists()
        slow.release.set()
        rec.flush()
        assert (rec.session / "shot-001.json").exists()
    finally:
        slow.release.set()
        rec.close()


def test_save_named_sanitises_and_never_overwrites(data_dir):
    with Recorder(data_dir, mode="9-ball") as rec:
        with pytest.raises(BilliardError, match="no shot"):
            rec.save_named("early")
        shot = make_shot(speed=0.9)
        rec.record(shot, replay_of(shot))
        first = rec.save_named("../my best/shot")
        second = rec.save_named("../my best/shot")
        with pytest.raises(BilliardError):
            rec.save_named("///")
    assert first == data_dir / "saved" / "my best_shot.json"
    assert second == data_dir / "saved" / "my best_shot-2.json"
    assert billiard.load(first).to_dict() == shot
    assert billiard.load(second.with_name("my best_shot-2.replay.json")) == replay_of(shot)
    saved = [r for r in list_recordings(data_dir) if r.kind == "saved"]
    assert {r.name for r in saved} == {"my best_shot", "my best_shot-2"}
    assert all(r.mode == "9-ball" and r.number == 1 for r in saved)


def test_write_failures_are_reported_not_raised(tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    seen = []
    rec = Recorder(blocker, on_error=seen.append)
    shot = make_shot()
    rec.record(shot, replay_of(shot))
    rec.close()
    assert rec.errors and seen == rec.errors
    assert "file-not-folder" in rec.errors[0]


def test_without_a_replay_the_writer_thread_simulates_the_shot(data_dir):
    threads = []

    def simulate(shot):
        threads.append(threading.current_thread().name)
        return billiard.simulate(shot)

    with Recorder(data_dir, simulate=simulate) as rec:
        rec.record(make_shot(speed=0.9))
        rec.save_named("auto")
    assert threads == ["billiard-recorder"]
    assert billiard.load(rec.session / "shot-001.replay.json") == replay_of(make_shot(speed=0.9))
    assert billiard.load(data_dir / "saved" / "auto.replay.json") == replay_of(make_shot(speed=0.9))


def test_an_invalid_shot_is_reported_and_nothing_is_saved(data_dir):
    bad = make_shot()
    bad["balls"][1]["pos"] = [9.0, 0.0]  # off the table
    with Recorder(data_dir) as rec:
        rec.record(bad)
        rec.save_named("x")
    assert len(rec.errors) == 2
    assert "outside the playing area" in rec.errors[0]
    assert rec.errors[1] == "shot 1 could not be simulated, so it was not saved as 'x'"
    assert not (data_dir / "saved" / "x.json").exists()


def test_killed_during_a_named_save_leaves_the_saved_folder_intact(data_dir):
    """The game is SIGKILLed while saving a second shot; the first save stays loadable."""
    keep = make_shot()
    with Recorder(data_dir) as rec:
        rec.record(keep, replay_of(keep))
        rec.save_named("keeper")
    script = textwrap.dedent(f"""
        import os, time
        import billiard
        from billiard.replay import Recorder
        from replay_shots import make_shot
        real_fsync = os.fsync
        def stall(fd):
            name = os.readlink(f"/proc/self/fd/{{fd}}")
            if "/saved/.keeper-2.replay.json." in name:
                print("saving", os.path.getsize(name), flush=True)
                time.sleep(60)
            real_fsync(fd)
        rec = Recorder({str(data_dir)!r})
        os.fsync = stall
        shot = make_shot(speed=2.5)
        rec.record(shot)
        rec.save_named("keeper")
        time.sleep(20)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([ROOT, os.path.dirname(__file__)])}
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        word, size = proc.stdout.readline().split()
        assert word == "saving" and int(size) > 50_000  # killed with a big file half saved
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
    saved = data_dir / "saved"
    assert billiard.load(saved / "keeper.json").to_dict() == keep
    assert billiard.load(saved / "keeper.replay.json") == replay_of(keep)
    visible = sorted(p.name for p in saved.iterdir() if not p.name.startswith("."))
    assert visible == ["keeper.json", "keeper.meta.json", "keeper.replay.json"]
    for entry in list_recordings(data_dir):  # every file the browser lists is whole
        billiard.load(entry.path)
    # the next save into the folder removes the dead writer's temporary file
    with Recorder(data_dir) as rec:
        rec.record(keep, replay_of(keep))
        rec.save_named("after")
    assert not [p.name for p in saved.iterdir() if p.name.endswith(".tmp")]
    assert jsonfile.read(saved / "after.meta.json")["name"] == "after"
