"""``gpufleet eval --agreement FILE``: a second writer's labels against the sets' truths
(:mod:`evals.agreement`), as text or JSON."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import TextIO

from gpufleet.cli.common import UsageError
from gpufleet.evals.agreement import Agreement, AgreementError, agreement, first_truths, load_labels
from gpufleet.evals.runner import SUITE_DIR
from gpufleet.knowledge import taxonomy

SETS_DIR = SUITE_DIR.parent  # the bundled held-out sets sit beside the suite


def cmd_agreement(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.agreement)
    try:
        file = load_labels(path)
        truths = first_truths(file.labels, SETS_DIR)
    except AgreementError as e:
        raise UsageError(str(e)) from None
    result = agreement(file.labels, truths, taxonomy.load())
    if args.json:
        out.write(json.dumps({"file": str(path), **asdict(result)}, indent=2) + "\n")
    else:
        out.write(render(path, result))
    return 0


def _pct(n: int, of: int) -> str:
    return f"{n:>4d} / {of:<4d} {100 * n / of:5.1f} %" if of else "   n/a"


def render(path: Path, a: Agreement) -> str:
    rows = [
        ("the first writer accepts the second's card (the eval's right first)", a.accepted),
        ("the same card", a.same_card),
        ("the second writer accepts the first's card", a.accepted_back),
        ("the same mode (operator decision)", a.same_mode),
        ("the same family", a.same_family),
        ("the second's first action class is one the first accepts", a.action_accepted),
        ("no card fits (second writer)", a.no_card),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"label agreement, {path}: {a.cases} one-fault cases labelled twice, blind"]
    lines += [f"  {name:<{width}}  {_pct(n, a.cases)}" for name, n in rows]
    for grade, (ok, n) in a.accepted_by_confidence.items():
        lines.append(f"  {'accepted, second writer confidence ' + grade:<{width}}  {_pct(ok, n)}")
    return "\n".join(lines) + "\n"
