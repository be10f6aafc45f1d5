"""The game's controller: a match of one mode on one table, fed the controls' actions.

It owns the session (rules, balls, physics), the controls, the fixed-step loop and the shot
recording, and runs the flow of a match: who breaks each rack (the winner in 8-ball and
9-ball unless ``Settings.alternate_breaks``; otherwise the players alternate), the end-of-rack
question (ENTER: next rack), the opening aim of every turn, the HUD line for a refused
command. No window or drawing here; :class:`billiard.app.game_app.GameApp` shows it.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from billiard.app.controls import Action, Controls, StrikeCommand
from billiard.app.layout import HudLayout
from billiard.app.loop import FixedLoop
from billiard.app.messages import MessageQueue, Priority
from billiard.app.opening_aim import opening_heading
from billiard.app.session import Session
from billiard.app.setup import new_session
from billiard.app.shot_note import shot_note
from billiard.app.shot_recording import RecorderFactory, ShotRecording
from billiard.app.turn import new_turn_resets
from billiard.app.wording import second_person
from billiard.errors import BilliardError
from billiard.replay.capture import shot_from_balls
from billiard.settings import Settings


class GameController:
    """``picker(x, y)`` maps window pixels to the table (the view's job); ``clock()`` gives the
    time of the input being handled (the window's clock, or a script's)."""

    def __init__(
        self,
        layout: HudLayout,
        record: RecorderFactory | None,
        racks: random.Random | None,
        picker: Callable[[float, float], tuple[float, float] | None],
        settings: Settings | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.layout = layout
        self.racks = racks
        self.picker = picker
        self.settings = settings or Settings()
        self.clock = clock
        self.messages = MessageQueue()  # what the HUD's message lines show (issue 25, point 2)
        self.recording = ShotRecording(record, self.say)
        self.breaker = 0
        self.computer_sides: tuple[bool, bool] = (False, False)  # which sides the computer plays
        self._heard: tuple[int, str] = (0, "")  # the rules' last verdict already posted
        self._last_player: int | None = None  # who played the shot now ending
        self.names: tuple[str, str] | None = None  # the sides' names ("You", "Computer (level 3)")
        self._placed = 0
        self.start_from: dict = {}  # new_session's practice keywords: layout, drill, best, undo in matches
        # each action's value has its own type (a StrikeCommand, a speed, a name, none)
        self.handlers: dict[str, Callable[[Any], None]] = {
            "strike": self._strike,
            "next-rack": lambda _: self.next_rack(),
            "pause": lambda _: self._pause(),
            "speed": lambda v: self.loop.set_speed(v),
            "undo": lambda _: self._undo(),
            "push-out": lambda _: self.session.rules.declare_push_out(),
            "pass": lambda _: self.session.rules.pass_back(),
            "save-name": self.recording.save_last,
            "decide": self._decide,
        }

    # -- a match ----------------------------------------------------------------------------
    def start(self, mode: str, table: str | None, scores: list[int] | None = None, breaker: int = 0) -> None:
        """A new game; ``scores`` carries the racks won so far into the next rack, ``breaker``
        is the player who breaks it."""
        session = new_session(mode, table, self.racks.randrange(2**31) if self.racks else None, **self.start_from)
        session.set_rule_options(self.settings.rule_options())
        self.session: Session = session
        if self.names is not None:
            session.rules.players = self.names
        self.recording.new_game(mode, session.table.name, tuple(session.rules.players))
        if scores is not None:
            session.rules.scores = list(scores)
        self.breaker = breaker
        session.set_breaker(breaker)
        session.picker = self.picker
        kept = getattr(self, "controls", None)
        self.controls = Controls(self.layout, session)
        if kept is not None:  # the view and the aids the player chose carry into the next game
            self.controls.flags.update({k: v for k, v in kept.flags.items() if k != "help"})
        self.messages.clear()
        self._heard, self._last_player = (id(session.last_outcome), session.rules.message), None
        if session.rules.message:
            self.messages.post(session.rules.message, Priority.RULES, "rules")
        if session.drill is not None:  # a drill states its goal before the first attempt
            d = session.drill.drill
            self.messages.post(f"{d.title}: {d.goal}", Priority.RULES, "drill")
        elif mode in RULE_NOTES and scores is None:
            called = mode == "8-ball" and getattr(session.rules, "called_shots", False)
            self.messages.post(CALLED_NOTE if called else RULE_NOTES[mode], Priority.HINT, "hint")
        self._placed = 0
        self.rack_number = 1  # this game's rack (next_rack counts on)
        self.loop = FixedLoop(session.params.dt, session.tick)
        self.controls.turn_ready()
        self.aim_at_target()

    def next_rack(self) -> None:
        """After a rack is won, the next one: the rule set says who breaks."""
        s = self.session
        rules = s.rules
        if not rules.game_over:
            return
        winner = rules.winner if rules.winner is not None else self.breaker
        if rules.winner_breaks and not self.settings.alternate_breaks:
            breaker = winner
        else:
            breaker = 1 - self.breaker
        rack = self.rack_number + s.racks_played
        self.start(s.mode, s.table.name, rules.scores if rules.rack_points else None, breaker)
        self.rack_number = rack
        # an opening note of the rack, like the hints: gone once the break's verdict is in
        self.messages.post(
            second_person(f"next rack: {self.session.rules.players[breaker]} breaks"), Priority.INFO, "rack"
        )

    def say(self, text: str, priority: Priority = Priority.INFO) -> None:
        """A line for the player (an answer to a command, an error): on the HUD's message
        queue, under a foul or a warning still unseen."""
        self.messages.post(second_person(text), priority, "game")

    def note(self, text: str, channel: str = "rack") -> None:
        """A passing line (the online room's welcome, the match starts): shown until the next
        shot is judged, as the opening notes are (:meth:`hear_rules` clears these channels)."""
        self.messages.post(second_person(text), Priority.INFO, channel)

    def aim_at_target(self) -> None:
        """At the start of a turn, point the cue at a legal ball along an unblocked line."""
        heading = opening_heading(self.session)
        if heading is not None:
            self.controls.set_cue(heading_deg=heading)

    # -- actions -------------------------------------------------------------------------------
    def act(self, actions: list[Action]) -> list[Action]:
        """Do the game's actions; return the ones for the window (menu, fullscreen...)."""
        rest = []
        for a in actions:
            handler = self.handlers.get(a.name)
            if handler is None:
                rest.append(a)
                continue
            try:
                handler(a.value)
            except BilliardError as exc:
                self.say(str(exc))
                if self.controls.phase == "strike":
                    self.controls.turn_ready()
        return rest

    def _strike(self, cmd: StrikeCommand) -> None:
        s, rules = self.session, self.session.rules
        if rules.game_over:
            self.controls.turn_ready()
            self.say("the rack is over: ENTER for the next rack, ESCAPE for the menu")
            return
        shot = shot_from_balls(
            s.balls,
            s.table.name,
            {
                "ball": rules.cue,
                "speed": cmd.speed,
                "heading_deg": cmd.heading_deg,
                "elevation_deg": cmd.elevation_deg,
                "tip": cmd.tip,
            },
            s.params,
        )
        player = rules.turn
        s.strike(cmd, t=self.clock())
        s.strikes[-1]["player"] = player
        self._last_player = player
        self.recording.shot_played(shot, player, rack=self.rack_number + s.racks_played - 1)
        self.controls.shot_started()

    def _decide(self, option: str) -> None:
        """Answer the rules' pending decision (any game, any choice: ``game.decisions``)."""
        s = self.session
        rules = s.rules
        s.answer(option)
        self.messages.acted()  # the player answered: what was held has been seen
        if s.rules is not rules:
            self.breaker = s.rules.turn  # a re-rack: its breaker breaks
        self.controls.turn_ready()
        self.aim_at_target()

    def _pause(self) -> None:
        self.loop.paused = not self.loop.paused

    def _undo(self) -> None:
        s = self.session
        if s.undo():
            self.say("shot undone")
            self.controls.turn_ready()
        else:
            self.say("nothing to undo" if s.rules.allows_undo else "undo is for practice only")

    # -- per frame -------------------------------------------------------------------------------
    def update(self, frame_seconds: float) -> None:
        """Advance the physics by the frame's time (fixed ticks) and finish turns."""
        if self.controls.placed != self._placed:  # the ball in hand was put down: a legal aim from there
            self._placed = self.controls.placed
            self.aim_at_target()
        self.loop.advance(frame_seconds)
        if self.recording.pending is not None and not self.session.in_shot:
            s = self.session
            self.recording.shot_finished(s.rules.scores, shot_note(s.last_outcome, s.rules.cue, bool(s.table.pockets)))
        self.recording.show_errors()
        if self.controls.phase == "rolling" and not self.session.in_shot:
            self.new_turn()
        self.hear_rules()

    @property
    def last_player(self) -> int | None:
        """The side that played the last shot of this rack (None before any)."""
        return self._last_player

    def new_turn(self) -> None:
        """The balls stopped and the shot was judged: the next turn begins. At each player's
        turn the tip and elevation start centred and level (``app.turn``)."""
        rules, cue = self.session.rules, self.controls.cue
        last = self._last_player
        resets = new_turn_resets(
            last, rules.turn, last is not None and self.computer_sides[last], self.settings.keep_cue
        )
        if resets.tip:
            cue.set_tip(0.0, 0.0)
        if resets.elevation:
            cue.set_elevation(0.0)
        self.controls.turn_ready()
        self.aim_at_target()

    def hear_rules(self) -> None:
        """Post the rules' newest verdict on the message queue: a foul stays until the player
        acts (the rules' own warning, ``Rules.warning``, shows on the hint line)."""
        rules = self.session.rules
        key = (id(self.session.last_outcome), rules.message)
        if key == self._heard:
            return
        new_verdict = key[0] != self._heard[0]
        self._heard = key
        if new_verdict:  # the first shot is played: the opening notes have been read
            for channel in ("hint", "drill", "rack", "welcome"):
                self.messages.clear(channel)
            # a foul still held is from a shot before this one, or from further back (the
            # computer's whole visit came between): "Shot before" would then name the wrong shot
            self.messages.age("rules", EARLIER, OLDER)
        text, outcome = rules.message, self.session.last_outcome
        foul = text.startswith("Foul") or (new_verdict and outcome is not None and bool(outcome.fouls))
        priority = Priority.RESULT if rules.game_over else Priority.FOUL if foul else Priority.RULES
        self.messages.post(second_person(text), priority, "rules", until_act=foul and not rules.game_over)

    @property
    def busy(self) -> bool:
        """Something moves: balls rolling, a non-human stroke, a view change the app tracks."""
        return self.session.in_shot or self.controls.auto is not None or self.controls.phase in ("strike", "rolling")


EARLIER = "Shot before: "
OLDER = "Earlier: "
CALLED_NOTE = "8-ball, called shots: call the pocket before each shot (obvious shots need not be called)"
RULE_NOTES = {  # what a player should know before the first shot (also in the help, H)
    "8-ball": "8-ball: shots are not called, any pocket counts (the 8 too, once your group is down)",
    "9-ball": "9-ball: hit the lowest ball first; three fouls in a row lose the rack",
    "snooker": "snooker: a red, then a colour, until the reds are gone; then the colours in order",
    "three-cushion": "three-cushion: your cue ball must touch three cushions before the second ball",
}
