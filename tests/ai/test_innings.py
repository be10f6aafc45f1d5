"""The headless summary's ``innings``: one entry per visit to the table."""

from billiard.ai import Level, ComputerPlayer, PlayerSpec
from billiard.app.autoplay import play_game
from billiard.app.innings import Innings, runs
from billiard.game import Outcome


def test_visits_end_by_miss_foul_safety_and_win():
    inn = Innings()
    inn.shot(0, Outcome(next_player=0, pocketed=("1",)), "cue", breaking=True)
    inn.shot(0, Outcome(next_player=1), "cue")  # a miss
    inn.shot(1, Outcome(next_player=1, pocketed=("2", "cue"), fouls=("scratch",)), "cue")
    inn.shot(1, Outcome(next_player=0, fouls=("scratch",)), "cue")
    inn.shot(0, Outcome(next_player=1), "cue", safety=True)
    inn.shot(1, Outcome(next_player=1, pocketed=("3",)), "cue")
    inn.shot(1, Outcome(next_player=1, pocketed=("9",), game_over=True, winner=1), "cue", rack_points=True)
    rows = inn.to_list()
    assert [r["points"] for r in rows] == [0, 0, 0, 0]
    assert [(r["player"], r["shots"], r["pots"], r["ended"], r["break"]) for r in rows] == [
        (0, 2, 1, "miss", True),
        (1, 2, 0, "foul", False),
        (0, 1, 0, "safety", False),
        (1, 2, 2, "rack-won", False),
    ]
    assert runs(rows) == {"breaks": 1, "break_and_run": 0, "average_run": 0.75}


def test_a_computer_game_summary_has_innings_that_add_up():
    lvl = Level(
        3,
        noise=3.0,
        seconds=5.0,
        max_sims=3,
        options=1,
        variants=1,
        robust=0,
        finalists=1,
        banks=False,
        position=False,
        throw=False,
    )
    ais = [ComputerPlayer(lvl, seed=1), ComputerPlayer(lvl, seed=2)]
    s = play_game("9-ball", (PlayerSpec("computer", 3),) * 2, seed=3, max_shots=12, ais=ais)
    inn = s["innings"]
    assert inn and inn[0]["break"] and not any(i["break"] for i in inn[1:])
    assert sum(i["shots"] for i in inn) == s["shots"]
    assert all(i["ended"] in ("miss", "foul", "safety", "rack-won", "game-won", None) for i in inn)
    assert all(a["player"] != b["player"] for a, b in zip(inn, inn[1:]) if a["ended"] != "safety")
    assert all(i["ended"] is not None for i in inn[:-1])
