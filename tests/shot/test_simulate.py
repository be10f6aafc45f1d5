"""simulate(): a shot through the real engine to a Replay; determinism and sampling."""

import json
import math

import numpy as np
import pytest

import billiard
from billiard.physics.params import POOL
from billiard.errors import BilliardError
from billiard.resources import resource_path
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import Shot

R = 0.028575


def follow_shot() -> dict:
    return json.loads(resource_path("assets", "samples", "follow.json").read_text())


def test_simulate_a_dict_or_a_shot():
    replay = billiard.simulate(follow_shot())
    assert isinstance(replay, Replay)
    assert replay == billiard.simulate(Shot.from_dict(follow_shot()))
    assert replay.engine == f"billiard {billiard.__version__}"
    assert replay.events[0].type == "strike" and replay.events[0].balls == ("cue",)
    assert any(e.type == "ball-ball" and set(e.balls) == {"cue", "1"} for e in replay.events)
    # everything ends at rest, and the samples end on the final state
    assert {f.state for f in replay.final.values()} == {"rest"}
    for ball_id, final in replay.final.items():
        assert np.allclose(replay.pos[ball_id][-1], final.pos, atol=1e-8)
        assert np.allclose(np.linalg.norm(replay.quat[ball_id], axis=1), 1.0)
    assert replay.pos["cue"][0].tolist() == [-0.6, 0.0, R]


def test_follow_shot_follows_the_object_ball():
    """The sample follow shot: the cue ball keeps going forward after a full hit."""
    replay = billiard.simulate(follow_shot())
    hit = next(e for e in replay.events if e.type == "ball-ball")
    cue_at_hit = 0.2 - 2 * R
    assert replay.final["cue"].pos[0] > cue_at_hit + 0.1
    assert replay.final["1"].pos[0] > replay.final["cue"].pos[0]
    assert hit.info["speed"] > 0


