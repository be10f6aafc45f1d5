"""The practice table (issue 18): layouts as shot files, placing balls by hand, drills
with a score. Pure logic, no window: the game and the tests use it alike."""
