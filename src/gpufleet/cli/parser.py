"""The ``gpufleet`` argument tree, built from the standard library alone.

``gpufleet --help`` and ``gpufleet <cmd> --help`` must answer at once, so this module imports no
implementation: each leaf command names its handler as ``"module:function"`` in :data:`HANDLERS`,
imported only when that command runs (:class:`Handler`). The few values the help shows that
belong to other layers (the knowledge base's folders, the retrieval target, the settlement
outcomes) are restated here; ``tests/test_cli_startup.py`` checks they still match.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from gpufleet.paths import eval_data_dir, state_dir

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    Subparsers = argparse._SubParsersAction

DESCRIPTION = "The ``gpufleet`` command line."
LOG_LEVELS = ("debug", "info", "warning", "error")

# Restated from the layers that own them (checked equal by tests/test_cli_startup.py).
DEMO_HOURS = 3.25
_KNOWLEDGE_DIR = Path(__file__).resolve().parent.parent / "knowledge"
CARDS_DIR = _KNOWLEDGE_DIR / "cards"  # knowledge.store.CARDS_DIR
RUNBOOKS_DIR = _KNOWLEDGE_DIR / "runbooks"  # knowledge.store.RUNBOOKS_DIR
EVAL_DIR = _KNOWLEDGE_DIR / "eval"  # knowledge.retrieval_eval.EVAL_DIR
PRECEDENT_SETS = _KNOWLEDGE_DIR / "precedents" / "sets.txt"  # knowledge.precedents.PRECEDENT_SETS
PUBLIC_PRECEDENTS = _KNOWLEDGE_DIR / "precedents" / "public.jsonl"  # ….PUBLIC_PRECEDENTS
TARGET_RECALL_AT_3 = 0.9  # knowledge.retrieval_eval.TARGET_RECALL_AT_3
KB_LAYERS = ("hardware", "driver", "os", "workload")  # knowledge.index.LAYERS
SETTLEMENTS = ("done", "not-done", "retry")  # graph.approvals.ledger.SETTLEMENTS

# command path -> "module:function(args, out) -> int", imported when the command runs
HANDLERS: dict[str, str] = {
    "demo": "gpufleet.cli.commands:cmd_demo",
    "simulate": "gpufleet.cli.commands:cmd_simulate",
    "replay": "gpufleet.cli.commands:cmd_replay",
    "watch": "gpufleet.cli.commands:cmd_watch",
    "noc-worker": "gpufleet.cli.noc_worker:cmd_noc_worker",
    "correlate": "gpufleet.cli.noc_worker:cmd_correlate",
    "logs parse": "gpufleet.cli.commands:cmd_logs_parse",
    "exposition parse": "gpufleet.cli.commands:cmd_exposition_parse",
    "record": "gpufleet.cli.commands:cmd_record",
    "eval": "gpufleet.cli.commands:cmd_eval",
    "kb validate": "gpufleet.cli.kb:run_validate",
    "kb build": "gpufleet.cli.kb:run_build",
    "kb search": "gpufleet.cli.kb:run_search",
    "kb show": "gpufleet.cli.kb:run_show",
    "kb eval": "gpufleet.cli.kb:run_eval",
    "kb precedents build": "gpufleet.cli.precedents:run_build",
    "kb precedents add": "gpufleet.cli.precedents:run_add",
    "kb precedents list": "gpufleet.cli.precedents:run_list",
    "diagnose": "gpufleet.cli.sre:cmd_diagnose",
    "approvals": "gpufleet.cli.sre:cmd_approvals",
    "settle": "gpufleet.cli.sre:cmd_settle",
    "approve": "gpufleet.cli.sre:cmd_approve",
    "reject": "gpufleet.cli.sre:cmd_reject",
    "perf report": "gpufleet.cli.perf:cmd_perf_report",
    "report shadow": "gpufleet.cli.shadow:cmd_report_shadow",
    "serve": "gpufleet.cli.serve:cmd_serve",
    "export rules": "gpufleet.cli.serve:cmd_export_rules",
    "export grafana": "gpufleet.cli.serve:cmd_export_grafana",
    "mcp": "gpufleet.cli.mcp:cmd_mcp",
    "chat": "gpufleet.cli.chat:cmd_chat",
    "completion": "gpufleet.cli.completion:cmd_completion",
}


class Handler:
    """A command's implementation, named by ``"module:function"`` and imported on first call."""

    def __init__(self, command: str, target: str) -> None:
        self.command, self.target = command, target

    def resolve(self) -> Callable[[argparse.Namespace, TextIO], int]:
        module, _, name = self.target.partition(":")
        func: Callable[[argparse.Namespace, TextIO], int] = getattr(
            importlib.import_module(module), name
        )
        return func

    def __call__(self, args: argparse.Namespace, out: TextIO) -> int:
        return int(self.resolve()(args, out))

    def __repr__(self) -> str:
        return f"Handler({self.command!r}, {self.target!r})"


