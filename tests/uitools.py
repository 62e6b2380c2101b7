"""Real pygame events for UI tests: post them, let the app take one step."""
import time

import pygame


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def key(app, k, unicode="", mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    app.step(wait=False)


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


def wait_for(app, until, seconds=10.0):
    """Step the app (as fast as it goes) until `until()` holds; fail after `seconds`."""
    end = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < end, "timed out"
        app.step(wait=False)
        time.sleep(0.002)
