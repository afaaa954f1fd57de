"""How the server knows a browser's own address behind its gateway.

A web seat's game connection comes from the gateway in this same process, over loopback: counted by
its peer address, every browser would draw on 127.0.0.1's allowance (one flooding browser would cut
off all the others). So the gateway names the browser's address in a header, with a secret made
when this process starts and never sent anywhere else; the server believes the header only with
that secret, which nothing outside this process can know.
"""

from __future__ import annotations

import hmac
import secrets

__all__ = ["HEADER", "SECRET", "browser_address", "header_value"]

#: The header the gateway's own connections carry: "<secret> <the browser's address>".
HEADER = "X-Access-Game-Web-Seat"
#: This process's secret (a new one each start).
SECRET = secrets.token_hex(32)


def header_value(address: str) -> str:
    """The header's value for a connection made for the browser at ``address``."""
    return f"{SECRET} {address}"


def browser_address(value: str | None) -> str | None:
    """The browser's address a header names, when it carries this process's secret; None otherwise
    (no header, or one made outside this process)."""
    if not value:
        return None
    secret, _space, address = value.partition(" ")
    if not address or not hmac.compare_digest(secret.encode(), SECRET.encode()):
        return None
    return address.strip() or None
