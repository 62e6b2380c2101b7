"""The table you can hear (#42): our own sounds, Ogg Vorbis made again byte for byte by
scripts/sounds.py and decoded to what it synthesises; a mixer that is silent, not broken,
without an audio device; the settings (Off or a volume, Ctrl+M anywhere); and one subscriber that gives every applied
move of every game its cue, every moment its cue, in the order the table shows them.
"""
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scripttools import load_script
from tentable import resources, speech, store
from tentable.ogg import vorbis_info
from tentable.events import Applied, GameOver, Moment, TurnChanged
from tentable.ui import sound
from tentable.engine.moves import KINDS as MOVE_KINDS
from tentable.ui.tables.heard import BY_GAME, KINDS, MOMENTS, cue_of
from uitools import key, new_table, step, wait_for

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("takethat", "elfer", "retro10", "ten", "tentiles")
MATCH = {"elfer": {"games": 2}}          # a match of two, so a part ends and a new deal follows


class Played:
    """A recording stand-in for one loaded sound: what the mixer played, and how loud."""

    def __init__(self, cue, heard):
        self.cue, self.heard, self.volume = cue, heard, None

    def set_volume(self, volume):
        self.volume = volume

    def play(self):
        self.heard.append(self.cue)


def recording(app, heard=None):
    """The app's mixer, its sounds replaced by stand-ins that write down each one played
    (in `heard`, or a new list)."""
    heard = [] if heard is None else heard
    app.sound.sounds = {cue: Played(cue, heard) for cue in sound.CUES}
    return heard


# -- the sounds ------------------------------------------------------------------------
def test_the_sounds_are_made_again_byte_for_byte(tmp_path):
    """scripts/sounds.py writes the shipped files exactly (seeded noise, no clock, one
    serial number), where its encoder is the one they were made with."""
    script = load_script("sounds")
    if script.encoder_version() != script.MADE_WITH:
        pytest.skip(f"encoder {script.encoder_version()}, not {script.MADE_WITH}")
    made = script.write(tmp_path)
    assert [name for name, _, _ in made] == list(resources.SOUNDS)
    for cue in resources.SOUNDS:
        assert (tmp_path / f"{cue}.ogg").read_bytes() == resources.sound_path(cue).read_bytes(), cue


def test_each_shipped_sound_is_what_the_script_synthesises():
    """#42: the mixer decodes every shipped Ogg Vorbis file to the script's sound, as the
    codec keeps it: every sample there, and the difference at least 12 dB below the sound
    (the encoder leaves it 17-40 dB below; another cue, or a sound changed in the script
    and not made again, is nowhere near)."""
    import array
    script = load_script("sounds")
    pygame.mixer.quit()
    pygame.mixer.init(sound.RATE, -16, 1)
    try:
        for cue in resources.SOUNDS:
            synthesised = script.samples_of(cue)
            decoded = array.array("h", pygame.mixer.Sound(str(resources.sound_path(cue))).get_raw())
            assert len(decoded) == len(synthesised), cue
            signal = sum(x * x for x in synthesised)
            error = sum((x - y) ** 2 for x, y in zip(synthesised, decoded))
            assert error * 10 ** (12 / 10) <= signal, (cue, error / signal)
    finally:
        pygame.mixer.quit()


def test_the_sounds_are_short_mono_and_small():
    """#42 item 1: compressed (Ogg Vorbis), ≤ 0.6 s (the game's end ≤ 2 s), all together
    ≤ 1 MB."""
    total = 0
    for cue in resources.SOUNDS:
        path = resources.sound_path(cue)
        total += path.stat().st_size
        info = vorbis_info(path)
        assert (info.channels, info.rate) == (1, sound.RATE), cue
        assert 0.05 < info.seconds <= (2.0 if cue.startswith("game_") else 0.6), (cue, info)
    assert total <= 1_000_000


# -- the mixer -------------------------------------------------------------------------
def test_no_audio_device_is_silence_not_an_error(monkeypatch, tmp_path):
    """A mixer whose init raises: the app starts, plays and draws; only the log says why."""
    from tentable.ui.app import App
    from uitools import FakeClock

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    app = App(size=(1280, 720), clock=FakeClock())
    try:
        assert not app.sound.ready and "no audio device" in app.sound.failed
        for cue in sound.CUES:
            app.sound.play(cue)             # nothing, quietly
        table = new_table(app, ["human", "human"], game="takethat")
        rng = random.Random(1)
        for _ in range(20):
            seat = table.link.match.current_player
            assert table.play(seat, [rng.choice(table.link.match.legal_actions(seat))])
            step(app)
        scene = app.push("settings")        # the row says there is no sound here
        assert not dict(scene.rows)["sound"].enabled
    finally:
        app.close()


