"""A new game: the rules for a mode, its table, the rack, the physics parameters, the world."""
from __future__ import annotations

from billiard.app.session import Session
from billiard.errors import BilliardError
from billiard.game import RULES, make_rules
from billiard.physics.params import preset
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.table import Table, get_table
from billiard.table.racks import rack

BALL_SETS = {"8-ball": "pool", "9-ball": "pool", "snooker": "snooker", "three-cushion": "carom"}
PRACTICE_RACKS = {"pool": "8-ball", "snooker": "snooker", "carom": "carom"}


def new_session(mode: str, table_name: str | None = None, seed: int | None = None) -> Session:
    """A session of ``mode`` on ``table_name`` (the mode's usual table when None). With a
    ``seed`` the rack is shuffled and each ball set off by a few hundredths of a millimetre,
    as a real rack is (``table.racks``); without, it is the tidy, perfectly tight one."""
    rules = make_rules(mode)
    table = get_table(table_name or rules.table)
    why = refusal(mode, table)
    if why:
        raise BilliardError(why)
    params = preset(table.ball_set)
    layout = rules.rack if mode != "practice" else PRACTICE_RACKS[table.ball_set]
    ids, pos = rack(layout, table, seed=seed)
    balls = Balls.create(ids, pos, params.ball_mass, params.ball_radius)
    return Session(mode, table, balls, params, World)


def refusal(mode: str, table: Table | str) -> str | None:
    """Why ``mode`` cannot be played on ``table`` (one line), or None when it can: the ball
    set must match, and games won by pocketing balls need a table with pockets."""
    rules = RULES.get(mode) or type(make_rules(mode))
    table = get_table(table) if isinstance(table, str) else table
    needed = BALL_SETS.get(mode)
    if needed is not None and table.ball_set != needed:
        return f"{mode} is played on a {needed} table, not on '{table.name}'"
    if rules.needs_pockets and not table.pockets:
        return f"{mode} needs a table with pockets; '{table.name}' has none (try {rules.table})"
    return None


def playable_table(mode: str, table: str | None) -> str:
    """``table`` when ``mode`` can be played on it, else the mode's usual table."""
    if table is not None and refusal(mode, table) is None:
        return table
    return default_table(mode)


def default_table(mode: str) -> str:
    if mode not in RULES:
        make_rules(mode)          # raises the clear error
    return RULES[mode].table
