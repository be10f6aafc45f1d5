"""The MSAA choice: 4x on a GPU, none on software OpenGL, ``--msaa`` within what GL offers."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from billiard.render.msaa import choose_samples, is_software


def fake_ctx(renderer: str, max_samples: int = 8):
    return SimpleNamespace(info={"GL_RENDERER": renderer}, max_samples=max_samples)


@pytest.mark.parametrize("name", ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast"])
def test_software_renderers_draw_single_sampled_by_default(name):
    assert is_software(fake_ctx(name))
    assert choose_samples(fake_ctx(name)) == 0


def test_a_gpu_gets_4x_by_default_and_requests_are_clamped():
    gpu = fake_ctx("NVIDIA H100 80GB HBM3/PCIe/SSE2", max_samples=8)
    assert not is_software(gpu)
    assert choose_samples(gpu) == 4
    assert choose_samples(gpu, 8) == 8 and choose_samples(gpu, 0) == 0 and choose_samples(gpu, 1) == 0
    assert choose_samples(fake_ctx("AMD Radeon", max_samples=2), 8) == 2
    assert choose_samples(fake_ctx("llvmpipe", max_samples=4), 4) == 4  # asked for: given


def test_this_machines_context_is_recognised(gl_ctx):
    assert choose_samples(gl_ctx) == (0 if is_software(gl_ctx) else min(4, gl_ctx.max_samples))
