"""Checks of the engine against closed-form billiards results (docs/physics.md), and speed runs."""
