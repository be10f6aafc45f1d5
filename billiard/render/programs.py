"""Compile the GLSL programs of ``shaders/`` (one ``NAME.vert``/``NAME.frag`` pair each).

A line ``#include FILE`` is replaced by that file from ``shaders/`` (the scene uniform
block and the lighting are written once), followed by a ``#line`` directive so compiler
errors still point at the right line of the including file.
"""

from __future__ import annotations

import moderngl

from billiard.errors import BilliardError
from billiard.resources import resource_path


def shader_source(filename: str, defines: dict[str, int] | None = None) -> str:
    """The source of ``shaders/filename`` with its includes, and ``#define NAME VALUE`` lines
    for ``defines`` right after ``#version`` (e.g. the quality level)."""
    lines = resource_path("shaders", filename).read_text().splitlines()
    out = []
    for number, line in enumerate(lines, start=1):
        if line.startswith("#version") and defines:
            out.append(line)
            out.extend(f"#define {k} {v}" for k, v in defines.items())
            out.append(f"#line {number + 1}")
        elif line.startswith("#include "):
            out.append(resource_path("shaders", line.split()[1]).read_text())
            out.append(f"#line {number + 1}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def load_program(ctx: moderngl.Context, name: str, defines: dict[str, int] | None = None) -> moderngl.Program:
    """The program ``name`` from ``shaders/name.vert`` and ``shaders/name.frag``, compiled with
    ``defines`` (every file also gets ``QUALITY`` 0 unless ``defines`` says otherwise)."""
    defines = {"QUALITY": 0, **(defines or {})}
    try:
        return ctx.program(
            vertex_shader=shader_source(f"{name}.vert", defines), fragment_shader=shader_source(f"{name}.frag", defines)
        )
    except moderngl.Error as exc:
        raise BilliardError(f"shader program '{name}' does not compile: {str(exc).splitlines()[0]}") from exc


def uniform(prog: moderngl.Program, name: str) -> moderngl.Uniform:
    """``prog[name]`` as the uniform it is (moderngl types a member as any of its kinds)."""
    member = prog[name]
    if not isinstance(member, moderngl.Uniform):
        raise TypeError(f"'{name}' is not a uniform of the program")
    return member


def uniform_block(prog: moderngl.Program, name: str) -> moderngl.UniformBlock:
    """``prog[name]`` as the uniform block it is."""
    member = prog[name]
    if not isinstance(member, moderngl.UniformBlock):
        raise TypeError(f"'{name}' is not a uniform block of the program")
    return member
