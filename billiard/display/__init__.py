"""The display model: what every front-end (the game, the replay viewer, ``billiard render``)
hands the renderer, with no GL and no window in it.

- poses between two known states come from :mod:`billiard.physics.pose` (positions lerped,
  orientations slerped): the game between physics ticks, replays between samples and the
  replay sampler between ticks all use it.
- ``playback``: one replay, played back: poses at any time, which balls are already in a
  pocket, trails, spin and spin arrows, the events so far.
- ``cameras``: the one list of view names (``CAMERAS``) and the one choice of each view's
  goal (``goal_camera``) for the game, the viewer and ``billiard render``; ``camera_rig``:
  the smooth moves between goals (``CameraRig``) and the game's camera (``GameCamera``).
- ``frame_view``: a replay moment as the renderer's scene: trails as paths on the bed, spin
  arrows as marks on the picture (``render.scene.ScreenLine``), which the renderer draws the
  same way into the window and into saved pictures.
- ``aim``: the aim aids (first contact along the cue, aim line, ghost ball, object-ball line).
"""
