"""Helpers for the tests of how tentable is built and started."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str):
    """`scripts/<name>.py` as a module, for its functions (a script, not a package)."""
    module_name = f"tentable_script_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    sys.path.insert(0, str(SCRIPTS))  # the scripts import their neighbour _venv
    try:
        spec = importlib.util.spec_from_file_location(module_name, SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


def first_start_env(home: Path) -> dict[str, str]:
    """A player's first start: an empty home, no data folder chosen, headless, and pygame's
    banner not hushed by the caller (the tests set it, so a child must not inherit it)."""
    home.mkdir(parents=True, exist_ok=True)
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYGAME_HIDE_SUPPORT_PROMPT", "TENTABLE_HOME", "TENTABLE_SMOKE_REPORT")
           and not key.startswith("XDG_")}
    return {**env, "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
