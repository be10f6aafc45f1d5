"""The parts of issue 31's look, read back as pixels at every quality level: the lamp shades
and their glow in the aim view, a darker ring (the contact shadow) round every ball seen from
above, a cloth that is not one flat colour (weave close up, darker along the cushions),
leather pockets, and an environment map that holds the hall (cloth below, dim room above)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from billiard.render.camera import Camera, aim_camera
from billiard.render.environment import face_matrix
from billiard.render.quality import NAMES
from billiard.render.renderer import Renderer
from billiard.render.room import SHADE_RIM, SHADE_TOP, lamp_positions
from billiard.render.scene import BallView, SceneState
from tests.render.helpers import R, pocket_table, rack

SIZE = (480, 270)


@pytest.fixture(scope="module", params=NAMES)
def renderer(gl_ctx, request):
    r = Renderer(gl_ctx, SIZE, 0, request.param)
    yield r
    r.release()


@pytest.fixture(scope="module")
def table():
    return pocket_table()


def green(px: np.ndarray) -> np.ndarray:
    return (px[..., 1] > px[..., 0] + 25) & (px[..., 1] > px[..., 2] + 5)


def test_the_aim_view_shows_the_far_lamp_shade_and_its_glow(renderer, table):
    balls = rack(table)
    cam = aim_camera(balls.pos[0], 0.0, R)
    img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
    far = lamp_positions(table)[2]
    x0, y_top = cam.project((far[0], 0.0, SHADE_TOP), SIZE)
    _, y_rim = cam.project((far[0], 0.0, SHADE_RIM), SIZE)
    assert 0 <= y_top < y_rim < SIZE[1] / 2  # the shade is in the upper half
    box = img[max(0, int(y_top) - 2) : int(y_rim) + 6, int(x0) - 40 : int(x0) + 40]
    assert green(box).sum() >= 40  # the green enamel outside
    assert (box.min(axis=2) > 200).sum() >= 20  # the glowing inside seen from below
    wall = img[max(0, int(y_top) - 2) : int(y_rim) + 6, 5:40]
    assert wall.max() < 200 and green(wall).sum() == 0  # beside it: the plain wall
    under = img[int(y_rim) + 8 : int(y_rim) + 12]  # the wall just under the rim: the glow
    assert under[:, int(x0) - 4 : int(x0) + 5].sum(axis=2).mean() > 1.2 * under[:, -40:-5].sum(axis=2).mean()


def test_every_ball_has_a_darker_ring_under_it(renderer, table):
    """Seen from straight above, the cloth just outside each ball's outline (1.2 R from its
    centre) is darker than the cloth 3.5 R away, in every direction: the contact shadow."""
    lamps = lamp_positions(table)
    spots = [(lamps[0][0] + 0.42, 0.30), (lamps[1][0] - 0.40, -0.35), (lamps[2][0] + 0.05, 0.45)]
    balls = BallView.create(["cue", "1", "2"], [(x, y, R) for x, y in spots], radius=R)
    for x, y in spots:
        cam = Camera((x, y, 0.0), 90.0, 90.0, 0.45, 36.0)
        img = renderer.snapshot(SceneState(table, balls), cam).astype(float)
        for a in np.linspace(0.0, 2 * math.pi, 8, endpoint=False):
            d = np.array([math.cos(a), math.sin(a)])
            near, far = (_lum(img, cam, np.array([x, y]) + k * R * d) for k in (1.2, 3.5))
            assert near < 0.82 * far, (x, y, a)


def _lum(img: np.ndarray, cam: Camera, xy) -> float:
    """Mean brightness (sum of channels) of the 3x3 pixels where the bed point ``xy`` lands."""
    px, py = cam.project((*xy, 0.0), SIZE)
    return float(img[int(py) - 1 : int(py) + 2, int(px) - 1 : int(px) + 2].sum(axis=2).mean())


def test_the_cloth_has_a_weave_close_up_and_darkens_along_the_cushions(renderer, table):
    empty = BallView.create(["cue"], [(-0.9, -0.4, R)], radius=R)
    close = Camera((0.2, 0.1, 0.0), 90.0, 90.0, 0.12, 36.0)
    img = renderer.snapshot(SceneState(table, empty), close).astype(float)
    g = img[60:210, 100:380, 1]
    assert g.std() > 2.0  # not one flat colour: the twill
    rows = np.abs(np.diff(g, axis=0)).mean()
    assert rows > 1.0  # fine lines, not a smooth gradient
    hw = table.half_width
    top = Camera((0.35, hw - 0.06, 0.0), 90.0, 90.0, 0.5, 36.0)  # over the cloth by a cushion
    img = renderer.snapshot(SceneState(table, empty), top).astype(float)
    assert _lum(img, top, (0.35, hw - 0.008)) < 0.85 * _lum(img, top, (0.35, hw - 0.15))  # darker at the cushion


def test_pockets_are_leather_not_black_and_shade_the_cloth_round_them(renderer, table):
    balls = rack(table)
    pocket = next(p for p in table.pockets if p.kind == "side")
    cam = Camera((pocket.center[0], pocket.center[1] - 0.25, 0.0), 90.0, 35.0, 0.6, 36.0)
    img = renderer.snapshot(SceneState(table, balls), cam).astype(int)
    px, py = cam.project((pocket.center[0], pocket.center[1], -0.01), SIZE)
    patch = img[int(py) - 3 : int(py) + 4, int(px) - 12 : int(px) + 13].reshape(-1, 3)
    brown = (patch[:, 0] > patch[:, 2] + 8) & (patch[:, 0] >= patch[:, 1])
    assert brown.mean() > 0.5 and np.median(patch.max(axis=1)) > 25
    # the cloth just inside the mouth is darker than the cloth as far from the cushion 15 cm along
    sign = math.copysign(1.0, pocket.center[1])
    y = pocket.center[1] - sign * (pocket.radius + 0.012)
    top = Camera((pocket.center[0] + 0.07, y, 0.0), 90.0, 90.0, 0.45, 36.0)
    img = renderer.snapshot(SceneState(table, balls), top).astype(float)
    assert _lum(img, top, (pocket.center[0], y)) < 0.9 * _lum(img, top, (pocket.center[0] + 0.15, y))


def test_the_environment_map_holds_the_cloth_below_and_the_room_above(renderer, table):
    renderer.snapshot(SceneState(table, rack(table)), Camera())
    n = renderer.env.size
    assert n == {"low": 64, "medium": 128, "high": 256}[renderer.quality.name]

    def face(k: int) -> np.ndarray:
        return np.frombuffer(renderer.env.texture.read(face=k), np.uint8).reshape(n, n, 4)[..., :3].astype(int)

    assert green(face(5)).mean() > 0.9  # -z: the bed under the balls
    assert green(face(4)).mean() < 0.02  # +z: the ceiling
    side = face(0)  # +x: lower half cloth, upper half room
    assert green(side[:, : n // 2 - 4]).mean() < 0.1 < 0.5 < green(side[:, n // 2 + 4 :]).mean()


@pytest.mark.parametrize("face", range(6))
def test_cube_faces_follow_the_gl_convention(face):
    """A direction lands on its face where OpenGL's table 8.19 says: (sc/|ma|, tc/|ma|)."""
    rng = np.random.default_rng(face)
    eye = np.array([0.3, -0.2, 0.05])
    axes = [
        np.array(a, float)
        for a in [
            ((0, 0, -1), (0, -1, 0), (1, 0, 0)),
            ((0, 0, 1), (0, -1, 0), (-1, 0, 0)),
            ((1, 0, 0), (0, 0, 1), (0, 1, 0)),
            ((1, 0, 0), (0, 0, -1), (0, -1, 0)),
            ((1, 0, 0), (0, -1, 0), (0, 0, 1)),
            ((-1, 0, 0), (0, -1, 0), (0, 0, -1)),
        ][face]
    ]
    for _ in range(5):
        d = axes[2] + rng.uniform(-0.9, 0.9, 3) * (1 - np.abs(axes[2]))
        clip = face_matrix(face, eye) @ np.append(eye + 2.0 * d, 1.0)
        ndc = clip[:3] / clip[3]
        assert ndc[0] == pytest.approx(axes[0] @ d / (axes[2] @ d))
        assert ndc[1] == pytest.approx(axes[1] @ d / (axes[2] @ d))
        assert -1.0 < ndc[2] < 1.0
