"""Moved to :mod:`billiard.shell.keymap` (kept so existing imports keep working)."""
from billiard.shell.keymap import (
                                   ALT,
                                   BROWSER_KEYS,
                                   CTRL,
                                   ENTER_KEYS,
                                   GAME_KEYS,
                                   MENU_KEYS,
                                   NONE,
                                   SHIFT,
                                   VIEWER_KEYS,
                                   Command,
                                   Control,
                                   command_for,
                                   help_rows,
)

__all__ = ["ALT", "BROWSER_KEYS", "CTRL", "ENTER_KEYS", "GAME_KEYS", "MENU_KEYS", "NONE", "SHIFT", "VIEWER_KEYS",
           "Command", "Control", "command_for", "help_rows"]
