"""Network play: a match served over WebSockets to seats on other computers.

`protocol` (the frames and their checks, invites), `host` (a server of one or more
matches, `HostThread` to run it beside a window), `lobby` (a server for many tables:
`tentable serve`), `remote` (`RemoteSeat`, a seat's client, and `RemoteLobby`).
See docs/network.md. Nothing here knows pygame.
"""
