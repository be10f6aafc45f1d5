"""One game in progress, without any window: the physics world, the rules, ball in hand,
undo, statistics. The window, the headless runner and the tests all drive this class."""

from __future__ import annotations

import copy
from typing import Callable

import numpy as np

from billiard.app.commands import StrikeCommand
from billiard.app.history import HISTORY, History, Snapshot
from billiard.app.setup_editor import SetupEditor
from billiard.app.innings import Innings
from billiard.errors import BilliardError
from billiard.game import IN_HAND_D, IN_HAND_KITCHEN, Outcome, Rules, TableState, make_rules
from billiard.game.facts import shot_facts
from billiard.game.outcome import IN_HAND_ANYWHERE
from billiard.game.base import EFFECT_REPLACE, EFFECT_RERACK
from billiard.game.spotting import free_spot, in_hand_ok, put_on_table, respot
from billiard.game.table_state import table_state
from billiard.physics.events import Event
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.physics.pose import interpolate_balls
from billiard.physics.world import WorldFactory
from billiard.practice.drills import DrillRun
from billiard.table.cue_clearance import cue_elevation
from billiard.table.model import Table
from billiard.table.racks import rack


__all__ = ["HISTORY", "Session", "Snapshot"]
OPTIONS = ("target", "equal_innings", "called_shots")  # rule options a re-rack keeps


