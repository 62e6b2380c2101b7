"""Everything pygame: window, scenes, widgets and theme."""
import os
import sys

# On X11, SDL presents the window through OpenGL by default; without a GPU that is
# llvmpipe: measured under Xvfb, +95 MB of memory and 4-5 ms per flip, against 0.4 ms
# through the plain shared-memory path. A 2-D card table gains nothing from GL here.
if sys.platform.startswith("linux"):
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
