"""Each player's best drill scores, kept in ``<data>/drills/best.json``.

``{"format": "billiard-drill-best/1", "players": {"Player 1": {"stop-ladder": 7}}}``, read
by its typed definition (:mod:`billiard.formats.drills`). Written atomically; a file that cannot be read is never overwritten (its scores are kept
for the user to repair), and the game goes on with what it has in memory.
"""

from __future__ import annotations

import os
from pathlib import Path

from billiard.errors import BilliardError
from billiard.formats.decode import decode
from billiard.formats.drills import DRILL_SCORES_FORMAT, DrillScores
from billiard.replay.datadir import data_dir, ensure_dir
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write

FORMAT = DRILL_SCORES_FORMAT


def best_path(data: str | os.PathLike | None = None) -> Path:
    return data_dir(data) / "drills" / "best.json"


def load_best(data: str | os.PathLike | None = None) -> dict[str, dict[str, int]]:
    """Every player's best score per drill; {} when there is no file yet. A broken file is
    one BilliardError line."""
    path = best_path(data)
    if not path.exists():
        return {}
    scores = decode(jsonfile.read_bytes(path), DrillScores, str(path))
    return {player: dict(best) for player, best in scores.players.items()}


def best_for(player: str, drill: str, data: str | os.PathLike | None = None) -> int:
    """The stored best of ``player`` at ``drill`` (0 when none, or when the file is broken)."""
    try:
        return load_best(data).get(player, {}).get(drill, 0)
    except BilliardError:
        return 0


def record_best(player: str, drill: str, score: int, data: str | os.PathLike | None = None) -> bool:
    """Store ``score`` if it beats the stored best; True when the file changed."""
    table = load_best(data)  # a broken file raises here: it is left as it is
    mine = table.setdefault(player, {})
    if score <= mine.get(drill, 0):
        return False
    mine[drill] = int(score)
    path = best_path(data)
    ensure_dir(path.parent)
    atomic_write(path, jsonfile.encode({"format": FORMAT, "players": table}, pretty=True))
    return True
