"""Slack's state shared by replicas (SQLite file and real PostgreSQL): the sender lease lets one
replica send at a time and passes on when it lapses or is given up; an event folded by two
replicas is folded once; a ``slack.db`` written before the lease existed is upgraded in place."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gpufleet.graph.state.database import open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.state.sqlite import SqliteFile
from gpufleet.graph.state.url import PostgresUrl
from gpufleet.service.slack.card import IncidentCard
from gpufleet.service.slack.state import _IDENTITY, _SCHEMA_V2, ModalBinding, Outgoing, SlackState
from tests.postgres_server import PostgresServer, postgres_fixture

__all__ = ["postgres_fixture"]  # the session fixture, imported for pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def two(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[SlackState, SlackState]]:
    """Two replicas' handles on one Slack state."""
    if request.param == "sqlite":
        where: Path | PostgresUrl = tmp_path / "slack.db"
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        where = PostgresUrl(server.fresh_url())
    a, b = SlackState(where), SlackState(where)
    yield a, b
    a.close()
    b.close()


def test_one_replica_sends_at_a_time_and_another_takes_over_when_its_lease_lapses(
    two: tuple[SlackState, SlackState],
) -> None:
    a, b = two
    assert a.lead("a", now=100, lease_s=15)
    assert not b.lead("b", now=101, lease_s=15)
    assert a.lead("a", now=110, lease_s=15)  # renewed (less than half was left)
    assert not b.lead("b", now=124, lease_s=15)
    assert b.lead("b", now=126, lease_s=15)  # a stopped renewing: lapsed at 125
    assert not a.lead("a", now=127, lease_s=15)
    b.resign("b")  # a clean stop: the other sends at once
    assert a.lead("a", now=128, lease_s=15)


def test_an_event_folded_by_two_replicas_is_folded_once(
    two: tuple[SlackState, SlackState],
) -> None:
    a, b = two
    calls: list[IncidentCard | None] = []

    def fold(stored: IncidentCard | None) -> tuple[IncidentCard, list[Outgoing]]:
        calls.append(stored)
        return IncidentCard(incident_id="inc-1"), [Outgoing("card", {"text": "hi"})]

    assert a.fold("inc-1", "ev-1", fold) == [Outgoing("card", {"text": "hi"})]
    assert b.fold("inc-1", "ev-1", fold) is None  # the other replica's copy of the event
    assert calls == [None]
    assert b.fold("inc-1", "ev-2", fold) is not None
    assert calls[1] == IncidentCard(incident_id="inc-1")  # read inside the transaction
    assert a.outbox_counts() == {"pending": 1}  # the second card replaced the unsent first
    item = b.due(now=0)
    assert item is not None and item.payload == {"text": "hi"}


def test_a_slack_file_from_before_the_lease_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "slack.db"
    old = SqliteFile(path, store="slack", schema_version=1, schema=_SCHEMA_V2[:-1])
    old.close()
    state = SlackState(path)
    try:
        assert state.lead("a", now=0, lease_s=15)
    finally:
        state.close()


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_a_version_2_file_keeps_its_remembered_signatures_through_the_upgrade(
    request: pytest.FixtureRequest, tmp_path: Path, dialect: str
) -> None:
    """Version 2 stored when a signature arrived; version 3 stores until when it must be kept.
    An upgraded row is kept for twice the library's window after its arrival."""
    v2 = Schema(
        version=2,
        sqlite=_SCHEMA_V2,
        postgresql=[
            x.replace(*_IDENTITY).replace(" REAL", " DOUBLE PRECISION") for x in _SCHEMA_V2
        ],
    )
    if dialect == "sqlite":
        where: Path | PostgresUrl = tmp_path / "slack.db"
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        where = PostgresUrl(server.fresh_url())
    old = open_database(where, store="slack", schema=v2)
    with old.write() as db:
        db.execute("INSERT INTO slack_signatures VALUES (?, ?)", ("v0=abc", 1000.0))
    old.close()
    state = SlackState(where)
    try:
        assert not state.first_use_of_signature("v0=abc", now=1000 + 590, keep_until=2000)
        assert state.first_use_of_signature("v0=abc", now=1000 + 601, keep_until=2000)
        state.bind_modal("V1", ModalBinding("apr-1", "approved", "C1", "U1"), 1000, 60)
        assert state.modal("V1") == ModalBinding("apr-1", "approved", "C1", "U1")
    finally:
        state.close()
