"""Learn to play (#43): a game's table on its tutorial's game, led by the guide
(`tentable.ui.tables.guide`), from where the learner left it.

    app.reset("tutorial", game_id="takethat")          # where the learner was
    app.replace("tutorial", game_id="takethat", at=4)  # before step 4 (Back a step)

The game is the script's (`tentable.tutorial`), on this computer (`LocalLink`): a fixed deal, nothing saved as a game in
progress, nothing kept in the archive or the statistics, no Undo (Back a step instead).
"""
from __future__ import annotations

from tentable import tutorial
from tentable.link import LocalLink
from tentable.ui.scenes import NoTable, register_scene, table_for
from tentable.ui.tables.guide import guided


@register_scene("tutorial")
def open_tutorial(app, game_id: str, at: int | None = None):
    """ScriptError for a script that cannot be read, NoTable for a game without a table:
    the caller shows it."""
    table = table_for(game_id)
    if table is None:
        raise NoTable(f"{game_id} has no table yet")
    lesson = tutorial.Tutorial(tutorial.load(game_id), at)
    session = lesson.session()
    link = LocalLink.start(session, clock=app.clock, save=None, keep=None, undo=False)
    return guided(table)(app, session, link=link, lesson=lesson)
