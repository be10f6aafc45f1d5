"""Sound (issue 16): clips synthesised with numpy at start-up (modal models), chosen and
scaled from the physics events, mixed under a clipping limit, panned from the screen, played
through pyglet.media (or silently when there is no audio device); see docs/sound.md."""
