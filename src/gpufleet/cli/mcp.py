"""``gpufleet mcp``: the MCP server on stdio, over a state directory.

stdout carries the MCP protocol, so nothing else may be written there: logs go to stderr.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

import anyio

from gpufleet.cli.sre import SreUsageError, _config


def cmd_mcp(args: argparse.Namespace, out: TextIO) -> int:
    from gpufleet.service.mcp.deps import open_state_deps  # noqa: PLC0415 (the MCP SDK: only here)
    from gpufleet.service.mcp.server import run_stdio  # noqa: PLC0415

    cfg = _config(args)
    if not cfg.state_dir.is_dir():
        raise SreUsageError(
            f"{cfg.state_dir}: no such state directory (give --state-dir, where "
            "`gpufleet diagnose` / `serve` keep approvals and diagnoses)"
        )
    events_db = Path(args.events_db) if args.events_db else None
    if events_db is not None and not events_db.exists():
        raise SreUsageError(f"{events_db}: no such event log")
    deps = open_state_deps(cfg, events_db)
    try:
        anyio.run(run_stdio, deps)
    finally:
        deps.close()
    return 0
