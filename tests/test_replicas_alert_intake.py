"""Two ``gpufleet serve`` replicas on one real PostgreSQL (``state:``) and one real JetStream bus
(``bus:``) behind which Alertmanager sends its notifications either through a load balancer
(each notification to one replica) or with one webhook URL per replica (each to both).

The intake's memory of the alerts it handled and the external incidents it opened is shared
(:mod:`agents.noc.alert_memory_sql`); with a memory per replica:

* a ``resolved`` reaching the replica that never saw the alert firing was counted unmatched
  and the incident stayed open for ever, and another alert of the same cause reaching it
  opened a second incident;
* a replica replaced between the firing and the resolved (a new host, an empty state
  directory) had forgotten the alert.

Each test waits for the exact state it asserts (the intake's own entries in the incident's
timeline, read from both replicas' incident books), with generous deadlines.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.postgres_server import PostgresServer, postgres_fixture
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config
from tests.test_serve import webhook_payload, xid79

__all__ = ["nats_server", "postgres_fixture"]  # fixtures, imported for pytest

pytestmark = needs_nats

AM = {"Authorization": f"Bearer {TOKENS['alertmanager']}"}
RESOLVED_ENTRY = "phase → resolved: all its Alertmanager alerts resolved"
DEADLINE_S = 180.0


class Pair:
    """Replicas ``a`` and ``b``, each with its own folder and state directory."""

    def __init__(self, root: Path, state: str, bus: str) -> None:
        self.root, self.extra = root, f"state: {state}\nbus: {bus}\n"
        self.replicas = {name: self._start(name) for name in ("a", "b")}

    def _start(self, name: str) -> Served:
        return start_serve(write_config(self.root / name, extra=self.extra), log_name=f"{name}.log")

    def __getitem__(self, name: str) -> Served:
        return self.replicas[name]

    def replace(self, name: str) -> None:
        """Stop a replica and start it again with an empty state directory (a new host)."""
        assert self.replicas[name].stop() == 0, self.replicas[name].log()
        shutil.rmtree(self.root / name / "state")
        self.replicas[name] = self._start(name)

    def stop(self) -> None:
        for served in self.replicas.values():
            assert served.stop() == 0, served.log()


@pytest.fixture(scope="module")
def pair(
    postgres: PostgresServer, nats_server: NatsServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Pair]:
    replicas = Pair(
        tmp_path_factory.mktemp("replicas"),
        postgres.fresh_url(),
        f"{nats_server.url}/{fresh_prefix()}",
    )
    yield replicas
    replicas.stop()


def _send(served: Served, *alerts: dict[str, Any]) -> None:
    body = webhook_payload(*alerts)
    if all(a["status"] == "resolved" for a in alerts):
        body["status"] = "resolved"
    with served.client() as http:
        r = http.post("/api/v1/alerts/alertmanager", json=body, headers=AM)
        assert r.status_code == 200, r.text


def _resolved(alert: dict[str, Any]) -> dict[str, Any]:
    return {**alert, "status": "resolved", "endsAt": alert["startsAt"]}


def _external(served: Served, node: str) -> list[dict[str, Any]]:
    """The external (Alertmanager) incidents on ``node`` in the replica's incident book."""
    with served.client() as http:
        found = http.get("/api/v1/incidents", params={"node": node}).json()["incidents"]
    return [i for i in found if i["incident_id"].startswith("inc-am-")]


def _detail(served: Served, incident_id: str) -> dict[str, Any]:
    with served.client() as http:
        r = http.get(f"/api/v1/incidents/{incident_id}")
        return r.json() if r.status_code == 200 else {}


def _opened_on_both(pair: Pair, node: str) -> str:
    """The external incident on ``node`` once both replicas' books show it."""
    [incident] = wait_for(
        f"the incident on {node} in a's book", lambda: _external(pair["a"], node), DEADLINE_S
    )
    wait_for(f"the incident on {node} in b's book", lambda: _external(pair["b"], node), DEADLINE_S)
    return str(incident["incident_id"])


