"""Mutation probe: plant one small bug at a time and see whether the tests notice.

Why: a test suite is only as good as the bugs it catches.  This script applies one
AST-level mutant at a time to a *copy* of the tree and runs the tests that execute the
mutated line; a mutant the tests let through ("survived") is either an equivalent
mutant or a missed bug worth a test.  Report and numbers: docs/testing.md.

Operators (one mutant = one change):
  + <-> -, * <-> /, // -> /, ** -> *  (also in ``x += ...``)
  < <-> <=, > <-> >=, == <-> !=, is <-> is not, in <-> not in
  and <-> or, ``not x`` -> ``x``, True <-> False
  integer and float constants n -> n + 1
  removal of one statement inside a function (replaced by ``pass``)
Docstrings, strings, ``None``, annotations and ``if TYPE_CHECKING`` blocks are left alone.

How tests are chosen: one traced run of the package's tests (``tests/<package>``)
records, for each line of the package, the tests that execute it (``sys.settrace``, so
work done in child processes is not seen).  Each mutant runs only those tests, with
``-x`` and a time limit; a mutant on a line no traced test executes (module constants
and class attributes, run at import, or dead code) runs the whole ``tests/<package>``.  Each run is a fork of this process (pytest and numpy already
imported, billiard not), so a mutant costs about a second plus its tests.

Run from the repository root (writes nothing in the tree; the copy lives in a temp dir):

    python3 benchmarks/mutation.py game                 # every mutant of billiard/game
    python3 benchmarks/mutation.py shot --sample 150    # a seeded sample of 150
    python3 benchmarks/mutation.py physics --sample 150 --seed 21 --minutes 30 \
        --linemap /tmp/physics-lines.json   # the traced run takes minutes: keep it
    python3 benchmarks/mutation.py game --only eightball.py:123   # mutants on one line
    python3 benchmarks/mutation.py game --json out.json # also write every result
    python3 benchmarks/mutation.py game --rerun out.json survived   # re-check survivors
    python3 benchmarks/mutation.py game --only eightball.py:52 --tests tests/game/test_x.py

Prints one line per surviving mutant and a summary: generated, run, killed, survived,
timed out, kill rate = killed / (mutants run).  A sample runs in a seeded random order, so
the mutants run before a ``--minutes`` stop are themselves a random sample.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BINOPS = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Pow: ast.Mult,
}
CMPOPS = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
REMOVABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Raise)


@dataclass(frozen=True)
class Mutant:
    """One planted bug: file (relative to the repo), walk index of the node, what changes."""

    path: str
    index: int
    kind: str
    line: int
    text: str

    @property
    def name(self) -> str:
        return f"{self.path}:{self.line} {self.text}"


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, TYPE_CHECKING blocks."""
    skip: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            drop(body[0])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            drop(node.returns)
            for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                drop(a.annotation)
        if isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            drop(node)
    return skip


