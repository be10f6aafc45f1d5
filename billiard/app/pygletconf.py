"""Moved to :mod:`billiard.shell.pygletconf` (kept so existing imports keep working)."""
from billiard.shell.pygletconf import configure

__all__ = ["configure"]
