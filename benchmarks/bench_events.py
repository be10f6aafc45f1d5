"""What the events of a break are (issue 28: "50 % more events than pooltool"):
``python benchmarks/bench_events.py``. For the seeded 9-ball and 15-ball (8-ball rack) breaks
of ``bench_reference.py``, counts the contacts, the motion-state changes that happen at a
contact's instant (a ball set moving, a rolling ball made to slide: billiard logs them as
events of their own, pooltool folds them into the collision), and the state changes between
contacts (sliding to rolling, rolling to spinning or rest: both engines log these). The
"comparable" column leaves out the strike and the state changes at contacts."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

from billiard.shot.shotfile import Shot
from billiard.shot.simulate import simulate
from billiard.validation.speed_targets import BREAK_SEEDS, break_shot_dict


def classify(events) -> Counter:
    contact_times = {e.t for e in events if e.type != "state"}
    kinds: Counter = Counter()
    for e in events:
        if e.type == "strike":
            kinds["strike"] += 1
        elif e.type != "state":
            kinds["contacts"] += 1
        elif e.t in contact_times:
            kinds["states at a contact"] += 1
        else:
            kinds["states between contacts"] += 1
    return kinds


def main() -> int:
    print(
        f"{'rack':8s} {'seed':>4s} {'events':>6s} {'contacts':>8s} {'states@contact':>14s} "
        f"{'states between':>14s} {'comparable':>10s}"
    )
    for rack in ("9-ball", "8-ball"):
        for seed in BREAK_SEEDS:
            replay = simulate(Shot.from_dict(break_shot_dict(rack, seed)))
            k = classify(replay.events)
            print(
                f"{rack:8s} {seed:4d} {len(replay.events):6d} {k['contacts']:8d} {k['states at a contact']:14d} "
                f"{k['states between contacts']:14d} {k['contacts'] + k['states between contacts']:10d}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
