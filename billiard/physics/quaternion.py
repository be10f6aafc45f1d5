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
    # sin(half)/angle, with its limit 1/2 at angle 0
    limit = np.empty_like(angle)
    limit.fill(0.5)  # (np.full_like costs more than the division itself, every tick)
    scale = np.divide(np.sin(half), angle, out=limit, where=angle > 1e-300)
    out = np.empty((len(rotvec), 4))
    out[:, 0] = np.cos(half)
    np.multiply(rotvec, scale[:, None], out=out[:, 1:])
    return out


def _product_matrix() -> np.ndarray:
    """(4, 16) matrix M with (a * b)_i = sum_jk M[i, 4j + k] a_j b_k (Hamilton product)."""
    m = np.zeros((4, 4, 4))
    terms = [
        (0, 0, 0, 1),
        (0, 1, 1, -1),
        (0, 2, 2, -1),
        (0, 3, 3, -1),
        (1, 0, 1, 1),
        (1, 1, 0, 1),
        (1, 2, 3, 1),
        (1, 3, 2, -1),
        (2, 0, 2, 1),
        (2, 1, 3, -1),
        (2, 2, 0, 1),
        (2, 3, 1, 1),
        (3, 0, 3, 1),
        (3, 1, 2, 1),
        (3, 2, 1, -1),
        (3, 3, 0, 1),
    ]
    for i, j, k, sign in terms:
        m[i, j, k] = sign
    return m.reshape(4, 16)


_PRODUCT_T = np.ascontiguousarray(_product_matrix().T)


def multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton products a * b row by row, (N,4) each (one small matrix product: fast for N ~ 16)."""
    outer = (a[:, :, None] * b[:, None, :]).reshape(len(a), 16)
    return outer @ _PRODUCT_T


def turn(quat: np.ndarray, rotvec: np.ndarray) -> np.ndarray:
    """Orientations ``quat`` turned by the table-frame rotation vectors ``rotvec``, renormalised."""
    q = multiply(from_rotvec(rotvec), quat)
    q /= np.sqrt(np.einsum("ij,ij->i", q, q))[:, None]
    return q


def rotate(quat: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Body vectors ``v`` (N,3) expressed in the table frame: q v q*."""
    w = quat[:, :1]
    u = quat[:, 1:]
    t = 2.0 * np.cross(u, v)
    return v + w * t + np.cross(u, t)
