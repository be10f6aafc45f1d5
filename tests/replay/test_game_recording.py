"""A shot played by the game session is recorded as a shot file whose replay (simulated
by ``billiard.simulate``, as ``billiard simulate`` does) ends exactly where the game's
balls ended: recording by re-simulation is faithful, bit for bit."""

import billiard
from billiard.app.controls import StrikeCommand
from billiard.app.session import Session
from billiard.app.setup import new_session
from billiard.replay import Recorder
from billiard.replay.capture import shot_from_balls

SHOTS = (StrikeCommand(2.0, 0.0, 0.0, (0.0, 0.0)), StrikeCommand(1.5, 100.0, 5.0, (-0.2, 0.1)))


def _play_and_record(data_dir, count: int):
    """Play ``count`` shots in one session, recording each; the session and the session folder."""
    s = new_session("9-ball")
    with Recorder(data_dir, mode="9-ball", players=["A", "B"]) as rec:
        for cmd in SHOTS[:count]:
            strike = {
                "ball": s.rules.cue,
                "speed": cmd.speed,
                "heading_deg": cmd.heading_deg,
                "elevation_deg": cmd.elevation_deg,
                "tip": cmd.tip,
            }
            shot = shot_from_balls(s.balls, s.table.name, strike, s.params)
            s.strike(cmd)
            while s.in_shot:
                s.tick()
            rec.record(shot, scores=list(s.rules.scores), player=0)
    assert not rec.errors
    return s, rec.session


def _assert_same_final(session: Session, replay) -> None:
    compared = 0
    for i, ball in enumerate(session.balls.ids):
        if ball in replay.final:
            if replay.final[ball].state == "pocketed" and ball == session.rules.cue:
                continue  # a scratch: the rules take the cue ball back in hand after the shot
            assert replay.final[ball].pos == tuple(float(v) for v in session.balls.pos[i]), ball
            compared += 1
    assert compared >= len(session.balls.ids) - 1


def test_the_first_game_shot_recorded_ends_where_the_game_ended(data_dir):
    s, folder = _play_and_record(data_dir, 1)
    _assert_same_final(s, billiard.load(folder / "shot-001.replay.json"))


def test_a_later_game_shot_recorded_ends_where_the_game_ended(data_dir):
    s, folder = _play_and_record(data_dir, 2)
    _assert_same_final(s, billiard.load(folder / "shot-002.replay.json"))
