"""Everything pygame: window, scenes, widgets and theme."""
import os

# pygame prints a banner on import; a desktop app started from a terminal should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