def _ack_wait(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ack-wait",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds before what a dead process fetched and never acked is delivered again",
    )


class _VersionAction(argparse.Action):
    """``--version``: the installed distribution's version (:data:`gpufleet.__version__`, read
    from the package metadata), looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from gpufleet import __version__  # noqa: PLC0415

        sys.stdout.write(f"gpufleet {__version__}\n")  # on stdout, as argparse's own action
        parser.exit()


def handler(command: str) -> Handler:
    return Handler(command, HANDLERS[command])


def _add_logging_options(root: argparse.ArgumentParser) -> None:
    """``--log-level`` / ``--log-json``: before the command, or after it on any leaf command."""
    root.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="warning",
        help="log records at this level and above go to stderr (default: warning)",
    )
    root.add_argument(
        "--log-json",
        action="store_true",
        help="log one JSON object per line on stderr (time, level, logger, message, incident_id)",
    )
    for leaf in _leaves(root):
        # SUPPRESS: a leaf that is not given the option leaves the root's value alone
        leaf.add_argument(
            "--log-level", choices=LOG_LEVELS, default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )
        leaf.add_argument(
            "--log-json", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )


def _leaves(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [parser]
    found: list[argparse.ArgumentParser] = []
    for action in subs:
        for child in dict.fromkeys(action.choices.values()):
            found += _leaves(child)
    return found


def build_parser() -> argparse.ArgumentParser:
    """Every command, option and help text of ``gpufleet``; imports no implementation."""
    p = argparse.ArgumentParser(prog="gpufleet", description=DESCRIPTION)
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--config", help="NOC detector config (YAML); defaults if omitted")
        sp.add_argument("--events-db", help="SQLite event log to write (replayable, auditable)")
        sp.add_argument("--json", action="store_true", help="print a JSON document")
        sp.add_argument("--quiet", action="store_true", help="no progress display")

    d = sub.add_parser("demo", help="simulated fleet + the seed cascade, end to end")
    d.add_argument("--seed", type=int, default=17)
    d.add_argument("--hours", type=float, default=DEMO_HOURS)
    d.add_argument("--llm", help="none (default) | local (the bundled model) | openai | ollama")
    d.add_argument("--no-sre", action="store_true", help="stop after detection")
    d.add_argument(
        "--state-dir",
        default=str(state_dir("demo")),
        help="where the demo's approvals and checkpoints go, emptied at start "
        "(default %(default)s)",
    )
    common(d)
    d.set_defaults(func=handler("demo"))

    s = sub.add_parser("simulate", help="write a simulated run (with injected faults) to disk")
    s.add_argument("--out", help="write a recorded run (columnar, for gpufleet replay)")
    s.add_argument(
        "--store", help="also import into VictoriaMetrics at this URL (populate a realistic store)"
    )
    s.add_argument(
        "--start", help="first sample time, RFC 3339 or Unix seconds (default 2026-03-02T00:00:00Z)"
    )
    s.add_argument("--racks", type=int, default=4)
    s.add_argument("--nodes", type=int, default=5, help="nodes per rack")
    s.add_argument("--gpus", type=int, default=8, help="GPUs per node")
    s.add_argument("--sku", default="H100", help="A100, H100, H200 or B200")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--interval", type=float, default=15.0, help="seconds between samples")
    s.add_argument("--duration", default="3h")
    s.add_argument(
        "--fault",
        action="append",
        default=[],
        help="NAME[@ONSET][:key=value,...], repeatable; e.g. fan_failure@2h:node=node-17,gpu=4",
    )
    s.set_defaults(func=handler("simulate"))

    r = sub.add_parser("replay", help="run the NOC over a recorded run")
    r.add_argument("path")
    r.add_argument(
        "--speed",
        type=float,
        default=None,
        help="pace to data time × SPEED (default: as fast as possible)",
    )
    common(r)
    r.set_defaults(func=handler("replay"))

    w = sub.add_parser("watch", help="run the NOC continuously on a source")
    w.add_argument(
        "--source",
        default="sim",
        help="sim | replay:DIR | dcgm:URL[,URL...] | dcgm:@FILE | prometheus:URL | "
        "nvml | nvml:fake | remote-write:[HOST:]PORT (vmagent pushes here)",
    )
    w.add_argument("--topology", help="topology JSON (list of clusters); default: discovered")
    w.add_argument("--interval", type=float, default=15.0, help="seconds between polls (live)")
    w.add_argument(
        "--lag",
        type=float,
        default=None,
        help="prometheus: query this many seconds behind now, so every sample of an instant "
        "has landed (default 60; 2x --interval suffices for Prometheus or VictoriaMetrics with "
        "-search.latencyOffset=0s)",
    )
    w.add_argument(
        "--history",
        type=float,
        default=60.0,
        metavar="MINUTES",
        help="read back this much history before going live — the store's (prometheus) and the "
        "kernel logs' (--logs) — so a fault already under way is met with its before "
        "(default 60; 0: none)",
    )
    w.add_argument(
        "--logs",
        action="append",
        default=[],
        help="kernel log to follow: a file path or 'journal' (repeatable)",
    )
    w.add_argument(
        "--job-log",
        action="append",
        default=[],
        help="a job's or pod's output to follow (repeatable): the GPU, driver and fabric faults "
        "it reports (uncorrectable ECC, device plugin unhealthy, NVML mismatch, NCCL IB errors) "
        "open incidents",
    )
    w.add_argument(
        "--reports",
        metavar="DIR",
        help="a folder of fault reports to watch (dcgmi diag, NHC logs, nccl-tests output, "
        "nvidia-smi -q, kubectl get pods -o json; DIR/<node>/ names the node): each new or "
        "grown file is read once and its faults open or join incidents",
    )
    w.add_argument(
        "--kube-pods",
        metavar="KUBECONFIG",
        help="poll the Kubernetes API (this kubeconfig) for GPU-stack pod states: GPU Operator "
        "/ device-plugin pods in CrashLoopBackOff, pods refused with UnexpectedAdmissionError",
    )
    w.add_argument(
        "--reports-state",
        metavar="FILE",
        help="where the report folder's read offsets are kept across restarts "
        "(default: DIR/.gpufleet-reports.json)",
    )
    w.add_argument("--logs-node", help="hostname for log lines that carry none")
    w.add_argument("--year", type=int, help="year for syslog lines that carry none")
    w.add_argument("--alertmanager", help="[HOST:]PORT for an Alertmanager webhook receiver")
    w.add_argument(
        "--bus",
        help="nats://HOST:PORT[/PREFIX]: publish to NATS JetStream (a `nats-server -js`) "
        "instead of the in-process bus",
    )
    w.add_argument(
        "--feed-shards",
        action="store_true",
        help="with --bus: publish the telemetry cut by rack for `gpufleet noc-worker`s "
        "instead of running the NOC here",
    )
    w.add_argument(
        "--feed-racks",
        metavar="RACK[,RACK...]",
        help="with --feed-shards and --topology: this feeder owns only these racks (vmagent "
        "sends it their series: one -remoteWrite.url per feeder, each with a "
        "-remoteWrite.urlRelabelConfig keeping its racks)",
    )
    w.add_argument(
        "--label-cache",
        type=int,
        metavar="SERIES",
        help="remote-write: series whose labels are remembered (default: every registry field "
        "of every GPU of the topology, plus 64 a node)",
    )
    w.add_argument(
        "--speed", type=float, default=60.0, help="sim/replay: data seconds per wall second"
    )
    w.add_argument("--duration", default=None, help="stop after this much data time")
    w.add_argument("--seed", type=int, default=17)
    w.add_argument(
        "--sre", action="store_true", help="diagnose every incident with the SRE agent as it opens"
    )
    w.add_argument("--sre-config", help="SRE agent config (YAML, see sre.example.yaml)")
    w.add_argument("--state-dir", help=f"SRE checkpoints, approvals, audit (default {state_dir()})")
    common(w)
    w.set_defaults(func=handler("watch"))
    nw = sub.add_parser(
        "noc-worker",
        help="one rack's NOC on a NATS bus: reads the rack's telemetry, publishes its incidents",
    )
    nw.add_argument("--bus", help="nats://HOST:PORT[/PREFIX] (a `nats-server -js`)")
    nw.add_argument(
        "--shard",
        required=True,
        action="append",
        help="a rack this worker owns, e.g. rack-3 (repeat it for several racks in one process)",
    )
    nw.add_argument(
        "--topology", help="the fleet's topology JSON, as the feeder's (default: the demo fleet)"
    )
    nw.add_argument("--config", help="NOC detector config (YAML); defaults if omitted")
    _ack_wait(nw)
    nw.set_defaults(func=handler("noc-worker"))
    co = sub.add_parser(
        "correlate",
        help="join the noc-workers' incidents across racks (a PDU, a cooling zone, a driver "
        "version, a job): one incident per root cause",
    )
    co.add_argument("--bus", help="nats://HOST:PORT[/PREFIX] (a `nats-server -js`)")
    co.add_argument(
        "--topology", help="the fleet's topology JSON, as the workers' (default: the demo fleet)"
    )
    _ack_wait(co)
    co.set_defaults(func=handler("correlate"))
    lg = sub.add_parser("logs", help="kernel-log tools")
    lsub = lg.add_subparsers(dest="logs_command", required=True)
    lp = lsub.add_parser(
        "parse",
        help="the recognised events, then a summary of recognised / GPU-related but not "
        "understood / untrusted / ignored lines",
    )
    lp.add_argument("file", help="dmesg / journalctl / syslog text, or - for stdin")
    lp.add_argument("--node", help="hostname for lines that carry none (plain dmesg)")
    lp.add_argument("--topology", help="topology JSON, to map PCI ids to GPUs")
    lp.add_argument("--year", type=int, help="year for syslog lines that carry none")
    lp.add_argument(
        "--at",
        help="when the log was read (RFC 3339 or Unix seconds): the time given to lines that "
        "carry none, and the reference year for syslog lines (default: the file's mtime)",
    )
    lp.add_argument(
        "--show-untrusted",
        action="store_true",
        help="also list GPU lines written by user space (marked untrusted)",
    )
    lp.add_argument(
        "--json", action="store_true", help="one JSON object per event, then a JSON summary"
    )
    lp.set_defaults(func=handler("logs parse"))

    ex = sub.add_parser("exposition", help="dcgm-exporter /metrics tools")
    exsub = ex.add_subparsers(dest="exposition_command", required=True)
    ep = exsub.add_parser("parse", help="the parsed frame and every flagged value, as JSON")
    ep.add_argument(
        "file", help="a saved /metrics response (curl http://node:9400/metrics), or - for stdin"
    )
    ep.add_argument("--topology", help="topology JSON, to map GPUs onto the fleet")
    ep.add_argument("--hostname", help="the node the text came from (when labels lack it)")
    ep.set_defaults(func=handler("exposition parse"))

    rc = sub.add_parser(
        "record", help="cut an incident window from a metrics store into a recorded-incident folder"
    )
    rc.add_argument("--store", required=True, help="VictoriaMetrics URL (uses /api/v1/export)")
    rc.add_argument("--start", required=True, help="RFC 3339 or Unix seconds")
    rc.add_argument("--end", required=True)
    rc.add_argument("--out", required=True, help="the incident folder to write")
    rc.add_argument("--id", required=True, help="incident id (lower-case, - and _)")
    rc.add_argument("--title")
    rc.add_argument("--topology", help="topology JSON; default: inferred from labels")
    rc.add_argument("--logs", help="kernel-log text covering the window")
    rc.add_argument("--events", help="scheduler events (events.jsonl format)")
    rc.add_argument("--overwrite", action="store_true")
    truth = rc.add_argument_group(
        "ground truth (default: none, the window is recorded as fault-free)",
        "give --fault-class, --root-entity, --onset and --family, or --from-incident ID "
        "with --events-db (an incident gpufleet opened and a person resolved)",
    )
    truth.add_argument("--fault-class", help="what happened (simulator fault class or card id)")
    truth.add_argument("--root-cause", help="knowledge-base card id (default: --fault-class)")
    truth.add_argument("--root-entity", help="GPU key (node-02/gpu5), hostname, rack or job")
    truth.add_argument("--onset", help="when it started: RFC 3339 or Unix seconds")
    truth.add_argument(
        "--family",
        help="thermal, memory, power, interconnect, utilization, host, device, application "
        "or telemetry",
    )
    truth.add_argument("--scope", help="gpu, chassis, node, job, rack (default: from the entity)")
    truth.add_argument("--benign", action="store_true", help="a red herring: no incident is right")
    truth.add_argument(
        "--max-delay",
        type=float,
        default=600.0,
        help="seconds a detector may take to open the incident (default 600)",
    )
    truth.add_argument("--from-incident", metavar="ID", help="a resolved incident's id")
    truth.add_argument("--events-db", help="the event log holding --from-incident")
    rc.set_defaults(func=handler("record"))

    e = sub.add_parser("eval", help="replay recorded incidents and score agents and baselines")
    e.add_argument(
        "--suite",
        help="suite folder (default: the bundled suite), one incident folder, or the name of a "
        "bundled scenario (e.g. dbe-1)",
    )
    e.add_argument("--only", help="NOC | SRE | PERF | CHAT (default: NOC and SRE)")
    e.add_argument(
        "--llm",
        help="also score the SRE agent (or, with --only CHAT, the chat) with this model backend "
        "beside the deterministic one (local = the bundled model)",
    )
    e.add_argument("--report", help="write report.md, report.json and plots into this folder")
    e.add_argument(
        "--cache", help=f"where generated scenario data goes (default {eval_data_dir()})"
    )
    e.add_argument("--no-baselines", action="store_true", help="skip static rules / majority")
    e.add_argument(
        "--late-join",
        type=float,
        metavar="MINUTES",
        help="replay each incident as met MINUTES after its fault's onset (data before cut away)",
    )
    e.add_argument(
        "--log-history",
        type=float,
        metavar="MINUTES",
        help="with --late-join: how far back the kernel-log feed reads at the join (default 60, "
        "as `watch --history`; 0: a fleet whose logs are not collected)",
    )
    e.add_argument(
        "--restart-at",
        type=float,
        metavar="SECONDS",
        help="also replay each incident through the live pipeline (event log, bus, NOC, "
        "Alertmanager intake, SRE agent, approvals) with a process restart SECONDS after the "
        "fault's onset, the state kept; the report counts second incidents and duplicate "
        "approval requests",
    )
    e.add_argument(
        "--before-answer",
        action="store_true",
        help="replay each recorded incident with its evidence cut where the stated cause "
        "begins: what the report was worth before anyone answered it",
    )
    e.add_argument(
        "--agreement",
        metavar="FILE",
        help="instead of a replay: score a second writer's blind labels (JSON, e.g. "
        "src/gpufleet/evals/agreement/round-53.json) against the held-out sets' truths",
    )
    e.add_argument(
        "--compare",
        metavar="REPORT",
        help="also say, case by case, what changed against an earlier run's `--json` report of "
        "the same incidents (an upgrade, a rebuilt index, your precedents added)",
    )
    e.add_argument("--json", action="store_true")
    e.add_argument("--quiet", action="store_true")
    e.set_defaults(func=handler("eval"))
    add_kb_commands(sub)
    add_sre_commands(sub)
    add_perf_commands(sub)
    add_report_commands(sub)
    add_service_commands(sub)
    add_mcp_command(sub)
    add_chat_command(sub)
    comp = sub.add_parser(
        "completion",
        help="print a shell completion script: source <(gpufleet completion bash)",
        description="bash: source <(gpufleet completion bash) in ~/.bashrc; zsh: the same with "
        "zsh, after compinit; fish: gpufleet completion fish > "
        "~/.config/fish/completions/gpufleet.fish",
    )
    comp.add_argument("shell", choices=("bash", "zsh", "fish"))
    comp.set_defaults(func=handler("completion"))
    _add_logging_options(p)
    return p


def add_service_commands(sub: Subparsers) -> None:
    """``serve`` and ``export rules|grafana`` (:mod:`cli.serve`, ``service/``)."""
    s = sub.add_parser(
        "serve",
        help="run the service: NOC + SRE agent + HTTP API, Alertmanager webhook, /metrics",
    )
    s.add_argument(
        "--config",
        help="serve config (YAML, see serve.example.yaml); default: the demo's simulated "
        f"fleet in real time, SQLite state in {state_dir('serve')}, no model",
    )
    s.add_argument("--host", help="listen address (default: the config's, 127.0.0.1)")
    s.add_argument("--port", type=int, help="listen port (default: the config's, 8080; 0: any)")
    s.add_argument(
        "--bus", help="nats://HOST:PORT[/PREFIX]: the bus (default: the config's, in-process)"
    )
    s.add_argument(
        "--state",
        help="postgresql://USER@HOST:PORT/DB: approvals, ledger, audit, checkpoints shared by "
        "several replicas (default: the config's, SQLite files in its state_dir)",
    )
    s.set_defaults(func=handler("serve"))
    e = sub.add_parser("export", help="alert rules and Grafana dashboards for your monitoring")
    esub = e.add_subparsers(dest="export_command", required=True)
    r = esub.add_parser(
        "rules", help="Prometheus/vmalert alert rules for the static DCGM checks (YAML)"
    )
    r.add_argument("--out", help="file to write (default: stdout)")
    r.add_argument(
        "--counters",
        metavar="FILE",
        help="dcgm-exporter's counters file (-f, CSV): export only the rules over fields it "
        "exports (default: stock dcgm-exporter's default-counters.csv; the rules left out and "
        "the lines that would enable them are listed at the top of the output)",
    )
    r.set_defaults(func=handler("export rules"))
    g = esub.add_parser("grafana", help="Grafana dashboards (JSON): the fleet, and gpufleet itself")
    g.add_argument("--out", help="folder to write fleet.json and gpufleet.json (default: stdout)")
    g.set_defaults(func=handler("export grafana"))


def add_sre_commands(sub: Subparsers) -> None:
    """``diagnose``, ``approvals``, ``settle``, ``approve``, ``reject`` (:mod:`cli.sre`)."""

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--sre-config", help="SRE agent config (YAML, see sre.example.yaml)")
        sp.add_argument(
            "--state-dir", help=f"checkpoints, approvals, audit (default {state_dir()})"
        )
        sp.add_argument(
            "--state", help="postgresql://USER@HOST:PORT/DB shared by replicas (default: SQLite)"
        )
        sp.add_argument("--json", action="store_true")

    d = sub.add_parser(
        "diagnose", help="diagnose a recorded-incident folder, or show / run one incident by id"
    )
    d.add_argument(
        "target",
        help="a recorded-incident folder (incident.yaml + data), or an incident id: its "
        "diagnosis from --state-dir, or a new one from --events-db with live evidence",
    )
    d.add_argument("--events-db", help="the NOC's event log, to find an incident by id")
    d.add_argument("--topology", help="fleet topology JSON (live diagnosis by id)")
    d.add_argument("--again", action="store_true", help="diagnose again even if one is stored")
    d.add_argument("--incident", help="only this NOC incident id")
    d.add_argument("--max", type=int, default=3, help="diagnose at most this many incidents")
    d.add_argument("--llm", help="none | local | openai | ollama (default: the config's)")
    d.add_argument(
        "--wait", action="store_true", help="stay and resume after each decision (approve/reject)"
    )
    common(d)
    d.set_defaults(func=handler("diagnose"))

    a = sub.add_parser("approvals", help="list actions waiting for a person")
    common(a)
    a.set_defaults(func=handler("approvals"))

    st = sub.add_parser(
        "settle",
        help="say what happened to a step whose outcome is unknown (listed by `approvals`)",
    )
    st.add_argument("step", help="the step's id (an approval id, as `gpufleet approvals` shows)")
    st.add_argument("--outcome", required=True, choices=SETTLEMENTS)
    st.add_argument("--by", required=True, help="who settles (must be an approver)")
    st.add_argument("--reason", required=True, help="what you checked on the node")
    st.add_argument("--no-resume", action="store_true", help="record only; do not resume")
    common(st)
    st.set_defaults(func=handler("settle"))

    for name, verb in (("approve", "approve"), ("reject", "reject")):
        p = sub.add_parser(name, help=f"{verb} a pending action and resume its diagnosis")
        p.add_argument("approval_id")
        p.add_argument("--by", required=True, help="who decides (must be an approver)")
        p.add_argument("--reason", required=True)
        p.add_argument("--no-resume", action="store_true", help="record only; do not resume")
        common(p)
        p.set_defaults(func=handler(name))


def add_report_commands(subparsers: Subparsers) -> None:
    """``report shadow`` (:mod:`cli.shadow`)."""
    rep = subparsers.add_parser("report", help="reports over the SRE agent's state")
    sub = rep.add_subparsers(dest="report_command", required=True)
    r = sub.add_parser(
        "shadow",
        help="shadow mode: what gpufleet would have done vs what operators did",
    )
    r.add_argument("--window", default="30d", help="how far back: 90m, 24h, 30d (default 30d)")
    r.add_argument("--until", type=float, help="window end, Unix seconds (default: now)")
    r.add_argument(
        "--slurm", action="store_true", help="first record operator drains/resumes seen in SLURM"
    )
    r.add_argument("--slurm-conf", help="SLURM_CONF for scontrol (default: the SRE config's)")
    r.add_argument("--k8s-events", help="import node events from `kubectl get events -o json`")
    r.add_argument("--tickets", help="import tickets from a JSONL file (id, node, opened_at)")
    r.add_argument("--sre-config", help="SRE agent config (YAML, see sre.example.yaml)")
    r.add_argument("--state-dir", help=f"the SRE state directory (default {state_dir()})")
    r.add_argument("--json", action="store_true", help="print the report as JSON")
    r.set_defaults(func=handler("report shadow"))


def add_perf_commands(subparsers: Subparsers) -> None:
    """``perf report`` (:mod:`cli.perf`)."""
    perf = subparsers.add_parser("perf", help="performance and fleet health over hours to days")
    sub = perf.add_subparsers(dest="perf_command", required=True)
    r = sub.add_parser(
        "report",
        help="wasted GPU-hours, ranked recommendations, health scores and failure risk",
    )
    r.add_argument("--window", default="7d", help="how much to analyse: 90m, 24h, 7d (default 7d)")
    r.add_argument(
        "--source",
        nargs="+",
        default=["sim"],
        metavar="SOURCE",
        help="sim (default: a simulated 1,024-GPU fleet with injected waste) | recorded DIR "
        "(a `gpufleet simulate` / `record` run) | vm URL (VictoriaMetrics/Prometheus, with "
        "--topology)",
    )
    r.add_argument("--topology", help="fleet topology JSON (for --source vm)")
    r.add_argument("--end", type=float, help="window end, Unix seconds (vm; default: now)")
    r.add_argument("--seed", type=int, default=0, help="simulator seed (sim)")
    r.add_argument("--racks", type=int, default=16, help="simulated racks of 8 nodes × 8 GPUs")
    r.add_argument("--top", type=int, default=10, help="recommendations and GPUs to show")
    r.add_argument(
        "--state-dir", help=f"health history and approval requests (default {state_dir()})"
    )
    r.add_argument(
        "--propose",
        action="store_true",
        help="file the plan's actions (power limits) as approval requests; nothing runs",
    )
    r.add_argument("--out", help="also write report.html (with plots), report.md, report.json here")
    r.add_argument("--json", action="store_true", help="print the report as JSON")
    r.set_defaults(func=handler("perf report"))


def add_mcp_command(sub: Subparsers) -> None:
    """``mcp``: the MCP server on stdio (:mod:`cli.mcp`)."""
    m = sub.add_parser(
        "mcp",
        help="MCP server on stdio: incidents, approvals, knowledge for your own agent; "
        "actions are only proposed, a person approves them",
    )
    m.add_argument("--sre-config", help="SRE agent config (YAML): policy, executors, SLURM")
    m.add_argument("--state-dir", help=f"approvals, audit, diagnoses (default {state_dir()})")
    m.add_argument("--events-db", help="the service's event log, for its incidents")
    m.set_defaults(func=handler("mcp"))


def add_chat_command(sub: Subparsers) -> None:
    """``chat``: the incident assistant in the terminal (:mod:`cli.chat`)."""
    c = sub.add_parser(
        "chat",
        help="ask the incident assistant (grounded, cited answers; no model needed)",
    )
    c.add_argument("--ask", metavar="QUESTION", help="answer one question and exit")
    c.add_argument("--json", action="store_true", help="with --ask: print the answer as JSON")
    c.add_argument("--recorded", metavar="DIR", help="a recorded incident folder to talk about")
    c.add_argument(
        "--state-dir",
        help=f"the stores a watch / serve / diagnose wrote (default {state_dir()})",
    )
    c.add_argument("--incident", metavar="ID", help="the incident the conversation is about")
    c.add_argument("--llm", help="model backend: local, openai or ollama (default: none)")
    c.add_argument("--sre-config", help="SRE agent config (YAML): model settings, policy")
    c.set_defaults(func=handler("chat"))


def add_kb_commands(subparsers: Subparsers) -> argparse.ArgumentParser:
    """Register ``kb`` and its subcommands on the main parser's subparsers object.

    Each subcommand sets ``func(args, out) -> int`` like the other gpufleet commands. Returns
    the ``kb`` parser."""
    kb = subparsers.add_parser("kb", help="failure-mode knowledge base: validate, index, search")
    sub = kb.add_subparsers(dest="kb_command", required=True)

    def common(sp: argparse.ArgumentParser, index: bool = True) -> None:
        sp.add_argument("--cards", default=str(CARDS_DIR), help="card folder (*.md)")
        sp.add_argument("--runbooks", default=str(RUNBOOKS_DIR), help="runbook folder (*.yaml)")
        if index:
            sp.add_argument(
                "--index",
                help="index folder (default $GPUFLEET_KB_INDEX or kb-index in the user's cache)",
            )
        sp.add_argument("--json", action="store_true", help="print a JSON document")

    def bind(sp: argparse.ArgumentParser, name: str) -> None:
        sp.set_defaults(func=handler(f"kb {name}"))

    v = sub.add_parser("validate", help="check every card and runbook (schema + references)")
    common(v, index=False)
    bind(v, "validate")

    b = sub.add_parser("build", help="build the vector index (only if the content changed)")
    b.add_argument("--force", action="store_true", help="rebuild even if up to date")
    common(b)
    bind(b, "build")

    s = sub.add_parser("search", help="hybrid search: description + structured hints")
    s.add_argument("text", nargs="*", help="what is going on, in words")
    s.add_argument("--xid", type=int, action="append", default=[], help="Xid code (repeatable)")
    s.add_argument("--sxid", type=int, action="append", default=[], help="NVSwitch SXid code")
    s.add_argument("--symptom", action="append", default=[], help="NOC symptom name")
    s.add_argument("--field", action="append", default=[], help="DCGM field name")
    s.add_argument("--log-line", action="append", default=[], help="a kernel/journal log line")
    s.add_argument("--state", action="append", default=[], help="scheduler state, e.g. DRAIN")
    s.add_argument("--scope", choices=["gpu", "chassis", "node", "job", "rack", "cluster"])
    s.add_argument(
        "--layer", action="append", choices=KB_LAYERS, default=[], help="only cards of this layer"
    )
    s.add_argument("-k", type=int, default=5, help="number of hits (per layer with --cross-layer)")
    s.add_argument(
        "--cross-layer", action="store_true", help="top k of each layer, merged (for diagnosis)"
    )
    common(s)
    bind(s, "search")

    sh = sub.add_parser("show", help="a card with its runbooks, or a runbook")
    sh.add_argument("id")
    common(sh, index=False)
    bind(sh, "show")

    e = sub.add_parser("eval", help="retrieval eval: recall@1/@3, MRR, latency")
    e.add_argument("--queries", default=str(EVAL_DIR), help="folder of queries-*.yaml")
    e.add_argument("--report", help="write retrieval.md and retrieval.json into this folder")
    e.add_argument(
        "--min-recall3",
        type=float,
        default=TARGET_RECALL_AT_3,
        help=f"recall@3 needed to pass (default {TARGET_RECALL_AT_3})",
    )
    common(e)
    bind(e, "eval")
    _add_precedent_commands(sub)
    return kb


def _add_precedent_commands(sub: Subparsers) -> None:
    p = sub.add_parser("precedents", help="resolved incidents retrieval compares new ones with")
    ps = p.add_subparsers(dest="precedents_command", required=True)
    b = ps.add_parser("build", help="the public library from the read evaluation sets")
    b.add_argument("--sets", default=str(PRECEDENT_SETS), help="file of set folder names")
    b.add_argument("--out", default=str(PUBLIC_PRECEDENTS), help="JSON-lines file to write")
    b.add_argument(
        "--no-vectors",
        action="store_true",
        help="skip writing their vectors beside it (OUT's stem + .vectors.npz)",
    )
    a = ps.add_parser("add", help="this fleet's resolved incidents (recorded folders with truth)")
    a.add_argument("folders", nargs="+", help="incident folders (gpufleet record --from-incident)")
    ls = ps.add_parser("list", help="precedents per library and cause, and load problems")
    ls.add_argument("--json", action="store_true")
    for sp in (a, ls):
        sp.add_argument("--state-dir", help="SRE state folder (default: the agent's)")
    for name, sp in (("build", b), ("add", a), ("list", ls)):
        sp.set_defaults(func=handler(f"kb precedents {name}"))
