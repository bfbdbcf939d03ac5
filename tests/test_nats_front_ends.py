"""``--bus nats://…`` on the front ends: ``gpufleet watch --sre`` runs the NOC and the SRE agent
over a real JetStream bus, and the serve config takes the bus URL strictly."""

from __future__ import annotations

import asyncio
import io
import json
import time
from pathlib import Path

import pytest

from gpufleet.bus.events import ActionProposed, DiagnosisReady, IncidentOpened
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.cli.main import main
from gpufleet.service.config import ServeConfig
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.test_bus import Recorder

__all__ = ["nats_server"]


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


@needs_nats
def test_watch_sre_over_jetstream_diagnoses_and_leaves_the_events_in_the_stream(
    nats_server: NatsServer, tmp_path: Path
) -> None:
    run_dir, state = tmp_path / "run", tmp_path / "state"
    code, _ = _cli(
        "simulate", "--out", str(run_dir), "--duration", "40m", "--racks", "1", "--nodes", "2",
        "--fault", "dbe@20m:node=node-02,gpu=5",
    )  # fmt: skip
    assert code == 0
    url = f"{nats_server.url}/{fresh_prefix()}"
    code, text = _cli(
        "watch", "--source", f"replay:{run_dir}", "--speed", "1e9", "--bus", url, "--sre",
        "--state-dir", str(state), "--json",
    )  # fmt: skip
    assert code == 0, text
    doc = json.loads(text)
    [incident] = doc["incidents"]
    assert incident["root_entity"] == "node-02/gpu5"
    [dx] = doc["sre"]["diagnoses"]
    assert dx["top"] == "ecc-dbe" and dx["pending_approval"]

    async def stream() -> Recorder:
        seen = Recorder()
        async with JetStreamBus(url) as bus:
            bus.subscribe_view("*", "audit", seen, from_start=True)
            await bus.drain()
        return seen

    kinds = {type(e) for e in asyncio.run(stream()).events}
    # the NOC's incident, the agent's diagnosis and its proposal all went through the server
    assert {IncidentOpened, DiagnosisReady, ActionProposed} <= kinds


def test_the_serve_config_takes_a_bus_url_strictly() -> None:
    assert ServeConfig().bus is None  # in-process by default
    assert ServeConfig(bus="nats://10.0.0.5:4222/prod").bus == "nats://10.0.0.5:4222/prod"
    with pytest.raises(ValueError, match="nats://HOST:PORT"):
        ServeConfig(bus="redis://10.0.0.5:6379")


def test_serve_with_an_unreachable_bus_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "serve.yaml"
    cfg.write_text(f"state_dir: {tmp_path / 'state'}\nbus: nats://127.0.0.1:1\n")
    assert _cli("serve", "--config", str(cfg), "--port", "0")[0] == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "gpufleet serve: cannot reach NATS at nats://127.0.0.1:1: nats: no servers available "
        "for connection (is `nats-server -js` running there?)"
    ]


@needs_nats
def test_two_serve_replicas_share_one_bus_and_diagnose_an_incident_once(
    nats_server: NatsServer, tmp_path: Path
) -> None:
    """Two ``gpufleet serve`` processes on one JetStream bus: an alert posted to one replica
    opens an incident both replicas' books show, and the agents' shared durable consumer has
    it diagnosed by exactly one of them."""
    from tests.serve_process import start_serve, wait_for, write_config
    from tests.test_serve import webhook_payload, xid79

    url = f"{nats_server.url}/{fresh_prefix()}"
    replicas = []
    try:
        for name in ("a", "b"):
            cfg = write_config(tmp_path / name, extra=f"bus: {url}\n")
            replicas.append(start_serve(cfg))
        a, b = replicas
        with a.client() as http:
            r = http.post(
                "/api/v1/alerts/alertmanager",
                json=webhook_payload(xid79("node-03", 5)),
                headers=a.auth("alertmanager"),
            )
            assert r.status_code == 200, r.text

        def incident(served: object) -> list[dict[str, object]]:
            with served.client() as http:  # type: ignore[attr-defined]
                got: list[dict[str, object]] = http.get(
                    "/api/v1/incidents", params={"node": "node-03"}
                ).json()["incidents"]
                return got

        on_a = wait_for("the incident on replica a", lambda: incident(a), timeout_s=120)
        on_b = wait_for("the incident on replica b", lambda: incident(b), timeout_s=120)
        assert on_a[0]["incident_id"] == on_b[0]["incident_id"]

        async def diagnoses() -> list[DiagnosisReady]:
            seen = Recorder()
            async with JetStreamBus(url) as bus:
                bus.subscribe_view("diagnosis", "count", seen, from_start=True)
                await bus.drain()
            return [e for e in seen.events if isinstance(e, DiagnosisReady)]

        found = wait_for("a diagnosis", lambda: asyncio.run(diagnoses()), timeout_s=180)
        time.sleep(3)  # give a second (wrong) diagnosis the chance to show up
        again = asyncio.run(diagnoses())
        assert [d.diagnosis.incident_id for d in again] == [on_a[0]["incident_id"]]
        assert len(found) == 1
    finally:
        for served in replicas:
            served.stop()
