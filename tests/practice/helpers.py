"""Play shots on a real session (real physics) to the end."""

from billiard.app.controls import StrikeCommand


def play(session, speed, heading, elevation=0.0, tip=(0.0, 0.0)):
    session.strike(StrikeCommand(speed, heading, elevation, tip))
    while session.in_shot:
        session.tick()
    return session


def same_bits(a, b):
    """Every array of two Balls states equal to the last bit."""
    return (
        all(getattr(a, n).tobytes() == getattr(b, n).tobytes() for n in ("pos", "vel", "omega", "quat", "motion"))
        and a.ids == b.ids
        and list(a.pocket) == list(b.pocket)
    )
