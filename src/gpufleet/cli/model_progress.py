"""Model progress for a person at a terminal (:class:`graph.models.progress.ModelProgress`).

On a TTY one line is redrawn in place (``model local:… working 12 s``) and replaced by the
result; into a pipe or a log, plain lines only (no carriage returns or escape codes): one when
the model starts, one every ``every_s`` seconds while it works, one with the result.
"""

from __future__ import annotations

import sys
from typing import TextIO

from gpufleet.graph.models.progress import ModelDone


def describe_done(result: ModelDone) -> str:
    tokens = ""
    if result.prompt_tokens is not None or result.completion_tokens is not None:
        tokens = f", {result.prompt_tokens or 0} prompt + {result.completion_tokens or 0} tokens"
    if result.error is not None:
        return f"model {result.model} failed after {result.elapsed_s:.1f} s{tokens}: {result.error}"
    cut = " (cut at max_tokens)" if result.truncated else ""
    return f"model {result.model} answered in {result.elapsed_s:.1f} s{tokens}{cut}"


class TerminalProgress:
    def __init__(
        self, stream: TextIO | None = None, *, every_s: float = 10.0, plain: bool = False
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty() and not plain
        self.every_s = every_s
        self._next_line_at = 0.0

    def working(self, model: str, elapsed_s: float) -> None:
        if self.tty:
            self.stream.write(f"\r\x1b[Kmodel {model} working {elapsed_s:4.0f} s")
        elif elapsed_s >= self._next_line_at:
            first = self._next_line_at == 0.0
            what = "started" if first else f"still working ({elapsed_s:.0f} s)"
            self.stream.write(f"model {model} {what}\n")
            self._next_line_at = (elapsed_s // self.every_s + 1) * self.every_s
        self.stream.flush()

    def done(self, result: ModelDone) -> None:
        prefix = "\r\x1b[K" if self.tty else ""
        self.stream.write(prefix + describe_done(result) + "\n")
        self._next_line_at = 0.0
        self.stream.flush()

    def notice(self, text: str) -> None:
        prefix = "\r\x1b[K" if self.tty else ""
        self.stream.write(f"{prefix}{text}\n")
        self.stream.flush()
