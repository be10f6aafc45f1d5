"""The computer's turns in the window: it thinks in a worker (the frame loop keeps drawing),
the HUD says it is thinking, then it puts the ball in hand down, declares a 9-ball push-out
or passes one back, and plays its stroke through the controls, so its cue is seen aiming and
striking as a player's is and the shot is recorded like any other."""

from __future__ import annotations

from typing import Callable

from billiard.ai import PlayerSpec, Situation
from billiard.shell.input import InputEvent, KeyPress, KeyRelease, MouseDrag, MousePress, MouseRelease, Scroll
from billiard.ai.rule_choices import call_for, rule_choice
from billiard.ai.worker import Thinker
from billiard.app.autoplay import computers
from billiard.app.controls import StrikeCommand
from billiard.app.session import Session

AIM_S = 0.8  # s the computer's cue is seen aiming
READY = ("aim", "place")  # control phases in which a turn can begin
# What a person may still do while the computer plays: menu, views, toggles (Q: the coach, for
# the next turn), pause, speed.
ALLOWED_KEYS = frozenset({"ESCAPE", "F11", "V", "H", "F", "P", "T", "G", "B", "N", "Q", "_1", "_2", "_3", "_4"})
STROKE_S = 0.6  # s of its draw back and push through
NEXT_RACK_S = 4.0  # s the end-of-rack screen shows before computers play the next rack on their own


class ComputerTurns:
    """``update(session, controls, say)`` once a frame: starts thinking when a computer is on
    turn and the table is still, and carries the decision out when it is ready."""

    def __init__(
        self,
        players: tuple[PlayerSpec, PlayerSpec],
        seed: int | None = None,
        processes: bool = True,
        inline: bool = False,
    ) -> None:
        self.players = players
        self.ais = computers(players, seed, deadline=not inline)
        self.thinker = Thinker(processes, inline)
        self.thinking: int | None = None  # the player whose decision is under way
        self._rack_over_s = 0.0  # how long the end-of-rack screen has shown

    def demo(self) -> bool:
        """Every player is a computer (a demo): nobody is there to press ENTER between racks."""
        return all(ai is not None for ai in self.ais)

    def waiting_next_rack(self, session: Session) -> bool:
        """A demo's rack is over and the next one starts by itself soon."""
        return self.demo() and session.rules.game_over

    def next_rack_due(self, session: Session, dt: float) -> bool:
        """True once a demo's end-of-rack screen has shown NEXT_RACK_S seconds (then the
        caller starts the next rack, as ENTER would)."""
        if not self.waiting_next_rack(session):
            self._rack_over_s = 0.0
            return False
        self._rack_over_s += dt
        if self._rack_over_s < NEXT_RACK_S:
            return False
        self._rack_over_s = 0.0
        return True

    def on_turn(self, session: Session) -> bool:
        """True while the player on turn is a computer (human input is then ignored)."""
        return self.ais[session.rules.turn] is not None and not session.rules.game_over

    def update(self, session: Session, controls, say: Callable[[str], None]) -> None:
        rules = session.rules
        if session.in_shot or rules.game_over or controls.phase not in READY or not self.on_turn(session):
            return
        ai = self.ais[rules.turn]
        assert ai is not None, "on_turn: a computer plays this turn"
        pick = rule_choice(rules, session.balls, session.table)
        if pick is not None and not self.thinker.busy:  # a rule's choice: answered like a person's
            chosen = rules.pending.choice(pick) if rules.pending is not None else None
            label = chosen.label if chosen is not None else pick
            session.answer(pick)
            say(f"{rules.players[rules.turn]} (computer): {label}")
            controls.turn_ready()
            return
        if not self.thinker.busy:
            self.thinking = rules.turn
            self.thinker.start(ai, Situation.of_session(session))
            name = rules.players[rules.turn]
            said = name if "computer" in name.lower() else f"{name} (computer, level {ai.level.number})"
            say(f"{said} is thinking...")
            if self.thinker.busy and not self.thinker.ready:
                return
        decision = self.thinker.poll()
        if decision is None:
            return
        self.thinking = None
        if decision.pass_back:
            say(f"{rules.players[rules.turn]}: passes the push-out back")
            rules.pass_back()
            return
        if decision.place is not None and session.ball_in_hand():
            session.place_cue(*decision.place)
        if controls.phase == "place":  # the ball in hand goes down, then the cue aims
            controls.put_down()
        if decision.push_out:
            rules.declare_push_out()
        call = call_for(rules, decision.pocket)
        if call is not None:
            session.answer(call)
        session.intent = decision.kind
        assert decision.strike is not None, "only a pass back comes without a strike"
        s = ai.execute(decision.strike, session.ball_radius())
        say(f"{rules.players[rules.turn]}: {decision.kind}" + (f" on the {decision.target}" if decision.target else ""))
        controls.play(StrikeCommand(s.speed, s.heading_deg, s.elevation_deg, (s.tip[0], s.tip[1])), AIM_S, STROKE_S)

    def reset(self) -> None:
        """A new game: forget a decision under way."""
        self.thinker.cancel()
        self.thinking = None

    def close(self) -> None:
        self.thinker.close()


def allowed_while_computer_plays(ev: InputEvent) -> bool:
    """Input a person may give while the computer is on turn: the menu, the view (right drag,
    wheel), toggles and the game speed; never aiming, placing or stroking."""
    if isinstance(ev, (KeyPress, KeyRelease)):
        return ev.symbol in ALLOWED_KEYS
    if isinstance(ev, Scroll):
        return True
    if isinstance(ev, (MousePress, MouseRelease)):
        return ev.button == "right"
    if isinstance(ev, MouseDrag):
        return ev.buttons == frozenset({"right"})
    return False
