"""Calibration from recorded shots: the recording format, the parameter file, and
``billiard fit`` (docs/physics.md "Calibration", docs/formats.md)."""
