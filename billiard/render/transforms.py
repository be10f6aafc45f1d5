"""Rotation and projection matrices.

Projection and look-at come from pyrr (the design card's 3D-math package). pyrr writes
matrices for row vectors (``v @ M``, translation in the last row); this project keeps
row-major matrices acting on column vectors (``M @ v``), so each pyrr matrix is transposed
once here. Upload them transposed again (``gl_bytes``) because GLSL reads column-major data.

The quaternion -> matrix conversion stays written out: the ball state stores quaternions
``w, x, y, z`` in (N, 4) arrays and needs all N matrices in one numpy pass, while pyrr takes
one quaternion at a time in ``x, y, z, w`` order, and its matrix of q, applied the pyrr way
(``v @ M``), rotates by the conjugate of q. Tests pin ours against known rotations and show
the pyrr difference.
"""

from __future__ import annotations

import math

import numpy as np
import pyrr


def quat_to_matrix(q) -> np.ndarray:
    """Rotation matrices (..., 3, 3) of unit quaternions (..., 4) ``w, x, y, z``.

    ``R @ v`` equals the quaternion rotation ``q v q*`` (body -> table for the ball state).
    The quaternions are normalised first so slightly drifted ones still give rotations.
    """
    q = np.asarray(q, dtype=np.float64)
    q = q / np.linalg.norm(q, axis=-1, keepdims=True)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    m = np.empty(q.shape[:-1] + (3, 3))
    m[..., 0, 0] = 1 - 2 * (y * y + z * z)
    m[..., 0, 1] = 2 * (x * y - w * z)
    m[..., 0, 2] = 2 * (x * z + w * y)
    m[..., 1, 0] = 2 * (x * y + w * z)
    m[..., 1, 1] = 1 - 2 * (x * x + z * z)
    m[..., 1, 2] = 2 * (y * z - w * x)
    m[..., 2, 0] = 2 * (x * z - w * y)
    m[..., 2, 1] = 2 * (y * z + w * x)
    m[..., 2, 2] = 1 - 2 * (x * x + y * y)
    return m


def quat_from_axis_angle(axis, angle: float) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a rotation by ``angle`` radians about ``axis``."""
    a = np.asarray(axis, dtype=np.float64)
    a = a / np.linalg.norm(a)
    return np.concatenate([[math.cos(angle / 2)], a * math.sin(angle / 2)])


def perspective(fov_y_deg: float, aspect: float, near: float, far: float) -> np.ndarray:
    """OpenGL perspective projection (clip z in [-w, w]), column-vector convention."""
    return np.asarray(pyrr.matrix44.create_perspective_projection(fov_y_deg, aspect, near, far, dtype=np.float64)).T


def view_matrix(eye, up, forward) -> np.ndarray:
    """World -> camera matrix of a camera at ``eye`` looking along ``forward`` with ``up``
    (perpendicular to ``forward``, so looking straight down is no special case)."""
    eye = np.asarray(eye, dtype=np.float64)
    return np.asarray(
        pyrr.matrix44.create_look_at(
            eye, eye + np.asarray(forward, dtype=np.float64), np.asarray(up, dtype=np.float64), dtype=np.float64
        )
    ).T


def gl_bytes(matrix) -> bytes:
    """Bytes of a row-major matrix for a GLSL ``mat4``/``mat3`` (column-major, float32)."""
    return np.ascontiguousarray(np.asarray(matrix).T, dtype="f4").tobytes()
