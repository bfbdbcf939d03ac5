"""``gpufleet serve`` and ``gpufleet export rules|grafana`` (the service lives in ``service/``).

Imported only when one of these commands runs: FastAPI, uvicorn and the agents stay out of
``gpufleet --help``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TextIO

from gpufleet.agents.sre.config import SreConfigError
from gpufleet.cli.common import UsageError, check_bus_args
from gpufleet.cli.source_errors import SourceError
from gpufleet.graph.state.url import StateUrlError, parse_state_url
from gpufleet.service.config import LoadedConfig, ServeConfigError, load_serve_config
from gpufleet.service.demo_mode import demo_token, is_loopback, with_demo_token
from gpufleet.service.export import (
    CountersFileError,
    alert_rules_yaml,
    grafana_dashboards,
    parse_counters,
)
from gpufleet.service.runner import Plugin, serve
from gpufleet.service.server import ServerStartError


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:
        loaded = load_serve_config(args.config)
    except ServeConfigError as e:
        raise UsageError(str(e)) from None
    if args.bus is not None:
        check_bus_args(args.bus, None)
        loaded = loaded.model_copy(
            update={"config": loaded.config.model_copy(update={"bus": args.bus})}
        )
    if args.state is not None:
        try:
            parse_state_url(args.state)
        except StateUrlError as e:
            raise UsageError(f"--state: {e}") from None
        loaded = loaded.model_copy(
            update={"config": loaded.config.model_copy(update={"state": args.state})}
        )
    listen = loaded.config.listen
    host = args.host if args.host is not None else listen.host
    port = args.port if args.port is not None else listen.port
    token = None
    if args.config is None and len(loaded.tokens) == 0 and is_loopback(host):
        # the no-config demo: a token for this run, so the page's Approve works (loopback only)
        token = demo_token()
        loaded = with_demo_token(loaded, token)
    try:
        summary = asyncio.run(
            serve(
                loaded,
                host=host,
                port=port,
                out=out,
                plugins=plugins_for(loaded),
                demo_token=token,
            )
        )
    except (ServeConfigError, SreConfigError, SourceError, ServerStartError) as e:
        raise UsageError(str(e)) from None
    out.write(summary.line() + "\n")
    return 0


def plugins_for(loaded: LoadedConfig) -> list[Plugin]:
    """The front ends the config turns on, each a :data:`~service.runner.Plugin`: Slack when
    ``loaded.config.slack`` is set, MCP when ``loaded.config.mcp.enabled`` (wired in by their
    modules, ``service/slack`` and ``service/mcp``)."""
    from gpufleet.service.plugins import front_end_plugins  # noqa: PLC0415 (slack_bolt, mcp: only here)

    cfg = loaded.config
    slack = cfg.slack is not None and loaded.slack is not None
    return front_end_plugins(slack, cfg.mcp.enabled, cfg.perf.enabled is not False)


def cmd_export_rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.counters is None:
        text = alert_rules_yaml()
    else:
        text = alert_rules_yaml(served=_read_counters(args.counters), counters=args.counters)
    _write(args.out, text, out)
    return 0


def _read_counters(path: str) -> frozenset[str]:
    try:
        return parse_counters(Path(path).read_text())
    except OSError as e:
        raise UsageError(f"--counters {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--counters {path}: not a text (CSV) counters file") from None
    except CountersFileError as e:
        raise UsageError(f"--counters {path}: {e}") from None


def cmd_export_grafana(args: argparse.Namespace, out: TextIO) -> int:
    boards = grafana_dashboards()
    if args.out is None:
        out.write(json.dumps(boards, indent=2) + "\n")
        return 0
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, board in boards.items():
            (folder / f"{name}.json").write_text(json.dumps(board, indent=2) + "\n")
    except OSError as e:
        raise UsageError(f"--out {folder}: {e.strerror or e}") from None
    sys.stderr.write(f"wrote {', '.join(f'{n}.json' for n in boards)} to {folder}\n")
    return 0


def _write(path: str | None, text: str, out: TextIO) -> None:
    if path is None:
        out.write(text)
        return
    try:
        Path(path).write_text(text)
    except OSError as e:
        raise UsageError(f"--out {path}: {e.strerror or e}") from None
