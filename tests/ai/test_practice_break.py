"""On the practice table an untouched rack is broken: the coach (level 5's decision) plays
the break book's 8-ball break, not a touch on the rack (found playing: "Coach: play safe",
a 6 % push into the full rack)."""

from billiard.ai import ComputerPlayer, Situation
from billiard.ai.break_book import book_breaks, racked
from billiard.ai.levels import level
from billiard.app.setup import new_session


def test_the_coach_breaks_an_untouched_practice_rack():
    s = new_session("practice")
    assert racked(s.balls, s.rules.cue)
    d = ComputerPlayer(level(5), seed=3).decide(Situation.of_session(s))
    best = book_breaks("8-ball")[0]
    assert d.kind == "break" and d.strike is not None and d.place is not None
    assert d.strike.speed == best.speed and d.strike.tip == (0.0, best.tip_height)
    assert d.place[0] < s.table.head_string_x  # from behind the head string, at the rack's apex
    apex = min((b for b in s.balls.ids if b != s.rules.cue), key=lambda b: s.balls.pos[s.balls.index(b), 0])
    assert d.target == apex


def test_a_broken_rack_is_played_as_usual():
    s = new_session("practice")
    i = s.balls.index("5")
    s.balls.pos[i, :2] = (-0.8, 0.3)  # one ball out of the rack: no longer untouched
    assert not racked(s.balls, s.rules.cue)
    d = ComputerPlayer(level(5), seed=3).decide(Situation.of_session(s))
    assert d.kind != "break"
