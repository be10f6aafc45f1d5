"""One owner for each limit and shared concept (billiard.formats.limits, and the one Strike
in billiard.formats.strike): no other module spells one out again. Read from the source
with ``ast``, like the camera-names test.

``PENDING`` would list a copy that cannot switch yet (none now); the last test fails when
one is gone but still listed."""

import ast
from functools import cache
from pathlib import Path

import pytest

from billiard.formats import limits
from billiard.render.quality import LEVELS, NAMES
from billiard.formats.settings import Settings

ROOT = Path(__file__).resolve().parents[2] / "billiard"
OWNERS = {"formats/limits.py", "formats/strike.py"}
LIMIT_NAMES = {
    "MAX_SPEED",
    "MAX_STRIKE_SPEED",
    "CONTROL_MAX_SPEED",
    "MAX_ELEVATION",
    "MAX_ELEVATION_DEG",
    "ELEVATION_LIMIT_DEG",
    "CONTROL_MAX_ELEVATION_DEG",
    "MISCUE",
    "QUALITIES",
    "QUALITY_CHOICES",
    "BALL_RADIUS",
    "POOL_BALL_RADIUS",
}
LIMIT_VALUES = {
    limits.MAX_STRIKE_SPEED,
    limits.CONTROL_MAX_SPEED,
    limits.ELEVATION_LIMIT_DEG,
    limits.CONTROL_MAX_ELEVATION_DEG,
}
PENDING: dict[str, set[str]] = {}  # where -> what it still spells out (none: every copy is gone)


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    return None


@cache
def _findings() -> dict[str, set[str]]:
    """Every module outside the owners -> the owned things it spells out."""
    out: dict[str, set[str]] = {}
    for module in sorted(ROOT.rglob("*.py")):
        where = module.relative_to(ROOT).as_posix()
        if where in OWNERS:
            continue
        found: set[str] = set()
        for node in ast.walk(ast.parse(module.read_text(), where)):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    name = _name(target)
                    value = _number(node.value) if node.value is not None else None
                    if name in LIMIT_NAMES:
                        found.add(
                            f"{name} = {value:g}"
                            if value is not None
                            else f"{name} = a {type(node.value).__name__.lower()}"
                        )
                    if value in LIMIT_VALUES and ("SPEED" in name.upper() or "ELEVATION" in name.upper()):
                        found.add(f"{name} = {value:g}")
            if isinstance(node, ast.ClassDef) and node.name in ("Strike", "StrikeCommand"):
                found.add(f"class {node.name}")
            if isinstance(node, ast.Constant) and node.value == limits.POOL_BALL_RADIUS:
                found.add("the pool ball radius")
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and set(limits.QUALITIES) <= {
                getattr(e, "value", None) for e in node.elts
            }:
                found.add("the quality names")
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div)):
                if any("max_speed" in _name(side).lower() for side in (node.left, node.right)):
                    found.add("power x max_speed")  # the meter <-> m/s mapping: speed_of_power
                if (
                    isinstance(node.op, ast.Div)
                    and _number(node.right) in LIMIT_VALUES
                    and "elevation" in ast.unparse(node.left)
                ):
                    found.add(f"elevation / {_number(node.right):g}")
        if found:
            out[where] = found
    return out


def test_no_module_spells_out_a_limit_the_formats_own():
    extra = {where: sorted(found - PENDING.get(where, set())) for where, found in _findings().items()}
    extra = {where: found for where, found in extra.items() if found}
    assert extra == {}, "take these from billiard.formats.limits (or formats.strike) instead"


def test_the_owners_are_what_every_user_reads():
    assert NAMES == limits.QUALITIES and tuple(LEVELS) == limits.QUALITIES
    assert limits.QUALITY_CHOICES == ("auto", *limits.QUALITIES)
    assert Settings().replace(quality=limits.QUALITIES[0]).quality == limits.QUALITIES[0]
    from billiard.ai.strike import Strike as AIStrike
    from billiard.formats.strike import Strike
    from billiard.physics.params import Params
    from billiard.shot.shotfile import Strike as FileStrike

    assert AIStrike is Strike and FileStrike is Strike
    assert Params().ball_radius == limits.POOL_BALL_RADIUS
    assert limits.CONTROL_MAX_SPEED < limits.MAX_STRIKE_SPEED  # the mouse stays inside the physics
    assert limits.CONTROL_MAX_ELEVATION_DEG < limits.ELEVATION_LIMIT_DEG


@pytest.mark.parametrize(
    "power, speed",
    [(0.0, 0.0), (0.5, limits.CONTROL_MAX_SPEED / 2), (1.0, limits.CONTROL_MAX_SPEED), (2.0, limits.CONTROL_MAX_SPEED)],
)
def test_power_and_speed_map_one_way_and_back(power, speed):
    assert limits.speed_of_power(power) == pytest.approx(speed)
    assert limits.power_of_speed(speed) == pytest.approx(min(power, 1.0))
    assert limits.speed_of_power(power, top=8.0) == pytest.approx(8.0 * min(power, 1.0))
    assert limits.power_of_speed(limits.speed_of_power(power, 8.0), 8.0) == pytest.approx(min(power, 1.0))


def test_every_pending_copy_is_still_there():
    """Once the front end takes a limit from its owner, its PENDING entry must go too."""
    findings = _findings()
    gone = {where: sorted(what - findings.get(where, set())) for where, what in PENDING.items()}
    assert {w: g for w, g in gone.items() if g} == {}, "remove these from PENDING: they are fixed"
