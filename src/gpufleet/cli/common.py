"""What several commands share: the usage error every command turns into exit 2, topology files."""

from __future__ import annotations

import getpass
import json
import shlex
import shutil
import sys
from pathlib import Path

from gpufleet.bus.address import parse_bus_url
from gpufleet.telemetry.topology import Cluster, Topology


class UsageError(Exception):
    """Bad input from the person at the terminal: printed as one line, exit status 2."""


def load_topology(path: str) -> Topology:
    try:
        raw = json.loads(Path(path).read_text())
        return Topology([Cluster.model_validate(c) for c in raw])
    except (OSError, ValueError) as e:
        raise UsageError(f"{path}: cannot load topology (a JSON list of clusters): {e}") from None


def check_bus_args(bus: str | None, events_db: str | None) -> None:
    """``--bus``: a ``nats://HOST:PORT[/PREFIX]`` URL; with it the JetStream stream is the
    event log, so ``--events-db`` (the in-process bus's SQLite log) does not apply."""
    if bus is None:
        return
    try:
        parse_bus_url(bus)
    except ValueError as e:
        raise UsageError(f"--bus: {e}") from None
    if events_db:
        raise UsageError(
            "--events-db keeps the in-process bus's log; with --bus the JetStream stream is the "
            "log (drop one of them)"
        )


def command_prefix(
    argv0: str | None = None, executable: str | None = None, cwd: Path | None = None
) -> tuple[str, str | None]:
    """How the person at the terminal runs this gpufleet again, from where they are: the words
    to print before a subcommand, and a hint when plain ``gpufleet`` would not be found (a venv
    not activated: ``make demo`` runs ``.venv/bin/gpufleet``). Printed commands must work as
    printed, so the prefix is the program actually running, relative to ``cwd`` when inside."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    cwd = Path.cwd() if cwd is None else cwd
    if Path(argv0).name == "__main__.py":  # python -m gpufleet
        return f"{_shown(Path(executable), cwd)} -m gpufleet", None
    script = Path(argv0)
    if not script.name.startswith("gpufleet"):  # embedded in another program (a test runner)
        return "gpufleet", None
    on_path = shutil.which("gpufleet")
    if on_path is not None and Path(on_path).resolve() == (cwd / script).resolve():
        return "gpufleet", None
    if len(script.parts) == 1:  # found through PATH under another name or a wrapper
        return shlex.quote(argv0), None
    shown = _shown(script, cwd)
    activate = script.parent / "activate"
    hint = None
    if (cwd / activate).is_file():
        hint = f"or `source {_shown(activate, cwd)}` once, then type plain `gpufleet`"
    return shown, hint


def _shown(path: Path, cwd: Path) -> str:
    full = cwd / path
    try:
        rel = full.relative_to(cwd) if not path.is_absolute() else path.relative_to(cwd)
    except ValueError:
        return shlex.quote(str(full.absolute()))
    text = str(rel)
    return shlex.quote(text if "/" in text else f"./{text}")


def operator_name() -> str:
    """The login name, for commands printed with ``--by`` filled in."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no name in the environment and no passwd entry
        return "operator"
