"""How executors run commands: a small protocol so dry-run, real runs and tests share one path.

An executor builds the exact argv it would run (``scontrol update NodeName=… State=DRAIN …``)
and hands it to a runner. :class:`SubprocessRunner` runs it; :class:`DryRunRunner` records it
and reports success without running anything. Dry-run is the default everywhere: turning it
off is an explicit configuration choice.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class CommandOutcome:
    argv: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    dry_run: bool = False
    timed_out: bool = False

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    @property
    def command(self) -> str:
        return shlex.join(self.argv)


class CommandRunner(Protocol):
    dry_run: bool

    def run(self, argv: Sequence[str], *, timeout_s: float = 60.0) -> CommandOutcome: ...


@dataclass
class SubprocessRunner:
    """Runs commands for real. ``env`` is added to the process environment (e.g. SLURM_CONF)."""

    env: Mapping[str, str] = field(default_factory=dict)
    dry_run: bool = False

    def run(self, argv: Sequence[str], *, timeout_s: float = 60.0) -> CommandOutcome:
        argv = tuple(argv)
        try:
            proc = subprocess.run(
                argv,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                env={**os.environ, **self.env},
                check=False,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            return CommandOutcome(argv, -1, out, f"timed out after {timeout_s:g} s", timed_out=True)
        except OSError as e:  # binary missing, not executable
            return CommandOutcome(argv, 127, "", f"{argv[0]}: {e.strerror or e}")
        return CommandOutcome(argv, proc.returncode, proc.stdout, proc.stderr)


@dataclass
class DryRunRunner:
    """Records every command and runs none; reports success. Executors take two runners,
    ``reads`` (queries: real, so a dry run still shows true state) and ``writes`` (changes:
    this one unless dry-run is switched off)."""

    recorded: list[tuple[str, ...]] = field(default_factory=list)
    dry_run: bool = True

    def run(self, argv: Sequence[str], *, timeout_s: float = 60.0) -> CommandOutcome:
        self.recorded.append(tuple(argv))
        return CommandOutcome(tuple(argv), 0, "", "", dry_run=True)
