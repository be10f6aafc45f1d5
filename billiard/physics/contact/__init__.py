"""Contact models besides the instantaneous impulse: seed 003's soft spheres."""
