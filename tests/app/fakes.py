"""A board for the controls tests: the screen maps to the table at 1 px = 1 mm around (640, 360)."""
from __future__ import annotations


class FakeBoard:
    def __init__(self, in_hand: bool = False) -> None:
        self.cue = (0.0, 0.0)
        self.in_hand = in_hand
        self.others = [(0.1, 0.0)]

    def to_table(self, x, y):
        return ((x - 640) / 1000.0, (y - 360) / 1000.0)

    def to_screen(self, x, y):
        return (640 + 1000.0 * x, 360 + 1000.0 * y)

    def cue_xy(self):
        return self.cue

    def ball_in_hand(self):
        return self.in_hand

    def ball_radius(self):
        return 0.028575

    def place_cue(self, x, y):
        if any((x - a) ** 2 + (y - b) ** 2 < (2 * 0.028575) ** 2 for a, b in self.others):
            return False
        self.cue = (x, y)
        return True
