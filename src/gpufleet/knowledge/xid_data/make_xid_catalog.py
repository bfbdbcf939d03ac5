"""Generate ``xid_catalog.csv`` from the markdown Xid catalog (run once; commit the CSV).

Usage::

    python -m gpufleet.knowledge.xid_data.make_xid_catalog XID_CATALOG.md [OUT.csv]

Reads the ``| Xid | Mnemonic | … |`` table of the reference markdown (NVIDIA's Xid catalog,
codes 1–172, with NVSentinel's mapping as a cross-check) and writes one CSV row per code, so the
runtime never needs the reference folder. Normalisation, all of it mechanical:

* backticks around mnemonics are dropped;
* ``applies_to`` becomes a ``;``-separated list (``-`` → empty);
* a cell reading ``(blank)`` (the catalog cell was empty) becomes empty; other parenthesised
  prose such as ``(CC mode only)`` is kept verbatim;
* the ``NVSentinel`` cell ``ACTION,FATAL|NONFATAL`` is split into ``nvsentinel_action`` and
  ``nvsentinel_fatal``.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

COLUMNS = (
    "code",
    "mnemonic",
    "description",
    "applies_to",
    "immediate",
    "investigatory",
    "xid154_branch",
    "nvsentinel_action",
    "nvsentinel_fatal",
)
_HEADER = re.compile(r"^\|\s*Xid\s*\|\s*Mnemonic\s*\|")
_ROW = re.compile(r"^\|\s*(\d+)\s*\|")
_N_CELLS = 8


def _cell(text: str) -> str:
    text = text.strip().strip("`").strip()
    return "" if text == "(blank)" else text


def parse(markdown: str) -> list[dict[str, str]]:
    """Rows of the catalog table, in file order, as CSV-ready dicts."""
    rows: list[dict[str, str]] = []
    in_table = False
    for line in markdown.splitlines():
        if _HEADER.match(line):
            in_table = True
            continue
        if not in_table:
            continue
        if not line.startswith("|"):
            if rows:
                break  # the table ended
            continue
        if not _ROW.match(line):
            continue  # the |---| separator
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != _N_CELLS:
            raise ValueError(f"expected {_N_CELLS} cells, got {len(cells)}: {line!r}")
        code, mnemonic, description, applies, imm, inv, branch, nvs = cells
        applies = _cell(applies)
        nvs = _cell(nvs)
        nvs_action, _, nvs_fatal = nvs.rpartition(",") if "," in nvs else (nvs, "", "")
        if nvs_fatal not in ("", "FATAL", "NONFATAL"):
            raise ValueError(f"Xid {code}: unexpected NVSentinel fatality {nvs_fatal!r}")
        rows.append(
            {
                "code": str(int(code)),
                "mnemonic": _cell(mnemonic),
                "description": _cell(description),
                "applies_to": ""
                if applies == "-"
                else ";".join(a.strip() for a in applies.split(",") if a.strip()),
                "immediate": _cell(imm),
                "investigatory": _cell(inv),
                "xid154_branch": _cell(branch),
                "nvsentinel_action": nvs_action.strip(),
                "nvsentinel_fatal": nvs_fatal.strip(),
            }
        )
    codes = [int(r["code"]) for r in rows]
    if not codes:
        raise ValueError("no catalog table found")
    if codes != sorted(set(codes)):
        raise ValueError("catalog codes are not unique and ascending")
    return rows


def write(rows: list[dict[str, str]], out: Path) -> None:
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    src = Path(argv[1])
    out = Path(argv[2]) if len(argv) == 3 else Path(__file__).with_name("xid_catalog.csv")
    rows = parse(src.read_text(encoding="utf-8"))
    write(rows, out)
    print(f"wrote {len(rows)} Xid rows ({rows[0]['code']}..{rows[-1]['code']}) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