def test_an_audio_driver_sdl_cannot_open_is_silence(tmp_path):
    """No stand-in: SDL itself refuses the audio driver (as on a computer without one)."""
    code = ("from tentable.ui import sound\n"
            "mixer = sound.Mixer()\n"
            "for cue in sound.CUES: mixer.play(cue)\n"
            "mixer.hush(); mixer.close()\n"
            "print('silent' if not mixer.ready and mixer.failed else 'heard')\n")
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", TENTABLE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split()[-1] == "silent", done.stderr


def test_muted_from_the_start_the_device_is_not_opened(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: opened.append(kw))
    monkeypatch.setattr(pygame.mixer, "set_num_channels", lambda n: None)
    monkeypatch.setattr(pygame.mixer, "Sound", lambda path: path)
    mixer = sound.Mixer(settings={"sound": False, "volume": 50})
    assert opened == [] and not mixer.ready
    mixer.follow({"sound": True, "volume": 50})     # turned on: opened once, then
    assert len(opened) == 1 and mixer.ready and mixer.volume == 0.5


def test_the_dummy_driver_loads_every_sound_once(app):
    """SDL_AUDIODRIVER=dummy (the tests' and CI's): every cue loaded as the app starts."""
    assert app.sound.ready and sorted(app.sound.sounds) == sorted(sound.CUES)


def test_speech_first_a_cue_is_dropped_while_reading_aloud(app):
    heard = recording(app)
    app.sound.speaking = lambda: True
    app.sound.play("chips")
    app.sound.speaking = lambda: False
    app.sound.play("knock")
    assert heard == ["knock"]


def test_speech_first_a_voice_fades_out_the_cue_it_starts_over(app, monkeypatch):
    """A move's click, then its words: as the voice's command starts, what plays is faded
    out first, so the two never sound together (`speech.Speaker.on_voice`)."""
    order = []
    recording(app, order)
    monkeypatch.setattr(pygame.mixer, "fadeout", lambda ms: order.append(("fadeout", ms)))

    class Voice:                   # the speech command, run by the speaker's thread
        returncode = 0

        def __init__(self, argv, **kwargs):
            order.append("voice")

        def communicate(self, data=None, timeout=None):
            return None, None
    monkeypatch.setattr(app.speech, "_find", lambda: speech.Espeak("espeak-ng"))
    monkeypatch.setattr(app.speech, "_popen", Voice)
    app.set_read_aloud(True)
    app.sound.play("card_play")
    app.speech.say("Ben plays 34")
    assert app.speech.wait_idle()
    assert order == ["card_play", ("fadeout", sound.HUSH_MS), "voice"]


# -- the settings ----------------------------------------------------------------------
def test_ctrl_m_mutes_at_once_at_every_table_and_no_table_takes_it(app):
    """Ctrl+M turns sound off and on, remembered; at every table, on the player's turn, it
    moves and refuses nothing (M alone is TEN's "take money")."""
    for game in GAMES:
        table = new_table(app, ["human", "easy"], game=game)
        wait_for(app, lambda: table.my_turn)
        before = table.link.match.state.to_json()
        app.toasts.items.clear()
        key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
        assert app.settings["sound"] is False and not app.sound.on, game
        assert store.load_settings()[0]["sound"] is False
        key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
        assert app.settings["sound"] is True and app.sound.on, game
        assert table.link.match.state.to_json() == before, game
        assert not [toast for toast in app.toasts.items if toast.kind == "error"], game


def test_the_settings_row_sets_volume_and_off(app):
    heard = recording(app)
    scene = app.push("settings")
    step(app)
    row = dict(scene.rows)["sound"]
    row.select(50)
    assert (app.settings["sound"], app.settings["volume"]) == (True, 50)
    assert heard == ["chips"] and app.sound.sounds["chips"].volume == 0.5
    row.select(False)
    assert app.settings["sound"] is False and app.settings["volume"] == 50
    app.sound.play("chips")
    assert heard == ["chips"]
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)      # on again, and the row shows it
    step(app)
    assert app.settings["sound"] is True and row.value == 50
    row.select(25)
    app.pop()
    assert store.load_settings()[0]["volume"] == 25


