"""Every word on screen is a player's word: whole random games at every table, and not one
text drawn may hold a card code, an action string (any the game's narration words
otherwise: `notation`), a rule id or "seat N"; and "you" is never a third person (#38).

Every text of the interface goes through `panel.label` (card faces print their own
numbers and signs, which are what is printed on the cards). The games are played by the
events' seams: the human's moves through `submit`, the computer's through the match.
On each of the human's turns the test also tries what a player may get wrong, so the
refusals are drawn and checked too: moves of other positions of the game submitted now,
a key for a move, a click on a disabled button and a card dropped somewhere on the felt.
"""
import random
import re

import pygame
import pytest

import uitools
from tentable.engine import GAMES
from tentable.engine.decks import manifest
from tentable.narration import words_for
from tentable.ui.tables.moments import GUARD
from uitools import step

RULE_ID = re.compile(r"\b(?:TT|TEN|ER|RX|TL)-R\d+\b|\bV1\b|\bsection S\b")
SEAT_N = re.compile(r"\bseat \d", re.IGNORECASE)
ACTION = re.compile(r"\bpay [txd]\b|\bplace [LR] |\bstop (?:numbers|money)\b|\bJ@")
STABLE_ID = re.compile(r"[A-Za-z0-9$]#\d")
# "1 points", "1 cards": a count of one with the plural (#22: plurals right)
ONE_PLURAL = re.compile(r"(?<![\d.,])[−+-]?1 (?:points|cards|chips|games|moves|tokens|twists|"
                        r"rounds|players|penalty points)\b")


def codes(game_id: str) -> set[str]:
    """The game's card codes that are not plain words or numbers: "B5", "$3", "S4"."""
    deck = manifest(game_id)
    found = set(deck.cards(deck.max_players))
    return {c for c in found if not c.isdigit() and not c.isalpha() or c in ("J",)} - {""}


def offences(text: str, game_codes: set[str]) -> list[str]:
    found = [m.group() for rx in (RULE_ID, SEAT_N, ACTION, STABLE_ID, ONE_PLURAL)
             for m in rx.finditer(text)]
    tokens = re.findall(r"[A-Za-z0-9$#@]+", text)
    found += [tok for tok in tokens if tok in game_codes]
    return found


# the tables' keys for moves and picks (never Escape, the menu, or Z, undo)
MOVE_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_b, pygame.K_c, pygame.K_d,
             pygame.K_e, pygame.K_f, pygame.K_k, pygame.K_l, pygame.K_n, pygame.K_p,
             pygame.K_r, pygame.K_s, pygame.K_t, pygame.K_v, pygame.K_x, pygame.K_1,
             pygame.K_2)


def try_wrong_gestures(app, table, rng, seen):
    """What a player may get wrong on its turn, each drawn: a move of another position,
    a key, a click on a disabled button, a drop on the felt. Any of them may be legal
    (a key or a drop): then it is simply played."""
    wrong = sorted(seen - set(table.legal_actions()))
    for action in rng.sample(wrong, min(2, len(wrong))):
        if not table.my_turn or action in table.legal_actions():
            break                      # an only move played itself meanwhile
        assert not table.submit(action)
        step(app)
    gestures = [lambda: uitools.key(app, rng.choice(MOVE_KEYS))]
    disabled = [b for b in table.buttons if not b.enabled and b.rect.w > 0]
    if disabled:
        gestures.append(lambda: uitools.click(app, rng.choice(disabled).rect.center))
    hand = [card for card in table.picks if card in table.cards.spots]
    if hand:
        start = table.cards[rng.choice(hand)].rect.center
        end = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        gestures.append(lambda: uitools.drag(app, start, end))
    for gesture in gestures:
        if not table.my_turn or table.dialog is not None:
            break
        gesture()
        step(app)


def play_through(app, game_id, seats, seed):
    rng = random.Random(seed)
    table = uitools.new_table(app, seats, seed=seed, game=game_id)
    seen: set[str] = set()
    for _ in range(6000):
        if table.link.match.is_over or app.top is not table:
            break
        if table.curtain is not None:
            uitools.key(app, pygame.K_RETURN)
            continue
        if table.moments:
            # a moment takes a key once seen for GUARD seconds of test time (without them
            # the Enter below went unheard, frame after frame, until the frames ran out)
            uitools.pass_time(app, GUARD)
        if table.dialog is not None or table.moments:
            uitools.key(app, pygame.K_RETURN)
            continue
        if table.my_turn:
            seen.update(table.legal_actions())
            try_wrong_gestures(app, table, rng, seen)
        if table.my_turn and table.dialog is None:
            table.submit(rng.choice(table.legal_actions()))
        app.invalidate()
        step(app)
        job = table.link.match.job
        if job is not None:
            job.done.wait(0.05)
    for _ in range(600):     # the results come by themselves (moments: auto), within 7 s
        if type(app.top).__name__ == "ResultsScene":
            break
        if table.dialog is not None:           # TEN's scoring, before them
            uitools.key(app, pygame.K_RETURN)
        app.invalidate()
        step(app)
    assert table.link.match.is_over, f"{game_id}: the game did not end"
    assert type(app.top).__name__ == "ResultsScene"    # drawn, with their breakdown
    assert app.top.breakdown.seats or app.top.breakdown.items
    return seen | set(table.link.match.history)


def notation(game_id: str, actions: set[str]) -> re.Pattern | None:
    """The game's action strings that are notation, not a player's words: those its
    narration words otherwise ("stop numbers" is "take the numbers", "buy B5" "buy blue 5",
    "place 0,1" "place the tile on 0,1", "bid 2 1"), leaving out what a player says too:
    a single verb ("skip", "end"), a verb and a number ("add 4": 10 Retro's cards are
    their numbers) and an action its words hold whole ("bust token", "play 34")."""
    move = words_for(game_id).move

    def spoken(action: str) -> bool:
        words = action.split()
        return len(words) == 1 or (len(words) == 2 and words[1].isdigit()) \
            or action in move(action)
    written = sorted({a for a in actions if not spoken(a)}, key=len, reverse=True)
    if not written:
        return None
    return re.compile(r"(?<![\w@$#-])(?:" + "|".join(map(re.escape, written)) + r")(?![\w@$#-])")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_code_action_rule_id_or_seat_number_is_ever_drawn(app, monkeypatch, game_id):
    drawn = uitools.record_labels(monkeypatch)
    game_codes = codes(game_id)
    if GAMES[game_id].max_players >= 3:     # a hot seat (curtains) beside a computer
        actions = play_through(app, game_id, ["human", "human", "heuristic"], seed=1)
    else:
        actions = play_through(app, game_id, ["human", "heuristic"], seed=1)
        actions |= play_through(app, game_id, ["human", "human"], seed=2)   # curtains
    assert len(drawn) > 20, drawn
    bad = {text: offences(text, game_codes) for text in drawn}
    bad = {text: found for text, found in bad.items() if found}
    assert not bad, bad
    # #38: no action string a player never says ("buy B5", "stop numbers", "pay t")
    written = notation(game_id, actions)
    bad = {text: written.findall(text) for text in drawn} if written else {}
    assert not {text: found for text, found in bad.items() if found}


# -- "you" and names, in every language (#38) ------------------------------------------------
