"""What the HUD shows, computed from the game without any drawing (so tests can read it)."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.app.controls import HELP, Controls
from billiard.app.menu import Menu
from billiard.app.session import Session
from billiard.formats.limits import power_of_speed

IN_HAND_TEXT = {
    "anywhere": "Ball in hand: anywhere",
    "kitchen": "Ball in hand: behind the head string",
    "D": "Ball in hand: in the D",
}
PLACING = "  (move the mouse, click or ENTER to put it down)"
PLACED = "  (M picks it up again)"
FIRST_HINT = "press H for controls"
AIM_LOCKED = "aim locked (L unlocks)"


@dataclass(frozen=True)
class PlayerLine:
    name: str
    score: int
    group: str
    on_turn: bool


@dataclass(frozen=True)
class HudState:
    power: float
    tip: tuple[float, float]
    elevation_deg: float
    players: tuple[PlayerLine, ...]
    message: str
    in_hand: str
    remaining: str
    status: str
    help: tuple[tuple[str, str], ...] | None
    frame_ms: float | None
    menu: tuple[tuple[str, ...], int] | None
    naming: str | None = None  # the name box (K) and what is typed in it
    hint: str = ""  # why a stroke did not fire, or the first-time hint
    menu_greyed: tuple[int, ...] = ()  # menu lines that cannot be chosen now (shown greyed)
    aim_locked: bool = False
    widgets_faded: bool = False  # the widgets turn translucent over the 3D views when not in use
    practice: str = ""  # set-up mode's state or the drill's score (issue 18)
    naming_for: str = "shot"  # what the name box saves: "shot" or "layout"
    tray: tuple[tuple[str, ...], ...] = ()  # per player line: the balls they pocketed (drawn by the renderer)
    message2: str = ""  # the next message of the queue (a foul stays above the computer's line)
    rack_over: "RackPanel | None" = None  # the end-of-rack panel
    menu_title: str = ""  # the list panel's title (the start screen's; "": the menu's)
    # the top view's ball numbers: (number, x, y) in window pixels (the balls' own prints are
    # too small to read from above, issue 25 point 10)
    ball_numbers: tuple[tuple[str, float, float], ...] = ()


@dataclass(frozen=True)
class RackPanel:
    """The end-of-rack panel: who won, the score, the rack's statistics, what to do next."""

    title: str
    score: str
    stats: tuple[str, ...]
    buttons: tuple[tuple[str, str], ...]  # (label, action name): next rack, replay, menu


RACK_BUTTONS = (("Next rack (ENTER)", "next-rack"), ("Replay the rack (R)", "replay-rack"), ("Menu (ESCAPE)", "menu"))


