"""A stand-in for the physics world until the real one is used: the struck ball slides in a
straight line, slowing at a constant rate, bounces off the side rails and drops into a
"pocket" at either end rail (emitting the events the real engine would)."""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.events import Event
from billiard.physics.state import Balls, Motion


class FakeWorld:
    def __init__(self, balls: Balls, table, params):
        self.balls, self.table, self.params, self.t = balls, table, params, 0.0

    def strike(self, ball_id, speed, heading_deg, elevation_deg, tip):
        i = self.balls.index(ball_id)
        h = math.radians(heading_deg)
        self.balls.vel[i] = (speed * math.cos(h), speed * math.sin(h), 0.0)
        self.balls.motion[i] = Motion.SLIDING
        return Event(self.t, "strike", (ball_id,), {"speed": speed})

    def step(self):
        b, dt, events = self.balls, self.params.dt, []
        self.t += dt
        for i in np.flatnonzero(b.motion == Motion.SLIDING):
            v = b.vel[i]
            speed = float(np.hypot(v[0], v[1]))
            new = max(0.0, speed - 2.0 * dt)
            b.vel[i] *= new / speed
            b.pos[i] += b.vel[i] * dt
            if abs(b.pos[i, 1]) > self.table.half_width - b.radius[i]:
                b.vel[i, 1] *= -1
                events.append(Event(self.t, "ball-cushion", (b.ids[i],), {"cushion": "side"}))
            if abs(b.pos[i, 0]) > self.table.half_length - b.radius[i]:
                b.motion[i] = Motion.POCKETED
                b.vel[i] = 0.0
                b.pocket[i] = "end"
                events.append(Event(self.t, "ball-pocket", (b.ids[i],), {"pocket": "end"}))
            elif new == 0.0:
                b.motion[i] = Motion.REST
        return events

    def moving(self):
        return bool(np.any(b == Motion.SLIDING for b in self.balls.motion))


def dropping(ball_id: str) -> type[FakeWorld]:
    """The fake world, plus ball ``ball_id`` dropping into the end pocket in the first tick
    (a ball pocketed alongside whatever the shot does)."""

    class Dropping(FakeWorld):
        def step(self):
            events = super().step()
            i = self.balls.index(ball_id)
            if self.balls.motion[i] != Motion.POCKETED:
                self.balls.motion[i], self.balls.pocket[i] = Motion.POCKETED, "end"
                self.balls.pos[i] = (self.table.half_length + 0.05, 0.0, -0.1)
                events.append(Event(self.t, "ball-pocket", (ball_id,), {"pocket": "end"}))
            return events

    return Dropping
