"""Issue 25's points 1-3 and 7 as input-event tests: the computer's spin never carries into the
player's stroke, a foul stays on screen until its player acts, a frame is drawn when a shot
ends with no input at all, and the end-of-rack panel names the winner."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from billiard.ai.players import parse_player
from billiard.app.controls import Action, StrikeCommand
from billiard.app.game_controller import EARLIER, OLDER, GameController
from billiard.app.layout import HudLayout
from billiard.app.messages import MessageQueue, Priority
from billiard.app.turn import Phase, check, new_turn_resets
from billiard.settings import Settings
from billiard.shell.keymap import Command

FRAME = 1 / 60


def controller(mode, computer_sides=(False, False), keep_cue=False):
    g = GameController(HudLayout.for_size(1280, 720), None, None, lambda x, y: None, Settings(keep_cue=keep_cue))
    g.computer_sides = computer_sides
    g.start(mode, None)
    return g


def play_out(g, max_s=40.0):
    t = 0.0
    while (g.session.in_shot or g.controls.phase in (Phase.AUTO, Phase.STRIKE, Phase.ROLLING)) and t < max_s:
        g.act(g.controls.take_actions())
        g.controls.update(FRAME)
        g.act(g.controls.take_actions())
        g.update(FRAME)
        t += FRAME
    assert not g.session.in_shot


def computer_plays(g, tip, elevation=0.0, speed=0.4, heading=90.0):
    """The computer's stroke, through the same path ComputerTurns takes (controls.play)."""
    g.messages.post("Computer (level 1) is thinking...", Priority.COMPUTER, "computer")
    assert g.controls.play(StrikeCommand(speed, heading, elevation, tip), 0.1, 0.1)
    play_out(g)


def test_a_computer_turn_then_a_human_stroke_has_a_centred_tip_and_a_level_cue():
    g = controller("three-cushion", (True, False))
    computer_plays(g, (-0.03, -0.45), elevation=20.0)  # a soft miss: the turn passes
    assert g.session.rules.turn == 1 and g.session.strikes[-1]["player"] == 0
    assert g.session.strikes[-1]["tip"] == pytest.approx([-0.03, -0.45])
    assert g.controls.cue.tip == (0.0, 0.0) and g.controls.cue.elevation_deg == 0.0
    g.controls.command(Command("key-strike"))  # the human's keyboard stroke
    g.act(g.controls.take_actions())
    assert g.session.strikes[-1]["player"] == 1 and g.session.strikes[-1]["tip"] == [0.0, 0.0]


def test_a_player_who_wants_to_keep_the_cue_between_turns_can():
    g = controller("three-cushion", (True, False), keep_cue=True)
    computer_plays(g, (0.1, 0.2))
    assert g.session.rules.turn == 1 and g.controls.cue.tip == pytest.approx((0.1, 0.2))


def test_the_same_player_shooting_again_keeps_the_tip():
    assert new_turn_resets(0, 0, False, False).tip is False
    assert new_turn_resets(0, 1, False, False).tip is True
    assert new_turn_resets(None, 0, False, False).tip is False


def test_a_human_foul_against_the_computer_stays_on_screen_until_the_player_acts():
    g = controller("9-ball", (False, True))
    s = g.session
    g.controls.put_down()
    g.controls.set_cue(heading_deg=180.0)  # away from the rack, soft: hits nothing
    g.act([Action("strike", StrikeCommand(0.3, 180.0, 0.0, (0.0, 0.0)))])
    play_out(g)
    foul = s.rules.message
    assert foul.startswith("Foul") and s.rules.turn == 1
    assert g.messages.top() == foul
    g.messages.post("Computer (level 1) is thinking...", Priority.COMPUTER, "computer")
    assert g.messages.lines(2) == (foul, "Computer (level 1) is thinking...")  # under the foul, not over it
    g.controls.pick_up()
    g.controls.put_down()
    g.controls.set_cue(heading_deg=0.0)
    g.act([Action("strike", StrikeCommand(0.3, 180.0, 0.0, (0.0, 0.0)))])  # the computer fouls too
    play_out(g)
    assert s.rules.turn == 0 and "Shot before: " + foul in g.messages.lines(2)  # still there, marked older
    g.messages.acted()  # the player acts
    assert not any(foul in line for line in g.messages.lines(3))


def test_messages_rank_by_priority_and_a_channel_replaces_its_own():
    q = MessageQueue()
    q.post("thinking", Priority.COMPUTER, "computer")
    q.post("Foul: scratch", Priority.FOUL, "rules", until_act=True)
    q.post("cuts the 3", Priority.COMPUTER, "computer")
    assert q.lines(3) == ("Foul: scratch", "cuts the 3")
    q.post("point", Priority.RULES, "rules")
    assert q.lines(3) == ("Foul: scratch", "point", "cuts the 3")
    q.acted()
    assert q.lines(3) == ("point", "cuts the 3")