def hud_state(
    session: Session,
    controls: Controls,
    *,
    paused: bool,
    speed: float,
    frame_ms: float,
    menu: Menu | None,
    messages: tuple[str, ...] | None = None,
    names: tuple[str, str] | None = None,
    rack_panel: RackPanel | None = None,
    others_turn: bool = False,
) -> HudState:
    """``messages``: the message queue's lines (None: the rules' message alone); ``names``: how
    the scoreboard names each side (None: the rules' names); ``others_turn``: the side on turn
    plays elsewhere (the computer, an online peer): its ball in hand is named, not offered."""
    rules = session.rules
    solo = rules.name == "practice"
    shown_names = names or tuple(rules.players)
    players = tuple(
        PlayerLine(
            shown_names[i],
            rules.scores[i],
            rules.group(i),
            rules.turn == i if not rules.game_over else rules.winner == i,
        )
        for i in range(1 if solo else 2)
    )
    on_table = session.on_table()
    # carom: every ball on the table counts (each player's cue ball is the other's object ball)
    left = len(on_table) if rules.name == "three-cushion" else len(on_table - {rules.cue})
    remaining = f"{left} ball{'s' if left != 1 else ''} on the table"
    if not rules.game_over and not solo:
        remaining = f"{rules.on_text(on_table)}   |   {remaining}"  # what is on, as the rules say it
    power = controls.cue.power if controls.phase == "power" else controls.cue.key_power
    if controls.auto is not None:  # the computer's stroke: its own power, as the tip and elevation show its own
        power = power_of_speed(controls.auto.command.speed, controls.max_speed)
    in_hand = ""
    if session.ball_in_hand():
        in_hand = IN_HAND_TEXT.get(session.in_hand or "", "") + (PLACING if controls.phase == "place" else PLACED)
        if others_turn:
            in_hand = f"{shown_names[rules.turn]} has ball in hand"
    top = controls.flags["top_view"] or controls.phase == "place"  # the top view frames the table beside them
    near = controls.pointer is not None and controls.layout.near_widget(*controls.pointer)
    faded = not top and (session.in_shot or not near) and controls.drag not in ("spin", "elevation")
    hint = (
        controls.why_not
        or decision_line(session, keys=not others_turn)
        or rules.warning()
        # before the first shot's hint (the mouse will not aim), not while the balls roll
        or (AIM_LOCKED if controls.aim_locked and not session.in_shot else "")
        or (FIRST_HINT if session.shots == 0 and not controls.flags["help"] else "")
    )
    status = "PAUSED" if paused else (f"{speed:g}x" if speed != 1.0 else "")
    if session.in_shot and not status:
        status = "rolling"
    lines = (rules.message,) if messages is None else messages
    if hint in lines:
        hint = ""  # the verdict above already says it (the computer's push-out: no keys to add)
    if others_turn and any(in_hand and in_hand in line for line in lines):
        in_hand = ""  # the verdict above already says it
    return HudState(
        power=power,
        tip=controls.cue.tip,
        elevation_deg=controls.elevation(),
        players=players,
        message=lines[0] if lines else "",
        message2=lines[1] if len(lines) > 1 else "",
        rack_over=rack_panel,
        in_hand=in_hand if controls.setup is None else "",
        remaining=remaining,
        status=status,
        help=HELP + rule_help(rules.name, rules.help_lines) if controls.flags["help"] else None,
        frame_ms=frame_ms if controls.flags["frame_time"] else None,
        menu=(tuple(menu.labels()), menu.selected) if menu is not None and controls.menu_open else None,
        naming=controls.naming,
        practice=practice_line(session, controls),
        naming_for=controls.naming_for,
        hint=hint,
        widgets_faded=faded,
        aim_locked=controls.aim_locked,
        menu_greyed=tuple(menu.greyed()) if menu is not None and controls.menu_open else (),
        tray=session.tray(len(players)),
    )


def rule_help(game: str, lines: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The game's important rules as help rows, under "<game> rules" (docs/rules.md)."""
    return tuple((f"{game} rules" if k == 0 else "", line) for k, line in enumerate(lines))


def decision_line(session: Session, keys: bool = True) -> str:
    """The rules' pending decision as one prompt with its keys ("" when none); ``keys`` False:
    the prompt alone (the side on turn plays elsewhere, the computer: the keys are not yours)."""
    d = session.decision() if hasattr(session, "decision") else None
    if d is None:
        return ""
    if not keys:
        return d.prompt
    return f"{d.prompt}:  " + "   ".join(f"{c.key} {c.label}" for c in d.options)


def practice_line(session: Session, controls: Controls) -> str:
    """Set-up mode's status (the ball in hand, why its spot is illegal) or the drill score."""
    st = controls.setup
    if st is not None:
        if st.held is not None:
            where = f"ILLEGAL: {st.reason}" if st.reason else "legal spot"
            return f"SET-UP   {st.held} in hand: {where}   (click puts it down, SHIFT snaps, ESCAPE puts back)"
        return f"SET-UP   {st.message or 'click a ball to pick it up'}   (A adds, DELETE removes, ENTER plays)"
    return session.drill.hud_line() if session.drill is not None else ""