def _in_function(tree: ast.AST) -> set[int]:
    """ids of statements that live inside a function body (removal candidates)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


def _candidates(node: ast.AST, skip: set[int], inside: set[int]) -> list[tuple[str, str]]:
    """(kind, human text) of every mutation that applies at this node."""
    if id(node) in skip:
        return []
    out: list[tuple[str, str]] = []
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BINOPS:
        out.append(("binop", f"{type(node.op).__name__} -> {BINOPS[type(node.op)].__name__}"))
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in CMPOPS:
                out.append((f"cmp{i}", f"{type(op).__name__} -> {CMPOPS[type(op)].__name__}"))
    if isinstance(node, ast.BoolOp):
        out.append(("boolop", "and <-> or"))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        out.append(("not", "not x -> x"))
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool):
            out.append(("bool", f"{v} -> {not v}"))
        elif isinstance(v, (int, float)):
            out.append(("const", f"{v!r} -> {v + 1!r}"))
    for field in ("body", "orelse", "finalbody"):
        stmts = getattr(node, field, None)
        if not isinstance(stmts, list):
            continue
        for i, st in enumerate(stmts):
            if isinstance(st, REMOVABLE) and id(st) in inside and id(st) not in skip:
                out.append((f"del:{field}:{i}", f"remove `{ast.unparse(st)[:60]}`"))
    return out


def _apply(node: ast.AST, kind: str) -> None:
    if kind == "binop":
        node.op = BINOPS[type(node.op)]()
    elif kind.startswith("cmp"):
        i = int(kind[3:])
        node.ops[i] = CMPOPS[type(node.ops[i])]()
    elif kind == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "bool":
        node.value = not node.value
    elif kind == "not":
        node.operand = ast.UnaryOp(ast.Not(), node.operand)  # not not x == bool(x)
    elif kind == "const":
        node.value = node.value + 1
    elif kind.startswith("del:"):
        _, field, i = kind.split(":")
        stmts = getattr(node, field)
        stmts[int(i)] = ast.copy_location(ast.Pass(), stmts[int(i)])
    else:
        raise ValueError(kind)


def generate(path: Path) -> list[Mutant]:
    """Every mutant of one source file, in a fixed order."""
    tree = ast.parse(path.read_text())
    skip, inside = _skipped_nodes(tree), _in_function(tree)
    rel = str(path.relative_to(ROOT))
    out = []
    for index, node in enumerate(ast.walk(tree)):
        for kind, text in _candidates(node, skip, inside):
            line = getattr(node, "lineno", 0)
            if kind.startswith("del:"):
                _, field, i = kind.split(":")
                line = getattr(node, field)[int(i)].lineno
            out.append(Mutant(rel, index, kind, line, text))
    return out


def mutated_source(m: Mutant) -> str:
    tree = ast.parse((ROOT / m.path).read_text())
    node = list(ast.walk(tree))[m.index]
    _apply(node, m.kind)
    return ast.unparse(ast.fix_missing_locations(tree))


# ---------------------------------------------------------------- running in a fork


def _fork_pytest(copy: Path, args: list[str], timeout: float, before=None) -> str:
    """Run pytest in a forked child inside the copy; 'pass', 'fail' or 'timeout'."""
    pid = os.fork()
    if pid == 0:  # child
        try:
            os.setpgid(0, 0)
            os.chdir(copy)
            sys.path.insert(0, str(copy))
            os.environ["PYTHONPATH"] = str(copy)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            if before is not None:
                before()
            import pytest

            code = pytest.main(args)
        except BaseException:  # noqa: BLE001  (a forked child must never return)
            code = 99
        os._exit(int(code))
    start = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return "pass" if os.waitstatus_to_exitcode(status) == 0 else "fail"
        if time.monotonic() - start > timeout:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.05)


class _LineMap:
    """pytest plugin: which tests execute which lines of the package (sys.settrace)."""

    def __init__(self, prefix: str, out: Path) -> None:
        self.prefix, self.out = prefix, out
        self.lines: dict[str, set[str]] = {}
        self.durations: dict[str, float] = {}
        self.current: str | None = None

    def _local(self, frame, event, arg):
        if event == "line" and self.current is not None:
            key = f"{frame.f_code.co_filename[len(self.prefix) :]}:{frame.f_lineno}"
            self.lines.setdefault(key, set()).add(self.current)
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename.startswith(self.prefix):
            return self._local(frame, event, arg)
        return None

    def pytest_runtest_setup(self, item):
        import threading

        self.current, self.t0 = item.nodeid, time.perf_counter()
        sys.settrace(self._global)
        threading.settrace(self._global)

    def pytest_runtest_teardown(self, item):
        import threading

        sys.settrace(None)
        threading.settrace(None)
        self.durations[item.nodeid] = time.perf_counter() - self.t0
        self.current = None

    def pytest_sessionfinish(self, session):
        self.out.write_text(
            json.dumps({"lines": {k: sorted(v) for k, v in self.lines.items()}, "durations": self.durations})
        )


def line_map(copy: Path, package: str) -> dict:
    """Per-line list of covering tests (and test durations), from one traced run."""
    out = copy / "linemap.json"
    prefix = str(copy / "billiard" / package) + os.sep
    plugin = _LineMap(prefix, out)

    def run():
        import pytest

        pytest.main([f"tests/{package}", "-q", "-p", "no:cacheprovider"], plugins=[plugin])
        os._exit(0)

    _fork_pytest(copy, [], 3600, before=run)
    return json.loads(out.read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package", choices=["physics", "game", "shot"])
    ap.add_argument("--sample", type=int, default=0, help="run a seeded random subset of N")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--only", help="FILE:LINE[,FILE:LINE...]: mutants on those lines only")
    ap.add_argument("--json", help="write every result to this file")
    ap.add_argument("--tests", nargs="+", help="run these tests for every mutant (no tracing)")
    ap.add_argument(
        "--minutes", type=float, default=0, help="start no new mutant after this long (the rest: 'not run (time)')"
    )
    ap.add_argument("--linemap", help="cache the traced line map in this file (reused if there)")
    ap.add_argument(
        "--rerun",
        help="a --json file: run again its mutants of these outcomes (a,b)",
        nargs=2,
        metavar=("JSON", "OUTCOME"),
    )
    a = ap.parse_args(argv)

    sys.dont_write_bytecode = True
    os.environ["BILLIARD_TEST_NO_BYTECODE"] = "1"  # tests/conftest.py: no .pyc of a mutant's file
    import numpy  # noqa: F401  (shared by every fork)
    import pytest  # noqa: F401

    files = sorted((ROOT / "billiard" / a.package).rglob("*.py"))
    mutants = [m for f in files for m in generate(f)]
    generated = len(mutants)
    if a.only:
        places = {tuple(p.rsplit(":", 1)) for p in a.only.split(",")}
        mutants = [m for m in mutants if any(m.path.endswith("/" + f) and m.line == int(n) for f, n in places)]
    elif a.rerun:
        earlier = json.loads(Path(a.rerun[0]).read_text())["results"]
        wanted = {name for k in a.rerun[1].split(",") for name in earlier.get(k, [])}
        mutants = [m for m in mutants if m.name in wanted]
    elif a.sample and a.sample < len(mutants):
        # in random order, so the mutants run before a --minutes stop are a random sample too
        mutants = random.Random(a.seed).sample(mutants, a.sample)

    tmp = Path(tempfile.mkdtemp(prefix="billiard-mut-"))
    try:
        copy = tmp / "tree"
        ignore = shutil.ignore_patterns(".git", "__pycache__", "*.pyc", ".venv")
        shutil.copytree(ROOT, copy, ignore=ignore)
        t0 = time.perf_counter()
        cache = Path(a.linemap) if a.linemap else None
        if a.tests:
            lm = {"lines": {}, "durations": {}}
        elif cache and cache.exists():
            lm = json.loads(cache.read_text())
        else:
            lm = line_map(copy, a.package)
            if cache:
                cache.write_text(json.dumps(lm))
        if not a.tests:
            print(
                f"traced tests/{a.package}: {len(lm['durations'])} tests, {time.perf_counter() - t0:.0f} s", flush=True
            )
        results: dict[str, list[str]] = {}
        stop = time.monotonic() + 60 * a.minutes if a.minutes else None
        for n, m in enumerate(mutants, 1):
            if stop and time.monotonic() > stop:
                results["not run (time)"] = [x.name for x in mutants[n - 1 :]]
                print(f"time budget spent: {len(mutants) - n + 1} mutants not run", flush=True)
                break
            key = f"{m.path[len('billiard/' + a.package) + 1 :]}:{m.line}"
            # fastest first, so -x stops a killed mutant early
            tests = a.tests or sorted(lm["lines"].get(key, []), key=lambda t: lm["durations"].get(t, 1.0))
            if not tests:  # run at import (module constants, class attributes) or never
                tests = [f"tests/{a.package}"]
            target = copy / m.path
            original = target.read_text()
            try:
                target.write_text(mutated_source(m))
                d = lm["durations"]
                cost = (
                    60.0
                    if a.tests
                    else sum(d.values())
                    if tests == [f"tests/{a.package}"]
                    else sum(d.get(t, 1.0) for t in tests)
                )
                budget = 20 + 3 * cost
                verdict = _fork_pytest(copy, [*tests, "-x", "-q", "-p", "no:cacheprovider"], budget)
            finally:
                target.write_text(original)
            label = {"fail": "killed", "pass": "survived", "timeout": "timed out"}[verdict]
            results.setdefault(label, []).append(m.name)
            print(f"[{n}/{len(mutants)}] {label.upper()} {m.name}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    count = {k: len(v) for k, v in results.items()}
    run = sum(count.get(k, 0) for k in ("killed", "survived", "timed out"))
    total = len(mutants) - count.get("not run (time)", 0)
    print(
        f"\nbilliard/{a.package}: generated {generated}, sampled {len(mutants)}, run {run}, "
        f"killed {count.get('killed', 0)}, survived {count.get('survived', 0)}, "
        f"timed out {count.get('timed out', 0)}"
    )
    if total:
        print(
            f"kill rate {count.get('killed', 0) / total:.1%} "
            f"(killed + timed out {(count.get('killed', 0) + count.get('timed out', 0)) / total:.1%})"
        )
    if a.json:
        Path(a.json).write_text(
            json.dumps(
                {
                    "package": a.package,
                    "generated": generated,
                    "sampled": len(mutants),
                    "run": run,
                    "seed": a.seed,
                    "results": results,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