def test_what_the_computer_played_stays_beside_an_older_foul_until_the_player_acts():
    """Found playing: after the player's foul the computer took ball in hand and played a
    safety; back on the player's turn the screen still said "Computer has ball in hand" (the
    held foul) and nothing of the safety. Its line now stays until the player acts."""
    q = MessageQueue()
    q.post("Foul: hit the 3 first. Computer has ball in hand", Priority.FOUL, "rules", until_act=True)
    q.post("Computer is thinking...", Priority.COMPUTER, "computer")
    q.post("Computer: safety on the 1", Priority.COMPUTER, "computer")
    q.age("rules", "Shot before: ")  # the safety's verdict comes in
    q.hold("computer")  # the computer's turn is over
    q.hold("computer")  # (every frame after)
    assert q.lines(3) == ("Shot before: Foul: hit the 3 first. Computer has ball in hand", "Computer: safety on the 1")
    q.acted()
    assert q.lines(3) == ()


def test_a_foul_held_through_the_computers_visit_reads_earlier_not_shot_before():
    """Found playing 8-ball: after the player's foul the computer took ball in hand and potted
    two balls; back on the player's turn the foul still read "Shot before: ... Computer has
    ball in hand", though three shots had come since. From the second verdict on it reads
    "Earlier: ", and stays so."""
    q = MessageQueue()
    foul = "Foul: the cue ball hit nothing. Computer has ball in hand"
    q.post(foul, Priority.FOUL, "rules", until_act=True)
    q.age("rules", EARLIER, OLDER)  # the computer's first shot is judged
    q.post("11 pocketed", Priority.RULES, "rules")
    assert q.lines(2) == (EARLIER + foul, "11 pocketed")
    for verdict in ("10 pocketed", "Computer missed"):  # its next shots
        q.age("rules", EARLIER, OLDER)
        q.post(verdict, Priority.RULES, "rules")
        assert q.lines(2) == (OLDER + foul, verdict)
    q.acted()
    assert q.lines(2) == ("Computer missed",)


def test_the_coach_asked_for_shows_beside_a_held_foul_over_the_last_shot_and_its_verdict():
    """Found playing 9-ball and three-cushion: after the player's foul and the computer's
    shot, Q on the player's turn laid the cue on the coach's shot, but its line (what it
    plays, the chance) never showed: the held foul and the computer's held line, or the
    verdict on the computer's shot, took both places."""
    q = MessageQueue()
    foul = "Foul: the cue ball hit nothing. Computer has ball in hand"
    q.post(foul, Priority.FOUL, "rules", until_act=True)
    q.post("Computer: safety on the 1", Priority.COMPUTER, "computer")
    q.age("rules", EARLIER, OLDER)
    q.hold("computer")  # the computer's turn is over
    q.post("Coach: thinking...", Priority.COACH, "coach")
    assert q.lines(2) == (EARLIER + foul, "Coach: thinking...")
    q.post("Coach: kick at the 1, then the 2 (80% chance)", Priority.COACH, "coach")
    assert q.lines(2) == (EARLIER + foul, "Coach: kick at the 1, then the 2 (80% chance)")
    q.post(
        "no point for Computer: only 1 cushion before the second ball", Priority.RULES, "rules"
    )  # the computer's next shot
    assert q.lines(2) == (EARLIER + foul, "Coach: kick at the 1, then the 2 (80% chance)")
    q.acted()  # the held foul goes: the verdict shows under the coach
    assert q.lines(2) == (
        "Coach: kick at the 1, then the 2 (80% chance)",
        "no point for Computer: only 1 cushion before the second ball",
    )


def test_a_turn_transition_not_in_the_table_is_refused():
    assert check("aim", "power") is Phase.POWER
    with pytest.raises(AssertionError):
        check("rolling", "power")
    assert check("rolling", "setup", restart=True) is Phase.SETUP


def _app(players, mode="three-cushion", size=(320, 180)):
    from billiard.app.game_app import GameApp
    from billiard.shell.window import Shell

    shell = Shell.open(size, visible=False)
    app = GameApp(
        shell,
        mode,
        None,
        preview_executor=lambda: ThreadPoolExecutor(1),
        settings=Settings(),
        players=players,
        ai_seed=3,
        inline_ai=True,
    )
    return shell, app


def test_after_a_shot_against_the_computer_a_frame_is_drawn_with_no_input():
    """Top view (no camera motion): the frame at which the computer's shot stops and the turn
    passes to the player is drawn at once, and it no longer says "rolling"."""
    from pyglet.window import key

    shell, app = _app((parse_player("computer:1"), parse_player("human")))
    try:
        app.input.handler("key_press")(key.V, 0)
        ends, drawn_at_end = 0, 0
        step = 1 / 20  # the game's update steps: the shot's physics ticks are the same at any step
        for _ in range(20 * 30):
            if app.idle():
                continue
            was_rolling = app.session.in_shot
            app.update(step)
            ended = was_rolling and not app.session.in_shot
            if app.needs_redraw():
                app.draw()
                drawn_at_end += ended
            ends += ended
            if ends and not app.session.in_shot and app.session.rules.turn == 1 and app.idle():
                break
        assert ends >= 1 and drawn_at_end == ends
        assert app.session.rules.turn == 1 and app.idle()
        texts = [item["text"] for item in app.hud.drawn()]
        assert "rolling" not in texts and any("You" in t for t in texts)
        assert app.controls.cue.tip == (0.0, 0.0)
        said = app.session.rules.players[0] + ": "  # what the computer played stays on the player's turn
        assert any(t.startswith(said) for t in texts), texts
        app.input.handler("key_press")(key.LEFT, 0)  # the player aims: it has been read
        app.update(step)
        app.input.handler("key_release")(key.LEFT, 0)
        app.update(step)
        app.draw()
        assert not any(item["text"].startswith(said) for item in app.hud.drawn())
    finally:
        app.preview.close()
        app.computer.close()
        shell.close()


