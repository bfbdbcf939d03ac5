"""``gpufleet chat``: the incident assistant in the terminal.

Interactive (a prompt; answers stream in, then their sources; a sparkline for a metric; the
conversation's turns are kept for the session; Ctrl-D, ``exit`` or ``quit`` ends it) or one
question with ``--ask "…"`` (``--json``: the :class:`~agents.chat.answer.ChatAnswer`). What it
talks to is a :class:`~cli.chat_session.ChatSession`: a recorded incident (``--recorded``) or
a state directory (``--state-dir``). An error answering one question is one line; the session
goes on.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.text import Text

from gpufleet.agents.chat.answer import (
    AnswerDelta,
    ChatAnswer,
    HistoryTurn,
    SentenceDelta,
    Series,
    TokenDelta,
)
from gpufleet.agents.chat.stream import iter_answer, warm_up
from gpufleet.cli.chat_session import ChatSession, open_empty, open_recorded, open_state
from gpufleet.paths import state_dir

SPARK = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 60
QUIT = {"exit", "quit", ":q"}


def sparkline(values: Sequence[float], width: int = SPARK_WIDTH) -> str:
    """Values as one line of block characters (averaged down to ``width`` columns)."""
    if not values:
        return ""
    step = max(1, -(-len(values) // width))
    cols = [
        sum(values[i : i + step]) / len(values[i : i + step]) for i in range(0, len(values), step)
    ]
    lo, hi = min(cols), max(cols)
    span = hi - lo or 1.0
    return "".join(SPARK[min(len(SPARK) - 1, int((v - lo) / span * len(SPARK)))] for v in cols)


def _open(args: argparse.Namespace) -> ChatSession:
    config = getattr(args, "sre_config", None)
    if args.recorded:
        state = Path(args.state_dir) if args.state_dir else None
        return open_recorded(Path(args.recorded), state, args.llm, config)
    if args.state_dir:
        return open_state(Path(args.state_dir), args.llm, config)
    # no state named: a watch's or serve's state, else the demo's, else none at all (knowledge
    # questions need no state; the first minute works)
    candidates = (state_dir(), state_dir("demo"))
    found = next((d for d in candidates if d.is_dir()), None)
    if found is not None:
        return open_state(found, args.llm, config)
    session = open_empty(args.llm, config)
    session.notes.append(
        f"no state found ({', '.join(map(str, candidates))}): knowledge questions only; "
        "run `make demo`, or name --state-dir or --recorded"
    )
    return session


def _series_lines(series: Series) -> Text:
    vals = [v for _, v in series.points]
    line = Text(f"  {series.entity} {series.field}  ")
    line.append(sparkline(vals), style="cyan")
    line.append(f"  {min(vals):.1f}…{max(vals):.1f}{series.unit}", style="dim")
    return line


def render_sources(console: Console, ans: ChatAnswer) -> None:
    for s in ans.series:
        console.print(_series_lines(s))
    for i, c in enumerate(ans.citations, 1):
        console.print(Text(f"  [{i}] {c.kind} {c.id}  {c.label}"[:200], style="dim"))
    for p in ans.proposed:
        ident = p.approval_id or "not stored"
        console.print(Text(f"  proposed: {p.tool} {p.args} → {ident} ({p.status})", style="yellow"))
    for f in ans.flags:
        console.print(Text(f"  note: {f}", style="yellow"))


def ask(
    console: Console,
    session: ChatSession,
    question: str,
    history: list[HistoryTurn],
    incident_id: str | None,
    echo: bool = True,
) -> ChatAnswer:
    """Stream one answer to the console (tokens as they come) and return it."""

    final: ChatAnswer | None = None
    model_shown = False  # a model's lines were shown: a no-model answer after them is a fallback
    for delta in iter_answer(
        question,
        reads=session.reads,
        now=session.now(),
        model=session.model,
        incident_id=incident_id,
        history=history,
    ):
        if isinstance(delta, AnswerDelta):
            final = delta.answer
        elif echo:
            model_shown = show_delta(console, delta, model_shown)
    assert final is not None
    if echo:
        console.print()
        render_sources(console, final)
    return final


def show_delta(console: Console, delta: TokenDelta | SentenceDelta, model_shown: bool) -> bool:
    """Print one streamed piece as it comes (the text is already cleaned); a removed line is
    marked where it ends. Returns whether the model's lines are what is on screen (the
    no-model answer after them starts on a new line)."""
    if isinstance(delta, SentenceDelta):
        if not delta.kept:
            console.print(Text(f" [removed: {delta.reason}]", style="red"), end="")
    elif delta.line is None and model_shown:
        console.print()  # the model's reply was refused: the no-model answer follows
        console.print(Text(delta.text), end="")
        model_shown = False
    else:
        style = "dim" if delta.line is not None else ""
        console.print(Text(delta.text, style=style), end="")
        model_shown = model_shown or delta.line is not None
    console.file.flush()
    return model_shown


def repl(
    console: Console, session: ChatSession, read: Callable[[str], str], incident_id: str | None
) -> int:
    warm_up(session.model)  # while the person types the first question
    console.print(Text(f"gpufleet chat — {session.label}. Ctrl-D or 'exit' quits.", style="bold"))
    for note in session.notes:
        console.print(Text(f"note: {note}", style="yellow"))
    history: list[HistoryTurn] = []
    while True:
        try:
            question = read("you> ").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return 0
        if question.lower() in QUIT:
            return 0
        if not question:
            continue
        try:
            result = ask(console, session, question[:2000], history[-10:], incident_id)
        except Exception as e:
            console.print(Text(f"error: {type(e).__name__}: {e}"[:300], style="red"))
            continue
        history += [
            HistoryTurn(role="user", text=question[:4000]),
            HistoryTurn(role="assistant", text=result.text[:4000]),
        ]


def cmd_chat(args: argparse.Namespace, out: TextIO) -> int:
    console = Console(file=out, highlight=False, markup=False, emoji=False, soft_wrap=True)
    session = _open(args)
    try:
        if args.ask is not None:
            if args.json:
                result = ask(console, session, args.ask, [], args.incident, echo=False)
                out.write(json.dumps(result.model_dump(mode="json"), indent=2) + "\n")
                return 0
            for note in session.notes:
                console.print(Text(f"note: {note}", style="yellow"))
            ask(console, session, args.ask, [], args.incident)
            return 0
        return repl(console, session, input, args.incident)
    finally:
        session.close()
