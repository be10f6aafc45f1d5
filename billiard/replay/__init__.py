"""Recording, match files and the replay viewer's playback model (issue 7).

Game-facing: :class:`Recorder` (``record``, ``save_named``, ``close``) and
:func:`list_recordings` for the in-game browser. Viewer-facing: :func:`open_file`,
:class:`Track`, :class:`Timeline`. Pure numpy: no pyglet or moderngl here except in
``viewer``.
"""
from billiard.replay.browser import Recording, list_recordings
from billiard.replay.match import Match, MatchShot
from billiard.replay.recorder import Recorder
from billiard.replay.source import Opened, load_any, open_file
from billiard.replay.timeline import Timeline
from billiard.replay.track import Track

__all__ = ["Match", "MatchShot", "Opened", "Recorder", "Recording", "Timeline", "Track",
           "list_recordings", "load_any", "open_file"]
