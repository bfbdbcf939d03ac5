"""matplotlib, loaded only when a plot is drawn: it is the ``plots`` extra, not a dependency of
gpufleet itself (a site running the detector, the agent and the service never needs it)."""

from __future__ import annotations

import importlib
from typing import Any

# gpufleet is installed from a checkout or its wheel, not from an index: the hint names the
# package itself, never a "gpufleet[...]" to download.
PLOTS_HINT = (
    "plots need matplotlib (the plots extra): pip install 'matplotlib>=3.8' "
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
