"""The game's recording job (billiard/app/shot_recording.py): a write that fails on the
recorder's thread becomes one HUD line, and a scripted play's end waits for the writes."""

from billiard.app.shot_recording import ShotRecording


class SlowRecorder:
    """A recorder whose queued write fails only when its thread gets to it (at ``flush``)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.queued: list[dict] = []

    def record(self, shot: dict, **kwargs) -> None:
        self.queued.append(shot)

    def flush(self) -> None:
        self.errors += ["not-a-folder: Not a directory"] * len(self.queued)
        self.queued.clear()

    def close(self) -> None:
        self.flush()


def recording() -> tuple[ShotRecording, list[str]]:
    said: list[str] = []
    rec = ShotRecording(lambda mode, table, players: SlowRecorder(), said.append)
    rec.new_game("9-ball", "pool-9ft", ("you", "computer"))
    rec.shot_played({"speed": 1.0}, 0)
    rec.shot_finished([0, 0])
    return rec, said


def test_a_failed_write_shows_once_when_the_thread_reports_it():
    rec, said = recording()
    assert rec.show_errors() is False and said == []  # the thread has not got to it yet
    assert rec.recorder is not None
    rec.recorder.flush()
    assert rec.show_errors() is True and said == ["recording: not-a-folder: Not a directory"]
    assert rec.show_errors() is False and len(said) == 1  # one line, not one a frame


def test_settle_waits_for_the_writes_then_shows_the_failure():
    rec, said = recording()
    assert rec.settle() is True and said == ["recording: not-a-folder: Not a directory"]
    assert rec.settle() is False and len(said) == 1
