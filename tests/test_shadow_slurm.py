"""Shadow mode against a real slurmctld on 127.0.0.1: a recorded DBE is diagnosed and planned
with ``mode: shadow`` (the drain is recorded, the real node untouched), an operator then drains
the node with a reason through ``scontrol``, and ``gpufleet report shadow --slurm`` shows the
agreement and how much earlier gpufleet would have acted; an operator acting on another node
shows as disagreements with their evidence."""

from __future__ import annotations

import io
import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.agents.sre.runtime import SreRuntime, build_runtime
from gpufleet.bus.events import Event, Incident
from gpufleet.cli.main import main
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.gate import SHADOW_NOTE
from gpufleet.graph.executors.runner import SubprocessRunner
from gpufleet.graph.executors.slurm import SlurmExecutor, slurm_tools
from gpufleet.graph.shadow.ledger import SHADOW_DB, ShadowLedger
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
LEAD_S = 1800.0  # the diagnosis runs this long before the operator acts

pytestmark = pytest.mark.skipif(
    bool(missing_binaries()), reason=f"SLURM daemons not installed: {INSTALL_HINT}"
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[SlurmCluster]:
    c = SlurmCluster(("node-01", "node-02"))
    c.start()
    try:
        yield c
    finally:
        c.stop()


def shadow_runtime(cluster: SlurmCluster, state: Path) -> tuple[SreRuntime, Incident]:
    (state / "policy.yaml").write_text("mode: shadow\n")
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology)
    events: list[Event] = []
    for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
        events += evs
    runner = SubprocessRunner(env=cluster.env)
    slurm = slurm_tools(SlurmExecutor(reads=runner, writes=runner))  # not dry-run: real changes
    names = {t.name for t in slurm}
    tools = [*[t for t in read_tools(fleet) if t.name not in names], *slurm]
    cfg = SreConfig(state_dir=state, policy=state / "policy.yaml")
    rt = build_runtime(cfg, fleet, tools, state_dir=state, checkpointer=InMemorySaver())
    incident = next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")
    return rt, incident


def report(cluster: SlurmCluster, state: Path, *extra: str) -> dict[str, Any]:
    out = io.StringIO()
    argv = ["report", "shadow", "--slurm", "--slurm-conf", cluster.env["SLURM_CONF"]]
    assert main([*argv, "--state-dir", str(state), "--json", *extra], out) == 0
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


def diagnose_in_shadow(cluster: SlurmCluster, state: Path, at: float) -> None:
    rt, incident = shadow_runtime(cluster, state)
    try:
        run = rt.runner.diagnose(incident, now=at)
        assert run.diagnosis is not None and run.diagnosis.top is not None
        assert run.diagnosis.top.card_id == "ecc-dbe"
        assert run.pending_approval is None  # nobody is asked: nothing will run anyway
        drains = [r for r in run.results if r.tool == "slurm.drain_node"]
        assert [(r.status, r.error) for r in drains] == [("dry_run", SHADOW_NOTE)]
    finally:
        rt.close()
    assert "DRAIN" not in cluster.node_state("node-02").upper()  # the executor never ran


@pytest.fixture(scope="module")
def shadowed(cluster: SlurmCluster, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    """One shadow-mode diagnosis (slow on a busy machine), shared: its shadow ledger and time."""
    state = tmp_path_factory.mktemp("shadow-run")
    diagnosed_at = time.time() - LEAD_S
    diagnose_in_shadow(cluster, state, diagnosed_at)
    return state / SHADOW_DB, diagnosed_at


def state_with(shadowed: tuple[Path, float], tmp_path: Path) -> Path:
    shutil.copy(shadowed[0], tmp_path / SHADOW_DB)
    return tmp_path


def test_operator_drain_agrees_and_gpufleet_was_earlier(
    cluster: SlurmCluster, shadowed: tuple[Path, float], tmp_path: Path
) -> None:
    state, diagnosed_at = state_with(shadowed, tmp_path), shadowed[1]
    ledger = ShadowLedger(state / SHADOW_DB)
    [proposal] = [p for p in ledger.proposals(0, time.time()) if p.tool == "slurm.drain_node"]
    ledger.close()
    assert proposal.node == "node-02" and proposal.at == diagnosed_at
    assert proposal.evidence[0].startswith("diagnosis: ecc-dbe")
    before = time.time()
    cluster.run("scontrol", "update", "nodename=node-02", "state=drain", "reason=ops bob: DBE gpu5")
    after = time.time()
    try:
        doc = report(cluster, state)
        [agree] = doc["agreements"]
        assert agree["node"] == "node-02" and agree["operator"]["reason"] == "ops bob: DBE gpu5"
        assert agree["operator"]["source"] == "slurm" and agree["operator"]["kind"] == "drain"
        # the operator's time is SLURM's reason stamp (whole seconds, local time)
        assert int(before) <= agree["operator"]["at"] <= after
        assert agree["lead_s"] == agree["operator"]["at"] - diagnosed_at
        assert agree["lead_s"] > LEAD_S - 1  # gpufleet would have drained ~30 min earlier
        assert doc["agreement_rate"] == 1.0 and doc["disagreements"] == []
        again = report(cluster, state)  # importing the same drain twice stores it once
        assert again["operator_actions"] == 1 and again["imported_operator_actions"] == 0
    finally:
        cluster.run("scontrol", "update", "nodename=node-02", "state=resume")
        cluster.wait_node_state("node-02", ("idle",))


def test_operator_acting_elsewhere_is_a_disagreement_with_evidence(
    cluster: SlurmCluster, shadowed: tuple[Path, float], tmp_path: Path
) -> None:
    state_with(shadowed, tmp_path)
    cluster.run("scontrol", "update", "nodename=node-01", "state=drain", "reason=ops carol: fan")
    try:
        doc = report(cluster, tmp_path)
    finally:
        cluster.run("scontrol", "update", "nodename=node-01", "state=resume")
        cluster.wait_node_state("node-01", ("idle",))
    assert doc["agreements"] == []
    kinds = {d["kind"]: d for d in doc["disagreements"]}
    assert set(kinds) == {"gpufleet_only", "operator_only"}
    assert kinds["gpufleet_only"]["node"] == "node-02"
    assert any("ecc-dbe" in e for e in kinds["gpufleet_only"]["evidence"])
    assert kinds["operator_only"]["node"] == "node-01"
    assert kinds["operator_only"]["evidence"] == ["ops carol: fan"]
    # the resume is seen at the next look, as the operator's return to service
    resumed = report(cluster, tmp_path)
    actions = [d["operator"] for d in resumed["disagreements"] if d["operator"]]
    assert sorted(a["kind"] for a in actions) == ["drain", "resume"]
    text = io.StringIO()
    main(["report", "shadow", "--state-dir", str(tmp_path)], text)
    assert "DIFFER node-02: gpufleet would act; no operator did" in text.getvalue()
    assert "evidence: diagnosis: ecc-dbe" in text.getvalue()
