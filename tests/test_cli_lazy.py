"""``billiard --help`` imports no command module and not the engine (issue 28: it answers at
once); a command's own help still lists its options."""

import subprocess
import sys

PROBE = """
import sys
from billiard.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.startswith(("billiard.commands", "numba", "pyglet", "moderngl")))
print("HEAVY", heavy)
"""


def _run(*argv):
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True)
    return out.stdout


def test_top_level_help_imports_no_command_and_no_engine():
    out = _run("--help")
    assert "simulate" in out and "validate" in out
    assert "HEAVY []" in out


def test_a_command_help_loads_that_command_only():
    out = _run("simulate", "--help")
    assert "--jobs" in out
    assert "billiard.commands.simulate" in out and "billiard.commands.play" not in out


def test_the_lobby_server_loads_neither_the_engine_nor_the_window():
    """``billiard serve`` only relays games: its module imports no engine (numba's kernels, the
    computer player) and no window (issue 28: ~0.6 s of a server's start)."""
    probe = (
        "import sys, billiard.net.launch; "
        "print(sorted(m for m in sys.modules if m.startswith(('numba', 'pyglet', 'billiard.physics.world', 'billiard.ai'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