# -- the subscriber --------------------------------------------------------------------
ON = "(went on)"        # in a timeline: the player went on from the moment held


def whole_game(app, game, seed, muted=False):
    """A random whole game of `game`, every seat directed by the test, going on from each
    moment as the player would: its timeline, in order, of the batches of the match's
    events the table was told (("told", events)), the player going on (ON), and every cue
    played."""
    timeline = []
    recording(app, timeline)
    if muted:
        app.settings["sound"] = False
        app.sound.follow(app.settings)
    seats = ["human"] * (3 if game == "ten" else 2)
    table = new_table(app, seats, seed=seed, game=game, **MATCH.get(game, {}))
    timeline.clear()                 # the opening shuffle has its own test
    tell = table.heard.events

    def told(events):
        timeline.append(("told", events))
        tell(events)
    table.heard.events = told
    rng = random.Random(seed)
    for _ in range(3000):
        if table.moments:
            timeline.append(ON)
            table.go_on()
        elif table.link.match.is_over:
            break
        else:
            seat = table.link.match.current_player
            table.play(seat, [rng.choice(table.link.match.legal_actions(seat))])
    assert table.link.match.is_over and not table.moments
    return timeline


def due(game, events, humans):
    """What a batch should make heard, in order, from the events alone: each action's kind
    (once a gesture), each moment's cue and then a hold (ON) the player goes on from, a new
    deal's shuffle after a part that is not the last, the game's end, "your turn" when the
    turn comes to a human (TurnChanged). Alternatives as tuples."""
    over = any(isinstance(event, GameOver) for event in events)
    cues, segment = [], []
    for event in events:
        if isinstance(event, Applied):
            for action in event.actions:
                cue = cue_of(game, action)
                assert cue is not None, f"{game}: no sound for {action!r}"
                if cue not in segment:
                    segment.append(cue)
                    cues.append(cue)
        elif isinstance(event, Moment):
            cues += [MOMENTS.get(event.kind) or ("round_won", "round_lost"), ON]
            segment = []
            if event.kind == "part" and not over:        # TT-R2/R3, ER-R15: a new deal
                cues.append("shuffle")
                segment.append("shuffle")
        elif isinstance(event, GameOver):
            cues.append(("game_won", "game_lost"))
        elif isinstance(event, TurnChanged) and event.seat in humans \
                and "your_turn" not in segment:
            segment.append("your_turn")
            cues.append("your_turn")
    return cues


@pytest.mark.parametrize("game", GAMES)
def test_every_move_and_moment_of_a_whole_game_sounds_in_order(app, game):
    """#42's done-when: every applied move of a kind makes its sound, every moment its cue,
    in the order the table shows them: what a moment holds back (the next moment, the
    game's end, "your turn", the new deal's shuffle) is heard only as the player goes on
    from it, and nothing waits longer than that."""
    timeline = whole_game(app, game, seed=3)
    humans = set(range(len(app.top.session.seats)))
    owed, kinds, holds = [], set(), 0
    for item in timeline:
        if isinstance(item, tuple):              # a gesture: everything before it was heard
            assert owed == [], (game, owed)
            owed = due(game, item[1], humans)
        elif item == ON:
            assert owed[:1] == [ON], (game, "went on while owed", owed)
            owed.pop(0)
            holds += 1
        else:
            assert owed and owed[0] != ON, (game, item, "heard while a moment holds", owed)
            want = owed.pop(0)
            assert item in (want if isinstance(want, tuple) else (want,)), (game, item, want)
            kinds.add(item)
    assert owed == [], (game, owed)
    assert timeline[-1] in ("game_won", "game_lost")
    assert len(kinds) > 2 and (holds > 0 or game == "tentiles"), (game, kinds, holds)


def test_your_turn_and_a_new_deal_after_the_moment_that_held_them(app):
    """A computer's move ends a round of Take That and the next is the player's: the
    round's cue with the move; the shuffle of the new deal (TT-R2/R3) and "your turn" only
    as the player goes on from the round's end, once."""
    table = new_table(app, ["human", "easy"], game="takethat")
    view = table.view
    move = Applied(1, ("take",), view, view)
    part = Moment("part", {"part": 1, "scores": [-3, -9]}, view, {})
    table.moments.add([part])            # held as the table holds it
    assert table.heard.cues([move, part, TurnChanged(0)]) == ["card_deal", "round_won"]
    heard = recording(app)
    table.go_on()
    assert heard == ["shuffle", "your_turn"]
    table.heard.went_on()
    assert heard == ["shuffle", "your_turn"]
    table.moments.add([part])            # the last round: the game's end, no new deal
    assert table.heard.cues([move, part, GameOver([-3, -9], [0])]) == ["card_deal",
                                                                        "round_won"]
    table.go_on()
    assert heard[2:] == ["game_won"]


