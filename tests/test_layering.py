"""The subpackages form layers: no import cycle between any two of them (every ``import``
in a module counts, the ones inside functions too), and the physics imports none of the
packages built on it. Read from the source with ``ast``, so nothing is imported to check."""

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "billiard"
PACKAGES = (
    "physics",
    "table",
    "game",
    "shot",
    "render",
    "display",
    "replay",
    "app",
    "audio",
    "ai",
    "validation",
    "commands",
    "shell",
    "practice",
    "formats",
)
ABOVE_PHYSICS = ("table", "game", "shot", "render", "app", "display", "replay", "shell")


def _imported(module: Path) -> set[str]:
    """The ``billiard.<package>`` names a module imports (absolute and relative imports)."""
    package = module.relative_to(ROOT).parts[:-1]
    out = set()
    for node in ast.walk(ast.parse(module.read_text(), str(module))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from .x / from ..x: resolve against the module's package
                base = ["billiard", *package[: len(package) - node.level + 1]]
                names = [".".join(base + ([node.module] if node.module else []))]
            else:
                names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "billiard":
                out.add(parts[1])
    return out


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    """Every subpackage (the named ones and any added later) -> the subpackages it imports
    (read once per test run: the sources do not change while it runs)."""
    graph: dict[str, set[str]] = {p.parent.name: set() for p in ROOT.glob("*/__init__.py")}
    for module in ROOT.rglob("*.py"):
        parts = module.relative_to(ROOT).parts
        if len(parts) < 2 or parts[0] not in graph:
            continue
        graph[parts[0]] |= {p for p in _imported(module) if p in graph and p != parts[0]}
    return {p: frozenset(d) for p, d in graph.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one package (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_every_named_package_exists():
    assert all((ROOT / p / "__init__.py").is_file() for p in PACKAGES)


def test_no_import_cycle_between_subpackages():
    graph = _graph()
    assert _cycles(graph) == [], {p: sorted(d) for p, d in graph.items()}


def test_the_cycle_finder_finds_a_cycle():
    """The check itself can fail: a made-up cycle through three packages is reported."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("above", ABOVE_PHYSICS)
def test_the_physics_imports_nothing_built_on_it(above):
    assert above not in _graph()["physics"]


def test_the_formats_sit_below_every_package():
    """Typed formats and limits are read by every layer, the physics included."""
    assert _graph()["formats"] == frozenset()


def test_the_shell_imports_neither_front_end():
    """The game and the viewer compose the shell, so it must not import them."""
    assert not _graph()["shell"] & {"app", "replay", "commands"}


def test_the_viewer_does_not_import_the_game():
    assert "app" not in _graph()["replay"]
