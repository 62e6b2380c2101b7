"""Real pygame events for UI tests: post them, let the app take one step."""
import math

import pygame

from tentable.ui.app import LONGEST_STEP


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def key(app, k, unicode="", mod=0):
    """A player's key press, on what the screen shows: a new screen, banner or turn
    takes keys only once it has been seen a moment (`App.keys`), so that much test time
    passes first when it must. A key too quick for that is `post`ed by the test itself."""
    glance(app)
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    app.step(wait=False)


def glance(app):
    """Let the test time pass that keys wait after something new appeared (`App.keys`)."""
    keys = getattr(app, "keys", None)
    look = getattr(app.top, "mind_keys", None)   # a table: what came up behind its back
    if look is not None:                          # (a test set the position) is new too
        look()
    for _ in range(20):         # (what comes up meanwhile, a computer's move, is new too)
        if keys is None or not isinstance(app.clock, FakeClock) or not keys.waiting():
            return
        app.clock.advance(keys.waiting() + 1e-6)     # past it, whatever the rounding
        app.step(wait=False)                         # the time passes before the key


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(wait=False)


def drag(app, start, end):
    """Press at `start`, move through the middle to `end`, release there."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(wait=False)


class FakeClock:
    """Test time for `App(clock=...)`: it moves only when a test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


FRAME = 1 / 60


def step(app, frames=1):
    """Let `frames` frames of test time pass, one app step each."""
    for _ in range(frames):
        if isinstance(app.clock, FakeClock):
            app.clock.advance(FRAME)
        app.step(wait=False)




def pass_time(app, seconds=LONGEST_STEP):
    """Let `seconds` of test time pass in the app's longest steps: for what waits on time
    (a moment's glance, its "auto" seconds), not on frames."""
    for _ in range(max(1, math.ceil(seconds / LONGEST_STEP))):
        app.clock.advance(LONGEST_STEP)
        app.step(wait=False)


def wait_for(app, until, frames=20_000):
    """Step the app frame by frame of test time until `until()` holds. A bot thinking on
    its own thread is waited for by its done event, never by sleeping."""
    for _ in range(frames):
        if until():
            return
        step(app)
        match = getattr(getattr(app.top, "link", None), "match", None)
        if match is not None and match.job is not None:
            match.job.done.wait(0.05)
    raise AssertionError(f"timed out after {frames} frames")


def new_table(app, seats, seed=5, *, game, **options):
    """Open `game`'s table for these seats ("human" or a bot name) and take one step."""
    from tentable.ui.launch import session_for
    from tentable.ui.scenes import table_for
    table = table_for(game)(app, session_for(game, seats, seed, options))
    app.reset(table)
    app.step(wait=False)
    return table


def go_on(app, table, frames=30):
    """Past every moment the table holds (a bust, a joker won, a showdown), by Enter, as a
    player would (a hold ignores keys for its first moments: `frames` pass first)."""
    for _ in range(100):
        if not table.moments:
            return
        step(app, frames)
        key(app, pygame.K_RETURN)
    raise AssertionError("the moments never ended")


def record_labels(monkeypatch) -> set[str]:
    """Every text drawn from now on: the labels' cache (`panel._LABELS`) stands aside and
    writes each text down, so every label is made afresh."""
    drawn: set[str] = set()
    record_label_images(monkeypatch, lambda text, image: drawn.add(text))
    return drawn


def record_label_images(monkeypatch, seen) -> None:
    """Call `seen(text, image)` for every text image made from now on (the app's cache
    aside: what earlier tests left in it is made again). A label asked for again is the
    image already seen: `label` returns the same image for the same arguments, so making
    it afresh on every frame would only show `seen` the same text and pixels again."""
    from tentable.ui.widgets import panel

    class Recorder:
        def __init__(self):
            self.made = {}

        def get(self, key, make):
            image = self.made.get(key)
            if image is None:
                image = self.made[key] = make()
                seen(str(key[0]), image)
            return image
    monkeypatch.setattr(panel, "_LABELS", Recorder())


def walk_to(app, table, card, same=None):
    """← or → until the keyboard's pick is `card` (or a card `same(card, pick)` accepts:
    any joker for a joker), as a player walks the hand card by card."""
    same = same or (lambda wanted, pick: pick == wanted)
    for _ in range(len(table.picks) + 1):
        if table.selected is not None and same(card, table.selected):
            return
        picks = table.picks
        here = picks.index(table.selected) if table.selected in picks else -1
        there = next(i for i, c in enumerate(picks) if same(card, c))
        key(app, pygame.K_RIGHT if there > here else pygame.K_LEFT)
    assert table.selected is not None and same(card, table.selected), (card, table.selected)


def show_position(table, state=None, seat=None):
    """Put `table` on a position set by hand, the one way (#40 item 5): `state` given to
    its link (None: the link's own, changed in place) and drawn at rest as `seat` sees
    it (None: the seat at the screen)."""
    table.link.set_position(state)
    table.show_position(seat)
