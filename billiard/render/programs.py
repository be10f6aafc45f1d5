"""Compile the GLSL programs of ``shaders/`` (one ``NAME.vert``/``NAME.frag`` pair each).

A line ``#include FILE`` is replaced by that file from ``shaders/`` (the scene uniform
block and the lighting are written once), followed by a ``#line`` directive so compiler
errors still point at the right line of the including file.
"""
from __future__ import annotations

import moderngl

from billiard.errors import BilliardError
from billiard.resources import resource_path


def shader_source(filename: str) -> str:
    lines = resource_path("shaders", filename).read_text().splitlines()
    out = []
    for number, line in enumerate(lines, start=1):
        if line.startswith("#include "):
            out.append(resource_path("shaders", line.split()[1]).read_text())
            out.append(f"#line {number + 1}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def load_program(ctx: moderngl.Context, name: str) -> moderngl.Program:
    """The program ``name`` from ``shaders/name.vert`` and ``shaders/name.frag``."""
    try:
        return ctx.program(vertex_shader=shader_source(f"{name}.vert"),
                           fragment_shader=shader_source(f"{name}.frag"))
    except moderngl.Error as exc:
        raise BilliardError(f"shader program '{name}' does not compile: {str(exc).splitlines()[0]}") from exc
