"""The parameter file (``"format": "billiard-params/1"``, docs/formats.md) that ``billiard fit``
writes and ``simulate --params``, shot files (``"params": "FILE"`` or the object inline) and
``play --params`` read.

``{"format": "billiard-params/1", "params": {name: value}, "uncertainty"?: {name: sd},
"fit"?: {...}}``: ``params`` are overrides of the table's ball-set preset, by the names of
:class:`billiard.physics.params.Params` (docs/parameters.md), each checked against its
physical range; ``uncertainty`` (one standard deviation) and ``fit`` (how the file was made)
are for people and are not applied.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from billiard.errors import BilliardError
from billiard.formats.params import PARAMS_FORMAT, ParamsFile
from billiard.formats.decode import convert
from billiard.physics.params import POOL
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write

FORMAT = PARAMS_FORMAT
MAX_BYTES = 256 * 1024


def check_overrides(overrides: dict[str, Any], where: str) -> dict[str, Any]:
    """The overrides if every name is a parameter and every value in its range, else one error."""
    try:
        POOL.with_overrides(overrides)
    except BilliardError as exc:
        raise BilliardError(f"{where}: {exc}") from None
    return dict(overrides)


def from_dict(data: Any, where: str) -> dict[str, Any]:
    """The overrides of a parameter-file object (already parsed JSON)."""
    doc = convert(data, ParamsFile, where)
    return check_overrides(doc.params, where)


def is_params_document(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def load(path: str | os.PathLike) -> dict[str, Any]:
    """The overrides a parameter file holds; one BilliardError line on any problem."""
    data = jsonfile.read(path, MAX_BYTES)
    return from_dict(data, str(path))


def resolve(value: Any, base: str | os.PathLike | None = None) -> dict[str, Any]:
    """A shot file's ``"params"``: an overrides object, a parameter-file object inline, or the
    name of a parameter file (relative to ``base``, the shot file's folder, when given)."""
    if isinstance(value, str):
        path = Path(value).expanduser()
        if base is not None and not path.is_absolute():
            path = Path(base) / path
        return load(path)
    if is_params_document(value):
        return from_dict(value, "'params'")
    if not isinstance(value, dict):
        raise BilliardError("'params' must be a JSON object (parameter overrides) or the name of a parameter file")
    return value


def save(
    path: str | os.PathLike,
    params: dict[str, Any],
    uncertainty: dict[str, float] | None = None,
    fit: dict[str, Any] | None = None,
) -> None:
    """Write a parameter file atomically (checked first: a bad value never reaches the disk)."""
    check_overrides(params, str(path))
    out: dict[str, Any] = {"format": FORMAT, "params": dict(params)}
    if uncertainty:
        out["uncertainty"] = dict(uncertainty)
    if fit:
        out["fit"] = dict(fit)
    atomic_write(path, jsonfile.dumps(out, pretty=True))


def inline(data: Any, base: str | os.PathLike | None, extra: dict[str, Any] | None = None) -> Any:
    """A shot dict whose ``"params"`` names a file made self-contained: the file's overrides
    inline (relative names from ``base``, the shot file's folder), then ``extra`` on top
    (``simulate --params FILE``). Anything else is returned as it is, for the loader to judge."""
    if not isinstance(data, dict) or (not isinstance(data.get("params"), str) and not extra):
        return data
    out = dict(data)
    if "params" in out:
        out["params"] = resolve(out["params"], base)
    if extra:
        out["params"] = {**out.get("params", {}), **extra}
    return out
