"""The published schemas of the recording and parameter files, generated from their msgspec
Structs (``python -m billiard.calibration.schemas`` rewrites them; a test keeps them equal)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from billiard.calibration import recording
from billiard.shot import paramsfile

FOLDER = Path(__file__).resolve().parents[1] / "schemas"


def documents() -> dict[str, dict[str, Any]]:
    """schema name -> the schema document as published."""
    head = "https://json-schema.org/draft/2020-12/schema"
    return {
        "recording-1": {"$schema": head, "$id": "https://billiard.invalid/schemas/recording-1.schema.json",
                        "title": "billiard recording file (billiard-recording/1)",
                        "description": "Tracked ball positions of one shot: [t, x, y] samples per ball, metres "
                                       "and seconds from the strike, the table's centre as origin, x along the "
                                       "long side. The loader also checks that each ball's times increase.",
                        **recording.json_schema()},
        "params-1": {"$schema": head, "$id": "https://billiard.invalid/schemas/params-1.schema.json",
                     "title": "billiard parameter file (billiard-params/1)",
                     "description": "Parameter overrides by name (docs/parameters.md), as billiard fit writes "
                                    "them; the loader also checks each value against its physical range.",
                     **paramsfile.json_schema()},
    }


def main() -> None:
    for name, doc in documents().items():
        (FOLDER / f"{name}.schema.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
