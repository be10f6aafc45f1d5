"""The 3D picture: moderngl scene of table, balls, cue and overlays, cameras, offscreen output.
It only draws: what to draw (aim aids, trails, spin arrows, which view) is the display
model's (``billiard.display``).

Main pieces (import from the modules; this package imports nothing heavy itself):

- ``renderer.Renderer(ctx, size, samples=4, quality="high")``: ``draw(scene, camera, framebuffer)``
  into an FBO, ``draw_to_screen(scene, camera)`` into the window (MSAA resolved, or single-sampled
  with still pictures refined: ``still_frame``), ``snapshot(scene, camera)`` -> RGB array,
  ``draw_tray(rows, rects)`` (the HUD's pocketed balls, ``tray``), ``resize(size)``.
- The renderer's parts: ``scene_block`` (the uniform block every program shares: camera and
  table parts), ``shadow_instances`` (where the soft shadows go, pure numpy), ``aim_aids``
  (``AimAids``: lines and paths on the bed, the ghost ball, marks on the picture) with
  ``strips`` (the ribbons' triangles), and ``gl_draw`` (buffer writes, see-through draws).
- ``quality``: the levels low / medium / high (``auto``: low on software OpenGL, high on a GPU).
- ``room.build_room``: floor, walls, skirting, ceiling, a cue rack and a scoreboard, the legs
  and the lamp fixture the lights come from.
- ``environment.EnvironmentMap``: the hall drawn once into a cube map for the balls' reflections.
- ``msaa.choose_samples(ctx)``: 4x MSAA on a GPU, none on software OpenGL.
- ``offscreen.create_context()`` (EGL, headless), ``offscreen.window_context()`` (the current
  pyglet window's), ``offscreen.Offscreen`` (4x MSAA target read back as RGB).
- ``scene``: ``SceneState(table, balls, cue, overlay)``, ``BallView``, ``CueState``,
  ``Overlay``, ``Polyline``, ``ScreenLine`` (marks on the picture: the spin arrows);
  ``billiard.display.aim.aim_overlay`` computes the aim line, ghost ball and
  object-ball direction.
- ``camera``: ``Camera`` (+ ``project``/``ray``), ``top_camera``, ``aim_camera``,
  ``follow_camera``, ``over_the_rail`` and ``frame_target`` (the aim view a player trusts),
  the building blocks of the views; which view every front-end draws from is
  ``billiard.display.cameras`` and the smooth moves ``billiard.display.camera_rig``.
- ``table_mesh.build_table`` (rails, cushions, pockets) with ``bed_marks`` (spots, baulk line, D).
- ``transforms``: ``quat_to_matrix`` and the projection and view matrices.
"""
