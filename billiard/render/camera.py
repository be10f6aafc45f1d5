"""Cameras as (target, yaw, pitch, distance, fov): one parameterisation for every view, so
transitions simply interpolate the five numbers, and ``project`` maps table points to pixels."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from billiard.render.transforms import perspective, view_matrix

# A sphere seen an angle ``a`` off the view axis is drawn stretched by about 1 / cos(a) along
# the radius: at the corner of a 16:9 picture that is 1.35 with a 50 deg field of view and 1.19
# with 36 deg. The aim, follow and top views use AIM_FOV_DEG and stand back by the ratio of
# the tangents, so each picture keeps its framing and the balls stay round.
AIM_FOV_DEG = 36.0
WIDE_FOV_DEG = 45.0  # the field of view the aim distances were chosen for
AIM_BACK = math.tan(math.radians(WIDE_FOV_DEG / 2)) / math.tan(math.radians(AIM_FOV_DEG / 2))
RAIL_CLEARANCE = 0.006  # m: the rails stand this far above the cushion nose (table_mesh)
EDGE_MARGIN_DEG = 3.0  # keep the framed points this far inside the picture's edges
# the aim target is kept below the HUD's top strip too (the score, two message lines and the
# hint line: about a fifth of the picture's height, some 7 deg of the aim view's 36 deg)
TOP_MARGIN_DEG = 7.5


@dataclass(frozen=True)
class Camera:
    """Looks at ``target`` from ``distance`` away; ``yaw_deg`` is the viewing heading in the
    table plane (0 = looking along +x), ``pitch_deg`` how far it looks down (90 = straight down)."""

    target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    yaw_deg: float = 90.0
    pitch_deg: float = 90.0
    distance: float = 3.0
    fov_deg: float = 45.0

    def basis(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Eye position and the right, up, forward unit vectors (no singularity at 90 deg)."""
        y, p = math.radians(self.yaw_deg), math.radians(self.pitch_deg)
        cy, sy, cp, sp = math.cos(y), math.sin(y), math.cos(p), math.sin(p)
        forward = np.array([cp * cy, cp * sy, -sp])
        right = np.array([sy, -cy, 0.0])
        up = np.array([sp * cy, sp * sy, cp])  # right x forward
        eye = np.asarray(self.target, dtype=np.float64) - forward * self.distance
        return eye, right, up, forward

    def eye(self) -> np.ndarray:
        return self.basis()[0]

    def view(self) -> np.ndarray:
        eye, right, up, forward = self.basis()
        return view_matrix(eye, up, forward)

    def projection(self, aspect: float) -> np.ndarray:
        near = max(0.01, 0.05 * self.distance)
        return perspective(self.fov_deg, aspect, near, self.distance + 12.0)

    def view_projection(self, size: tuple[int, int]) -> np.ndarray:
        """The view-projection matrix (read-only: one per camera and size is kept, since the
        frame projects every ball's number and the HUD's marks with the same camera)."""
        try:
            return _view_projection(self, (int(size[0]), int(size[1])))
        except TypeError:  # a target given as an array (unhashable): no keeping
            return self.projection(size[0] / size[1]) @ self.view()

    def project(self, point, size: tuple[int, int]) -> tuple[float, float]:
        """Pixel (column, row from the top) where the table point lands in an image of ``size``."""
        clip = self.view_projection(size) @ np.append(np.asarray(point, dtype=np.float64), 1.0)
        ndc = clip[:3] / clip[3]
        return (ndc[0] + 1) / 2 * size[0], (1 - ndc[1]) / 2 * size[1]

    def ray(self, pixel: tuple[float, float], size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        """Origin and unit direction of the ray through a pixel (for mouse picking)."""
        eye, right, up, forward = self.basis()
        half_h = math.tan(math.radians(self.fov_deg) / 2)
        sx = (2 * pixel[0] / size[0] - 1) * half_h * size[0] / size[1]
        sy = (1 - 2 * pixel[1] / size[1]) * half_h
        d = forward + sx * right + sy * up
        return eye, d / np.linalg.norm(d)


@lru_cache(maxsize=32)
def _view_projection(camera: Camera, size: tuple[int, int]) -> np.ndarray:
    matrix = camera.projection(size[0] / size[1]) @ camera.view()
    matrix.setflags(write=False)
    return matrix


def blend(a: Camera, b: Camera, s: float) -> Camera:
    """Camera a fraction ``s`` of the way from ``a`` to ``b`` (yaw the short way round)."""
    dyaw = (b.yaw_deg - a.yaw_deg + 180.0) % 360.0 - 180.0
    ta, tb = np.asarray(a.target, dtype=np.float64), np.asarray(b.target, dtype=np.float64)
    return Camera(
        target=tuple(ta + (tb - ta) * s),
        yaw_deg=a.yaw_deg + dyaw * s,
        pitch_deg=a.pitch_deg + (b.pitch_deg - a.pitch_deg) * s,
        distance=a.distance * (b.distance / a.distance) ** s,
        fov_deg=a.fov_deg + (b.fov_deg - a.fov_deg) * s,
    )


def top_camera(half_extent: tuple[float, float], aspect: float, fov_deg: float = AIM_FOV_DEG) -> Camera:
    """Straight down, x to the right, framing a ``(half_x, half_y)`` rectangle with a margin."""
    t = math.tan(math.radians(fov_deg) / 2)
    dist = 1.04 * max(half_extent[0] / (t * aspect), half_extent[1] / t)
    return Camera((0.0, 0.0, 0.0), 90.0, 90.0, dist, fov_deg)


def table_top_camera(table, aspect: float) -> Camera:
    """Straight down on the whole ``table`` (a ``billiard.table.model.Table``), rails included."""
    margin = table.cushion_width + table.rail_width
    return top_camera((table.half_length + margin, table.half_width + margin), aspect)


AIM_EYE_DEG = 14.0  # the replay's aim view: its eye this far above the point 0.35 m ahead of the ball
AIM_LOOK_DEG = 6.0  # and it looks this far down


def aim_camera(cue_pos, heading_deg: float, ball_radius: float) -> Camera:
    """Low behind the cue ball, looking along the shot, the cue ball in the lower part. The eye
    stands where a view ``AIM_EYE_DEG`` down onto a point 0.35 m ahead of the ball would put it, and
    looks only ``AIM_LOOK_DEG`` down from there, as a player bent over the cue does: the far
    rail sits in the upper half, with the room and the lamp shades over it."""
    h = math.radians(heading_deg)
    ahead = np.asarray(cue_pos, dtype=np.float64) + 0.35 * np.array([math.cos(h), math.sin(h), 0.0])
    ahead[2] = ball_radius
    back = math.tan(math.radians(25.0)) / math.tan(math.radians(AIM_FOV_DEG / 2))  # was 50 deg wide
    eye = Camera(tuple(ahead), heading_deg, AIM_EYE_DEG, 1.05 * back, AIM_FOV_DEG).eye()
    p = math.radians(AIM_LOOK_DEG)
    look = np.array([math.cos(p) * math.cos(h), math.cos(p) * math.sin(h), -math.sin(p)])
    distance = (eye[2] - ball_radius) / math.sin(p)  # the look meets the balls' height
    return Camera(tuple(eye + look * distance), heading_deg, AIM_LOOK_DEG, distance, AIM_FOV_DEG)


def over_the_rail(camera: Camera, table, ball_radius: float = 0.0) -> Camera:
    """``camera`` (looking at a ball on the bed, its ``target``) raised, when the ball lies near
    a cushion behind the view, until the line of sight from the eye to the ball passes the
    cushion nose half a ball radius above the rail: the view rises over the rail instead of
    sinking behind it (frozen to a rail, in a corner). The eye keeps its distance."""
    ball = np.asarray(camera.target, dtype=np.float64)
    y = math.radians(camera.yaw_deg)
    back = np.array([-math.cos(y), -math.sin(y)])
    hx, hy = table.half_length, table.half_width
    exits = [(math.copysign(h, back[k]) - ball[k]) / back[k] for k, h in enumerate((hx, hy)) if abs(back[k]) > 1e-9]
    s = max(min(exits), 1e-3)  # horizontal distance to the nose behind the view
    if camera.distance * math.cos(math.radians(camera.pitch_deg)) <= s:
        return camera  # the eye is over the cloth: nothing in the way
    clear = table.cushion_height + RAIL_CLEARANCE + 0.5 * ball_radius
    lowest = math.degrees(math.atan2(clear - ball[2], s))
    return camera if camera.pitch_deg >= lowest else replace(camera, pitch_deg=min(lowest, 80.0))


def frame_target(camera: Camera, point, aspect: float) -> Camera:
    """``camera`` (looking at a ball, its ``target``) tilted up just enough that ``point`` (the
    aim target ahead of the ball) is in the picture too, under the HUD's top strip, the ball
    staying above the bottom edge; where both cannot fit the eye first moves back along its
    line (a steep view of a long shot)."""
    half = camera.fov_deg / 2 - EDGE_MARGIN_DEG
    top = camera.fov_deg / 2 - TOP_MARGIN_DEG
    target = np.asarray(point, dtype=np.float64)
    for _ in range(16):
        eye, _, up, forward = camera.basis()
        v = target - eye
        tilt = math.degrees(math.atan2(v @ up, v @ forward)) - top  # how far the point is above the HUD's strip
        if tilt <= half:
            break
        camera = replace(camera, distance=camera.distance * 1.12)
    if tilt <= 0.0:
        return camera
    pitch = camera.pitch_deg - min(tilt, half)
    p, yw = math.radians(pitch), math.radians(camera.yaw_deg)
    look = np.array([math.cos(p) * math.cos(yw), math.cos(p) * math.sin(yw), -math.sin(p)])
    return replace(camera, target=tuple(eye + look * camera.distance), pitch_deg=pitch)


def follow_camera(positions: np.ndarray, yaw_deg: float) -> Camera:
    """High three-quarter view over the balls on the table, keeping the current heading."""
    pts = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
    centre = pts.mean(axis=0) if len(pts) else np.zeros(3)
    spread = float(np.max(np.linalg.norm(pts[:, :2] - centre[:2], axis=1))) if len(pts) else 0.0
    return Camera((centre[0], centre[1], 0.0), yaw_deg, 50.0, max(1.4, 1.3 + 1.6 * spread) * AIM_BACK, AIM_FOV_DEG)