def test_a_new_language_while_a_moment_holds_keeps_the_cues_behind_it(app):
    """The table built again in another language (Settings over a held round's end) still
    owes the player the new deal's shuffle and "your turn" when they go on."""
    table = new_table(app, ["human", "easy"], game="takethat")
    view = table.view
    views = {0: view, 1: view, None: view}
    table.moments.add([Moment("part", {"part": 1, "scores": [-3, -9]}, view, views)])
    table.heard.cues([Applied(1, ("take",), view, view), table.moments.current,
                      TurnChanged(0)])
    fresh = table.relanguage()
    heard = recording(app)
    fresh.go_on()
    assert heard == ["shuffle", "your_turn"]


@pytest.mark.parametrize("game", GAMES)
def test_computer_moves_sound_one_by_one_at_the_tables_pace(app, game):
    """Computers only, at the normal pace: each computer move is told (and heard) in a
    frame of its own, at least the table's pause (`bot_delay`) after the one before and
    once the last one's animation has ended, with the table showing that move as its cue
    sounds."""
    app.settings["animation_speed"] = "normal"
    times, shown = [], []
    heard = recording(app)
    seats = ["easy"] * (3 if game == "ten" else 2)
    table = new_table(app, seats, seed=6, game=game)
    tell = table.heard.events

    def told(events):
        times.append((app.clock(), app.frame_count))
        mark = len(heard)
        tell(events)
        applied = [event for event in events if isinstance(event, Applied)]
        moments = [event for event in events if isinstance(event, Moment)]
        shown.append((heard[mark:], applied[-1] if applied else None, moments))
    table.heard.events = told
    wait_for(app, lambda: len(times) >= 8 or table.link.match.is_over)
    assert len(times) >= 6, game
    for (t0, frame0), (t1, frame1) in zip(times, times[1:]):
        assert frame1 > frame0 and t1 - t0 >= table.bot_delay - 1e-9, (game, times)
    for cues, applied, moments in shown:
        if applied is not None:
            assert cues and cues[0] == cue_of(game, applied.actions[0]), (game, cues)


def test_every_kind_of_move_has_a_sound():
    """Every kind the notation knows (engine.moves.KINDS), and no sound for a kind it
    does not know."""
    mapped = set(KINDS) | {kind for game in BY_GAME.values() for kind in game}
    assert mapped == set(MOVE_KINDS)


def test_nothing_sounds_when_muted(app):
    for game in GAMES:
        timeline = whole_game(app, game, seed=4, muted=True)
        assert timeline and all(not isinstance(item, str) or item == ON
                                for item in timeline), game


def test_your_turn_only_when_the_turn_comes_to_a_human(app):
    """Against the computer: "your turn" when the turn comes back from it, not when it
    goes to the computer; a moment in the same batch has its own cue instead."""
    table = new_table(app, ["human", "easy"], game="takethat")
    view = table.view
    move = Applied(1, ("play 12",), view, view)
    assert table.heard.cues([move, TurnChanged(0)]) == ["card_play", "your_turn"]
    mine = Applied(0, ("play 12",), view, view)
    assert table.heard.cues([mine, TurnChanged(1)]) == ["card_play"]
    part = Moment("part", {"part": 1, "scores": [-3, -9]}, view, {})
    assert table.heard.cues([move, part, TurnChanged(0)]) == ["card_play", "round_won"]
    lost = Moment("part", {"part": 1, "scores": [-9, -3]}, view, {})
    assert table.heard.cues([move, lost]) == ["card_play", "round_lost"]
    assert table.heard.cues([move, GameOver([1, 5], [1])]) == ["card_play", "game_lost"]


def test_a_refused_move_sounds_softly(app):
    heard = recording(app)
    table = new_table(app, ["human", "easy"], game="takethat")
    wait_for(app, lambda: table.my_turn)
    table.submit("play 999")       # no such card: refused, nothing changes
    assert heard[-1:] == ["refused"]


def test_a_new_game_begins_with_a_shuffle(app):
    heard = recording(app)
    new_table(app, ["human", "human"], game="elfer")
    assert heard == ["shuffle"]
