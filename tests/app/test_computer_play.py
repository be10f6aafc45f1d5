"""The computer in the real window (headless play): it takes its turn, its cue aims and
strikes through the controls (the strike comes after the aiming time), the summary names the
players, and a person's mouse cannot strike for it."""

import json

from in_process import play_ok

SIZE = (320, 180)


def run(tmp_path, events, players, duration=2.5):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"mode": "three-cushion", "duration": duration, "seed": 1, "events": events}))
    summary = tmp_path / "out.json"
    play_ok(
        "--script",
        script,
        "--summary",
        summary,
        "--size",
        "%dx%d" % SIZE,
        "--fps",
        "20",
        "--no-record",
        "--quality",
        "low",
        "--players",
        players,
    )
    return json.loads(summary.read_text())


def test_the_computer_aims_then_strikes_and_ignores_the_mouse(tmp_path):
    press = [
        {"t": 0.1, "type": "mouse_press", "x": 160, "y": 90, "button": "left"},
        {"t": 0.2, "type": "mouse_drag", "x": 160, "y": 60, "dx": 0, "dy": -30, "buttons": ["left"]},
        {"t": 0.25, "type": "mouse_drag", "x": 160, "y": 120, "dx": 0, "dy": 60, "buttons": ["left"]},
        {"t": 0.3, "type": "mouse_release", "x": 160, "y": 120, "button": "left"},
        {"t": 0.4, "type": "key_press", "symbol": "SPACE"},
    ]
    out = run(tmp_path, press, "computer:1,human")
    assert out["players"] == ["computer:1", "human"]
    assert len(out["strikes"]) == 1
    assert out["strikes"][0]["t"] >= 1.3  # after the cue was seen aiming and drawing back
    assert "computer" in out["message"].lower()


def test_computer_against_computer_starts_the_next_rack_by_itself():
    """A demo has nobody to press ENTER: the end-of-rack screen shows NEXT_RACK_S seconds,
    then the next rack is due; with a person playing it waits for ENTER."""
    from types import SimpleNamespace

    from billiard.ai.players import parse_players
    from billiard.app.computer_turns import NEXT_RACK_S, ComputerTurns

    over = SimpleNamespace(rules=SimpleNamespace(game_over=True))
    playing = SimpleNamespace(rules=SimpleNamespace(game_over=False))
    demo = ComputerTurns(parse_players("computer:1,computer:1"), seed=1, processes=False, inline=True)
    try:
        assert demo.waiting_next_rack(over) and not demo.waiting_next_rack(playing)
        steps = [demo.next_rack_due(over, 0.5) for _ in range(int(NEXT_RACK_S / 0.5))]
        assert steps[-1] and not any(steps[:-1])  # due after NEXT_RACK_S, not before
        assert not demo.next_rack_due(playing, 10.0)
    finally:
        demo.close()
    mixed = ComputerTurns(parse_players("human,computer:1"), seed=1, processes=False, inline=True)
    try:
        assert not mixed.waiting_next_rack(over) and not mixed.next_rack_due(over, 60.0)
    finally:
        mixed.close()
