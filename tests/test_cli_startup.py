"""``gpufleet --help`` imports no implementation; handlers resolve when a command runs; the
global ``--log-level`` / ``--log-json`` options; an unexpected error is one line, exit 1."""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gpufleet.cli.parser
from gpufleet.cli.main import configure_logging, main
from gpufleet.cli.parser import HANDLERS, Handler, build_parser

ROOT = Path(__file__).resolve().parent.parent
# What ``--help`` must not pay for: the heavy third-party stacks and the project's own layers.
HEAVY = (
    "langgraph",
    "langchain_core",
    "chromadb",
    "matplotlib",
    "numpy",
    "pydantic",
    "yaml",
    "httpx",
    "gpufleet.agents",
    "gpufleet.bus",
    "gpufleet.evals",
    "gpufleet.graph",
    "gpufleet.knowledge",
    "gpufleet.sim",
    "gpufleet.telemetry",
    "gpufleet.cli.commands",
    "gpufleet.cli.kb",
    "gpufleet.cli.sre",
    "gpufleet.cli.watch",
    "gpufleet.cli.serve",
    "gpufleet.service",
    "fastapi",
    "starlette",
    "uvicorn",
    "prometheus_client",
)


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _parsers(child, (*path, name))


def _leaves() -> dict[str, argparse.ArgumentParser]:
    return {
        " ".join(path): p
        for path, p in _parsers(build_parser())
        if path and not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)
    }


def test_help_imports_no_heavy_package() -> None:
    """Every ``--help`` screen, built in a fresh interpreter, then a real ``--help`` run."""
    code = (
        "import argparse, sys\n"
        "from gpufleet.cli.main import build_parser\n"
        "todo = [build_parser()]\n"
        "while todo:\n"
        "    p = todo.pop()\n"
        "    p.format_help()\n"
        "    for a in p._actions:\n"
        "        if isinstance(a, argparse._SubParsersAction):\n"
        "            todo += a.choices.values()\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gpufleet.cli.main", "watch", "--help"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
    )
    assert run.returncode == 0 and "usage: gpufleet watch" in run.stdout
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in run.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "argparse" in imported  # the check sees the imports at all
    assert sorted(m for m in imported if m.startswith(HEAVY)) == []


def test_every_leaf_command_names_a_handler_that_resolves() -> None:
    leaves = _leaves()
    assert set(leaves) == set(HANDLERS)
    for name, parser in leaves.items():
        func = parser.get_default("func")
        assert isinstance(func, Handler) and func.command == name
        assert callable(func.resolve()), name


def test_restated_values_match_their_owners() -> None:
    from gpufleet.graph.approvals.ledger import SETTLEMENTS
    from gpufleet.knowledge.index import LAYERS
    from gpufleet.knowledge.precedents import PRECEDENT_SETS, PUBLIC_PRECEDENTS
    from gpufleet.knowledge.retrieval_eval import EVAL_DIR, TARGET_RECALL_AT_3
    from gpufleet.knowledge.store import CARDS_DIR, RUNBOOKS_DIR

    assert gpufleet.cli.parser.SETTLEMENTS == SETTLEMENTS
    assert gpufleet.cli.parser.KB_LAYERS == LAYERS
    assert gpufleet.cli.parser.EVAL_DIR == EVAL_DIR
    assert gpufleet.cli.parser.TARGET_RECALL_AT_3 == TARGET_RECALL_AT_3
    assert gpufleet.cli.parser.CARDS_DIR == CARDS_DIR
    assert gpufleet.cli.parser.RUNBOOKS_DIR == RUNBOOKS_DIR
    assert gpufleet.cli.parser.PRECEDENT_SETS == PRECEDENT_SETS
    assert gpufleet.cli.parser.PUBLIC_PRECEDENTS == PUBLIC_PRECEDENTS


# --------------------------------------------------------------------------- logging
@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    for h in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(h)
    root.setLevel(level)


def test_log_json_is_one_object_per_line_with_the_incident_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    configure_logging("info", as_json=True)
    log = logging.getLogger("gpufleet.test")
    log.info("diagnosing %s", "inc-7", extra={"incident_id": "inc-7"})
    log.debug("not shown at info")
    log.warning("no incident here")
    lines = capsys.readouterr().err.splitlines()
    docs = [json.loads(line) for line in lines]
    assert [d["message"] for d in docs] == ["diagnosing inc-7", "no incident here"]
    assert docs[0]["level"] == "info" and docs[0]["logger"] == "gpufleet.test"
    assert docs[0]["incident_id"] == "inc-7" and "incident_id" not in docs[1]
    assert docs[0]["time"].endswith("Z") and "T" in docs[0]["time"]


def test_log_level_filters_and_text_logs_name_the_incident(
    capsys: pytest.CaptureFixture[str],
) -> None:
    configure_logging("warning")
    configure_logging("error")  # a second call replaces the first handler, no duplicates
    log = logging.getLogger("gpufleet.test")
    log.warning("hidden")
    log.error("shown", extra={"incident_id": "inc-9"})
    err = capsys.readouterr().err
    assert "hidden" not in err
    assert err.count("shown") == 1 and "ERROR gpufleet.test: shown [incident_id=inc-9]" in err


def _boom(args: argparse.Namespace, out: io.StringIO) -> int:
    logging.getLogger("gpufleet.test").info("about to fail", extra={"incident_id": "inc-3"})
    raise RuntimeError("boom\nsecond line")


@pytest.fixture
def boom(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(HANDLERS, "exposition parse", "tests.test_cli_startup:_boom")


@pytest.mark.usefixtures("boom")
def test_an_unexpected_error_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exposition", "parse", "-"], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert err == (
        "gpufleet exposition parse: unexpected error: RuntimeError: boom second line "
        "(run with --log-level debug for the traceback)\n"
    )


@pytest.mark.usefixtures("boom")
def test_debug_level_logs_the_traceback_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    # the global options are accepted after the command too
    argv = ["exposition", "parse", "-", "--log-level", "debug", "--log-json"]
    assert main(argv, out=io.StringIO()) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("gpufleet exposition parse: unexpected error: RuntimeError")
    docs = [json.loads(line) for line in err[:-1] if line.startswith("{")]
    info = [d for d in docs if d["message"] == "about to fail"]
    assert info and info[0]["incident_id"] == "inc-3" and info[0]["level"] == "info"
    failed = [d for d in docs if d["message"] == "gpufleet exposition parse failed"]
    assert failed and failed[0]["level"] == "debug"
    assert "Traceback" in failed[0]["exception"] and "RuntimeError: boom" in failed[0]["exception"]


def test_log_options_before_the_command_and_their_defaults() -> None:
    args = build_parser().parse_args(["--log-level", "info", "--log-json", "approvals"])
    assert args.log_level == "info" and args.log_json is True
    args = build_parser().parse_args(["approvals"])
    assert args.log_level == "warning" and args.log_json is False
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--log-level", "loud", "approvals"])
