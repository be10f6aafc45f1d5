"""The window shell that the game and the replay viewer both compose: pyglet set-up
(:mod:`.pygletconf`), the HUD font (:mod:`.fonts`), opening the window with one GL
configuration, visible or headless (:mod:`.window`), and the neutral input layer
(:mod:`.input`, :mod:`.pyglet_input`, :mod:`.keymap`).

It imports neither ``billiard.app`` nor ``billiard.replay``: both import it."""
