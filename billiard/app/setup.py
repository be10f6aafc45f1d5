"""A new game: the rules for a mode, its table, the rack, the physics parameters, the world.

A game can also start from a layout (a shot file, issue 18) or a drill: every ball of the
mode's set is in the session (those the layout leaves out are off the table, ready to be
added in set-up mode), placed exactly where the file puts them."""

from __future__ import annotations

from billiard.app.session import Session
from billiard.errors import BilliardError
from billiard.game import RULES, make_rules
from billiard.game.eightball import ON_CHOICES as EIGHT_ON
from billiard.game.snooker import ON_CHOICES as SNOOKER_ON
from billiard.physics.params import preset
from billiard.physics.state import Balls
from billiard.physics.world import World
from billiard.practice.drills import Drill, DrillRun
from billiard.practice.layouts import Layout
from billiard.table import Table, get_table
from billiard.table.racks import cue_id, rack

BALL_SETS = {"8-ball": "pool", "9-ball": "pool", "snooker": "snooker", "three-cushion": "carom"}
PRACTICE_RACKS = {"pool": "8-ball", "snooker": "snooker", "carom": "carom"}
LAYOUT_ON = {"8-ball": EIGHT_ON, "snooker": SNOOKER_ON}  # a layout's "rules": {"on": ...} per mode
# The table's parameter overrides of ``play --params FILE`` (or the settings file's
# params_file), set by billiard.commands.play before the game starts; {} plays the presets.
TABLE_OVERRIDES: dict[str, object] = {}


def new_session(
    mode: str,
    table_name: str | None = None,
    seed: int | None = None,
    layout: Layout | None = None,
    drill: Drill | None = None,
    best: int = 0,
    allow_undo_in_match: bool = False,
) -> Session:
    """A session of ``mode`` on ``table_name`` (the mode's usual table when None). With a
    ``seed`` the rack is shuffled and each ball set off by a few hundredths of a millimetre,
    as a real rack is (``table.racks``); without, it is the tidy, perfectly tight one.
    ``layout`` (or ``drill``, whose layout it is) replaces the rack; ``best``: the player's
    stored best at the drill."""
    if drill is not None:
        layout = drill.layout
        if mode != "practice":
            raise BilliardError(f"drill '{drill.name}' is played in practice mode, not in {mode}")
    rules = make_rules(mode)
    if layout is not None:
        table = layout.table
        if table_name is not None and get_table(table_name).name != table.name:
            raise BilliardError(f"the layout is for table '{table.name}', not '{table_name}'")
    else:
        table = get_table(table_name or rules.table)
    why = refusal(mode, table)
    if why:
        raise BilliardError(why)
    params = (preset(table.ball_set) if layout is None else layout.params).with_overrides(TABLE_OVERRIDES)
    rack_name = rules.rack if mode != "practice" else PRACTICE_RACKS[table.ball_set]
    if mode == "practice":
        rules = make_rules(mode, cue=cue_id(rack_name))
    ids, pos = rack(rack_name, table, seed=seed)
    balls = Balls.create(ids, pos, params.ball_mass, params.ball_radius)
    run = DrillRun(drill, best=best) if drill is not None else None
    if layout is not None:
        _check_layout_fits(layout, mode, ids, rules)
        rules.ball_in_hand = None
        if hasattr(rules, "breaking"):
            rules.breaking = False  # a layout is a position in a game, not a break
        if layout.rules_on is not None and mode != "practice":  # practice has no rules to set
            _set_on(rules, layout)
    session = Session(
        mode, table, balls, params, World, rules=rules, allow_undo_in_match=allow_undo_in_match, drill=run
    )
    session.rack_seed = seed
    session.from_layout = layout is not None
    session.look()
    if layout is not None:
        session.put_layout({b: (p[0], p[1]) for b, p in layout.positions().items()})
        if mode == "practice" and drill is None:
            session.in_hand = session.rules.ball_in_hand = rules.first_in_hand
    return session


def _set_on(rules, layout: Layout) -> None:
    """What is on when play starts from the layout (``"rules": {"on": ...}``, docs/formats.md)."""
    on = layout.rules_on
    allowed = LAYOUT_ON.get(rules.name, ())
    if on not in allowed:
        raise BilliardError(
            f'the layout\'s "rules" "on" must be one of {", ".join(allowed)} in {rules.name}, got {on!r}'
            if allowed
            else f'a {rules.name} layout takes no "rules" "on" (got {on!r})'
        )
    if on == "red" and not any(b.id.startswith("red") for b in layout.balls):
        raise BilliardError('the layout\'s "rules" "on" is \'red\' but it has no red on the table')
    rules.set_on(on)


def _check_layout_fits(layout: Layout, mode: str, ids: tuple[str, ...], rules) -> None:
    """A layout a mode cannot use is one clear error: balls of another set, no cue ball."""
    given = [b.id for b in layout.balls]
    strangers = [b for b in given if b not in ids]
    if strangers:
        raise BilliardError(
            f"ball '{strangers[0]}' of the layout is not a ball of {mode} on this table (balls: {', '.join(ids)})"
        )
    needed = ("white", "yellow", "red") if mode == "three-cushion" else (rules.cue,)
    missing = [b for b in needed if b not in given]
    if missing:
        raise BilliardError(f"the layout has no '{missing[0]}' ball, which {mode} needs")


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
        make_rules(mode)  # raises the clear error
    return RULES[mode].table
