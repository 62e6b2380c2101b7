"""`tentable serve`: a server for many tables, no window. It listens (127.0.0.1 unless told
otherwise: a server reachable from other machines is a choice), offers the lobby
(`tentable.net.lobby`) and hosts every table created there, over TLS (`wss://`,
`tentables://` invites) when given a certificate and its key. Its tables are written down
after every move (`tentable.net.tables`): started again after a crash, it serves them
again, and their invites still hold."""
from __future__ import annotations

import asyncio
import ssl
from typing import Callable

from tentable.net.host import Host
from tentable.net.protocol import Invite

DEFAULT_PORT = 4710


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS context; OSError or ssl.SSLError for files that are not a
    certificate and its key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


async def serve(host: Host, started: Callable[[Invite, list[str]], None],
                stop: asyncio.Event | None = None) -> None:
    """Serve until `stop` is set (or forever), the tables written down before too;
    `started` hears the lobby's invite and what of those could not be served."""
    await host.start()
    problems = host.resume()
    bind, port, tls = host.address
    started(Invite(bind, port, None, None, tls), problems)
    try:
        await (stop.wait() if stop is not None else asyncio.Event().wait())
    finally:
        await host.stop()
