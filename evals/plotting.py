"""matplotlib, loaded only when a plot is drawn: it is the ``plots`` extra, not a dependency of
gpufleet itself (a site running the detector, the agent and the service never needs it)."""

from __future__ import annotations

import importlib
from typing import Any

PLOTS_HINT = (
    "plots need matplotlib: pip install 'gpufleet[plots]' "
    "(in a source checkout: pip install -e '.[plots]')"
)


class PlotsUnavailableError(RuntimeError):
    """matplotlib is not installed; the message names the extra that installs it."""


def pyplot() -> Any:
    """``matplotlib.pyplot`` on the headless Agg backend (reports are written on servers and in
    CI); raises :class:`PlotsUnavailableError` when matplotlib is missing."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise PlotsUnavailableError(PLOTS_HINT) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")
