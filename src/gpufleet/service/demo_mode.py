"""``gpufleet serve`` with no config: the demo fleet, and what a first-time user needs to use it.

Two things make the no-config run usable instead of puzzling:

* **when the fault shows.** The demo fleet's history is fast-forwarded to shortly before its
  fan failure; once it runs in real time, :func:`fault_timeline` says at what wall-clock time
  the fault starts and when its incident should reach the page (before that, the page truly
  has no incident to show);
* **approving from the page.** With no config there are no API tokens, so every decision was a
  401 while the buttons were shown. A token made for this run only (:func:`demo_token`,
  identity :data:`DEMO_IDENTITY`) is printed at start — and only when the service listens on
  loopback, so nobody else can reach what it unlocks.
"""

from __future__ import annotations

import ipaddress
import secrets
from datetime import UTC, datetime

from gpufleet.service.auth import Roles, TokenTable
from gpufleet.service.config import LoadedConfig
from gpufleet.sim.demo import FAN_FAILURE_DETECTED_AFTER_S

DEMO_IDENTITY = "demo-operator"


def is_loopback(host: str) -> bool:
    """``host`` is reachable from this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def demo_token() -> str:
    return secrets.token_urlsafe(24)


def with_demo_token(loaded: LoadedConfig, token: str) -> LoadedConfig:
    """``loaded`` whose one API token is ``token``, deciding as :data:`DEMO_IDENTITY` (an
    operator: it may also ask for steps through the page's chat)."""
    roles = Roles({DEMO_IDENTITY: frozenset({"operator"})})
    return loaded.model_copy(update={"tokens": TokenTable.of({token: DEMO_IDENTITY}, roles)})


def token_lines(token: str, url: str) -> list[str]:
    return [
        f"gpufleet serve: demo token for this run (only on this machine): {token}",
        f"  paste it in the token box of {url}/ to approve or reject as {DEMO_IDENTITY!r}; "
        "steps run dry (nothing is changed)",
    ]


def _clock(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%H:%M:%S UTC")


def fault_timeline(live_data_t: float, fault_data_t: float, wall_now: float, speed: float) -> str:
    """What to expect, said once the demo runs in real time at data time ``live_data_t``."""
    to_fault = max(0.0, (fault_data_t - live_data_t) / speed)
    to_incident = to_fault + FAN_FAILURE_DETECTED_AFTER_S / speed
    return (
        "gpufleet serve: the demo fleet now runs in real time. Its fan failure (node-17 GPU 4) "
        f"starts at {_clock(wall_now + to_fault)} (in {to_fault / 60:.0f} min); the NOC should "
        f"open its incident about {_clock(wall_now + to_incident)} "
        f"(~{to_incident / 60:.0f} min from now). Until then the page has no incident to show."
    )


def starting_line(fast_forward_s: float, fault_data_s: float) -> str:
    if fault_data_s <= fast_forward_s:
        return "gpufleet serve: demo fleet: its fan failure happened during the catch-up"
    return (
        f"gpufleet serve: demo fleet: catching up {fast_forward_s / 3600:.1f} h of simulated "
        "history first; when its fault will show is said once it runs in real time"
    )
