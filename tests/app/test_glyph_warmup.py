"""The HUD's glyphs are rendered when it is built, not in the frame that first shows them
(issue 28: a new glyph's copy into the atlas waited for the whole previous frame on llvmpipe,
0.5-2 s): every size a label takes, the shrinking steps included, has every character."""

import pyglet
import pytest

from billiard.app.hud import Hud
from billiard.app.hud_pieces import fit
from billiard.app.layout import HudLayout
from billiard.shell import glyphs
from billiard.shell.window import Shell


@pytest.fixture(scope="module")
def shell():
    shell = Shell.open((1024, 640), visible=False)
    yield shell
    shell.close()


def _fonts(hud):
    return [pyglet.font.load(hud.font, size, dpi=hud.message.dpi) for size in hud.font_sizes()]


def test_the_built_hud_has_every_glyph_of_every_size(shell, monkeypatch):
    monkeypatch.setenv(glyphs.ENV, "1")
    hud = Hud(HudLayout.for_size(1024, 640))
    fonts = _fonts(hud)
    assert len(fonts) >= 15  # the labels' sizes and the shrinking steps
    for font in fonts:
        assert set(glyphs.CHARSET) <= set(font.glyphs), font.size
    before = {id(font): len(font.glyphs) for font in fonts}
    hud.message.text = "Foul: the cue ball was pocketed (ball in hand) - 9-ball, rack 2 ±0.5°"
    assert {id(font): len(font.glyphs) for font in fonts} == before  # nothing new to render


def test_a_shrunk_name_takes_a_size_that_was_rendered(shell, monkeypatch):
    monkeypatch.setenv(glyphs.ENV, "1")
    hud = Hud(HudLayout.for_size(1024, 640))
    u = 640 / 720
    label = hud.players[0]
    label.text = "A very long player name that cannot fit in the room beside the messages"
    fit(label, 15 * u, 200)
    assert label.font_size < 15 * u
    assert label.font_size in hud.font_sizes()


def test_shrink_steps_are_the_labels_own_floats():
    sizes, x = [10.0], 10.0
    while x > 5.5:  # what _fit did: font_size = 0.9 * font_size, while above 0.55 of the size
        x = 0.9 * x
        sizes.append(x)
    assert glyphs.shrink_sizes(10.0, 0.9, 5.5) == sizes and len(sizes) == 7


def test_the_warm_up_can_be_left_out(shell, monkeypatch):
    monkeypatch.setenv(glyphs.ENV, "0")
    assert Hud(HudLayout.for_size(1024, 640))._warm_fonts == []
