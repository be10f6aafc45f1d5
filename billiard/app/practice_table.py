"""The practice table inside the game window (issue 18): undo and retry, set-up mode, saved
layouts, drills and their best scores. The game controller calls its :meth:`handlers` for
the controls' actions, :class:`GameApp` hands it the menu choices in :data:`PRACTICE_MENU`;
everything it changes goes through the session (:mod:`billiard.app.session`), so headless
play and tests see it."""

from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np

from billiard.app.setup_controls import SetupControls
from billiard.app.turn import Phase, check
from billiard.errors import BilliardError
from billiard.formats.limits import power_of_speed
from billiard.practice import drill_scores
from billiard.practice.drills import load_drill
from billiard.practice.layouts import layout_dict, layout_path, list_layouts, load_layout, save_layout
from billiard.render.scene import BallView, Overlay, Polyline, SceneState
from billiard.settings import Settings
from billiard.settings import load as load_settings
from billiard.settings import save as save_settings


class PracticeHost(Protocol):
    """What the practice table needs of the game window (and nothing more): the match, its
    controls and controller, where files go, the layout or drill to start from, and a new game."""

    @property
    def session(self) -> Any: ...
    @property
    def controls(self) -> Any: ...

    game: Any  # its recording, settings and ``say``
    menu: Any  # its list of saved layouts
    data_dir: str | None
    layout_start: Any
    drill_name: str | None

    def aim_at_target(self) -> None: ...
    def name_player(self, side: int, name: str) -> None: ...
    def start(self, mode: str, table: str | None, scores: list[int] | None = None) -> None: ...


PRACTICE_MENU = frozenset({"load-layout", "drill", "set up", "save layout", "undo-in-matches", "rule-option"})
SETUP_OK_COLOR = (0.4, 1.0, 0.4, 0.9)  # ring round a ball in hand in set-up: legal spot
SETUP_BAD_COLOR = (1.0, 0.25, 0.2, 0.95)  # illegal spot


