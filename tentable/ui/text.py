"""Every word the UI shows, in one table, so a translation is one dict.

`t("setup.players")` looks a text up; `t("menu.range", low=2, high=4)` fills it in.
A missing key shows the key itself and a bad placeholder the unfilled text:
a slip in the table is visible on screen, never a crash.
"""
from __future__ import annotations

STRINGS: dict[str, str] = {
    "app.title": "tentable",

    # menu
    "menu.tagline": "Card games around the number ten",
    "menu.players": "{low}–{high} players",
    "menu.players_exact": "{n} players",
    "menu.play": "Play",
    "menu.continue": "Continue",
    "menu.new_game": "New game",
    "menu.resume_failed": "Cannot continue the saved game: {reason}",
    "menu.settings": "Settings",
    "menu.quit": "Quit",
    "menu.hint": "Arrow keys to choose  ·  Enter to play  ·  F11 full screen",
    "game.ten.blurb": "Flip cards and stop before you pass ten — or bust.",
    "game.takethat.blurb": "Play within ten of the last card, or twist a twin to score.",
    "game.elfer.blurb": "Build out from the elevens in four colours.",
    "game.retro10.blurb": "Bid, swap and protect your cards: get closest to ten.",
    "game.tentiles.blurb": "Two players: be first to line up tiles that sum to ten.",

    # setup
    "setup.title": "New game",
    "setup.players": "Players",
    "setup.kind": "Played by",
    "setup.level": "Level",
    "setup.human": "Human",
    "setup.computer": "Computer",
    "setup.name": "Name",
    "setup.options": "Options",
    "setup.no_options": "This game has no options.",
    "setup.seed": "Seed",
    "setup.seed_hint": "Same seed, same deal",
    "setup.new_seed": "New seed",
    "setup.start": "Start",
    "setup.back": "Back",
    "setup.coming_soon": "{game} is coming soon — its table is still being built.",
    "setup.bad_setup": "Cannot start: {reason}",
    "setup.name_you": "You",
    "setup.names": "Ana,Ben,Cleo,Dev,Eli,Fay,Gus",
    "setup.add_seat": "+  Add player {n}",
    "setup.automaton": "Plays by the rules",
    "setup.replace_title": "Start a new game?",
    "setup.replace_body": "Your {game} game in progress will be lost.",
    "setup.replace_yes": "Start new",
    "setup.replace_no": "Cancel",
    "bot.random": "Easy",
    "bot.heuristic": "Normal",
    "bot.search": "Hard",
    "common.on": "On",
    "common.off": "Off",
    "option.by_lot": "By lot",
    "option.takethat.rounds": "Rounds",
    "option.takethat.rounds.help": "A new deal each round; the first player moves on",
    "option.takethat.pro": "Pro variant",
    "option.takethat.pro.help": "Taking a single card also takes the top of the pile",
    "option.elfer.rows": "Row colours",
    "option.elfer.games": "Games",
    "option.elfer.start": "First player",
    "option.tentiles.open": "Open game",
    "option.tentiles.start": "First player",
    "option.tentiles.start.0": "White",
    "option.tentiles.start.1": "Black",

    # settings
    "settings.title": "Settings",
    "settings.animation_speed": "Animation speed",
    "settings.window_mode": "Display",
    "settings.card_size": "Card size",
    "settings.done": "Done",
    "settings.saved": "Settings saved",
    "settings.save_failed": "Could not save the settings: {reason}",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "window.windowed": "Window",
    "window.fullscreen": "Full screen",
    "size.small": "Small",
    "size.medium": "Medium",
    "size.large": "Large",

    # pause
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.restart": "Restart",
    "pause.settings": "Settings",
    "pause.quit": "Quit to menu",
    "pause.hint": "Restart deals again with the same seats and a new seed.",
    "pause.restart_title": "Restart the game?",
    "pause.restart_body": "The game in progress will be lost: the cards are dealt again "
                          "with a new seed.",
    "pause.restart_yes": "Restart",
    "pause.restart_no": "Keep playing",

    # crash
    "crash.title": "Something went wrong",
    "crash.body": "tentable ran into an unexpected error.",
    "crash.saved": "Your game in progress was saved: continue it from the menu.",
    "crash.log": "The details are in {path}",
    "crash.menu": "Back to menu",
    "crash.quit": "Quit",

    # results
    "results.title": "Game over",
    "results.winner": "{name} wins!",
    "results.you_win": "You win!",
    "results.tie": "{names} share the win!",
    "results.and": " and ",
    "results.player": "Player",
    "results.round": "Round {n}",
    "results.total": "Total",
    "results.again": "Play again",
    "results.menu": "Menu",

    # table
    "table.menu": "Menu",
    "table.pass_title": "Pass to {name}",
    "table.pass_hint": "Everyone else, please look away.",
    "table.pass_ready": "Ready — show my cards",
    "table.thinking": "{name} is thinking…",
    "table.turn_of": "{name}'s turn",
    "table.forced": "Your only move: {action}",
    "table.bot_late": "it took too long",
    "table.your_turn": "Your turn",
    "table.your_turn_named": "Your turn, {name}",
    "table.waiting": "{name} to play",
    "table.not_your_turn": "It is not your turn.",
    "table.bot_failed": "{name} could not move: {reason}",
    "table.bot_illegal": "it chose '{action}', which is not allowed",
    "table.save_failed": "Autosave failed: {reason}",
    "table.start_failed": "Cannot start the game: {reason}",

    # Take That table
    "tt.play": "Play  (Enter)",
    "tt.twist": "Twist  (T)",
    "tt.take": "Take row  (R)",
    "tt.pile": "{n} left",
    "tt.score": "{score} points",
    "tt.empty_row": "Open a new row with any card",
    "tt.hint": "Drag a card to the end of the row, or onto its twin  ·  ← → pick  ·  "
               "Enter play  ·  T twist  ·  R take",
    "tt.forced_take": "No cards left — you must take the row  (R)",
    "tt.pick_first": "Pick a card first: click it, or use ← and →.",
    "tt.log.play": "{name} plays {card}",
    "tt.log.open": "{name} opens a new row with {card}",
    "tt.log.twist": "{name} shows {card} and twists {twin} out: +2",
    "tt.log.take": "{name} takes the row of {n}: {points}",
    "tt.log.take_pro": "{name} takes the single {card} and the top card {extra}: {points}",
    "tt.log.play.you": "You play {card}",
    "tt.log.open.you": "You open a new row with {card}",
    "tt.log.twist.you": "You show {card} and twist {twin} out: +2",
    "tt.log.take.you": "You take the row of {n}: {points}",
    "tt.log.take_pro.you": "You take the single {card} and the top card {extra}: {points}",
    "tt.log.round": "Round {round} of {rounds}: {name} starts",
    "tt.log.round.you": "Round {round} of {rounds}: you start",
    "tt.log.round_over": "Round {round} is over: {scores}",
    "tt.log.resumed": "Game resumed after {n} moves",
    "tt.round_title": "Round {round} of {rounds} is over",
    "tt.round_line": "{name}: {points} this round, {total} in all",
    "tt.next_round": "Next round",
}


def t(key: str, **fmt: object) -> str:
    """The UI text for `key`, with `{placeholders}` filled from `fmt`."""
    text = STRINGS.get(key, key)
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return text


def t_or(key: str, fallback: str, **fmt: object) -> str:
    """Like `t`, but `fallback` when the table has no such key (e.g. an option a game
    added before its label was written)."""
    return t(key, **fmt) if key in STRINGS else fallback
