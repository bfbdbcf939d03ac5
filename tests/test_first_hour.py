"""A new user's first hour with the CLI (issue 28, item 5): what the demo prints next works exactly
as printed from where the user is, ``simulate`` takes the durations people type and explains
itself, and a decision's outcome says why."""

from __future__ import annotations

import io
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpufleet.cli.common import command_prefix
from gpufleet.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
LAUNCHER = """#!{python}
import sys
from gpufleet.cli.main import main
sys.exit(main())
"""


def _venv_like(folder: Path) -> Path:
    """``folder/.venv/bin/gpufleet`` as pip writes a console script, beside an ``activate``:
    what ``make demo`` runs, with the venv not activated (not on PATH)."""
    bindir = folder / ".venv" / "bin"
    bindir.mkdir(parents=True)
    script = bindir / "gpufleet"
    script.write_text(LAUNCHER.format(python=sys.executable))
    script.chmod(0o755)
    (bindir / "activate").write_text(f"PATH={bindir}:$PATH\n")
    return script


def _env() -> dict[str, str]:
    path = ":".join(
        p for p in os.environ.get("PATH", "").split(":") if not (Path(p) / "gpufleet").exists()
    )
    return {**os.environ, "PATH": path, "COLUMNS": "200"}


def _sh(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_demos_next_commands_work_exactly_as_printed(tmp_path: Path) -> None:
    # Old code printed `gpufleet approvals …` (command not found: the venv is not activated)
    # and `--by <you>` (a redirection from a file named "you" in a shell).
    _venv_like(tmp_path)
    demo = _sh(".venv/bin/gpufleet demo --quiet --state-dir 'demo state'", tmp_path)
    assert demo.returncode == 0, demo.stderr[-2000:]
    tail = demo.stdout.split("next, from this folder:\n", 1)[1].splitlines()
    commands = [ln.strip() for ln in tail if ln.startswith("  .venv/bin/gpufleet ")]
    assert [shlex.split(c)[1] for c in commands] == ["approvals", "diagnose", "approve", "reject"]
    assert "  (or `source .venv/bin/activate` once, then type plain `gpufleet`)" in tail
    state = tmp_path / "demo state"
    paused = tmp_path / "paused"
    shutil.copytree(state, paused)
    outputs = {}
    for command in commands:
        verb = shlex.split(command)[1]
        if verb == "reject":  # the other decision, on the same paused approval
            shutil.rmtree(state)
            shutil.copytree(paused, state)
        done = _sh(command, tmp_path)
        assert done.returncode == 0, f"{command}\n{done.stderr[-2000:]}"
        outputs[verb] = done.stdout
    assert "1 pending approval(s)" in outputs["approvals"]
    assert "PAUSED for approval" in outputs["diagnose"]
    # the outcome comes with its reason; a rejection shows the reason typed
    assert "outcome: escalated (dry-run: nothing was changed" in outputs["approve"]
    assert ": rejected by " in outputs["reject"]
    assert "rejected by" in outputs["reject"].splitlines()[0]
    assert outputs["reject"].splitlines()[0].endswith(": drain it after the job")
    assert "outcome: rejected (" in outputs["reject"]
    assert "slurm.drain_node: drain it after the job)" in outputs["reject"]


def test_the_prefix_is_the_program_that_runs(tmp_path: Path) -> None:
    module, hint = command_prefix("/x/gpufleet/__main__.py", "/usr/bin/python3", tmp_path)
    assert (module, hint) == ("/usr/bin/python3 -m gpufleet", None)
    script = _venv_like(tmp_path)
    prog, hint = command_prefix(".venv/bin/gpufleet", sys.executable, tmp_path)
    assert prog == ".venv/bin/gpufleet" and hint is not None and ".venv/bin/activate" in hint
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    prog, _ = command_prefix(str(script), sys.executable, elsewhere)
    assert prog == str(script)


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


SMALL = ("--racks", "1", "--nodes", "1", "--gpus", "1")


@pytest.mark.parametrize(("duration", "ticks"), [("1h15m", 300), ("90m", 360), ("45s", 3)])
def test_simulate_takes_the_durations_people_type(
    tmp_path: Path, duration: str, ticks: int
) -> None:
    code, text = _cli("simulate", "--out", str(tmp_path / "run"), "--duration", duration, *SMALL)
    assert code == 0 and text.startswith(f"wrote {ticks} ticks × 1 GPUs"), text


def test_a_fault_outside_the_fleet_is_one_line_naming_the_fleet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = main(
        ["simulate", "--out", str(out), "--duration", "10m", "--fault", "fan_failure:node=node-99"]
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert err[0] == (
        "gpufleet simulate: --fault fan_failure:node=node-99: node-99 is not in the simulated "
        "fleet: its nodes are node-01 … node-20 with GPUs 0-7 each, in racks rack-1 … rack-4 "
        "(--racks, --nodes and --gpus size it)"
    )
    assert not out.exists()  # nothing written for a run that cannot start
