"""The published schemas of the recording and parameter files, generated from their msgspec
Structs by the helpers of :mod:`billiard.formats.schema` (the same file layout as every
generated schema). ``python -m billiard.calibration.schemas`` rewrites them; a test keeps
files and Structs equal. (They are listed here, not in ``billiard.formats.published``: the
formats package sits below the shot files these formats use.)"""
from __future__ import annotations

from billiard.calibration.recording import RecordingFile
from billiard.formats.schema import Published, stale, write
from billiard.shot.paramsfile import ParamsFile

PUBLISHED: tuple[Published, ...] = (
    Published("recording-1", RecordingFile, "billiard recording file (billiard-recording/1)",
              "Tracked ball positions of one shot: [t, x, y] samples per ball, metres and seconds from "
              "the strike, the table's centre as origin, x along the long side. The loader also checks "
              "that each ball's times increase."),
    Published("params-1", ParamsFile, "billiard parameter file (billiard-params/1)",
              "Parameter overrides by name (docs/parameters.md), as billiard fit writes them; the loader "
              "also checks each value against its physical range."),
)


def main() -> None:
    write(PUBLISHED)


__all__ = ["PUBLISHED", "main", "stale"]

if __name__ == "__main__":
    main()
