"""No traceback reaches a person: the real ``gpufleet`` process, given bad input (missing files,
directories for files, garbage, bad flag values, URLs on 127.0.0.1 ports nothing listens on),
ends with one ``gpufleet <cmd>: …`` line and a non-zero exit (2: usage or input)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEAD = "http://127.0.0.1:9"  # the discard port: nothing listens on it here

# (id, command line with {tmp} = the test's folder and {dead} = a dead URL, the start of the
# last "gpufleet" line on stderr; "" = only "no traceback, non-zero exit")
CASES: list[tuple[str, str, str]] = [
    ("replay-missing", "replay {tmp}/missing", "gpufleet replay: "),
    ("replay-file-for-dir", "replay {tmp}/plain.txt", "gpufleet replay: "),
    ("replay-empty-dir", "replay {tmp}/empty", "gpufleet replay: "),
    ("demo-config-missing", "demo --config {tmp}/missing.yaml", "gpufleet demo: "),
    ("demo-config-dir", "demo --config {tmp}/empty", "gpufleet demo: "),
    ("demo-bad-hours", "demo --hours abc", "gpufleet demo: error: argument --hours"),
    ("simulate-bad-fault", "simulate --out {tmp}/o --fault bogus", "gpufleet simulate: "),
    ("simulate-bad-duration", "simulate --out {tmp}/o --duration xyz", "gpufleet simulate: "),
    ("simulate-bad-sku", "simulate --out {tmp}/o --sku Z80", "gpufleet simulate: unknown GPU SKU"),
    ("simulate-zero-racks", "simulate --out {tmp}/o --racks 0", "gpufleet simulate: --racks"),
    ("simulate-out-is-file", "simulate --out {tmp}/plain.txt --duration 1m", "gpufleet simulate: "),
    (
        "simulate-bad-start",
        "simulate --out {tmp}/o --start notatime",
        "gpufleet simulate: bad time",
    ),
    ("simulate-dead-store", "simulate --store {dead} --duration 1m", "gpufleet simulate: "),
    ("watch-dead-dcgm", "watch --source dcgm:{dead}/metrics --duration 15s", "gpufleet watch: "),
    (
        "watch-dead-prometheus",
        "watch --source prometheus:{dead} --duration 15s",
        "gpufleet watch: ",
    ),
    ("watch-unknown-source", "watch --source bogus", "gpufleet watch: unknown source"),
    (
        "watch-remote-write-no-port",
        "watch --source remote-write:127.0.0.1:http",
        "gpufleet watch: remote-write source expects [HOST:]PORT",
    ),
    (
        "watch-remote-write-port-range",
        "watch --source remote-write:70000",
        "gpufleet watch: remote-write source: port 70000 is out of range",
    ),
    ("watch-replay-missing", "watch --source replay:{tmp}/missing", "gpufleet watch: "),
    ("watch-topology-dir", "watch --topology {tmp}/empty", "gpufleet watch: "),
    ("watch-topology-garbage", "watch --topology {tmp}/garbage.json", "gpufleet watch: "),
    ("logs-missing", "logs parse {tmp}/missing.log", "gpufleet logs parse: "),
    ("logs-dir", "logs parse {tmp}/empty", "gpufleet logs parse: "),
    ("logs-bad-at", "logs parse {tmp}/garbage.bin --at yesterday", "gpufleet logs parse: "),
    ("exposition-missing", "exposition parse {tmp}/missing", "gpufleet exposition parse: "),
    ("exposition-dir", "exposition parse {tmp}/empty", "gpufleet exposition parse: "),
    (
        "record-dead-store",
        "record --store {dead} --start 0 --end 10 --out {tmp}/r --id x",
        "gpufleet record: ",
    ),
    ("eval-suite-missing", "eval --suite {tmp}/missing", "gpufleet eval: "),
    ("eval-suite-empty", "eval --suite {tmp}/empty", "gpufleet eval: suite"),
    ("eval-suite-file", "eval --suite {tmp}/plain.txt", "gpufleet eval: suite"),
    ("eval-bad-only", "eval --only XYZ", "gpufleet eval: --only"),
    ("kb-show-unknown", "kb show no-such-card", "gpufleet kb show: "),
    ("kb-validate-bad-cards", "kb validate --cards {tmp}/missing", ""),
    ("kb-search-nothing", "kb search", "gpufleet kb search: "),
    ("diagnose-missing", "diagnose {tmp}/missing --state-dir {tmp}/st", "gpufleet diagnose: "),
    (
        "diagnose-garbage-config",
        "diagnose x --sre-config {tmp}/garbage.yaml",
        "gpufleet diagnose: ",
    ),
    ("approve-no-state", "approve x --by a --reason b --state-dir {tmp}/st", "gpufleet approve: "),
    (
        "settle-bad-outcome",
        "settle x --outcome maybe --by a --reason b",
        "gpufleet settle: error: argument --outcome",
    ),
    (
        "settle-no-state",
        "settle x --outcome done --by a --reason b --state-dir {tmp}/st",
        "gpufleet settle: ",
    ),
    ("bad-log-level", "--log-level loud approvals", "gpufleet: error: argument --log-level"),
    (
        "watch-logs-dir",
        "watch --source sim --duration 1m --logs {tmp}/empty",
        "gpufleet watch: --logs",
    ),
    ("approvals-state-is-file", "approvals --state-dir {tmp}/plain.txt", "gpufleet approvals: "),
    # the parser's options in the command line's words (--year, --at), never Python names
    ("logs-year-zero", "logs parse {tmp}/garbage.bin --year 0", "gpufleet logs parse: --year"),
    ("logs-at-nan", "logs parse {tmp}/garbage.bin --at nan", "gpufleet logs parse: --at"),
    (
        "logs-at-far-future",
        "logs parse {tmp}/garbage.bin --at 1e30",
        "gpufleet logs parse: --at must be a time between 1970 and 9999",
    ),
    ("simulate-store-not-url", "simulate --store notaurl --duration 1m", "gpufleet simulate: "),
    (
        "watch-sre-garbage-config",
        "watch --source sim --duration 1m --sre --sre-config {tmp}/garbage.yaml",
        "gpufleet watch: {tmp}/garbage.yaml:2:5: not valid YAML",
    ),
    (
        "watch-sre-unknown-key",
        "watch --source sim --duration 1m --sre --sre-config {tmp}/unknown.yaml",
        "gpufleet watch: {tmp}/unknown.yaml: bogus_key",
    ),
    (
        "watch-sre-config-missing",
        "watch --source sim --duration 1m --sre --sre-config {tmp}/missing.yaml",
        "gpufleet watch: {tmp}/missing.yaml: cannot read",
    ),
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("bad-input")
    (tmp / "empty").mkdir()
    (tmp / "plain.txt").write_text("x\n")
    (tmp / "garbage.bin").write_bytes(b"\x00\xff\xfe garbage {{{\n")
    (tmp / "garbage.json").write_text("not json\n")
    (tmp / "garbage.yaml").write_text("foo: [unclosed\n  - : :\n")
    (tmp / "unknown.yaml").write_text("bogus_key: 1\n")
    return tmp


@pytest.mark.parametrize(("command", "first"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_one_line_and_a_nonzero_exit(inputs: Path, command: str, first: str) -> None:
    args = shlex.split(command.format(tmp=inputs, dead=DEAD))
    done = subprocess.run(
        [sys.executable, "-m", "gpufleet.cli.main", *args],
        cwd=inputs,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "GPUFLEET_KB_INDEX": str(inputs / "kb-index")},
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode != 0, (done.stdout, done.stderr)
    if first:  # kb validate reports problems on stdout, exit 1 (its documented contract)
        assert done.returncode == 2, done.stderr
        last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
        gpufleet_lines = [ln for ln in done.stderr.splitlines() if ln.startswith("gpufleet")]
        expected = first.format(tmp=inputs)
        assert gpufleet_lines and gpufleet_lines[-1].startswith(expected), done.stderr
        assert "unexpected error" not in last, done.stderr
