"""What ``gpufleet chat`` (and the CHAT eval) talks to: a :class:`ChatSession` holding the
chat's reads, the time it answers at, and the model.

* ``--recorded DIR``: the recorded incident is replayed through the NOC and each paged
  incident diagnosed (deterministically) into the state directory (``--state-dir``, or a
  temporary one); fleet reads (metrics, topology, changes, kernel log, scheduler) come from the
  replayed fleet through the SRE runtime's gate; "now" is the end of the recording.
* ``--state-dir S`` alone: the incidents, diagnoses and approvals a ``gpufleet watch / serve /
  diagnose`` left there (its threads and ``events.db``); no fleet reads; "now" is the clock.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpufleet.agents.sre.config import SreConfig, SreConfigError, load_sre_config
from gpufleet.agents.sre.runtime import Origin, SreRuntime, open_model_for
from gpufleet.cli.sre import SreUsageError, open_runtime, pick, recorded_fleet, run_diagnosis
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.models.bundled import BundledModelError
from gpufleet.graph.models.chat import TextStreamModel, streaming
from gpufleet.graph.models.config import ModelConfigError
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.service.chat.reads import StoreChatReads
from gpufleet.service.chat.waste import ticks_waste
from gpufleet.service.mcp.incidents import StateIncidents


@dataclass
class ChatSession:
    reads: StoreChatReads
    now: Callable[[], float]
    label: str
    model: TextStreamModel | None = None
    notes: list[str] = field(default_factory=list)  # shown once, before the first answer
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            close()
        self.closers.clear()


def sre_config(path: str | None, state_dir: Path) -> SreConfig:
    try:
        cfg = load_sre_config(path)
    except SreConfigError as e:
        raise SreUsageError(str(e)) from None
    return cfg.model_copy(update={"state_dir": state_dir})


def open_chat_model(
    cfg: SreConfig, llm: str | None, notes: list[str], closers: list[Callable[[], None]]
) -> TextStreamModel | None:
    """The model the chat uses (``--llm``, else the SRE config's), or None with a note when
    it cannot start: the chat then answers in no-model mode. A local model's server is
    started here and stays warm for the session (its close is added to ``closers``)."""
    try:
        model = open_model_for(cfg, llm)
    except (SreConfigError, BundledModelError, ModelConfigError) as e:
        notes.append(f"model not available ({e}); answering in no-model mode")
        return None
    if model is not None:
        close = getattr(model, "close", None)
        if close is not None:
            closers.append(close)
    return streaming(model)


def _diagnose_recorded(rt: SreRuntime, folder: Path) -> None:
    from gpufleet.agents.sre.graph import thread_id_for  # noqa: PLC0415 (langgraph: only when needed)

    _, incidents = recorded_fleet(folder)
    origin = Origin(kind="recorded", folder=str(folder.resolve()))
    for inc in pick(incidents, None):
        if not (rt.config.state_dir / "threads" / f"{thread_id_for(inc)}.json").exists():
            run_diagnosis(rt, inc, origin, now=inc.updated_at)


def open_recorded(
    folder: Path, state_dir: Path | None, llm: str | None, config: str | None = None
) -> ChatSession:
    if not (folder / "incident.yaml").is_file():
        raise SreUsageError(f"--recorded {folder}: not a recorded incident (no incident.yaml)")
    state = state_dir if state_dir is not None else Path(tempfile.mkdtemp(prefix="gpufleet-chat-"))
    closers: list[Callable[[], None]] = []
    if state_dir is None:
        closers.append(lambda: shutil.rmtree(state, ignore_errors=True))
    try:
        cfg = sre_config(config, state)
        fleet, _ = recorded_fleet(folder)
        rt = open_runtime(cfg, fleet, None)  # the diagnosis stays deterministic
        closers.append(rt.close)
        _diagnose_recorded(rt, folder)
        rec = load_incident(folder)
    except BaseException:
        for close in reversed(closers):
            close()
        raise
    end = rec.spec.time_range.end
    reads = StoreChatReads(
        incident_source=StateIncidents(state),
        store=rt.approvals,
        retriever=lambda: rt.deps.retriever,
        gate=rt.deps.gate,
        waste_source=ticks_waste(rec.iter_ticks, rec.topology, rec.spec.interval_s, folder.name),
        requested_by="chat:cli",
        clock=lambda: end,
    )
    session = ChatSession(reads, now=lambda: end, label=f"recorded {folder}", closers=closers)
    session.model = open_chat_model(cfg, llm, session.notes, session.closers)
    return session


def open_state(state_dir: Path, llm: str | None, config: str | None = None) -> ChatSession:
    if not state_dir.is_dir():
        raise SreUsageError(f"--state-dir {state_dir}: no such directory")
    cfg = sre_config(config, state_dir)
    store = ApprovalStore(state_dir / "approvals.db")
    events = state_dir / "events.db"
    cache: list[Retriever] = []

    def retriever() -> Retriever:
        if not cache:
            cache.append(Retriever.open())
        return cache[0]

    closers: list[Callable[[], None]] = [store.close]
    gate = _store_gate(cfg, events if events.exists() else None, closers)
    reads = StoreChatReads(
        incident_source=StateIncidents(state_dir, events if events.exists() else None),
        store=store,
        retriever=retriever,
        gate=gate,
        requested_by="chat:cli" if gate is not None else None,
    )
    session = ChatSession(reads=reads, now=time.time, label=f"state {state_dir}")
    session.closers.extend(closers)
    session.model = open_chat_model(cfg, llm, session.notes, session.closers)
    return session


def _store_gate(
    cfg: SreConfig, events: Path | None, closers: list[Callable[[], None]]
) -> ApprovalGate | None:
    """The SRE runtime's gate over the configured metrics store (``metrics_store.url``), so
    the terminal reads metrics like the service does: audited, reads only. The topology is
    the store's own dcgm-exporter labels. None when no store is configured."""
    if cfg.metrics_store is None:
        return None
    from gpufleet.agents.sre.live import live_wiring  # noqa: PLC0415 (live sources: only here)
    from gpufleet.agents.sre.runtime import build_runtime  # noqa: PLC0415
    from gpufleet.cli.watch import discover_prometheus_topology  # noqa: PLC0415
    from gpufleet.telemetry.promql import PromStore  # noqa: PLC0415

    store = PromStore(cfg.metrics_store.url, timeout_s=cfg.metrics_store.timeout_s)
    try:
        topology = asyncio.run(discover_prometheus_topology(store, time.time()))
    except Exception as e:  # the store unreachable or empty: say so, in one line
        raise SreUsageError(f"metrics_store {cfg.metrics_store.url}: {e}") from None
    finally:
        store.close()
    wiring = live_wiring(cfg, topology, event_log=events)
    rt = build_runtime(cfg, wiring.fleet, wiring.tools)
    closers.extend([*wiring.closers, rt.close])
    return rt.deps.gate


def open_empty(llm: str | None, config: str | None = None) -> ChatSession:
    """A session with no state at all (a temporary, empty state directory, removed on close):
    knowledge questions need nothing else."""
    state = Path(tempfile.mkdtemp(prefix="gpufleet-chat-"))
    try:
        session = open_state(state, llm, config)
    except BaseException:
        shutil.rmtree(state, ignore_errors=True)
        raise
    session.label = "no state"
    session.closers.insert(0, lambda: shutil.rmtree(state, ignore_errors=True))
    return session
