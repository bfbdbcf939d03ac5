"""Where the bus is: the ``--bus`` / ``bus:`` URL grammar, in a leaf module so that checking
a URL never loads the NATS client."""

from __future__ import annotations

import re


def parse_bus_url(url: str) -> tuple[str, str]:
    """``nats://HOST:PORT[/PREFIX]`` → the server URL and the stream prefix (default
    ``gpufleet``); ``ValueError`` naming the URL otherwise. A prefix lets several deployments
    (production, staging, a test) share one server without seeing each other's events."""
    m = re.fullmatch(r"(nats://[^\s/:@]+(?::\d{1,5})?)(?:/([a-z][a-z0-9_]{0,31})?)?", url)
    if m is None:
        raise ValueError(
            f"bus URL must look like nats://HOST:PORT or nats://HOST:PORT/PREFIX "
            f"(PREFIX: lowercase letters, digits, '_'), got {url!r}"
        )
    return m.group(1), m.group(2) or "gpufleet"