class PracticeTable:
    """The practice side of the game window, through :class:`PracticeHost`."""

    def __init__(self, app: PracticeHost) -> None:
        self.app = app
        self.best_seen = 0  # the drill best already written to the scores file

    def handlers(self) -> dict:
        """The controller's action handlers this table provides (undo replaces the plain one)."""
        return {
            "undo": lambda _: self.undo(),
            "retry": lambda _: self.retry(),
            "setup": lambda _: self.toggle_setup(),
            "setup-done": lambda _: self.leave_setup(),
            "save-name": self.save_name,
        }

    def start_from(self) -> dict:
        """``new_session``'s keywords for the next game: the layout or drill to start from, the
        player's best at the drill, whether undo is allowed in matches (only those set)."""
        app = self.app
        drill = load_drill(app.drill_name) if app.drill_name else None
        best = drill_scores.best_for("Player 1", drill.name, app.data_dir) if drill else 0
        return {
            k: v
            for k, v in (
                ("layout", app.layout_start),
                ("drill", drill),
                ("best", best),
                ("allow_undo_in_match", self.settings.allow_undo_in_match),
            )
            if v
        }

    @property
    def settings(self) -> Settings:
        return self.app.game.settings

    def save_name(self, name: str) -> None:
        """The name box: a layout or a player's name when the menu opened it, else the last
        shot (K)."""
        naming_for = self.app.controls.naming_for
        if naming_for == "layout":
            self.save_layout(name)
        elif naming_for in ("player 1", "player 2"):
            self.app.name_player(int(naming_for[-1]) - 1, name)
        else:
            self.app.game.recording.save_last(name)

    def _save_setting(self, said: str) -> None:
        """Say what changed and keep it in the settings file."""
        self.app.game.say(said)
        try:
            save_settings(self.settings)
        except (OSError, BilliardError) as exc:
            self.app.game.say(f"settings not saved: {exc}")

    def menu_action(self, action) -> None:
        app = self.app
        if action.name in ("load-layout", "drill"):
            self.start_practice(action)
        elif action.name == "set up":
            self.toggle_setup()
        elif action.name == "save layout":
            app.controls.naming, app.controls.naming_for = "", "layout"
        elif action.name == "undo-in-matches":
            app.controls.menu_open = True  # a setting: the menu stays open
            app.game.settings = load_settings().replace(allow_undo_in_match=bool(action.value))  # others' fresh
            app.session.allow_undo_in_match = self.settings.allow_undo_in_match
            self._save_setting(
                "undo allowed in matches (both players agreed)" if action.value else "undo off in matches"
            )
        elif action.name == "rule-option":  # called shots, equal innings: from this shot on, and kept
            app.controls.menu_open = True
            name, value = action.value
            app.game.settings = load_settings().replace(**{name: bool(value)})
            app.session.set_rule_options(self.settings.rule_options())
            self._save_setting(f"{name.replace('_', ' ')} {'on' if value else 'off'}")

    # -- undo and retry --------------------------------------------------------------------
    def undo(self) -> None:
        s, c = self.app.session, self.app.controls
        if c.setup is not None and c.setup.held is not None:
            c.setup.held = c.setup.spot = c.setup.reason = None  # a ball in hand goes back first
            self.app.game.say("put back")
            return
        kind = s.history[-1].kind if s.history else ""
        ok = s.undo()
        self.app.game.say(
            (
                ("set-up change undone" if kind == "set-up" else "shot undone")
                if ok
                else "wait for the balls to stop"
                if s.in_shot and s.undo_allowed
                else "nothing to undo"
                if s.undo_allowed
                else "undo is off in matches (ESCAPE menu: Undo in matches)"
            )
        )
        if ok and c.phase != "setup":
            c.turn_ready()
            self.app.aim_at_target()

    def retry(self) -> None:
        """The last shot's balls and the cue as it was (aim, power, tip, elevation)."""
        app = self.app
        s = app.session
        if app.controls.setup is not None:
            self.leave_setup()
        cmd = s.retry()
        if cmd is None:
            self.app.game.say(
                ("nothing to retry yet" if s.undo_allowed else "retry is off in matches (ESCAPE menu: Undo in matches)")
            )
            return
        if app.game.recording.pending is not None:
            app.game.recording.shot_finished(s.rules.scores)  # the abandoned shot is recorded too, to its end
        c = app.controls
        c.turn_ready()
        c.set_cue(heading_deg=cmd.heading_deg, elevation_deg=cmd.elevation_deg, tip=cmd.tip)
        c.cue.key_power = max(0.02, power_of_speed(cmd.speed, c.max_speed))
        self.app.game.say("retry: same balls, same cue (change one thing and shoot)")

    # -- set-up mode -------------------------------------------------------------------------
    def toggle_setup(self) -> None:
        s, c = self.app.session, self.app.controls
        if c.setup is not None:
            self.leave_setup()
        elif s.mode != "practice":
            self.app.game.say("set-up is for practice (ESCAPE menu: mode practice)")
        elif s.in_shot:
            self.app.game.say("wait for the balls to stop")
        else:
            c.setup, c.phase, c.drag, c.placement, c.stroke = (
                SetupControls(s),
                check(c.phase, Phase.SETUP),
                None,
                None,
                None,
            )
            self.app.game.say("SET-UP mode (TAB or ENTER: play from this layout)")

    def leave_setup(self) -> None:
        c = self.app.controls
        c.setup, c.phase = None, check(c.phase, Phase.AIM)
        c.turn_ready()
        self.app.game.say("play from this layout (U undoes, TAB sets up again)")
        self.app.aim_at_target()

    def setup_scene(self, pose: tuple[np.ndarray, np.ndarray]) -> SceneState:
        """Set-up: the held ball drawn where it would go, ringed green (legal) or red."""
        st, s = self.app.controls.setup, self.app.session
        assert st is not None, "called in set-up mode"
        view = BallView.from_balls(s.balls)
        view = BallView(view.ids, *pose, view.radius, view.pocketed)
        paths: tuple[Polyline, ...] = ()
        if st.held is not None and st.spot is not None:
            i = view.ids.index(st.held)
            pos, hidden = view.pos.copy(), view.pocketed.copy()
            r = float(view.radius[i])
            pos[i] = (st.spot[0], st.spot[1], r)
            hidden[i] = False
            view = BallView(view.ids, pos, view.quat, view.radius, hidden)
            a = np.linspace(0.0, 2 * math.pi, 33)
            ring = np.column_stack([st.spot[0] + 1.25 * r * np.cos(a), st.spot[1] + 1.25 * r * np.sin(a)])
            paths = (Polyline(ring, SETUP_BAD_COLOR if st.reason else SETUP_OK_COLOR, 0.004),)
        return SceneState(s.table, view, None, Overlay(None, None, None, paths))

    def summary(self) -> dict:
        """Set-up's state for the headless summary (nothing outside set-up)."""
        st = self.app.controls.setup
        if st is None:
            return {}
        return {
            "setup": {
                "held": st.held,
                "spot": list(st.spot) if st.spot else None,
                "illegal": st.reason,
                "message": st.message,
            }
        }

    # -- layouts and drills -------------------------------------------------------------------
    def save_layout(self, name: str) -> None:
        """Save the balls as they lie; with the last shot's strike when they lie as it found them."""
        app = self.app
        s = app.session
        if s.in_shot:
            self.app.game.say("wait for the balls to stop")
            return
        strike = None
        start = s.last_start
        if (
            start is not None
            and start.strike is not None
            and np.array_equal(start.balls.pos, s.balls.pos)
            and np.array_equal(start.balls.motion, s.balls.motion)
        ):
            cmd = start.strike
            strike = {
                "ball": s.rules.cue,
                "speed": cmd.speed,
                "heading_deg": cmd.heading_deg,
                "elevation_deg": cmd.elevation_deg,
                "tip": cmd.tip,
            }
        try:
            path = save_layout(name, layout_dict(s.balls, s.table.name, s.params, strike), app.data_dir)
            self.app.game.say(f"layout saved as {path.stem}")
            app.menu.layouts = list_layouts(app.data_dir)
        except BilliardError as exc:
            self.app.game.say(str(exc))

    def start_practice(self, action) -> None:
        """A practice game from a saved layout (``load-layout``) or a drill (``drill``)."""
        app = self.app
        try:
            if action.name == "drill":
                app.drill_name, app.layout_start = action.value, None
            else:
                app.layout_start = load_layout(layout_path(action.value, app.data_dir))
                app.drill_name = None
            app.start("practice", None)
            if not app.drill_name:  # a drill's goal is said by the game as it starts
                self.app.game.say(f"layout {action.value}")
        except BilliardError as exc:
            app.layout_start = app.drill_name = None
            self.app.game.say(str(exc))

    def keep_best(self) -> None:
        """A drill's new best round is written to the player's scores (once per change)."""
        s = self.app.session
        run = s.drill
        if run is None or run.best <= self.best_seen:
            return
        self.best_seen = run.best
        try:
            drill_scores.record_best(s.rules.players[0], run.drill.name, run.best, self.app.data_dir)
        except BilliardError as exc:
            self.app.game.say(f"best score not saved: {exc}")
