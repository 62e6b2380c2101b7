"""Every screen fits at the ends of the scale setting (#25), in every language: the checks
of test_screens_fit, in a file of their own so the test workers share the load (each file
runs on one worker, and these are the slowest screens to draw)."""
from __future__ import annotations

import pytest

from tentable import i18n
from test_screens_fit import every_screen_fits, small_app  # noqa: F401 (a fixture)


# The least room any scale leaves (960×540 units) in every language; 960×600 and the most
# room (1365×853) in one language each, turning, so that each end meets two languages.
LANGUAGES = i18n.available()
LEAST_ROOM = ((1280, 720), "200")
OTHER_ENDS = [((1024, 640), "200"), ((1024, 640), "75")]
SCALES = [(language, *LEAST_ROOM) for language in LANGUAGES]
SCALES += [(LANGUAGES[(e + k) % len(LANGUAGES)], *end)
           for e, end in enumerate(OTHER_ENDS, 1) for k in range(2)]


@pytest.mark.parametrize("language, window, ui_size", SCALES)
def test_every_screen_fits_at_any_scale(small_app, monkeypatch, language, window, ui_size):
    """The scale setting (#25) at its ends."""
    small_app._on_resize(window)
    small_app.set_ui_size(ui_size)
    every_screen_fits(small_app, monkeypatch, language)
