"""The replay browser window, headless: recent and saved shots listed, one opened with Enter,
a damaged file reported on one line in the window. (Its own module: one moderngl window
context at a time per process.)"""

import pytest

from billiard.shell.pygletconf import configure

from replay_shots import make_shot, replay_of

configure(headless=True)


def _send(v, kind, *args):
    v.window.dispatch_event(f"on_{kind}", *args)
    v.window.dispatch_events()


def test_browser_lists_recordings_opens_one_and_shows_errors_in_the_window(data_dir):
    from pyglet.window import key

    from billiard.replay import Recorder
    from billiard.replay.viewer import open_viewer

    with Recorder(data_dir, mode="three-cushion") as rec:
        for speed in (0.6, 0.8):
            rec.record(make_shot(speed=speed), replay_of(make_shot(speed=speed)))
        rec.save_named("good one")
    (rec.session / "shot-002.replay.json").write_text('{"format": "billiard-replay/1"')  # damaged
    v = open_viewer(None, (480, 270), headless=True, data_dir=str(data_dir))
    try:
        assert [e.name for e in v.browser.entries] == ["good one", "shot 2", "shot 1"]
        v.window.switch_to()
        v.draw()
        assert "good one" in v.panel.rows[0].text and "(three-cushion, shot 2)" in v.panel.rows[0].text
        _send(v, "key_press", key.DOWN, 0)
        _send(v, "key_press", key.ENTER, 0)  # the damaged replay: one line in the window
        assert v.opened is None and "shot-002.replay.json" in v.message and "\n" not in v.message
        v.draw()
        assert v.panel.message.text == v.message
        _send(v, "key_press", key.DOWN, 0)
        _send(v, "key_press", key.ENTER, 0)
        assert v.opened is not None and v.opened.replay == replay_of(make_shot(speed=0.6))
        v.update(0.25)
        assert v.timeline.t == pytest.approx(0.25)
        _send(v, "key_press", key.ESCAPE, 0)  # back to the list
        assert v.opened is None and v.browser.selected == 2
    finally:
        v.close()


def test_n_and_p_walk_through_a_match_with_its_scores(data_dir):
    from pyglet.window import key

    from billiard.replay import Recorder
    from billiard.replay.source import open_file
    from billiard.replay.viewer import open_viewer

    with Recorder(data_dir, mode="three-cushion", players=["Ann", "Bob"]) as rec:
        for k, speed in enumerate((0.6, 0.7, 0.8)):
            rec.record(make_shot(speed=speed), replay_of(make_shot(speed=speed)), scores=[k, 1])
    v = open_viewer(open_file(rec.session / "match.json"), (480, 270), headless=True)
    try:
        seen = [(v.opened.number, v.opened.scores)]
        for symbol in (key.N, key.N, key.N, key.P):
            _send(v, "key_press", symbol, 0)
            seen.append((v.opened.number, v.opened.scores))
        assert seen == [(1, (0, 0)), (2, (0, 1)), (3, (1, 1)), (3, (1, 1)), (2, (0, 1))]
        assert v.opened.replay == replay_of(make_shot(speed=0.7))
        v.window.switch_to()
        v.draw()
        assert v.status.text.startswith("three-cushion  Ann 0  Bob 1  |  shot 2 of 3")
    finally:
        v.close()
