"""The ahead-of-time kernels' loader (issue 28): the module is taken only while the sources it
was compiled from are unchanged, and the engine's entry points are bound to its functions."""

import json
from types import SimpleNamespace

import pytest

from billiard.physics import kernels
from billiard.physics.kernels import aot_load


def test_export_names_follow_the_module_path_below_physics():
    assert aot_load.export_name("billiard.physics.kernels.advance", "advance_rows") == "kernels__advance__advance_rows"
    assert aot_load.export_name("billiard.physics.group.solve", "pgs") == "group__solve__pgs"


@pytest.fixture
def fake_kernels(tmp_path, monkeypatch):
    """A kernels folder of two sources, with a module that records its imports."""
    folder = tmp_path / "physics" / "kernels"
    folder.mkdir(parents=True)
    (folder / "a.py").write_text("x = 1\n")
    (folder / "b.py").write_text("y = 2\n")
    monkeypatch.setattr(aot_load, "KERNELS", folder)
    monkeypatch.setattr(aot_load, "PHYSICS", folder.parent)
    imported = []
    module = SimpleNamespace(name="the compiled module")

    def fake_import(name):
        imported.append(name)
        return module

    monkeypatch.setattr(aot_load.importlib, "import_module", fake_import)
    monkeypatch.delenv("BILLIARD_AOT", raising=False)
    return SimpleNamespace(folder=folder, imported=imported, module=module)


def _write_side(folder, modules, digest):
    (folder / aot_load.SIDE_FILE).write_text(json.dumps({"modules": modules, "sha256": digest}))


def test_a_current_module_is_loaded(fake_kernels):
    modules = ["billiard.physics.kernels.a"]
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))
    assert aot_load.load() is fake_kernels.module
    assert fake_kernels.imported == ["billiard.physics.kernels._aot"]


def test_a_changed_or_added_source_drops_the_module(fake_kernels):
    modules = ["billiard.physics.kernels.a"]
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))
    (fake_kernels.folder / "b.py").write_text("y = 3\n")  # a callee changed: the machine code is stale
    assert aot_load.load() is None
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))
    (fake_kernels.folder / "c.py").write_text("z = 0\n")
    assert aot_load.load() is None
    assert fake_kernels.imported == []


def test_an_exporting_module_outside_the_folder_is_part_of_the_digest(fake_kernels):
    group = fake_kernels.folder.parent / "group"
    group.mkdir()
    (group / "solve.py").write_text("def pgs(): pass\n")
    modules = ["billiard.physics.group.solve"]
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))
    assert aot_load.load() is fake_kernels.module
    (group / "solve.py").write_text("def pgs(): return 1\n")
    assert aot_load.load() is None


def test_no_side_file_a_bad_one_or_billiard_aot_0_means_numba(fake_kernels, monkeypatch):
    assert aot_load.load() is None  # no _aot.json
    (fake_kernels.folder / aot_load.SIDE_FILE).write_text("{not json")
    assert aot_load.load() is None
    modules = ["billiard.physics.kernels.a"]
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))
    monkeypatch.setenv("BILLIARD_AOT", "0")
    assert aot_load.load() is None
    assert fake_kernels.imported == []


def test_an_import_error_means_numba(fake_kernels, monkeypatch):
    modules = ["billiard.physics.kernels.a"]
    _write_side(fake_kernels.folder, modules, aot_load.sources_digest(modules))

    def broken(name):
        raise ImportError("built for another numpy")

    monkeypatch.setattr(aot_load.importlib, "import_module", broken)
    assert aot_load.load() is None


def test_njit_binds_entry_points_to_the_compiled_module(monkeypatch):
    def advance_rows():
        return "python"

    def helper():
        return "python"

    advance_rows.__module__ = helper.__module__ = "billiard.physics.kernels.advance"
    compiled = SimpleNamespace(kernels__advance__advance_rows=lambda: "machine code")
    monkeypatch.setattr(kernels, "AOT", compiled)
    assert kernels.njit(advance_rows)() == "machine code"
    assert kernels.njit(helper) is helper  # only called from compiled code there
