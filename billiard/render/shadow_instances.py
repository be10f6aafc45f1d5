"""Where the soft shadows go (``shaders/shadow.*``): one instance (x, y, radius, strength,
kind) per disc. Pure numpy, so the layout can be checked without a GL context.

Three kinds share the program: a ball's shadow cast by a lamp (kind 0), the contact shadow
right under a ball (kind 1, whose darkness follows the sphere-on-plane occlusion, see
docs/look.md), and the cloth's shade round a pocket's mouth (kind 2)."""

from __future__ import annotations

import numpy as np

from billiard.table.model import Table

POCKET_SHADE = 0.04  # m of cloth darkened round a pocket's mouth
CONTACT_REACH = 3.0  # the contact shadow's disc, in ball radii (its occlusion is 3 % there)
LAMP_SHADOW_REACH = 2.2  # a lamp's shadow disc, in ball radii


def pocket_shades(table: Table) -> np.ndarray:
    """(P, 5) discs POCKET_SHADE beyond each pocket's hole, fading from its edge."""
    return np.array(
        [(*p.center, p.radius + POCKET_SHADE, p.radius / (p.radius + POCKET_SHADE), 2.0) for p in table.pockets],
        "f4",
    ).reshape(-1, 5)


def shadow_instances(
    pos: np.ndarray, radius: np.ndarray, lamp_xy: np.ndarray, lamp_height: float, every_lamp: bool
) -> np.ndarray:
    """(k, 5) shadow discs of the balls at ``pos`` (n, 3) with ``radius`` (n,): one per lamp
    weighted by that lamp's share of the light on the bed there (``every_lamp``), else the
    nearest lamp's only; then the contact shadows, last so they darken the lamps' shadows too.
    Both fade as a ball rises (the contact shadow faster) and vanish for a ball dropping into
    a pocket."""
    if not len(radius):
        return np.zeros((0, 5), "f4")
    r, p = radius, pos
    strength = np.clip(1.0 - (p[:, 2] - r) / (4 * r), 0.0, 1.0) * (p[:, 2] > 0.5 * r)
    dist = np.linalg.norm(p[:, None, :2] - lamp_xy[None], axis=2)  # (n, lamps)
    if every_lamp:
        light = lamp_height / (0.4 + 0.6 * (dist**2 + lamp_height**2)) / np.sqrt(dist**2 + lamp_height**2)
        share = light / light.sum(axis=1, keepdims=True)
        which = np.tile(np.arange(len(lamp_xy)), len(r))
        weight = np.minimum(1.0, 1.6 * share.ravel())
        p, r, strength = (
            np.repeat(p, len(lamp_xy), axis=0),
            np.repeat(r, len(lamp_xy)),
            np.repeat(strength, len(lamp_xy)) * weight,
        )
    else:
        which = np.argmin(dist, axis=1)
    lamp = lamp_xy[which]
    cast = np.zeros((len(r), 5), "f4")
    # centre of the shadow cast by the lamp through the ball centre onto the bed
    cast[:, 0:2] = p[:, :2] + (p[:, :2] - lamp) * (p[:, 2:3] / (lamp_height - p[:, 2:3]))
    cast[:, 2] = LAMP_SHADOW_REACH * r
    cast[:, 3] = strength
    contact = np.zeros((len(radius), 5), "f4")
    contact[:, 0:2] = pos[:, :2]
    contact[:, 2] = CONTACT_REACH * radius
    contact[:, 3] = np.clip(1.0 - (pos[:, 2] - radius) / radius, 0.0, 1.0) * (pos[:, 2] > 0.5 * radius)
    contact[:, 4] = 1.0
    return np.concatenate([cast, contact])
