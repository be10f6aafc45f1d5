"""Recording, match files and the replay viewer's playback model (issue 7).

Game-facing: :func:`shot_from_balls` (the shot at the strike), :class:`Recorder`
(``record``, ``save_named``, ``close``) and :func:`list_recordings` for a replay
browser. Viewer-facing: :func:`open_file`, :func:`load_any`, :class:`Timeline`
(the playback model itself is :class:`billiard.display.playback.Playback`). No pyglet or moderngl except in ``viewer``, ``browser_panel``
and ``snapshot``.
"""

from billiard.replay.browser import Recording, list_recordings
from billiard.replay.capture import shot_from_balls
from billiard.shot.matchfile import Match, MatchShot
from billiard.replay.recorder import Recorder
from billiard.replay.source import Opened, load_any, open_file
from billiard.replay.timeline import Timeline

__all__ = [
    "Match",
    "MatchShot",
    "Opened",
    "Recorder",
    "Recording",
    "Timeline",
    "list_recordings",
    "load_any",
    "open_file",
    "shot_from_balls",
]
