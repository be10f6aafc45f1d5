"""Checks of the engine against closed-form billiards results (PHYSICS.md), and speed runs."""
