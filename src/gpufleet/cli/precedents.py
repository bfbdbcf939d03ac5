"""``gpufleet kb precedents …``: the resolved incidents retrieval compares a new one with.

- ``build [--sets FILE] [--out FILE] [--no-vectors]``: the public library from the read
  evaluation sets the ``sets.txt`` file lists (``knowledge/precedents/public.jsonl``) and its
  vectors beside it (``public.vectors.npz``: rows of the previous file reused for unchanged
  texts, only new or changed ones embedded);
- ``add FOLDER… [--state-dir DIR]``: incidents this fleet resolved, recorded with their cause
  (``gpufleet record … --from-incident ID``), into the fleet's own library (``precedents.jsonl``
  in the SRE state folder), which ``watch``, ``serve`` and ``diagnose`` read beside the public one;
- ``list [--state-dir DIR] [--json]``: how many precedents each library holds, per cause, and
  every line that could not be loaded.

Problems are printed with their file and line, never raised as a traceback: exit 2 when nothing
could be done, 1 when some cases were skipped, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import partial
from pathlib import Path
from typing import TextIO

from gpufleet.evals.precedent_cases import precedent_of, precedents_of_sets, read_set_names
from gpufleet.knowledge.embedding import MiniLmEmbedding
from gpufleet.knowledge.precedent_index import embedded_text
from gpufleet.knowledge.precedent_vectors import embed_with_stored, load_vectors, save_vectors
from gpufleet.knowledge.precedents import (
    FLEET_PRECEDENTS,
    PUBLIC_PRECEDENTS,
    Precedent,
    load_libraries,
    read_precedents,
    write_precedents,
)
from gpufleet.knowledge.store import KnowledgeBase, KnowledgeError
from gpufleet.paths import state_dir

EVALS_DIR = Path(__file__).resolve().parent.parent / "evals"


def _fleet_file(args: argparse.Namespace) -> Path:
    return Path(args.state_dir or state_dir()) / FLEET_PRECEDENTS


def cmd_build(args: argparse.Namespace, out: TextIO) -> int:
    kb = KnowledgeBase.load()
    sets_file = Path(args.sets)
    items, problems = precedents_of_sets(EVALS_DIR, read_set_names(sets_file))
    unknown = [p for p in items if p.cause not in kb.cards]
    problems += [f"{p.id}: cause {p.cause!r} is no card: skipped" for p in unknown]
    kept = [p for p in items if p.cause in kb.cards]
    n = write_precedents(Path(args.out), kept)
    for line in problems:
        sys.stderr.write(f"gpufleet kb precedents build: {line}\n")
    out.write(f"{n} precedent(s) from {sets_file} written to {args.out}")
    out.write(f"; {len(problems)} case(s) skipped\n" if problems else "\n")
    if not args.no_vectors:
        _write_vectors(vectors_beside(Path(args.out)), kept, out)
    return 1 if problems else 0


def vectors_beside(library: Path) -> Path:
    """Where a library's vectors are written: ``public.jsonl`` → ``public.vectors.npz``."""
    return library.with_name(library.stem + ".vectors.npz")


def _write_vectors(path: Path, items: list[Precedent], out: TextIO) -> None:
    """Each precedent's vector, in the library's order (by id); rows the previous file holds
    for the same text are kept, the rest embedded."""
    texts = [embedded_text(p) for p in sorted(items, key=lambda p: p.id)]
    stored = load_vectors(path)
    reused = sum(1 for t in texts if stored is not None and stored.get(t) is not None)
    save_vectors(path, texts, embed_with_stored(texts, MiniLmEmbedding().embed, stored))
    out.write(
        f"vectors: {len(texts)} written to {path} ({reused} kept, {len(texts) - reused} embedded)\n"
    )


def cmd_add(args: argparse.Namespace, out: TextIO) -> int:
    kb = KnowledgeBase.load()
    target = _fleet_file(args)
    lib = read_precedents(target, kb.cards)
    have = lib.by_id()
    added: list[Precedent] = []
    problems = list(lib.problems)
    for folder in map(Path, args.folders):
        try:
            p = precedent_of(folder, prefix="fleet/")
        except (KnowledgeError, OSError, ValueError) as e:
            problems.append(f"{folder}: {e}: skipped")
            continue
        if p is None:
            problems.append(f"{folder}: its truth holds no fault (benign or fault-free): skipped")
        elif p.cause not in kb.cards:
            problems.append(f"{folder}: cause {p.cause!r} is no card: skipped")
        else:
            added.append(p)
    have.update({p.id: p for p in added})
    write_precedents(target, have.values())
    for line in problems:
        sys.stderr.write(f"gpufleet kb precedents add: {line}\n")
    out.write(f"{len(added)} precedent(s) added; {target} holds {len(have)}\n")
    return 2 if not added else (1 if problems else 0)


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    kb = KnowledgeBase.load()
    files = (PUBLIC_PRECEDENTS, _fleet_file(args))
    libraries = {str(path): load_libraries((path,), kb.cards) for path in files}
    if args.json:
        doc = {
            where: {
                "precedents": len(lib.items),
                "causes": dict(Counter(p.cause for p in lib.items).most_common()),
                "problems": lib.problems,
            }
            for where, lib in libraries.items()
        }
        out.write(json.dumps(doc, indent=2) + "\n")
        return 0
    for where, lib in libraries.items():
        causes = Counter(p.cause for p in lib.items)
        out.write(f"{where}: {len(lib.items)} precedent(s), {len(causes)} cause(s)\n")
        for cause, n in causes.most_common():
            out.write(f"  {n:4d}  {cause}\n")
        for line in lib.problems:
            out.write(f"  problem: {line}\n")
    return 0


_COMMANDS = {"build": cmd_build, "add": cmd_add, "list": cmd_list}


def _guarded(name: str, args: argparse.Namespace, out: TextIO) -> int:
    try:
        return _COMMANDS[name](args, out)
    except (KnowledgeError, OSError, ValueError) as e:
        sys.stderr.write(f"gpufleet kb precedents {name}: {e}\n")
        return 2


# the handlers cli/parser.py names (imported only when the command runs)
run_build = partial(_guarded, "build")
run_add = partial(_guarded, "add")
run_list = partial(_guarded, "list")
