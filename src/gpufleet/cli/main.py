"""The ``gpufleet`` command line.

- ``gpufleet demo``: a simulated 160-GPU H100 fleet, the seed cascade (fan failure on node-17
  GPU 4 → neighbours warm → SBE ECC storm) plus benign red herrings, through the NOC and the bus;
  prints the correlated incident(s) with their evidence. No server, model or network needed.
- ``gpufleet simulate --out DIR``: write a simulated run (with injected faults) to disk.
- ``gpufleet replay DIR``: run the NOC over a recorded run, as fast as possible.
- ``gpufleet watch --source …``: the same pipeline on a live-paced source.

This module stays light (standard library and :mod:`cli.parser` only): the argument tree is
built without importing any implementation, so ``--help`` answers at once, and each command's
module is imported when it runs (:data:`cli.parser.HANDLERS`). Here: logging, set up once from
``--log-level`` / ``--log-json``, and the rule that no traceback reaches a person: bad input is
one ``gpufleet <cmd>: …`` line and exit 2; anything unexpected is one line and exit 1, with the
traceback logged at debug level.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TextIO

from gpufleet.cli.log_limit import RateLimitFilter
from gpufleet.cli.parser import Handler, build_parser

logger = logging.getLogger("gpufleet.cli")

# Errors that mean "bad input": one line, exit 2. Named as "module:Class" and looked up only in
# modules already imported (an exception cannot be an instance of a class never loaded), so
# this list costs nothing at start.
USAGE_ERRORS: tuple[str, ...] = (
    "gpufleet.cli.common:UsageError",
    "gpufleet.cli.sre:SreUsageError",
    "gpufleet.agents.noc.config:ConfigError",
    "gpufleet.telemetry.recording:RecordingError",
    "gpufleet.bus.log:EventLogError",
    "gpufleet.evals.format:IncidentFormatError",
    "gpufleet.telemetry.kernel_log:ParserConfigError",
    "gpufleet.graph.approvals.store:StoreError",
    "gpufleet.graph.approvals.policy:PolicyError",
    "gpufleet.telemetry.scrape:ScrapeError",  # no exporter answered (unreachable URL, no GPU)
    "gpufleet.bus.jetstream:NatsUnavailableError",  # --bus nats://… down or without JetStream
    "gpufleet.graph.executors.k8s_client:K8sConfigError",  # kubeconfig / service account unusable
    "gpufleet.evals.plotting:PlotsUnavailableError",  # matplotlib (the plots extra) not installed
)


def _usage_error_types() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = []
    for spec in USAGE_ERRORS:
        module, _, name = spec.partition(":")
        mod = sys.modules.get(module)
        cls = getattr(mod, name, None) if mod is not None else None
        if isinstance(cls, type) and issubclass(cls, BaseException):
            found.append(cls)
    return tuple(found)


# --------------------------------------------------------------------------- logging
#: Structured fields a record may carry (``logger.info(msg, extra={"incident_id": x})``): JSON
#: logs put them beside the message, so a log pipeline filters on them instead of parsing text.
LOG_FIELDS = ("event", "event_id", "incident_id", "approval_id", "node", "tool", "subscriber")


def log_fields(record: logging.LogRecord) -> dict[str, str]:
    """The record's structured fields that are set, as strings."""
    out: dict[str, str] = {}
    for name in LOG_FIELDS:
        value = getattr(record, name, None)
        if value is not None and value != "":
            out[name] = str(value)
    return out


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, RFC 3339), level, logger, message, and each of
    :data:`LOG_FIELDS` the record carries (the event type, its id, incident, approval, node)."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = datetime.fromtimestamp(record.created, UTC)
        doc: dict[str, Any] = {
            "time": stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **log_fields(record),
        }
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str)


class _FieldsTag(logging.Filter):
    """Text logs: `` [event=... incident_id=...]`` after the message for the fields it carries."""

    def filter(self, record: logging.LogRecord) -> bool:
        fields = log_fields(record)
        record.fields_tag = (
            " [" + " ".join(f"{k}={v}" for k, v in fields.items()) + "]" if fields else ""
        )
        return True


_HANDLER_MARK = "_gpufleet_cli"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is when a record is emitted (not when configured), so a
    replaced or captured stderr never leaves the handler writing to a closed stream."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def configure_logging(level: str = "warning", as_json: bool = False) -> logging.Handler:
    """Send log records at ``level`` and above to stderr, as text or JSON lines; repeated
    warnings rate-limited (:mod:`cli.log_limit`). Called once per :func:`main`; a second call
    replaces the handler the first one installed."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _HANDLER_MARK, False)]:
        root.removeHandler(old)
    handler = _StderrHandler(sys.stderr)
    setattr(handler, _HANDLER_MARK, True)
    handler.addFilter(RateLimitFilter())  # a flood of one warning is one line a minute
    if as_json:
        handler.setFormatter(JsonFormatter())
    else:
        handler.addFilter(_FieldsTag())
        handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s%(fields_tag)s")
        )
    root.addHandler(handler)
    root.setLevel(getattr(logging, level.upper()))
    logging.captureWarnings(True)
    return handler


# --------------------------------------------------------------------------- entry point
def _command_name(args: argparse.Namespace) -> str:
    func = getattr(args, "func", None)
    return func.command if isinstance(func, Handler) else str(getattr(args, "command", ""))


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    configure_logging(args.log_level, args.log_json)
    command = _command_name(args)
    try:
        return int(args.func(args, out))
    except KeyboardInterrupt:
        sys.stderr.write(f"\ngpufleet {command}: interrupted\n")
        return 130
    except BrokenPipeError:
        # the reader went away (`gpufleet … | head`): nothing more to say, and nothing to flush
        with contextlib.suppress(OSError, ValueError):  # stdout is not a file (under test)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as e:
        if isinstance(e, _usage_error_types()):
            sys.stderr.write(f"gpufleet {command}: {e}\n")
            return 2
        if isinstance(e, OSError) and e.strerror:
            # a file or socket the person named: missing, a directory, unreadable, refused
            logger.debug("gpufleet %s: %s", command, e, exc_info=True)
            where = f"{e.filename}: " if e.filename else ""
            sys.stderr.write(f"gpufleet {command}: {where}{e.strerror}\n")
            return 2
        logger.debug("gpufleet %s failed", command, exc_info=True)
        message = " ".join(str(e).split())
        message = message if len(message) <= 300 else message[:297] + "..."
        sys.stderr.write(
            f"gpufleet {command}: unexpected error: {type(e).__name__}: {message} "
            "(run with --log-level debug for the traceback)\n"
        )
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
