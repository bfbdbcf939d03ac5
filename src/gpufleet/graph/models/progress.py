"""Progress while a model works: a model call on CPU takes tens of seconds, and silence that long
reads as a hang.

:class:`ModelProgress` is the small protocol the model clients report to; front ends render it
(``cli/model_progress.py``: one redrawn line on a terminal, plain lines otherwise). A
:class:`Heartbeat` around a blocking call reports ``working`` every ``interval_s`` from a
helper thread; the elapsed time is measured with a monotonic clock at this edge, never used in
any decision.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol


@dataclass(frozen=True)
class ModelDone:
    """How a model call ended, for the progress line."""

    model: str
    elapsed_s: float
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    error: str | None = None
    truncated: bool = False  # the reply hit max_tokens


class ModelProgress(Protocol):
    def working(self, model: str, elapsed_s: float) -> None: ...

    def done(self, result: ModelDone) -> None: ...

    def notice(self, text: str) -> None: ...


class Heartbeat:
    """``with Heartbeat(progress, name) as beat: call()``: ``working`` every ``interval_s``
    (first at once) until the block ends. ``beat.elapsed_s`` afterwards. No-op without a sink."""

    def __init__(self, progress: ModelProgress | None, model: str, interval_s: float = 1.0):
        self.progress = progress
        self.model = model
        self.interval_s = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = 0.0

    @property
    def elapsed_s(self) -> float:
        return time.monotonic() - self._started

    def _beat(self) -> None:
        assert self.progress is not None
        while True:
            self.progress.working(self.model, self.elapsed_s)
            if self._stop.wait(self.interval_s):
                return

    def __enter__(self) -> Heartbeat:
        self._started = time.monotonic()
        if self.progress is not None:
            self._thread = threading.Thread(target=self._beat, daemon=True, name="model-progress")
            self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
