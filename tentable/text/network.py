"""The words of network play: why a host refused a message or closed a connection
(`tentable.net`: the wire carries these keys and their values, each client words them in
its own language), and why a remote seat could not reach its host."""

STRINGS: dict[str, str] = {
    "net.version": "This table is hosted by another version of tentable (protocol {protocol}, "
                   "version {app}): you both need the same version.",
    "net.secret": "This invite opens no seat at this table: check that it was copied whole.",
    "net.room": "There is no such table here: it may have ended, or the invite was mistyped.",
    "net.no_lobby": "This host has no lobby: join with a seat's invite.",
    "net.hello": "The connection did not introduce itself in time.",
    "net.seq": "The host does not know this point of the game: join again from the start.",
    "net.binary": "The host could not read a message from this app.",
    "net.json": "The host could not read a message from this app.",
    "net.shape": "The host could not read a message from this app.",
    "net.field": "The host refused a message: its field {field} is wrong.",
    "net.size": "A message was too long (at most {limit} bytes).",
    "net.flood": "Too many messages at once (at most {rate} a second): wait a moment.",
    "net.hello_again": "This connection has its seat already.",
    "net.kind": "That request is not possible here ({kind}).",
    "net.spectator": "You are watching: spectators cannot play.",
    "net.undo": "That move cannot be taken back now.",
    "net.stale": "The table changed before your move arrived: look again, then play.",
    "net.full": "This server hosts as many tables as it can ({rooms}): try again later.",
    "net.too_many": "You have opened {most} tables already.",
    "net.busy": "This server takes at most {most} connections from one address: close one "
                "and try again.",
    "net.game": "This server does not know the game {game}.",
    "net.seat_kind": "{value} is neither a player nor a computer level.",
    "net.players": "This game is for {low} to {high} players.",
    "net.no_human": "A table needs at least one player.",
    "net.setup": "These options do not fit this game ({game}).",
    "net.seat_taken": "That seat is taken already.",
    "net.left": "You gave your seat back.",
    "net.replaced": "Your seat was taken up by another connection with the same invite.",
    "net.closed": "The table was closed.",
    "net.abuse": "The host closed the connection: too many messages it could not accept.",
    "net.timeout": "The host did not answer in time.",
    "net.unreachable": "The host cannot be reached: check the address, and that it is "
                       "running.",
    "net.refused": "The host refused.",
    "net.asking": "A moment: the host is asked about this move.",
    "net.lost": "The connection to the host was lost.",
    "table.busy": "A moment: the host has not answered yet.",
    # a remote table whose connection dropped
    "table.lost.title": "Connection lost",
    "table.lost.trying": "The board stays as it was. Trying to reach the host again "
                         "(attempt {n})…",
    "table.lost.gave_up": "The host did not answer for a minute.",
    "table.lost.again": "Try again",
    "table.lost.leave": "Leave",
    "table.lost.back": "Connected to the host again",
    # joining a table from the menu
    "menu.join": "Join a table",
    "join.title": "Join a table",
    "join.hint": "Paste the invite your host sent you (Ctrl+V), then press Enter.",
    "join.button": "Join",
    "join.back": "Back",
    "join.bad_invite": "This is not an invite: an invite begins with tentable:// and names "
                       "a table.",
    "join.no_table": "This invite names no table: ask your host for the invite to a seat.",
    "join.no_game": "This app has no table for {game}.",
}