def test_same_shot_gives_byte_identical_replay_files(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    billiard.simulate(follow_shot()).save(a)
    billiard.simulate(follow_shot()).save(b)
    assert a.read_bytes() == b.read_bytes()
    loaded = billiard.load(a)
    assert loaded == billiard.simulate(follow_shot())
    loaded.save(b)
    assert a.read_bytes() == b.read_bytes()


def test_samples_are_at_exact_multiples_of_one_over_fps():
    for fps in (60, 30, 50, 7):
        replay = billiard.simulate(follow_shot(), fps=fps)
        assert replay.fps == fps
        assert replay.t.tolist() == (np.arange(len(replay.t)) / fps).tolist()
        last = max(e.t for e in replay.events)
        assert replay.t[-1] >= last
        # the world stops at the end of the tick holding the last event; one sample at or after it
        end_of_last_tick = math.ceil(last / POOL.dt - 1e-9) * POOL.dt
        assert replay.t[-1] >= end_of_last_tick > replay.t[-2]


def test_final_state_does_not_depend_on_fps():
    finals = {fps: billiard.simulate(follow_shot(), fps=fps).final for fps in (60, 24, 240)}
    assert finals[60] == finals[24] == finals[240]


def test_interpolated_samples_lie_between_ticks():
    """At 240 fps, odd samples fall between two 1/120 s ticks, while even samples equal the
    120 fps ones. In a tick without events an odd sample is the midpoint of its neighbours
    (positions are blended between ticks); in a tick with events (the hit) it is the state
    of the last event before it moved along the closed forms (issue 29: a blend across a
    collision put balls inside each other)."""
    fine = billiard.simulate(follow_shot(), fps=240)
    tick = billiard.simulate(follow_shot(), fps=120)
    n = len(tick.t) - 1
    assert np.array_equal(fine.pos["cue"][0 : 2 * n : 2], tick.pos["cue"][:n])
    odd = np.arange(1, 2 * n - 1, 2)
    t_odd = fine.t[odd]
    busy = np.array([any(t - 1 / 240 < e.t < t + 1 / 240 for e in fine.events[1:]) for t in t_odd])
    assert busy.any() and not busy.all()
    mid = (fine.pos["cue"][odd - 1] + fine.pos["cue"][odd + 1]) / 2
    assert np.allclose(fine.pos["cue"][odd[~busy]], mid[~busy], atol=2e-9)
    hit = next(e for e in fine.events if e.type == "ball-ball")
    k = odd[np.argmin(np.abs(t_odd - hit.t))]  # the sample nearest the hit, inside its tick
    gap = np.linalg.norm(fine.pos["cue"][k] - fine.pos["1"][k])
    assert gap >= 2 * 0.028575 - 1e-8  # never inside the object ball


def test_bad_fps_and_bad_shot_type():
    with pytest.raises(BilliardError, match="fps must be an integer from 1 to 240"):
        billiard.simulate(follow_shot(), fps=0)
    with pytest.raises(BilliardError, match="fps must be an integer"):
        billiard.simulate(follow_shot(), fps=2.5)
    with pytest.raises(BilliardError, match="needs a Shot or a shot dict"):
        billiard.simulate("shot.json")


def test_every_sample_shot_simulates_and_reloads(tmp_path):
    for path in sorted(resource_path("assets", "samples").glob("*.json")):
        shot = billiard.load(path)
        assert isinstance(shot, Shot)
        replay = billiard.simulate(shot)
        replay.save(tmp_path / path.name)
        assert billiard.load(tmp_path / path.name) == replay


def test_rack_shot_simulates_and_its_replay_reloads(tmp_path):
    shot = {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "rack": "9-ball",
        "seed": 11,
        "strike": {"ball": "cue", "speed": 6.0, "heading_deg": 0.0},
    }
    replay = billiard.simulate(shot)
    assert set(replay.final) == {"cue", *(str(k) for k in range(1, 10))}
    assert replay.to_dict()["shot"] == Shot.from_dict(shot).to_dict()
    replay.save(tmp_path / "r.json")
    assert billiard.load(tmp_path / "r.json") == replay


def test_tick_fractions():
    from fractions import Fraction

    from billiard.shot.sampler import _tick_fraction

    assert _tick_fraction(1 / 120) == Fraction(1, 120)
    assert _tick_fraction(0.003) == Fraction(3, 1000)
    assert _tick_fraction(1e-7) == Fraction(1, 10_000_000)
    assert float(_tick_fraction(0.1 / 3)) == 0.1 / 3


def test_odd_tick_still_gives_exact_sample_times():
    shot = follow_shot() | {"params": {"dt": 0.003}}
    replay = billiard.simulate(shot, fps=60)
    assert replay.t.tolist() == (np.arange(len(replay.t)) / 60).tolist()
    assert replay.final == billiard.simulate(shot, fps=25).final


def test_runaway_shots_are_refused(monkeypatch):
    with pytest.raises(BilliardError, match="ask for 1.2e\\+09 ticks, at most 200000"):
        billiard.simulate(follow_shot() | {"params": {"dt": 1e-7}})
    from billiard.shot import simulate as sim

    monkeypatch.setattr(sim, "MAX_BALL_SAMPLES", 100)
    with pytest.raises(BilliardError, match="more than 50 samples of 2 balls: lower the fps"):
        billiard.simulate(follow_shot())


def test_a_numerical_breakdown_is_one_clear_error(monkeypatch):
    """An engine that produces NaN mid-shot: simulate() says so instead of writing NaN."""
    from billiard.physics.world import World

    real_step = World.step

    def broken_step(self):
        events = real_step(self)
        if self.t > 0.1:
            self.balls.vel[0, 0] = float("nan")
        return events

    monkeypatch.setattr(World, "step", broken_step)
    with pytest.raises(BilliardError, match="the simulation broke down at t = .*non-finite ball state"):
        billiard.simulate(follow_shot())