def test_the_end_of_rack_panel_names_the_winner_and_its_buttons():
    from pyglet.window import key

    shell, app = _app((parse_player("human"), parse_player("computer:2")), mode="9-ball", size=(1024, 640))
    try:
        s = app.session
        app.input.handler("key_press")(key.ENTER, 0)  # the ball in hand goes down where it lies
        app.input.handler("key_press")(key.V, 0)  # the top view: each ball's number drawn over it
        s.balls.pos[s.balls.index("5"), :2] = (0.0, 0.0)  # the middle of the table, under the box
        s.balls.pos[s.balls.index("1"), :2] = (-1.1, 0.5)  # near the head rail, clear of it
        s.rules.game_over, s.rules.winner, s.rules.scores = True, 0, [1, 0]
        s.rules.message = "You wins: 9 pocketed"
        app.update(FRAME)
        app.draw()
        items = app.hud.drawn()
        texts = [i["text"] for i in items]
        assert any(t.startswith("You win (9 pocketed)") for t in texts)
        assert [i["text"] for i in items if i["kind"] == "button"] == [
            "Next rack (ENTER)",
            "Replay the rack (R)",
            "Menu (ESCAPE)",
        ]
        marker = [i["text"] for i in items if i["text"].startswith("> ")]
        assert marker and marker[0].startswith("> You")  # the marker points at the winner
        # the numbers of the balls under the box are not drawn over it; those clear of it still are
        numbers = [i["text"] for i in items if i["kind"] == "ball number"]
        assert "5" not in numbers and "1" in numbers
        # The box is opaque: below its last line of figures and above its buttons nothing of the
        # table or the balls under it shows through (a ball's number once read as a figure).
        from billiard.app.hud_rack_box import BACK

        box, button, u = app.layout.rack_box(), app.layout.rack_button(0, 3), app.window.height / 720
        rgb = app.frame.screenshot_rgb()
        scale = rgb.shape[0] / app.window.height
        upper = int((app.window.height - (box.y + box.h - 185 * u)) * scale)  # under the second line of figures
        lower = int((app.window.height - (button.y + button.h + 4 * u)) * scale)  # over the buttons
        band = rgb[upper:lower, int((box.x + 6) * scale) : int((box.x + box.w - 6) * scale)]
        assert band.size and (band == BACK[:3]).all(axis=2).mean() > 0.99
        app.input.handler("key_press")(key.ENTER, 0)
        assert not app.session.rules.game_over and app.session.rules.scores == [1, 0]
    finally:
        app.preview.close()
        app.computer.close()
        shell.close()


def test_against_the_computer_the_verdicts_speak_to_you():
    from billiard.app.wording import second_person

    assert second_person("Foul: scratch. You has ball in hand") == "Foul: scratch. You have ball in hand"
    assert second_person("You wins: 9 pocketed") == "You win: 9 pocketed"
    assert second_person("Player 2 has ball in hand") == "Player 2 has ball in hand"


def test_the_next_racks_breaker_is_announced_until_the_break_is_played():
    """Found playing: "next rack: You break" stayed at the top through the computer's turns."""
    g = controller("9-ball")
    g.session.rules.game_over, g.session.rules.winner = True, 0
    g.act([Action("next-rack")])
    assert "next rack: Player 1 breaks" in g.messages.lines()
    g.controls.put_down()  # the ball in hand behind the head string, where it lies
    assert g.controls.fire(6.0)
    play_out(g)
    assert not any("next rack" in line for line in g.messages.lines(5))


def test_the_power_bar_shows_the_computer_s_own_stroke():
    """Played at 1280x720: while the computer drew its cue back the bar read "power 100%",
    the player's own keyboard power left from the break, beside the computer's tip and
    elevation."""
    from billiard.formats.limits import power_of_speed

    shell, app = _app((parse_player("computer:1"), parse_player("human")), mode="9-ball")
    try:
        app.controls.cue.key_power = 1.0  # the player's own power, as after a full break
        for _ in range(20 * 30):
            app.update(1 / 20)
            if app.controls.auto is not None:
                break
        auto = app.controls.auto
        assert auto is not None
        app.draw()
        texts = [item["text"] for item in app.hud.drawn()]
        shown = f"power {100 * power_of_speed(auto.command.speed, app.controls.max_speed):.0f}%"
        assert shown in texts and shown != "power 100%", texts
    finally:
        app.preview.close()
        app.computer.close()
        shell.close()