def _timeline(served: Served, incident_id: str, kind: str) -> list[str]:
    entries = _detail(served, incident_id).get("timeline", [])
    return [e["summary"] for e in entries if e["kind"] == kind]


def _wait_resolved_everywhere(pair: Pair, incident_id: str) -> None:
    for name in ("a", "b"):
        wait_for(
            f"the intake's resolution of {incident_id} in {name}'s book",
            lambda s=pair[name]: RESOLVED_ENTRY in _timeline(s, incident_id, "incident_updated"),
            DEADLINE_S,
        )


def _assert_one_incident_opened_then_resolved(pair: Pair, node: str, incident_id: str) -> None:
    for name in ("a", "b"):
        served = pair[name]
        assert [i["incident_id"] for i in _external(served, node)] == [incident_id]
        assert len(_timeline(served, incident_id, "incident_opened")) == 1
        assert _timeline(served, incident_id, "incident_updated").count(RESOLVED_ENTRY) == 1


def _journals_drained(pair: Pair) -> bool:
    """Both replicas have processed every payload they accepted."""
    for served in pair.replicas.values():
        with served.client() as http:
            text = http.get("/metrics").text
        line = next(x for x in text.splitlines() if x.startswith("gpufleet_intake_journal_pending"))
        if float(line.split()[-1]) != 0:
            return False
    return True


def test_an_alert_firing_on_one_replica_resolves_through_the_other(pair: Pair) -> None:
    """Behind a load balancer: each notification reaches one replica."""
    gpu = xid79("node-04", 5)
    node = xid79("node-04", 0)
    del node["labels"]["gpu"]  # about the whole node
    _send(pair["a"], gpu)
    iid = _opened_on_both(pair, "node-04")
    # another alert of the same cause, to b: it joins a's incident (it opened a second one)
    _send(pair["b"], node)
    wait_for(
        "the node's alert on the incident",
        lambda: _detail(pair["a"], iid).get("incident", {}).get("anomaly_count") == 2,
        DEADLINE_S,
    )
    _send(pair["b"], _resolved(gpu))  # b never saw this one firing
    _send(pair["a"], _resolved(node))  # nor a this one: the last alert, the incident resolves
    _wait_resolved_everywhere(pair, iid)
    _assert_one_incident_opened_then_resolved(pair, "node-04", iid)


def test_one_notification_sent_to_both_replicas_at_once_opens_one_incident(pair: Pair) -> None:
    """One webhook URL per replica: Alertmanager sends every notification to each."""
    alert = xid79("node-06", 2)

    def to_both(*alerts: dict[str, Any]) -> None:
        start = threading.Barrier(2)
        failures: list[BaseException] = []

        def send(served: Served) -> None:
            start.wait()
            try:
                _send(served, *alerts)
            except BaseException as e:  # reported below, in the test's thread
                failures.append(e)

        threads = [threading.Thread(target=send, args=(s,)) for s in pair.replicas.values()]
        for t in threads:
            t.start()
        for t in threads:
            t.join(DEADLINE_S)
        assert not failures and not any(t.is_alive() for t in threads), failures

    to_both(alert)
    iid = _opened_on_both(pair, "node-06")
    wait_for("both replicas to process the notification", lambda: _journals_drained(pair))
    to_both(_resolved(alert))
    _wait_resolved_everywhere(pair, iid)
    wait_for("both replicas to process the resolved", lambda: _journals_drained(pair))
    _assert_one_incident_opened_then_resolved(pair, "node-06", iid)


def test_a_replica_replaced_between_firing_and_resolved_still_resolves(pair: Pair) -> None:
    """The replica that saw the alert firing is replaced (stopped, started again on an empty
    state directory: a new host) before the alert resolves."""
    alert = xid79("node-07", 1)
    _send(pair["a"], alert)
    iid = _opened_on_both(pair, "node-07")
    pair.replace("a")
    _opened_on_both(pair, "node-07")  # its book is rebuilt from the bus
    _send(pair["a"], _resolved(alert))
    _wait_resolved_everywhere(pair, iid)
    _assert_one_incident_opened_then_resolved(pair, "node-07", iid)
