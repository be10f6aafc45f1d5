"""Moved to :mod:`billiard.shell.input` (kept so existing imports keep working)."""
from billiard.shell.input import (
                                  InputEvent,
                                  KeyPress,
                                  KeyRelease,
                                  MouseDrag,
                                  MouseMove,
                                  MousePress,
                                  MouseRelease,
                                  Scroll,
                                  TextInput,
)

__all__ = ["InputEvent", "KeyPress", "KeyRelease", "MouseDrag", "MouseMove", "MousePress", "MouseRelease",
           "Scroll", "TextInput"]
