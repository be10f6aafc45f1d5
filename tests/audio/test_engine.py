"""The audio object: volume and mute, the audio log, and no device -> silent, said once."""

import json
import logging

import pytest

from billiard.audio import output
from billiard.audio.audio_log import AudioLog
from billiard.audio.engine import AudioEngine
from billiard.audio.mixer import Voice
from billiard.errors import BilliardError


def voices():
    return [(Voice(0.004, "ball", 5, 0.5, -0.25), {"speed": 2.0}), (Voice(0.0, "cue", 5, 1.0, 0.0), {"speed": 3.0})]


def test_volume_scales_gains_and_the_log_has_one_line_per_sound(tmp_path):
    engine = AudioEngine(volume=0.5, log=AudioLog(tmp_path / "a.jsonl"))
    engine.play([], 0.1)
    engine.play(voices(), 1 / 60)
    engine.close()
    lines = [json.loads(s) for s in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert [(d["sound"], d["gain"], d["pan"]) for d in lines] == [("cue", 0.5, 0.0), ("ball", 0.25, -0.25)]
    assert lines[0]["t"] == pytest.approx(0.1) and lines[1]["t"] == pytest.approx(0.104)
    assert lines[1]["speed"] == 2.0 and engine.played == 2


@pytest.mark.parametrize("volume, mute", [(0.8, True), (0.0, False)])
def test_muted_or_zero_volume_plays_and_logs_nothing(tmp_path, volume, mute):
    engine = AudioEngine(volume=volume, mute=mute, log=AudioLog(tmp_path / "a.jsonl"))
    engine.play(voices(), 1 / 60)
    engine.close()
    assert (tmp_path / "a.jsonl").read_text() == "" and engine.played == 0 and len(engine.mixer.tail) == 0


def test_an_unwritable_audio_log_is_one_clear_error(tmp_path):
    (tmp_path / "f").write_text("")
    with pytest.raises(BilliardError, match="audio log"):
        AudioLog(tmp_path / "f" / "a.jsonl")


def test_no_audio_device_is_silent_and_said_once(monkeypatch, caplog):
    """pyglet ends on its silent driver here (or on no driver at all): no output, one line."""
    import pyglet.media
    from pyglet.media.drivers.silent.adaptation import SilentDriver

    monkeypatch.setattr(output, "_told", False)
    monkeypatch.setattr(pyglet.media, "get_audio_driver", lambda: SilentDriver())
    with caplog.at_level(logging.WARNING, logger="billiard.audio.output"):
        assert output.open_output() is None
        assert output.open_output() is None
        engine = AudioEngine.for_window(0.8, False)
        engine.play(voices(), 1 / 60)  # mixed, played nowhere, no error
    assert len(caplog.records) == 1 and "silently" in caplog.records[0].getMessage()

    def broken():
        raise OSError("device busy")

    monkeypatch.setattr(output, "_told", False)
    monkeypatch.setattr(pyglet.media, "get_audio_driver", broken)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="billiard.audio.output"):
        assert output.open_output() is None
    assert len(caplog.records) == 1 and "device busy" in caplog.records[0].getMessage()


def test_pyglet_players_get_the_mixed_blocks_as_16_bit_stereo():
    """Through the real pyglet.media API (its silent driver here, a device elsewhere): each
    frame with sounds starts one player on a static 16-bit stereo source of the block."""
    import pyglet.media

    out = output.PygletOutput(pyglet.media)
    engine = AudioEngine(output=out)
    engine.play(voices(), 1 / 60)
    engine.play([], 1 / 60)
    assert len(out._playing) == 1
    player = out._playing[0][0]
    fmt = player.source.audio_format
    assert (fmt.channels, fmt.sample_size, fmt.sample_rate) == (2, 16, 44100)
    assert player.playing and player.source.duration == pytest.approx(0.1, abs=0.002)  # the cue clip
    engine.close()
    assert out._playing == []
