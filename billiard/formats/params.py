"""The parameter file (``"format": "billiard-params/1"``, docs/formats.md): parameter
overrides by name as ``billiard fit`` writes them, with their uncertainty and how they were
made. The rules between fields (a name is a parameter, a value within its physical range)
are :mod:`billiard.shot.paramsfile`'s."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

PARAMS_FORMAT = "billiard-params/1"
Name = Annotated[str, Meta(min_length=1, max_length=32)]


class ParamsFile(msgspec.Struct, forbid_unknown_fields=True):
    """Overrides by parameter name; one standard deviation per fitted name; the fit's facts."""

    format: Literal["billiard-params/1"]
    params: dict[Name, float | str]
    uncertainty: dict[Name, Annotated[float, Meta(ge=0.0)]] | None = None
    fit: dict[str, Any] | None = None
