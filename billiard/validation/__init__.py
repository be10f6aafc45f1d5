"""Checks of the engine against closed-form billiards results (docs/physics.md), and speed runs
(the physics: `speed`, `speed_targets`; the renderer: `render_bench`)."""