class Session:
    """Drive one game: ``strike`` a command, ``tick`` the physics, read ``last_outcome``.

    ``world_factory(balls, table, params)`` builds the physics world (``billiard.physics.world.World``
    in the game; a stand-in in some tests). Every shot gets a fresh world on the current balls,
    so a shot depends only on where the balls lie, exactly as the same shot saved to a shot file
    and simulated alone (the world's clock starts at 0 at each strike).
    """

    def __init__(
        self,
        mode: str,
        table: Table,
        balls: Balls,
        params: Params,
        world_factory: WorldFactory,
        rules: Rules | None = None,
        allow_undo_in_match: bool = False,
        drill: DrillRun | None = None,
    ) -> None:
        self.mode = mode
        self.rules: Rules = rules if rules is not None else make_rules(mode)
        self.allow_undo_in_match = allow_undo_in_match
        self.drill = drill
        self.past = History()  # undo steps and the last shot's start (``app.history``)
        self.table = table
        self.params = params
        self._world_factory = world_factory
        self.world = world_factory(balls, table, params)
        self.keep_previous()
        self.in_shot = False
        self.shot_events: list[Event] = []
        self.shot_time = 0.0
        self.in_hand = self.rules.ball_in_hand
        self.last_outcome: Outcome | None = None
        self.pocketed: list[str] = []
        self.pocketed_by: dict[str, int] = {}  # ball -> the player whose shot last pocketed it (the HUD tray)
        self._shooter = 0
        self.shots = 0  # strikes played (the rules count judged shots)
        self.editor = SetupEditor(self)  # balls put down by hand (``app.setup_editor``)
        self._on_table_before: frozenset[str] = frozenset()
        self._state_before: TableState | None = None
        self.rack_seed: int | None = None  # the rack's seed (a re-rack shuffles from it)
        self.racks_played = 1
        self.from_layout = False  # play started from a layout or drill, not a rack
        self.picker: Callable[[float, float], tuple[float, float] | None] = lambda x, y: None
        self.strikes: list[dict] = []  # every strike played: t, speed, heading, elevation, tip
        self._clearance: tuple[tuple, float] | None = None
        self.innings = Innings()  # one entry per visit to the table (the summary's innings)
        self.intent: str | None = None  # what the next strike is played as ("safety"), if its player says
        self._shot_intent: tuple[bool, bool] = (False, False)  # (the break, a safety or push-out)
        if drill is not None:
            self.in_hand = self.rules.ball_in_hand = None  # a drill is played as it lies
        if self.in_hand:
            self._cue_to_hand_default(keep_if_legal=True)
        self.look()

    def set_rule_options(self, options: dict[str, object]) -> None:
        """The rule set's options by name (8-ball's ``called_shots``, three-cushion's
        ``equal_innings``: ``Settings.rule_options``); a game without the option ignores it."""
        for name, value in options.items():
            if name in OPTIONS and hasattr(self.rules, name):
                setattr(self.rules, name, value)
        self.look()

    def look(self) -> None:
        """Let the rules see the table at rest (a decision that depends on it, such as the
        call of a pocket, is offered)."""
        if not self.in_shot and not self.rules.game_over:
            self.rules.table_at_rest(table_state(self.table, self.balls, self.rules.cue))

    # -- the Board the controls use ------------------------------------------------------
    @property
    def balls(self) -> Balls:
        return self.world.balls

    def to_table(self, x: float, y: float) -> tuple[float, float] | None:
        return self.picker(x, y)

    def cue_xy(self) -> tuple[float, float]:
        p = self.balls.pos[self.balls.index(self.rules.cue)]
        return float(p[0]), float(p[1])

    def ball_in_hand(self) -> bool:
        return self.in_hand is not None and not self.in_shot and not self.rules.game_over

    def ball_radius(self) -> float:
        return float(self.balls.radius[self.balls.index(self.rules.cue)])

    def rack_over(self) -> bool:
        return self.rules.game_over

    def place_first(self) -> bool:
        """Whether a turn with the ball in hand starts by placing it (not in practice, where
        the ball is always in hand: M picks it up)."""
        return self.rules.place_first

    def cue_spot_ok(self, x: float, y: float) -> bool:
        return self.ball_in_hand() and in_hand_ok(self.in_hand, self.table, self.balls, self.rules.cue, x, y)

    def least_elevation(self, heading_deg: float, tip: tuple[float, float], wanted_deg: float) -> float:
        """The cue's elevation: ``wanted_deg`` raised until the stick clears the rails and the
        balls behind the cue ball (``cue_clearance``); cached while nothing changes."""
        b = self.balls
        key = (round(heading_deg, 4), (tip[0], tip[1]), wanted_deg, b.pos.tobytes(), b.motion.tobytes())
        if self._clearance is None or self._clearance[0] != key:
            self._clearance = (key, cue_elevation(self.table, b, self.rules.cue, heading_deg, tip, wanted_deg))
        return self._clearance[1]

    def place_cue(self, x: float, y: float) -> bool:
        if not self.ball_in_hand() or not in_hand_ok(self.in_hand, self.table, self.balls, self.rules.cue, x, y):
            return False
        put_on_table(self.balls, self.rules.cue, (x, y))
        self.keep_previous()
        return True

    # -- play -----------------------------------------------------------------------------
    def on_table(self) -> frozenset[str]:
        b = self.balls
        pocketed = int(Motion.POCKETED)  # once: it is asked every frame
        return frozenset(i for i, m in zip(b.ids, b.motion.tolist()) if m != pocketed)

    def strike(self, cmd: StrikeCommand, t: float | None = None) -> None:
        """Start a shot; a refused strike (BilliardError from the physics) changes nothing."""
        if self.in_shot or self.rules.game_over:
            raise BilliardError("wait for the balls to stop" if self.in_shot else "the game is over")
        self._apply(self.rules.before_stroke())  # a pending decision's default, or a refusal
        snap = self.snapshot("shot", cmd)
        state = table_state(self.table, self.balls, self.rules.cue)
        self.world = self._world_factory(self.balls, self.table, self.params)
        event = self.world.strike(self.rules.cue, cmd.speed, cmd.heading_deg, cmd.elevation_deg, tuple(cmd.tip))
        self.past.shot_from(snap)
        self._on_table_before = self.on_table()
        self._state_before = state
        self._shooter = self.rules.turn
        self._shot_intent = (
            bool(getattr(self.rules, "breaking", self.rules.shots == 0)),
            self.intent in ("safety", "push-out") or bool(getattr(self.rules, "push_declared", False)),
        )
        self.intent = None
        self.shot_events = [event]
        self.shot_time = 0.0
        self.in_shot = True
        self.in_hand = None
        self.shots += 1
        self.strikes.append(
            {
                "t": None if t is None else round(float(t), 4),
                "speed": float(cmd.speed),
                "heading_deg": round(float(cmd.heading_deg), 6) % 360.0,
                "elevation_deg": round(float(cmd.elevation_deg), 6),
                "tip": [float(cmd.tip[0]), float(cmd.tip[1])],
            }
        )

    def tick(self) -> None:
        """One physics tick of exactly ``params.dt`` (the fixed loop calls this)."""
        if not self.in_shot:
            return
        self.keep_previous()
        self.shot_events.extend(self.world.step())
        self.shot_time += self.params.dt
        if not self.world.moving() or self.shot_time >= self.params.max_time:
            self._finish()

    def _finish(self) -> None:
        self.in_shot = False
        before = self._state_before or TableState(self._on_table_before)
        outcome = self.rules.shot_played(self.shot_events, before)
        self.pocketed.extend(outcome.pocketed)
        self.pocketed_by.update((ball, self._shooter) for ball in outcome.pocketed)
        self.innings.shot(
            self._shooter, outcome, self.rules.cue, *self._shot_intent, rack_points=self.rules.rack_points
        )
        respot(self.table, self.balls, outcome.respot)
        self.in_hand = outcome.ball_in_hand
        if self.drill is not None:
            self._judge_drill()
        cue = self.rules.cue
        if self.balls.motion[self.balls.index(cue)] == Motion.POCKETED or self.in_hand:
            if self.balls.motion[self.balls.index(cue)] == Motion.POCKETED:
                self.in_hand = self.in_hand or IN_HAND_KITCHEN
            self._cue_to_hand_default(keep_if_legal=True)
        self.look()
        self.keep_previous()
        self.last_outcome = outcome
        if self.rules.rerack_by is not None:
            self.rerack(self.rules.rerack_by)

    def set_breaker(self, player: int) -> None:
        """``player`` breaks this rack; games whose break position depends on who breaks
        (three-cushion) put the balls there, unless play started from a layout."""
        if self.rules.shots == 0 and player != self.rules.turn:
            self.rules.hand_over(player)  # what a layout gave the player on turn goes with the turn
        self.rules.turn = player
        spots = None if self.from_layout or self.rules.shots else self.rules.break_layout(self.table, player)
        if spots:
            for ball, xy in spots.items():
                put_on_table(self.balls, ball, xy)
            self.keep_previous()

    # -- the rules' decisions ---------------------------------------------------------------
    def decision(self):
        """The rules' pending decision (:class:`billiard.game.decisions.Decision`), when the
        balls are still and one waits; the HUD prompts it and its keys answer it."""
        return None if self.in_shot or self.rules.game_over else self.rules.pending

    def answer(self, option: str) -> None:
        """Answer the rules' pending decision (:attr:`Rules.pending`) with ``option`` and do
        what it asks of the table: a re-rack, or the balls put back where the last stroke
        was played from. A wrong answer is one BilliardError and changes nothing."""
        if self.in_shot:
            raise BilliardError("wait for the balls to stop")
        self._apply(self.rules.answer(option))
        if self.rules.pending is None:
            self.look()

    def _apply(self, effect: str) -> None:
        if effect == EFFECT_RERACK:
            self.rerack(self.rules.rerack_by if self.rules.rerack_by is not None else self.rules.turn)
        elif effect == EFFECT_REPLACE and self.last_start is not None:
            b = self.last_start.balls
            for i, ball in enumerate(b.ids):
                if b.motion[i] == Motion.POCKETED:
                    continue
                put_on_table(self.balls, ball, (float(b.pos[i, 0]), float(b.pos[i, 1])))
            self.in_hand = self.last_start.in_hand
            if self.in_hand:
                self._cue_to_hand_default(keep_if_legal=True)
            self.keep_previous()

    def rerack(self, breaker: int) -> None:
        """Rack the balls again for a new break by ``breaker`` (8-ball's re-rack choices,
        9-ball's stalemate): fresh rules for the rack, the scores and options kept."""
        old = self.rules
        rules = type(old)(old.players)  # the same game, its state reset
        for key, value in vars(old).items():
            if key in OPTIONS:
                setattr(rules, key, value)
        rules.scores = list(old.scores)
        rules.turn = breaker
        rules.message = f"re-rack: {old.players[breaker]} breaks"
        seed = None if self.rack_seed is None else self.rack_seed + self.racks_played
        self.racks_played += 1
        ids, pos = rack(rules.rack, self.table, seed=seed)
        self.put_layout({b: (float(p[0]), float(p[1])) for b, p in zip(ids, pos)})
        self.rules = rules
        self.in_hand = rules.ball_in_hand
        self.past = History()  # a new rack: nothing to undo into
        if self.in_hand:
            self._cue_to_hand_default(keep_if_legal=True)
        self.keep_previous()

    def _cue_to_hand_default(self, keep_if_legal: bool = False) -> None:
        """Put the cue ball in hand on a legal default spot the player can then drag."""
        cue = self.rules.cue
        i = self.balls.index(cue)
        here = self.cue_xy()
        if (
            keep_if_legal
            and self.balls.motion[i] != Motion.POCKETED
            and in_hand_ok(self.in_hand, self.table, self.balls, cue, *here)
        ):
            return
        r = float(self.balls.radius[i])
        x = self.table.head_string_x - 2 * r
        y = -self.table.d_radius / 2 if self.in_hand == IN_HAND_D else 0.0
        put_on_table(self.balls, cue, free_spot(self.table, self.balls, cue, (x, y), direction=-1.0))

    # -- undo and retry: the history (``app.history``) ----------------------------------------
    @property
    def history(self) -> list[Snapshot]:
        """The undo steps, newest last."""
        return self.past.steps

    @property
    def last_start(self) -> Snapshot | None:
        """The state the last shot was played from (what retry puts back)."""
        return self.past.last_start

    @property
    def undo_allowed(self) -> bool:
        """Practice always; a match only when the players allowed it (settings)."""
        return self.rules.allows_undo or self.allow_undo_in_match

    def snapshot(self, kind: str, strike: StrikeCommand | None = None) -> Snapshot:
        """The match's state now, as undo restores it."""
        return Snapshot(
            self.balls.copy(),
            self.in_hand,
            list(self.rules.scores),
            copy.deepcopy(self.rules),
            list(self.pocketed),
            kind,
            strike,
            dict(self.pocketed_by),
        )

    def restore(self, snap: Snapshot) -> None:
        """Put the table and the rules back exactly as in ``snap`` (which stays unchanged)."""
        self.world = self._world_factory(snap.balls.copy(), self.table, self.params)
        self.in_hand = snap.in_hand
        if snap.rules is not None:
            self.rules = copy.deepcopy(snap.rules)
        else:
            self.rules.scores = list(snap.scores)
        self.pocketed = list(snap.pocketed)
        self.pocketed_by = dict(snap.pocketed_by)
        self.keep_previous()
        self.last_outcome = None

    def abandon_shot(self) -> None:
        """Stop the shot rolling now (retry during a shot); a drill counts it as a miss."""
        self.in_shot = False
        if self.drill is not None:
            self.drill.attempt(False, False)

    def undo(self) -> bool:
        return self.past.undo(self)

    def retry(self) -> StrikeCommand | None:
        return self.past.retry(self)

    # -- set-up: the editor (``app.setup_editor``); these name its methods for the controls --
    def setup_ids(self) -> tuple[str, ...]:
        return self.editor.ids()

    def off_table(self) -> tuple[str, ...]:
        return self.editor.off_table()

    def why_illegal(self, ball: str, x: float, y: float) -> str | None:
        return self.editor.why_illegal(ball, x, y)

    def ball_at(self, x: float, y: float) -> str | None:
        return self.editor.ball_at(x, y)

    def snap_spot(self, ball: str, x: float, y: float) -> tuple[float, float] | None:
        return self.editor.snap_spot(ball, x, y)

    def setup_place(self, ball: str, x: float, y: float) -> bool:
        return self.editor.place(ball, x, y)

    def setup_remove(self, ball: str) -> bool:
        return self.editor.remove(ball)

    # -- drills ----------------------------------------------------------------------------
    def _judge_drill(self) -> None:
        drill = self.drill
        assert drill is not None, "called in a drill"
        start = self.last_start.balls if self.last_start is not None else self.balls
        facts = shot_facts(self.shot_events, self.rules.cue)
        ok = drill.drill.succeeded(facts, start, self.balls)
        objects = [i for i in self.on_table() if i != self.rules.cue]
        if drill.attempt(ok, cleared=not objects):
            self.put_layout(drill.drill.start_positions(drill.rung))
            self.in_hand = None
        else:
            self.in_hand = IN_HAND_ANYWHERE if facts.scratch else None
        self.rules.ball_in_hand = self.in_hand
        self.rules.message = ("made it" if ok else "missed") + f": {drill.drill.goal}"

    def put_layout(self, positions: dict[str, tuple[float, float]]) -> None:
        """Every ball at rest on its (x, y); balls not named go off the table."""
        b = self.balls
        for i, ball in enumerate(b.ids):
            if ball in positions:
                put_on_table(b, ball, positions[ball])
            else:
                b.vel[i] = b.omega[i] = 0.0
                b.motion[i] = Motion.POCKETED
                b.pocket[i] = None
        self.keep_previous()

    def keep_previous(self) -> None:
        """Remember the ball state as the start of the next tick (for :meth:`interpolated`)."""
        self.prev_pos, self.prev_quat = self.balls.pos.copy(), self.balls.quat.copy()

    def interpolated(self, alpha: float) -> tuple[np.ndarray, np.ndarray]:
        """Ball centres (lerped) and orientations (slerped) between the last two ticks, so the
        picture moves and turns smoothly at any frame rate."""
        return interpolate_balls(self.prev_pos, self.prev_quat, self.balls.pos, self.balls.quat, alpha)

    def tray(self, players: int) -> tuple[tuple[str, ...], ...]:
        """Per player, the object balls their shots pocketed that are still off the table
        (a ball put back on the table, by the rules or by undo, leaves the tray); during a shot
        a ball joins the shooter's row as it drops."""
        on_table = self.on_table()
        rows: list[list[str]] = [[] for _ in range(players)]
        owners = dict(self.pocketed_by)
        if self.in_shot:
            owners.update((b, self._shooter) for b in self._on_table_before - on_table)
        for ball, player in owners.items():
            if ball != self.rules.cue and ball not in on_table and 0 <= player < players:
                rows[player].append(ball)
        return tuple(tuple(row) for row in rows)

    def summary(self) -> dict:
        r = self.rules
        b = self.balls
        return {
            "mode": self.mode,
            "table": self.table.name,
            "shots": self.shots,
            "pocketed": list(self.pocketed),
            "fouls": r.fouls,
            "scores": list(r.scores),
            "turn": r.turn,
            "game_over": r.game_over,
            "winner": r.winner,
            "message": r.message,
            "strikes": list(self.strikes),
            "balls": {
                bid: {"pos": [float(v) for v in b.pos[i]], "state": Motion(int(b.motion[i])).label}
                for i, bid in enumerate(b.ids)
            },
            "layout": self.layout_positions(),
            "undo_depth": len(self.history) if self.undo_allowed else 0,
            "rules": self.rules.status(self.on_table()).to_dict(),
            "innings": self.innings.to_list(),
            **({"drill": self.drill.summary()} if self.drill is not None else {}),
        }

    def layout_positions(self) -> dict[str, list[float]]:
        """Where the balls on the table lay at the start of the last shot (now, before any)."""
        b = self.last_start.balls if self.last_start is not None else self.balls
        return {bid: [float(v) for v in b.pos[i]] for i, bid in enumerate(b.ids) if b.motion[i] != Motion.POCKETED}
