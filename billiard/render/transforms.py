"""Rotation and projection matrices, written out here rather than taken from pyrr.

pyrr's ``Matrix44.from_quaternion(q)`` rotates the opposite way to ``q * v`` (see
shared/notes/headless-gl.md), so the quaternion -> matrix conversion is ours and tested
against known rotations. Matrices are row-major numpy arrays acting on column vectors
(``M @ v``); upload them transposed (``M.T``) because GLSL reads column-major data.
"""
from __future__ import annotations

import math

import numpy as np


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
    """OpenGL perspective projection (clip z in [-w, w])."""
    f = 1.0 / math.tan(math.radians(fov_y_deg) / 2)
    m = np.zeros((4, 4))
    m[0, 0] = f / aspect
    m[1, 1] = f
    m[2, 2] = (far + near) / (near - far)
    m[2, 3] = 2 * far * near / (near - far)
    m[3, 2] = -1.0
    return m


def view_matrix(eye, right, up, forward) -> np.ndarray:
    """World -> camera matrix from an orthonormal camera basis (camera looks along ``forward``)."""
    m = np.eye(4)
    m[0, :3], m[1, :3], m[2, :3] = right, up, -np.asarray(forward)
    m[:3, 3] = -m[:3, :3] @ np.asarray(eye, dtype=np.float64)
    return m


def gl_bytes(matrix) -> bytes:
    """Bytes of a row-major matrix for a GLSL ``mat4``/``mat3`` (column-major, float32)."""
    return np.ascontiguousarray(np.asarray(matrix).T, dtype="f4").tobytes()
