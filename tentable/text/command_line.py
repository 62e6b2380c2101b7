"""The words of the command line (`tentable ...`: tentable/cli.py, the tables of
tentable/sim.py, the check-deck report) and argparse's own words, which tentable/cli.py
hands argparse while it builds the parser and parses."""

STRINGS: dict[str, str] = {
    # the command line (`tentable ...`: tentable/cli.py, the tables of tentable/sim.py, the
    # check-deck report). The words a player types stay English inside every language:
    # commands, --options, game ids, the levels easy/normal/hard/expert and 'human'.
    "cli.usage": "{where}: {message} (see {help})",
    "cli.unexpected": "{where}: unexpected error: {error}",
    "cli.numbers": "no,one,two,three,four,five,six,seven,eight,nine",
    "cli.description.one": "A desktop card table for {count} game around the number ten. "
                           "Without a command it opens the window at the menu.",
    "cli.description.other": "A desktop card table for {count} games around the number ten. "
                             "Without a command it opens the window at the menu.",
    "cli.games": "games (id, title, players, bots):",
    "cli.game.one": "{title}, {span} player; bots: {bots}",
    "cli.game.other": "{title}, {span} players; bots: {bots}",
    "cli.seats": "A seat is 'human' or a computer level: easy (the game's own strategy), "
                 "normal, hard or expert (each searches longer, --time-limit per move). The "
                 "old names random, heuristic and search mean easy, normal and hard.",
    "cli.more": "Run `tentable COMMAND --help` for a command's options.",
    "cli.commands": "commands",
    "cli.help.version": "print the version and exit",
    "cli.help.lang": "the language of this run, of the window and of these messages: en, de "
                     "or nl (default: the one chosen in the settings, else the system's)",
    "cli.help.smoke": "check this install: find every deck and font, draw the menu and every "
                      "table once, exit 0 (or 1 and the reason)",
    "cli.help.play": "open the window: the menu, or straight into GAME's table with the seats "
                     "you name",
    "cli.help.game": "game id, e.g. takethat",
    "cli.help.seats": "'human' or a computer level per seat, e.g. human,hard (default: you "
                      "against normal)",
    "cli.help.seed": "deal number, for the same cards again",
    "cli.help.continue": "go on with GAME's game in progress where it was left (as the menu's "
                         "Continue does); start one as --seats say if there is none",
    "cli.help.new": "start a new game of GAME even if it has one in progress, which is lost "
                    "(a ladder game counts as lost)",
    "cli.help.sim": "play bot-against-bot games without a window and print wins, mean "
                    "scores, speed and any failing game",
    "cli.help.players": "seats at the table (default 2)",
    "cli.help.games": "games to play (default 100)",
    "cli.help.first_seed": "seed of the first game; game g uses seed + g (default 0)",
    "cli.help.bots": "computer levels (or newcomer, a scripted yardstick), comma-separated; "
                     "seats cycle through them and the order rotates each game (default easy)",
    "cli.help.options": "game options as a JSON object, e.g. {example}",
    "cli.help.time_limit": "seconds per decision for levels that search (default: the "
                           "level's own)",
    "cli.help.solo": "solo against the game's rule-driven opponent (TEN: Mona); the bot plays "
                     "your seat, two seats in all",
    "cli.help.target": "solo: Mona's target, e.g. 7, or all: win / draw / loss rates and the "
                       "mean margin at every target (the ladder's difficulty curve)",
    "cli.help.json": "print one JSON object",
    "cli.help.replay": "replay a saved game (a record or an autosave) and print every move, "
                       "the scores and the winners",
    "cli.help.ladder": "print the solo ladder against Mona: the current target and the "
                       "recent games",
    "cli.help.reset": "start the ladder again at target 5, forgetting its games (asks first)",
    "cli.help.yes": "with --reset: do not ask",
    "cli.help.stats": "print the statistics: each player's games, wins, draws, helped games, "
                      "average, best score and best streak, per game",
    "cli.help.rebuild": "count the statistics again from every kept game and write them",
    "cli.help.check_deck": "check a deck manifest (decks/GAME.yaml) and print its card "
                           "counts, or what is wrong",
    "cli.help.serve": "host tables for friends on other computers, with no window: a lobby "
                      "to create a table, list open seats, join and leave (Ctrl+C stops it)",
    "cli.help.host": "the address to listen on (default 127.0.0.1: this computer only; "
                     "0.0.0.0: every network it is on)",
    "cli.help.port": "the port to listen on (default 4710; 0: any free port)",
    "cli.help.max_tables": "the most tables the lobby keeps open at once (default 200)",
    "cli.help.cert": "a TLS certificate (PEM), for encrypted connections (wss://); needs --key",
    "cli.help.key": "the certificate's private key (PEM)",
    "cli.error.port": "expected a port from 0 to 65535, got {value}",
    "cli.error.cert_and_key": "--cert and --key go together: give both or neither",
    "cli.serve.listening": "serving on {url}; the lobby's invite: {invite}",
    "cli.serve.resumed.one": "{n} table from before is open again",
    "cli.serve.resumed.other": "{n} tables from before are open again",
    "cli.serve.cannot_listen": "cannot listen on {host} port {port}: {reason}",
    "cli.serve.bad_cert": "cannot use the certificate and key: {reason}",
    "cli.error.whole_number": "expected a whole number, got {value}",
    "cli.error.at_least_one": "must be at least 1, got {value}",
    "cli.error.seconds": "expected seconds, e.g. 0.5, got {value}",
    "cli.error.seconds_range": "must be more than 0 and at most 60 seconds, got {value}",
    "cli.error.target": "expected a target such as 7, or all, got {value}",
    "cli.error.not_json": "not JSON: {value}; write e.g. {example}",
    "cli.error.not_object": "must be a JSON object such as {example}, got {value}",
    "cli.error.language": "{value} is not a language here ({choices})",
    "cli.error.unknown_game": "unknown game {value} (games: {games})",
    "cli.error.seat": "--seats: {value} is neither 'human' nor a level of {game} ({choices})",
    "cli.error.seat_count": "--seats: {game} is for {low}-{high} players, not {count}",
    "cli.error.seats_need_game": "--seats needs a game, e.g. tentable play takethat --seats "
                                 "human,random",
    "cli.error.in_progress": "your {game} game in progress is still there: "
                             "tentable play {id} --continue goes on with it, "
                             "tentable play {id} --new starts a new one and loses it",
    "cli.error.new_needs_game": "--new needs a game, e.g. tentable play takethat --new",
    "cli.error.new_and_continue": "--new and --continue cannot go together: choose one",
    "cli.error.continue_needs_game": "--continue needs a game, e.g. tentable play takethat "
                                     "--continue",
    "cli.error.options_need_game": "--options needs a game, e.g. tentable play takethat "
                                   "--options {example}",
    "cli.error.seed": "--seed must be a whole number from 0 to 2**63-1",
    "cli.error.no_bots": "--bots: name at least one bot, e.g. --bots easy,hard",
    "cli.error.target_needs_solo": "--target goes with --solo, e.g. --solo --target 7",
    "cli.error.solo_players": "--solo plays two seats, a bot and the rules; leave out "
                              "--players",
    "cli.error.no_solo": "{game} has no solo game",
    "cli.error.no_target": "{game} has no solo target to vary",
    "cli.error.yes_needs_reset": "--yes goes with --reset",
    "cli.no_display": "tentable: no display was found ({reason}), so the window cannot open. "
                      "Without a display you can run the tests (python3 scripts/test.py) or "
                      "check this install (tentable --smoke).",
    "cli.no_display.unset": "neither DISPLAY nor WAYLAND_DISPLAY is set",
    "cli.no_display.unopened": "the display could not be opened",
    "cli.replay.cannot_read": "cannot read it: {reason}",
    "cli.replay.not_replayable": "not a game that replays: {reason}",
    "cli.replay.seat": "seat {number}",
    "cli.replay.unfinished": "not finished",
    "cli.ladder.title": "Solo ladder against Mona (TEN): target {target}",
    "cli.ladder.title_complete": "Solo ladder against Mona (TEN): target {target} - complete: "
                                 "you beat Mona at {last}",
    "cli.ladder.rungs": "rungs: {rungs}",
    "cli.ladder.best": "best target beaten: {best}",
    "cli.ladder.tally.one": "{n} ladder game: {win} won, {draw} drawn, {loss} lost",
    "cli.ladder.tally.other": "{n} ladder games: {win} won, {draw} drawn, {loss} lost",
    "cli.ladder.abandoned.one": "  of the losses, {n} abandoned (a restart or a new game "
                                "during a ladder game)",
    "cli.ladder.abandoned.other": "  of the losses, {n} abandoned (restarts or new games "
                                  "during a ladder game)",
    "cli.ladder.practice.one": "{n} practice game, not on the ladder: {win} won, {draw} "
                               "drawn, {loss} lost",
    "cli.ladder.practice.other": "{n} practice games, not on the ladder: {win} won, {draw} "
                                 "drawn, {loss} lost",
    "cli.ladder.helped.one": "{n} game the computer helped with, not on the ladder: {win} "
                             "won, {draw} drawn, {loss} lost",
    "cli.ladder.helped.other": "{n} games the computer helped with, not on the ladder: "
                               "{win} won, {draw} drawn, {loss} lost",
    "cli.ladder.note.practice": "practice",
    "cli.ladder.note.helped": "helped by the computer",
    "cli.ladder.note.abandoned": "abandoned",
    "cli.ladder.recent": "recent games, newest first:",
    "cli.ladder.game": "{date}  target {target}  you {you}  Mona {mona}  {result}  {margin}  "
                       "seed {seed}",
    "cli.ladder.no_games": "no games yet: play '{menu}' from the menu",
    "cli.ladder.ask.one": "Reset the solo ladder to target 5 and forget its only game? [y/N] ",
    "cli.ladder.ask.other": "Reset the solo ladder to target 5 and forget its {n} games? "
                            "[y/N] ",
    "cli.ladder.yes": "y,yes",      # the answers that mean yes; the English ones always do
    "cli.ladder.no_answer": "--reset needs an answer; nothing was reset (add --yes to reset "
                            "without asking)",
    "cli.ladder.not_reset": "The ladder was not reset.",
    "cli.stats.player": "Player",
    "cli.stats.rebuilt": "The statistics were counted again from your kept games and written.",
    "cli.stats.not_written": "the statistics were not written: {reason}",
    "cli.sim.title.one": "{game}: {n} game, {players} players, bots {bots}",
    "cli.sim.title.other": "{game}: {n} games, {players} players, bots {bots}",
    "cli.sim.bot": "bot",
    "cli.sim.seat": "seat",
    "cli.sim.seat_row": "seat {number}",
    "cli.sim.one_level": "({bot} played every seat, so each row is a seat, not a level)",
    "cli.sim.progress": "game {n} of {total}",
    "cli.sim.wins": "wins",
    "cli.sim.win_rate": "win %",
    "cli.sim.mean_score": "mean score",
    "cli.sim.speed": "{per_game} actions per game · {games} games/s · {actions} actions/s",
    "cli.sim.no_errors": "errors: none",
    "cli.sim.errors.one": "{n} error:",
    "cli.sim.errors.other": "{n} errors:",
    "cli.sim.error": "seed {seed} ({bots}): {error}",
    "cli.sim.history": "history: {history}",
    "cli.sim.solo": "solo: win {win}% · draw {draw}% · loss {loss}% · mean margin {margin} "
                    "(the bot's points minus the rules seat's)",
    "cli.sim.draws.one": "{n} drawn game (a draw counts half a win for each)",
    "cli.sim.draws.other": "{n} drawn games (a draw counts half a win for each)",
    "cli.sim.shared": "(shared wins are split evenly between the winners)",
    "cli.sim.lowest": "(lowest score wins: the mean score is a penalty)",
    "cli.sim.curve.one": "{game} solo, bots {bots}: {n} game per target",
    "cli.sim.curve.other": "{game} solo, bots {bots}: {n} games per target",
    "cli.sim.target": "target",
    "cli.sim.draw_rate": "draw %",
    "cli.sim.loss_rate": "loss %",
    "cli.sim.margin": "mean margin",
    "cli.sim.target_error": "target {target}, seed {seed}: {error}",
    "cli.sim.margin_note": "(margin: the bot's points minus the rules seat's, per game)",
    "cli.deck.ok": "{path}: OK",
    "cli.deck.game.one": "game {id}: {title}, {span} player",
    "cli.deck.game.other": "game {id}: {title}, {span} players",
    "cli.deck.cards.one": "{n} player: {cards} cards",
    "cli.deck.cards.other": "{n} players: {cards} cards",
    "cli.deck.kinds": "cards per kind, by players:",
    # argparse's own words, each exactly as argparse's source says it (its gettext message
    # id): tentable/cli.py hands argparse these while it builds the parser and parses
    "cli.argparse.usage": "usage: ",
    "cli.argparse.positionals": "positional arguments",
    "cli.argparse.options": "options",
    "cli.argparse.help": "show this help message and exit",
    "cli.argparse.argument": "argument %(argument_name)s: %(message)s",
    "cli.argparse.unrecognized": "unrecognized arguments: %s",
    "cli.argparse.required": "the following arguments are required: %s",
    "cli.argparse.one_argument": "expected one argument",
    "cli.argparse.ignored": "ignored explicit argument %r",
    "cli.argparse.ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "cli.argparse.invalid_type": "invalid %(type)s value: %(value)r",
    "cli.argparse.invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
}
