"""A real ``nats-server -js`` for the tests (one per test session) and helpers around it."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from gpufleet.evals.nats_server import INSTALL_HINT, NatsServer, nats_binary

__all__ = ["NatsServer", "fresh_prefix", "nats_server", "needs_nats"]

needs_nats = pytest.mark.skipif(
    nats_binary() is None, reason=f"nats-server (Debian package) not installed: {INSTALL_HINT}"
)


@pytest.fixture(scope="session")
def nats_server() -> Iterator[NatsServer]:
    """One JetStream server on 127.0.0.1 (free port, temp store dir) for the whole session;
    tests keep apart by giving their bus a prefix of their own (:func:`fresh_prefix`)."""
    with NatsServer() as server:
        yield server


def fresh_prefix() -> str:
    """A stream/subject prefix no other test uses."""
    return f"t{uuid.uuid4().hex[:12]}"
