"""Where gpufleet keeps what it writes: state (approvals, checkpoints, audit — must survive) and
caches (the vector index, generated eval data, the assembled local model — can be rebuilt).

Never inside the installed package: site-packages may be read-only or shared, and
``pip uninstall`` would leave the files behind.

- Installed (a wheel): the user's XDG directories, ``$XDG_STATE_HOME/gpufleet`` (default
  ``~/.local/state/gpufleet``) and ``$XDG_CACHE_HOME/gpufleet`` (default ``~/.cache/gpufleet``).
- A source checkout (``src/gpufleet`` beside a ``pyproject.toml``): ``.gpufleet/`` as before.
  State under ``./.gpufleet`` of the working directory (the checkout's commands run from its
  root; each test run keeps its own state by running elsewhere); caches under the checkout's
  own ``.gpufleet/`` wherever the command runs from, since they are content-addressed and safe
  to share.

Each command's ``--state-dir`` (and ``eval --cache``, ``kb --index``) overrides these. Standard
library only: the argument tree imports this module to show the defaults in ``--help``.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "gpufleet"
# src/gpufleet/paths.py -> the checkout's root (in an install: lib/pythonX.Y, no pyproject)
_CHECKOUT = Path(__file__).resolve().parents[2]


def source_checkout() -> Path | None:
    """The root of the source checkout this package runs from, or None when installed."""
    if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "src" / APP).is_dir():
        return _CHECKOUT
    return None


def _xdg(variable: str, fallback: str) -> Path:
    # XDG says a relative value is invalid and must be ignored
    value = os.environ.get(variable, "")
    base = Path(value) if value and Path(value).is_absolute() else Path.home() / fallback
    return base / APP


def state_home() -> Path:
    """The folder for gpufleet's state (each kind in a subfolder: ``state``, ``demo``,
    ``serve``)."""
    if source_checkout() is not None:
        return Path(".gpufleet")
    return _xdg("XDG_STATE_HOME", ".local/state")


def cache_home() -> Path:
    """The folder for rebuildable data (``kb-index``, ``eval-data``, ``models``)."""
    root = source_checkout()
    if root is not None:
        return root / ".gpufleet"
    return _xdg("XDG_CACHE_HOME", ".cache")


def state_dir(kind: str = "state") -> Path:
    """Default state folder of one kind: ``state`` (the SRE agent's, shared by ``watch --sre``,
    ``diagnose``, ``approve``, ``chat``, ``mcp``), ``demo``, ``serve``."""
    return state_home() / kind


def eval_data_dir() -> Path:
    """Where ``gpufleet eval`` writes the data it generates for the suite's scenarios."""
    return cache_home() / "eval-data"
