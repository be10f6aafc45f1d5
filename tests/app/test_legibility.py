"""Issue 25, point 10: the ball the player is on is ringed on the cloth, the trays say whose
they are, the small labels over the picture (elevation, power, the balls left) have backings."""

import numpy as np
import pytest

from billiard.app.aim_preview import ON_RING, AimPreview
from billiard.app.setup import new_session
from windows import game_window


def covers(back, rect) -> bool:
    """The backing shape lies under the whole of a drawn text's rectangle (x, y, w, h)."""
    x, y, w, h = rect
    return back.x <= x and back.x + back.width >= x + w and back.y <= y and back.y + back.height >= y + h


def test_the_ball_on_is_ringed_and_practice_rings_nothing():
    s = new_session("9-ball")
    rings = AimPreview.on_rings(s)
    assert len(rings) == 1
    centre = s.balls.pos[s.balls.index("1"), :2]
    radii = np.linalg.norm(rings[0].points - centre, axis=1)
    assert radii == pytest.approx(ON_RING * s.ball_radius())
    assert AimPreview.on_rings(new_session("practice")) == ()


def test_a_tray_names_its_player():

    with game_window("9-ball", (1024, 640), "computer:2") as app:
        assert app.session.setup_remove("3")
        app.session.pocketed_by["3"] = 0
        app.update(1 / 60)
        app.draw()
        items = app.hud.drawn()
        tray = [i for i in items if i["text"] == "pocketed by You"]
        assert len(tray) == 1 and not any("pocketed by Computer" in i["text"] for i in items)
        elevation = [i for i in items if i["text"].endswith("\N{DEGREE SIGN}")]
        back = app.hud.stroke.elev_label_back
        assert elevation and back.width >= elevation[0]["rect"][2] and back.visible


def test_the_power_label_has_a_backing_where_it_overhangs_the_top_views_rail():
    """Played at 800x600 in the top view: "power 40%" is wider than its meter and sits over the
    table's left rail, a rail diamond through its figures. It has a dark backing like the
    elevation label's."""
    with game_window("9-ball", (800, 600), "computer:2") as app:
        app.update(1 / 60)
        app.draw()
        power = [i for i in app.hud.drawn() if i["kind"] == "text" and i["text"].startswith("power ")]
        back = app.hud.stroke.power_label_back
        assert len(power) == 1 and back.visible
        x, _, w, _ = power[0]["rect"]
        assert x + w > app.layout.table_area().x  # it does overhang the table's area
        assert covers(back, power[0]["rect"])


def test_the_balls_left_line_has_a_backing_the_cue_passes_under():
    """Played in the 3D view: the cue crosses the bottom line ("On: a colour (hit it first to
    nominate it) | 16 balls on the table") and its white ferrule swallowed the white letters."""
    with game_window("snooker", (1024, 640), "computer:2") as app:
        app.update(1 / 60)
        app.draw()
        line = [i for i in app.hud.drawn() if i["kind"] == "text" and "balls on the table" in i["text"]]
        back = app.hud.remaining_back
        assert len(line) == 1 and back.visible
        assert covers(back, line[0]["rect"])


def test_a_name_row_too_long_beside_a_long_line_drops_its_group_rather_than_shrink_unreadably():
    """Played in the window: three-cushion at 1024x640 with the coach's line on top, the
    computer's row "Computer (level 5)   0   (yellow ball, to 15)" shrank to about 7 px. A row
    that would shrink below 80 % of its size leaves out its group instead."""
    from billiard.app.hud import NAME_MIN_SHARE
    from billiard.app.messages import Priority

    with game_window("three-cushion", (1024, 640), "computer:5") as app:
        app.game.messages.post("Coach: the carom, at noise 1 (8% chance)   Q hides", Priority.INFO, "coach")
        app.update(1 / 60)
        app.draw()
        texts = [i["text"] for i in app.hud.drawn()]
        assert "Computer (level 5)   0" in texts and "> You   0   (white ball, to 15)" in texts
        size = 15 * 640 / 720
        assert all(label.font_size >= NAME_MIN_SHARE * size for label in app.hud.players)


def test_a_tall_stack_of_messages_shrinks_before_it_reaches_the_table():
    """Found playing at 1024x640: the computer's foul (two lines), the player's earlier foul with
    its warning (three lines), the ball in hand and why the pointer's spot is refused reached
    down over the top rail. The earlier message shrinks first, and every line clears the table."""
    from billiard.app.messages import Priority

    with game_window("9-ball", (1024, 640), "computer:2") as app:
        older = (
            "Foul: the cue ball hit nothing. Warning: You have fouled twice in a row, a third foul loses "
            "the rack. Computer (level 2) has ball in hand"
        )
        newer = "Foul: hit the 9 first instead of the 2. You have ball in hand"
        app.game.messages.post(older, Priority.FOUL, "rules", until_act=True)
        app.game.messages.age("rules", "Shot before: ")
        app.game.messages.post(newer, Priority.FOUL, "rules", until_act=True)
        app.controls.why_not = "the cue ball may not go there: a click puts it down where it is drawn"
        app.update(1 / 60)
        app.draw()
        items = {i["text"]: i["rect"] for i in app.hud.drawn()}
        area = app.layout.table_area()
        texts = [newer, "Shot before: " + older, app.controls.why_not]
        texts += [t for t in items if t.startswith("Ball in hand")]
        assert len(texts) == 4 and all(t in items for t in texts), sorted(items)
        for t in texts:
            assert items[t][1] >= area.y + area.h - 2, t  # the text's bottom is above the table's top
        assert app.hud.message2.font_size < app.hud.message.font_size  # the older one gave way first
