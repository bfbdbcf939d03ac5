"""gpufleet: self-hosted GPU fleet health — deterministic DCGM anomaly detection, agentic
diagnosis over a failure-mode knowledge base, and human-approved remediation.

One import namespace; its subpackages are the layers (each says what it may import):
``bus`` → ``telemetry`` → ``knowledge`` → ``graph`` → ``agents``; ``sim`` for the demo and the
evals; ``cli`` and ``service`` are the front ends; ``evals`` the recorded-incident suite. This
module imports nothing of them, so ``gpufleet --help`` stays fast.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gpufleet")
except PackageNotFoundError:  # a source tree on sys.path without an install
    __version__ = "0+unknown"
