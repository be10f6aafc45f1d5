"""A board for the controls tests: the screen maps to the table at 1 px = 1 mm around (640, 360)."""

from __future__ import annotations


class FakeBoard:
    def __init__(self, in_hand: bool = False, place_first: bool = True) -> None:
        self.cue = (0.0, 0.0)
        self.in_hand = in_hand
        self.first = place_first
        self.others = [(0.1, 0.0)]
        self.min_elevation = 0.0  # what the rails and balls ask of the cue
        self.over = False

    def to_table(self, x, y):
        t = ((x - 640) / 1000.0, (y - 360) / 1000.0)
        return t if abs(t[0]) < 0.6 and abs(t[1]) < 0.3 else None  # off the table: None

    def to_screen(self, x, y):
        return (640 + 1000.0 * x, 360 + 1000.0 * y)

    def cue_xy(self):
        return self.cue

    def ball_in_hand(self):
        return self.in_hand

    def place_first(self):
        return self.first

    def rack_over(self):
        return self.over

    def ball_radius(self):
        return 0.028575

    def cue_spot_ok(self, x, y):
        return not any((x - a) ** 2 + (y - b) ** 2 < (2 * 0.028575) ** 2 for a, b in self.others)

    def place_cue(self, x, y):
        if not self.in_hand or not self.cue_spot_ok(x, y):
            return False
        self.cue = (x, y)
        return True

    def least_elevation(self, heading_deg, tip, wanted_deg):
        return max(wanted_deg, self.min_elevation)
