"""Unit quaternions (w, x, y, z), vectorised over balls: the display orientation of each ball.

A ball's orientation ``q`` maps body vectors to the table frame. Turning it by a rotation
vector ``r`` (axis * angle, table frame) gives ``q' = exp(r/2) * q`` (left product because
``r`` is expressed in the table frame).
"""
from __future__ import annotations

import numpy as np


def from_rotvec(rotvec: np.ndarray) -> np.ndarray:
    """Quaternions (N,4) of the rotations ``rotvec`` (N,3) = axis * angle (rad); exact."""
    angle = np.sqrt(np.einsum("ij,ij->i", rotvec, rotvec))
    half = 0.5 * angle
    # sin(half)/angle, with its limit 1/2 at angle 0 (sinc is sin(pi x)/(pi x))
    scale = 0.5 * np.sinc(half / np.pi)
    out = np.empty((len(rotvec), 4))
    out[:, 0] = np.cos(half)
    out[:, 1:] = rotvec * scale[:, None]
    return out


def multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton products a * b row by row, (N,4) each."""
    aw, ax, ay, az = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bw, bx, by, bz = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    return np.stack([
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    ], axis=1)


def turn(quat: np.ndarray, rotvec: np.ndarray) -> np.ndarray:
    """Orientations ``quat`` turned by the table-frame rotation vectors ``rotvec``, renormalised."""
    q = multiply(from_rotvec(rotvec), quat)
    return q / np.sqrt(np.einsum("ij,ij->i", q, q))[:, None]


def rotate(quat: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Body vectors ``v`` (N,3) expressed in the table frame: q v q*."""
    w = quat[:, :1]
    u = quat[:, 1:]
    t = 2.0 * np.cross(u, v)
    return v + w * t + np.cross(u, t)
