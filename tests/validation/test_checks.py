"""The validation checks pass on the engine and fail on an engine that is wrong."""

import dataclasses

from billiard.physics.params import POOL
from billiard.physics.world import World
from billiard.validation import checks
from billiard.validation.checks import Result


def test_result_error_and_tolerance():
    assert abs(Result("x", 2.0, 2.01, "m", 0.005).error - 0.005) < 1e-12
    assert not Result("x", 2.0, 2.011, "m", 0.005).ok
    assert Result("angle", 33.7, 35.1, "deg", 1.5, relative=False).ok
    assert not Result("angle", 33.7, 35.3, "deg", 1.5, relative=False).ok


def test_every_check_passes_on_the_engine():
    results = checks.all_checks()
    assert len(results) >= 20
    bad = [(r.quantity, r.theory, r.simulated) for r in results if not r.ok]
    assert bad == []
    names = " ".join(r.quantity for r in results)
    for expected in (
        "slide->roll time",
        "rolling stop distance",
        "head-on",
        "90 deg rule",
        "30 deg rule: rolling, half-ball",
        "follow",
        "draw",
        "momentum",
        "energy",
    ):
        assert expected in names


def test_wrong_cloth_friction_is_caught():
    """A world that secretly uses more cloth friction than the parameters say fails item 1."""

    def factory(balls, table, params):
        return World(balls, table, dataclasses.replace(params, mu_slide=params.mu_slide * 1.02))

    results = checks.slide_to_roll(POOL, factory)
    assert [r.ok for r in results[:1] + results[2:3]] == [False, False]


class Bouncy(World):
    """An engine bug: every ball-ball hit adds 1 % to the speeds of the balls involved."""

    def step(self):
        events = super().step()
        for e in events:
            if e.type == "ball-ball":
                idx = [self.balls.index(b) for b in e.balls]
                self.balls.vel[idx] *= 1.01
        return events


def test_energy_and_momentum_gain_is_caught():
    assert not checks.energy(POOL, Bouncy)[0].ok
    assert not checks.momentum(POOL, Bouncy)[0].ok


class Silent(World):
    """An engine that reports no events at all."""

    def step(self):
        super().step()
        return []


def test_missing_events_fail_the_checks_without_crashing():
    results = checks.slide_to_roll(POOL, Silent) + checks.head_on(POOL, Silent) + checks.momentum(POOL, Silent)
    assert not any(r.ok for r in results[:1] + results[4:6] + results[-1:])


def test_measured_rows_are_in_the_table_and_pass():
    from billiard.validation.measured import MEASURED

    results = [r for check in MEASURED for r in check(POOL, World)]
    names = " ".join(r.quantity for r in results)
    for expected in (
        "throw, stun 30 deg cut at 0.67 m/s",
        "throw, stun 30 deg cut at 3.1 m/s",
        "squirt at 0.3 R",
        "squirt at 0.5 R",
        "cushion: rebound right after impact",
        "torque rolling: stop distance",
        "carom:",
        "diamond system (Corner-5)",
        "object ball after a full rolling hit",
    ):
        assert expected in names
    assert [r.quantity for r in results if not r.ok] == []


def test_constant_ball_friction_and_no_squirt_are_caught():
    from billiard.validation import measured

    def factory(balls, table, params):
        return World(balls, table, dataclasses.replace(params, mu_ball_fit=0.0, end_mass=0.0))

    assert not all(r.ok for r in measured.throw_vs_speed(POOL, factory))
    assert not any(r.ok for r in measured.squirt(POOL, factory))


def test_a_dead_cushion_is_caught():
    from billiard.validation import measured

    def factory(balls, table, params):
        return World(balls, table, dataclasses.replace(params, e_cushion=0.7))

    assert not any(r.ok for r in measured.cushion_rebound(POOL, factory))


def test_diamond_system_rows_and_a_slippery_cushion_is_caught():
    """Corner-5 over three rails: T = D - F within half a diamond; a cushion without friction
    (no grip on the running english) does not reach the third rail where the system says."""
    from billiard.validation import measured

    assert all(r.ok for r in measured.diamond_system(POOL, World))

    def factory(balls, table, params):
        return World(balls, table, dataclasses.replace(params, mu_cushion=0.0))

    assert not any(r.ok for r in measured.diamond_system(POOL, factory))
