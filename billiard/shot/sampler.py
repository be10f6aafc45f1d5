"""Samples at exact times k / fps from a world that ticks at a fixed ``dt``.

The engine's tick never changes with the sampling rate (the final state must not depend
on fps). When 1/fps is a whole number of ticks (60 fps with dt = 1/120) every sample is
an exact tick state. Otherwise a sample falls between two ticks and is interpolated by the
one pose rule of :mod:`billiard.physics.pose` (positions lerped, orientations slerped), the
same the game and the replay viewer use between ticks and samples. Tick and
sample times are compared as exact fractions, so rounding never shifts a sample.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import numpy as np

from billiard.physics.pose import interpolate_balls
from billiard.errors import BilliardError


def _tick_fraction(dt: float) -> Fraction:
    """dt as the simplest fraction that rounds to the same float (1/120, not the binary
    value nearest to it); the exact binary value when no simple fraction does."""
    simple = Fraction(dt).limit_denominator(1_000_000_000)
    return simple if simple and float(simple) == dt else Fraction(dt)


class Sampler:
    """Collects (t, pos, quat) samples; call :meth:`tick` after every world step. Raises
    BilliardError once more than ``max_values`` ball samples pile up (a replay too big to
    be read back)."""

    def __init__(
        self,
        fps: int,
        dt: float,
        pos: np.ndarray,
        quat: np.ndarray,
        max_values: int,
        g: float = 0.0,
        airborne: np.ndarray | None = None,
    ) -> None:
        self.fps = fps
        # a sample between two ticks lifts the balls in flight over the whole tick onto their
        # parabola (billiard.physics.pose); g = 0 keeps plain straight-line blending
        self._g_dt2 = g * dt * dt
        self._flying_prev: np.ndarray | None = None if airborne is None else airborne.copy()
        self._flying: np.ndarray | None = None
        self._max_samples = max(2, max_values // max(1, len(pos)))
        per = Fraction(1, fps) / _tick_fraction(dt)
        # ticks per sample = _num / _den exactly; the hot loop compares plain integers
        self._num, self._den = per.numerator, per.denominator
        self._tick = 0
        self._prev: tuple[np.ndarray, np.ndarray] | None = (pos.copy(), quat.copy())
        # samples go into buffers that double when full (a copy per sample, no list of arrays)
        self._n = 0
        self._pos = np.empty((64,) + pos.shape)
        self._quat = np.empty((64,) + quat.shape)
        self._add(pos, quat)

    def _next_scaled(self) -> int:
        """Where the next sample falls, in ticks since the start, times ``_den`` (exact)."""
        return self._n * self._num

    def inside_next(self) -> bool:
        """Whether the next tick has a sample strictly inside it (not on its end)."""
        return self._n * self._num < (self._tick + 1) * self._den

    def tick(
        self,
        pos: np.ndarray,
        quat: np.ndarray,
        airborne: np.ndarray | None = None,
        exact: Callable[[float], tuple[np.ndarray, np.ndarray]] | None = None,
    ) -> None:
        """The world just finished tick number ``self._tick + 1`` with this state;
        ``airborne``: which balls are in the air now (with the last tick's: in flight throughout).
        ``exact(frac)``: the state (pos, quat) a fraction ``frac`` of the way through the tick,
        for a sample inside it, instead of the blend of its two ends (a tick with events: a
        blend across a collision or a landing puts balls off their paths, into each other)."""
        self._tick += 1
        if airborne is not None:
            self._flying = airborne & self._flying_prev if self._flying_prev is not None else None
            self._flying_prev = airborne.copy()
        den = self._den
        end = self._tick * den
        at = self._n * self._num
        while at <= end:
            frac = (at - end + den) / den  # int / int: correctly rounded, as Fraction's float
            if exact is not None and frac < 1.0:
                self._add(*exact(frac))
            else:
                self._add(*self._blend(self._prev, (pos, quat), frac))
            at = self._n * self._num
        # the state is kept only when the next tick has a sample strictly inside it (blended
        # with this state); a sample on a tick's end is that tick's state itself
        if at < end + den:
            self._prev = (pos.copy(), quat.copy())
        else:
            self._prev = None

    def ticks(self, pos: np.ndarray, quat: np.ndarray, count: int) -> None:
        """:meth:`tick` for ``count`` ticks at once, tick ``j``'s state in ``pos[j]``,
        ``quat[j]`` (the world's quiet ticks, run in one call: issue 28): the same samples, the
        same blends, found by looping over the samples that fall in these ticks instead of
        over the ticks."""
        den, num = self._den, self._num
        if self._flying_prev is not None:
            self._flying = self._flying_prev  # no event in a quiet tick: who flies, flies throughout
        first = self._tick
        last = (first + count) * den
        at = self._n * num
        while at <= last:
            m = -(-at // den)  # the first tick ending at or after the sample
            j = m - first - 1
            frac = (at - m * den + den) / den
            if frac == 1.0:
                self._add(pos[j], quat[j])
            else:
                prev = self._prev if j == 0 else (pos[j - 1], quat[j - 1])
                self._add(*self._blend(prev, (pos[j], quat[j]), frac))
            at = self._n * num
        self._tick = first + count
        if at < last + den:
            self._prev = (pos[count - 1].copy(), quat[count - 1].copy())
        else:
            self._prev = None

    def finish(self, pos: np.ndarray, quat: np.ndarray) -> None:
        """Add one last sample at or after the end, so a replay ends on the final state
        (``pos``, ``quat``: the state after the last tick)."""
        if self._next_scaled() - self._num < self._tick * self._den:
            self._add(pos, quat)

    def _add(self, pos: np.ndarray, quat: np.ndarray) -> None:
        n = self._n
        if n >= self._max_samples:
            raise BilliardError(
                f"the replay would hold more than {self._max_samples} samples of "
                f"{len(pos)} balls: lower the fps or the 'max_time' parameter"
            )
        if n == len(self._pos):
            self._pos = np.concatenate([self._pos, np.empty_like(self._pos)])
            self._quat = np.concatenate([self._quat, np.empty_like(self._quat)])
        self._pos[n] = pos
        self._quat[n] = quat
        self._n = n + 1

    def _blend(self, a, b, frac: float) -> tuple[np.ndarray, np.ndarray]:
        if frac == 1.0:
            return b
        return interpolate_balls(a[0], a[1], b[0], b[1], frac, self._flying, self._g_dt2)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """t (S,), pos (S, N, 3), quat (S, N, 4)."""
        n = self._n
        return np.arange(n) / self.fps, self._pos[:n], self._quat[:n]
