"""Quiet ticks run in blocks (issue 28: ``World.quiet_ticks`` and ``Sampler.ticks``) give the
very replay that the tick-by-tick loop gives: the same events, samples and final state, bit
for bit, at sampling rates whose samples fall on ticks (60 fps) and between them."""

import numpy as np
import pytest

from billiard.physics import kernels
from billiard.physics.world import World
from billiard.shot.simulate import simulate
from billiard.validation.speed_targets import break_shot_dict

pytestmark = pytest.mark.skipif(kernels.ENGINE != "compiled", reason="blocks are the compiled engine's")


def _same(a, b):
    assert [(e.t, e.type, e.balls) for e in a.events] == [(e.t, e.type, e.balls) for e in b.events]
    assert np.array_equal(a.t, b.t)
    for ball in a.pos:
        assert np.array_equal(a.pos[ball], b.pos[ball]) and np.array_equal(a.quat[ball], b.quat[ball]), ball
    assert a.final == b.final


@pytest.mark.parametrize("fps", [60, 50, 7])
def test_blocks_of_quiet_ticks_give_the_tick_by_tick_replay(fps, monkeypatch):
    shot = break_shot_dict("9-ball", 1)
    blocked = simulate(shot, fps=fps)
    calls = []
    original = World.quiet_ticks

    def counted(self, *args):
        ran = original(self, *args)
        calls.append(ran)
        return ran

    monkeypatch.setattr(World, "quiet_ticks", counted)
    simulate(shot, fps=fps)
    assert max(calls) > 8  # blocks did run (most of a break's ticks are quiet)
    monkeypatch.setattr(World, "quiet_ticks", lambda self, *args: 0)  # every tick by step()
    _same(blocked, simulate(shot, fps=fps))


def test_a_block_stops_before_the_next_event(monkeypatch):
    ticks = []
    shot = break_shot_dict("8-ball", 2)
    replay = simulate(shot)
    original = World.quiet_ticks

    def watched(self, limit, out_pos, out_quat):
        before = self._tick
        ran = original(self, limit, out_pos, out_quat)
        if ran:
            t_next = min(self._t_contact, self._t_trans_min, self._t_pocket_min, self._t_plan_end)
            assert (before + ran) * self.params.dt < t_next and ran <= limit
            ticks.append(ran)
        return ran

    monkeypatch.setattr(World, "quiet_ticks", watched)
    again = simulate(shot)
    assert ticks
    _same(replay, again)
