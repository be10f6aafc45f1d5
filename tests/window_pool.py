"""Hidden windows kept for the in-process headless plays of one test worker, and one offscreen
context for its pictures (issue 28).

Each ``billiard play --headless`` opens a hidden window and closes it at the end; on llvmpipe a
new GL context also compiles its blit shaders again the first time a play's picture is resolved
from the multisampled target and copied to the screen (~0.1 s of CPU a play whose last frame
stands still, against ~0.06 s for the whole rest of a short play). The suite plays a few
hundred scripts, in a handful of window sizes: :class:`PooledShell` stands in for
:class:`billiard.shell.window.Shell` in ``billiard.app.headless`` and hands each play the
worker's hidden window of that size, its event handlers back to those it had when first
opened. What a play makes in the window's GL context it releases at its end
(``run_script``: the renderer), and every frame sets the GL state it draws with, so a play
sees the window as a new one. :func:`kept_context` does the same for the standalone EGL
context of ``billiard replay --screenshot`` and ``billiard render``. ``tests/app/test_window_pool.py``
checks that a play gives the same summary and screenshot in a pooled window as in a new one, and
a picture the same pixels in the kept context as in a new one."""

from __future__ import annotations

from billiard.render.offscreen import window_context
from billiard.shell.window import Shell

_held: dict[tuple[int, int], tuple[Shell, list]] = {}  # size -> (window's shell, its handlers when opened)


class PooledShell(Shell):
    """A :class:`Shell` whose hidden window outlives the play that opened it."""

    _handlers: list = []

    @classmethod
    def open(
        cls,
        size: tuple[int, int],
        caption: str = "billiard",
        visible: bool = True,
        fullscreen: bool = False,
        what: str = "the window",
    ) -> Shell:
        if visible or fullscreen:  # only hidden windows are kept
            return Shell.open(size, caption, visible, fullscreen, what)
        key = (int(size[0]), int(size[1]))
        held = _held.get(key)
        if held is None or held[0].window.context is None:  # (a play that closed it)
            shell = Shell.open(key, caption, False, False, what)
            held = _held[key] = (shell, [dict(frame) for frame in shell.window._event_stack])
        shell, handlers = held
        shell.window.switch_to()
        pooled = cls(shell.window, window_context(), shell.font)
        pooled._handlers = handlers
        return pooled

    def close(self) -> None:
        """Back to the pool: the window's event handlers are those it had when first opened, and
        it stays open."""
        self.window._event_stack = [dict(frame) for frame in self._handlers]


def close_all() -> None:
    """Close the kept windows (the worker's session ends)."""
    for shell, _ in _held.values():
        if shell.window.context is not None:
            shell.close()
    _held.clear()


class KeptContext:
    """The worker's standalone EGL context, handed out by ``create_context`` in place of a new
    one (``billiard replay --screenshot``, ``billiard render`` and their pictures: a new context
    costs a picture ~0.2 s of CPU on llvmpipe, its blitter's and mipmap shaders compiled again;
    ~0.05 s with the context kept). It is made current when handed out; ``release`` keeps it
    (the callers release their renderer first)."""

    def __init__(self, ctx) -> None:
        object.__setattr__(self, "_ctx", ctx)

    def __getattr__(self, name: str):
        return getattr(self._ctx, name)

    def __setattr__(self, name: str, value) -> None:
        setattr(self._ctx, name, value)

    def __enter__(self):
        return self._ctx.__enter__()

    def __exit__(self, *exc) -> None:
        self._ctx.__exit__(*exc)

    def release(self) -> None:
        """Kept for the next caller."""


_kept: list = []  # [the kept context], made on first use


def kept_context(create):
    """``create_context`` handing out one kept context (made with ``create``, the real one)."""

    def handed() -> KeptContext:
        if not _kept:
            _kept.append(create())
        ctx = _kept[0]
        ctx.mglo.__enter__()  # current, as a new context would be
        return KeptContext(ctx)

    handed.create = create  # type: ignore[attr-defined]
    return handed


def release_kept() -> None:
    """Release the kept context (the worker's session ends)."""
    for ctx in _kept:
        ctx.release()
    _kept.clear()
