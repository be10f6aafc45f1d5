"""Engine fuzz (issue 20): random shots with the engine's invariants checked after every event.

``shots`` draws shot files, ``invariants`` holds the checks, ``runner`` runs shots and
counts what happened (``billiard fuzz``, ``benchmarks/fuzz_engine.py``, and a fixed slice in
the test suite).
"""

from billiard.validation.fuzz.runner import Report, ShotResult, run, run_shot, shot_for

__all__ = ["Report", "ShotResult", "run", "run_shot", "shot_for"]
