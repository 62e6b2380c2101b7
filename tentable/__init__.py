"""tentable: a desktop card table for five games that revolve around the number ten."""
import os
from importlib.metadata import PackageNotFoundError, version

# pygame prints a banner when it is first imported; a desktop app started from a
# terminal (or `tentable --smoke` in CI) should not. Set here, before any module of the
# package can import pygame, so it is the one place that needs it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

try:
    __version__ = version("tentable")
except PackageNotFoundError:  # running from a frozen build or an uninstalled checkout
    __version__ = "0.1.0"
