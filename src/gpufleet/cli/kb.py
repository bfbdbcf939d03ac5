"""``gpufleet kb …``: the failure-mode knowledge base from the command line.

- ``kb validate``: schema + cross-reference checks of every card and runbook, and every runbook
  step's arguments against the real tool's argument model (exit 1 on errors);
- ``kb build [--force]``: bring the vector index up to date (rebuilds only on content change);
- ``kb search "text" [--xid N] [--symptom S] [--layer L] [-k 5] [--json]``: hybrid retrieval,
  each hit with the reasons it matched (the index is brought up to date first);
- ``kb show ID``: a card with its runbooks, or a runbook with its cards;
- ``kb eval [--report DIR] [--json]``: the retrieval eval (exit 1 below the recall target).

Every command returns its exit code; a knowledge, index or model problem prints one clear
message on stderr and returns 2. The parser is :func:`cli.parser.add_kb_commands`.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from gpufleet.agents.sre.runbook_check import check_runbooks
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.action_sources import unsourced_actions
from gpufleet.knowledge.embedding import EmbeddingModelError
from gpufleet.knowledge.index import LAYERS, CardIndex, IndexNotBuiltError
from gpufleet.knowledge.model_check import model_errors, number_errors
from gpufleet.knowledge.precedent_index import PrecedentIndex
from gpufleet.knowledge.precedents import PUBLIC_PRECEDENTS, load_libraries, read_precedents
from gpufleet.knowledge.retrieval_eval import (
    evaluate,
    markdown,
    to_json,
    write_report,
)
from gpufleet.knowledge.retrieve import Hit, Query, Retriever
from gpufleet.knowledge.schema import Card, Runbook
from gpufleet.knowledge.store import CARDS_DIR, KnowledgeBase, KnowledgeError
from gpufleet.sim.faults import ALL_FAULTS

_EXPECTED = (KnowledgeError, IndexNotBuiltError, EmbeddingModelError, OSError, ValueError)


class KbUsageError(Exception):
    pass


def _kb(args: argparse.Namespace) -> KnowledgeBase:
    return KnowledgeBase.load(Path(args.cards), Path(args.runbooks))


def _index(args: argparse.Namespace) -> CardIndex:
    return CardIndex(Path(args.index) if args.index else None)


def _note_reference_problems(kb: KnowledgeBase) -> None:
    errors = kb.validate_references(ALL_FAULTS)
    if errors:
        sys.stderr.write(
            f"note: {len(errors)} cross-reference problem(s) in the knowledge base "
            "(see `gpufleet kb validate`)\n"
        )


def _guarded(name: str, args: argparse.Namespace, out: TextIO) -> int:
    try:
        return int(_COMMANDS[name](args, out))
    except KbUsageError as e:
        sys.stderr.write(f"gpufleet kb {name}: {e}\n")
        return 2
    except _EXPECTED as e:
        sys.stderr.write(f"gpufleet kb {name}: {e}\n")
        return 2


# --------------------------------------------------------------------------- commands
def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    try:
        kb = _kb(args)
    except KnowledgeError as e:
        out.write(f"{e}\n")
        return 1
    # every runbook step's arguments against the real tools' argument models (knowledge/
    # cannot import the tools, so the check lives with the agent that runs them)
    errors = [*kb.validate_references(ALL_FAULTS), *check_runbooks(kb), *unsourced_actions(kb)]
    bundled = Path(args.cards).resolve() == CARDS_DIR
    if bundled or any(c.likelihoods for c in kb.card_list):
        # a folder that models any card models every card; a retrieval-only folder (no ratio
        # anywhere, e.g. a site's own notes) is checked for references only
        errors += number_errors(kb)
    warnings = kb.warnings()
    # the taxonomy describes the bundled cards, not another folder's
    if bundled:
        try:
            tax = taxonomy.load()
        except (OSError, ValueError) as e:  # pydantic's ValidationError is a ValueError
            out.write(f"taxonomy: {' '.join(str(e).split())}\n")
            return 1
        errors += model_errors(kb, tax)
        errors += read_precedents(PUBLIC_PRECEDENTS, kb.cards).problems
    if args.json:
        doc = {
            "cards": len(kb.card_list),
            "runbooks": len(kb.runbook_list),
            "errors": errors,
            "warnings": warnings,
            "content_hash": kb.content_hash(),
        }
        out.write(json.dumps(doc, indent=2) + "\n")
        return 1 if errors else 0
    for w in warnings:
        out.write(f"warning: {w}\n")
    for err in errors:
        out.write(f"error: {err}\n")
    verdict = "OK" if not errors else f"{len(errors)} error(s)"
    out.write(
        f"{len(kb.card_list)} cards, {len(kb.runbook_list)} runbooks: {verdict}"
        f"{f', {len(warnings)} warning(s)' if warnings else ''}\n"
    )
    return 1 if errors else 0


def cmd_build(args: argparse.Namespace, out: TextIO) -> int:
    kb = _kb(args)
    _note_reference_problems(kb)
    index = _index(args)
    report = index.build(kb, force=args.force)
    library = load_libraries((PUBLIC_PRECEDENTS,), kb.cards)
    precedents = PrecedentIndex(index, library)
    shown = precedents.build(force=args.force)
    precedents.prune()  # libraries of earlier files (a fleet's own collection is rebuilt on use)
    for line in library.problems:
        sys.stderr.write(f"gpufleet kb build: {line}\n")
    if args.json:
        doc = {
            "rebuilt": report.rebuilt,
            "reason": report.reason,
            "cards": report.cards,
            "documents": report.documents,
            "seconds": round(report.seconds, 3),
            "embed_seconds": round(report.embed_seconds, 3),
            "content_hash": report.content_hash,
            "path": str(report.path),
            "precedents": shown.precedents,
            "precedents_rebuilt": shown.rebuilt,
        }
        out.write(json.dumps(doc, indent=2) + "\n")
    else:
        out.write(report.summary() + "\n")
        state = f"rebuilt: {shown.reason}" if shown.rebuilt else shown.reason
        out.write(f"precedents: {shown.precedents} ({state})\n")
    return 0


def _hit_json(h: Hit, kb: KnowledgeBase) -> dict[str, Any]:
    c = kb.cards[h.card_id]
    return {
        "card_id": h.card_id,
        "title": c.title,
        "layers": list(c.layers),
        "severity": c.severity,
        "score": h.score,
        "structured_score": h.structured_score,
        "semantic_score": h.semantic_score,
        "reasons": h.reasons,
        "runbooks": [r.id for r in kb.runbooks_for(h.card_id)],
    }


def cmd_search(args: argparse.Namespace, out: TextIO) -> int:
    text = " ".join(args.text).strip()
    query = Query(
        text=text,
        symptoms=args.symptom,
        fields=args.field,
        xids=args.xid,
        sxids=args.sxid,
        log_lines=args.log_line,
        scheduler_states=args.state,
        layers=args.layer or None,
        scope=args.scope,
    )
    if not text and not query.has_structured_hints():
        raise KbUsageError("give a description, or hints such as --xid / --symptom / --log-line")
    if args.k < 1:
        raise KbUsageError("-k must be at least 1")
    kb = _kb(args)
    index = _index(args)
    report = index.build(kb)
    if report.rebuilt and not args.json:
        sys.stderr.write(f"note: {report.summary()}\n")
    retriever = Retriever(kb, index)
    if args.cross_layer:
        hits = retriever.search_layers(query, layers=args.layer or LAYERS, k_per_layer=args.k)
    else:
        hits = retriever.search(query, k=args.k)
    if args.json:
        out.write(json.dumps([_hit_json(h, kb) for h in hits], indent=2) + "\n")
        return 0
    if not hits:
        out.write("no matching card\n")
        return 0
    for i, h in enumerate(hits, 1):
        c = kb.cards[h.card_id]
        out.write(
            f"{i}. {h.card_id}  score {h.score:.3f} (structured {h.structured_score:.2f}, "
            f"semantic {h.semantic_score:.2f})  [{', '.join(c.layers)}; {c.severity}]\n"
            f"   {c.title}\n"
            f"   why: {'; '.join(h.reasons)}\n"
        )
        rbs = kb.runbooks_for(h.card_id)
        if rbs:
            out.write(f"   runbooks: {', '.join(r.id for r in rbs)}\n")
    return 0


def _card_text(card: Card, kb: KnowledgeBase) -> str:
    s = card.signals
    lines = [
        f"{card.id}: {card.title}",
        f"layers: {', '.join(card.layers)}   severity: {card.severity}"
        + (f"   scope: {', '.join(s.scope)}" if s.scope else ""),
        "",
        f"Root cause: {' '.join(card.root_cause.split())}",
        "",
        "Signals:",
    ]
    for label, values in (
        ("symptoms", s.symptoms),
        ("Xids", [str(x) for x in s.xids]),
        ("SXids", [str(x) for x in s.sxids]),
        ("fields", s.fields),
        ("log patterns", s.log_patterns),
        ("scheduler states", s.scheduler_states),
    ):
        if values:
            lines.append(f"  {label}: {', '.join(values)}")
    lines += [f"  - {p}" for p in s.patterns]
    lines += ["", "Rules in:"] + [f"  + {r}" for r in card.distinguishing.rules_in]
    if card.distinguishing.rules_out:
        lines += ["Rules out:"] + [f"  - {r}" for r in card.distinguishing.rules_out]
    if card.reported_as:
        lines += ["", "How people report it:"] + [f'  "{r}"' for r in card.reported_as]
    if card.body:
        lines += ["", card.body]
    rbs = kb.runbooks_for(card.id)
    lines += ["", "Runbooks:" if rbs else "Runbooks: none"]
    for rb in rbs:
        lines.append(f"  {rb.id} (v{rb.version}, approval {rb.approval}): {rb.title}")
        lines += [f"    {i}. {st.name} [{st.tool}, {st.risk}]" for i, st in enumerate(rb.steps, 1)]
    missing = [r for r in card.runbooks if r not in kb.runbooks]
    if missing:
        lines.append(f"  (named but missing: {', '.join(missing)})")
    if card.related:
        lines += ["", f"Related: {', '.join(card.related)}"]
    if card.fault_classes:
        lines.append(f"Simulator fault classes: {', '.join(card.fault_classes)}")
    lines += ["", "Sources:"] + [f"  - {src}" for src in card.sources]
    return "\n".join(lines) + "\n"


def _runbook_text(rb: Runbook, kb: KnowledgeBase) -> str:
    lines = [
        f"{rb.id} (v{rb.version}): {rb.title}",
        f"approval: {rb.approval}",
        "",
        " ".join(rb.description.split()),
        "",
        f"Applies to: {', '.join(rb.applies_to)}",
    ]
    if rb.preconditions:
        lines += ["", "Preconditions:"]
        lines += [
            f"  - {p.check}: {p.expect}" + (f" [{p.tool}]" if p.tool else "")
            for p in rb.preconditions
        ]
    lines += ["", "Steps:"]
    for i, st in enumerate(rb.steps, 1):
        args = ", ".join(f"{k}={v}" for k, v in st.args.items())
        lines.append(f"  {i}. {st.name} [{st.tool}, {st.risk}, {st.timeout_s:g} s] {args}")
    if rb.rollback:
        lines += ["", "Rollback:"]
        lines += [f"  - {st.name} [{st.tool}, {st.risk}]" for st in rb.rollback]
    v = rb.verification
    lines += ["", f"Verification: {v.tool} → {v.expect} (within {v.timeout_s:g} s)"]
    cards = kb.cards_for_runbook(rb.id)
    if cards:
        lines += ["", "Cards:"] + [f"  {c.id}: {c.title}" for c in cards]
    return "\n".join(lines) + "\n"


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    kb = _kb(args)
    item_id = args.id
    if item_id in kb.cards:
        card = kb.cards[item_id]
        if args.json:
            doc = card.model_dump()
            doc["runbook_details"] = [r.model_dump() for r in kb.runbooks_for(item_id)]
            out.write(json.dumps(doc, indent=2) + "\n")
        else:
            out.write(_card_text(card, kb))
        return 0
    if item_id in kb.runbooks:
        rb = kb.runbooks[item_id]
        if args.json:
            out.write(json.dumps(rb.model_dump(), indent=2) + "\n")
        else:
            out.write(_runbook_text(rb, kb))
        return 0
    close = difflib.get_close_matches(item_id, [*kb.cards, *kb.runbooks], n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise KbUsageError(f"no card or runbook {item_id!r}{hint}")


def cmd_eval(args: argparse.Namespace, out: TextIO) -> int:
    if not 0.0 < args.min_recall3 <= 1.0:
        raise KbUsageError("--min-recall3 must be in (0, 1]")
    kb = _kb(args)
    _note_reference_problems(kb)
    result = evaluate(kb, _index(args), Path(args.queries))
    result.target_recall_at_3 = args.min_recall3
    if args.report:
        files = write_report(result, Path(args.report))
        if not args.json:
            out.write(f"report written to {files['markdown']}\n")
    if args.json:
        out.write(json.dumps(to_json(result), indent=2) + "\n")
    else:
        out.write(markdown(result))
    return 0 if result.passed else 1


_COMMANDS = {
    "validate": cmd_validate,
    "build": cmd_build,
    "search": cmd_search,
    "show": cmd_show,
    "eval": cmd_eval,
}


# the handlers cli/parser.py names (imported only when a kb command runs)
run_validate = partial(_guarded, "validate")
run_build = partial(_guarded, "build")
run_search = partial(_guarded, "search")
run_show = partial(_guarded, "show")
run_eval = partial(_guarded, "eval")
