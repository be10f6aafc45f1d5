"""The game window's picture: the renderer at a quality level, the 3D scene of each frame (the
aim aids, the set-up editor's or the coach's paths over it), the trays of pocketed balls, the
HUD's state of the frame (the start screen over it, the top view's ball numbers), and the
frame's pixels read back (screenshots)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import moderngl
import numpy as np

from billiard.app.game_view import ball_numbers
from billiard.app.hud_state import RACK_BUTTONS, HudState, hud_state
from billiard.app.rack_panel import rack_panel
from billiard.app.start_screen import TITLE as START_TITLE
from billiard.display.coach import coach_paths
from billiard.render.msaa import choose_samples
from billiard.render.quality import resolve_quality
from billiard.render.renderer import Renderer
from billiard.render.scene import SceneState
from billiard.render.tray import tray_rects

if TYPE_CHECKING:
    from billiard.app.game_app import GameApp


def make_renderer(ctx: moderngl.Context, size: tuple[int, int], quality: str, msaa: int | None) -> Renderer:
    """A renderer at ``quality`` (``auto``: low on software OpenGL, high on a GPU), with that
    level's MSAA unless ``msaa`` (``--msaa``) chose."""
    from billiard.shell.gl_levels import write_levels  # the window's GL: mipmaps made on the CPU

    level = resolve_quality(quality, ctx)
    samples = choose_samples(ctx, msaa if msaa is not None else level.samples)
    return Renderer(ctx, size, samples, level, write_levels)


class GameFrame:
    """Draws ``app``'s game (not the replay browser) into the window."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.ask_again = False  # a coach still working: its paths are asked for next frame

    def scene(self) -> SceneState:
        """The 3D scene of this frame, with the coach's paths when Q shows them."""
        app = self.app
        if app.controls.setup is not None:
            return app.practice.setup_scene(app.pose)
        scene = app.aim_view.scene(app.session, app.controls, app.pose)
        s = app.session
        playing = not (s.in_shot or s.rules.game_over or app.computer_on_turn())
        shot, again = app.coach_slot.shot(s, playing)
        self.ask_again = again  # a coach still working is asked next frame
        if shot is None or scene.overlay is None:
            return scene
        extra = coach_paths(shot, s.ball_radius())
        return dataclasses.replace(scene, overlay=dataclasses.replace(scene.overlay, paths=scene.overlay.paths + extra))

    def _rack_buttons(self) -> tuple[tuple[str, str], ...]:
        """The end-of-rack panel's buttons: the usual ones, or what the other side's turns
        (an online match) say of the next rack."""
        own = getattr(self.app.computer, "rack_buttons", None)
        return own() if own is not None else RACK_BUTTONS

    def hud_state(self) -> HudState:
        """What the HUD shows this frame."""
        app = self.app
        state = hud_state(
            app.session,
            app.controls,
            paused=app.loop.paused,
            speed=app.loop.speed,
            frame_ms=app.frame_ms,
            menu=app.menu,
            messages=app.game.messages.lines(2),
            names=app.game.names,
            rack_panel=rack_panel(app.session, app.rack_stats, app.game.names, self._rack_buttons()),
            others_turn=app.computer_on_turn(),
        )
        if app.start_screen is not None:
            state = dataclasses.replace(
                state,
                menu=(tuple(app.start_screen.labels()), app.start_screen.selected),
                menu_title=START_TITLE,
                menu_greyed=(),
                rack_over=None,
            )
        if app.start_screen is None and app.camera_mode() == "top" and not app.session.in_shot:
            state = dataclasses.replace(
                state, ball_numbers=ball_numbers(app.session, app.camera(), app.window.get_size())
            )
        return state

    def draw(self) -> None:
        """The scene, the trays, then the HUD over them."""
        app = self.app
        ctx, window = app.ctx, app.window
        app.renderer.draw_to_screen(self.scene(), app.camera())
        state = self.hud_state()
        scale = window.get_framebuffer_size()[1] / max(window.height, 1)
        app.renderer.draw_tray(state.tray, tray_rects(window.width, window.height, state.tray, scale), ctx.screen)
        ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        app.hud.update(state)
        app.hud.draw()

    def pass_frame(self) -> None:
        """A frame not drawn (headless play's ``--draw-every``) does what a drawn frame does besides
        drawing: it asks the coach and the cue-path preview (the coach lays the player's cue) and
        counts for the renderer's still picture."""
        self.app.renderer.pass_frame(self.scene(), self.app.camera())

    def screenshot_rgb(self) -> np.ndarray:
        """The current frame as (height, width, 3) uint8, top row first."""
        ctx = self.app.ctx
        w, h = self.app.window.get_framebuffer_size()
        data = ctx.screen.read(viewport=(0, 0, w, h), components=3, alignment=1)
        _ = ctx.error  # reading the screen leaves a GL error pyglet would raise later
        return np.frombuffer(data, np.uint8).reshape(h, w, 3)[::-1].copy()
