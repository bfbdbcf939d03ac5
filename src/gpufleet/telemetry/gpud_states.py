"""GPUd health states as operators paste them (``gpud status`` / its ``/v1/states`` JSON, whole or
cut out of a ticket) → one signature per component GPUd calls unhealthy.

Pure. GPUd (leptonai/gpud) writes each component's state as an object with ``component``
(``accelerator-nvidia-fabric-manager``, ``accelerator-nvidia-nvlink``, …), ``health``
(``Healthy`` / ``Degraded`` / ``Unhealthy``) and ``reason`` (its own sentence, e.g.
"nv-fabricmanager found but fabric manager service is not active"). A pasted fragment is rarely
valid JSON (it starts inside a list, or is pretty-printed over many lines), so the keys are read
line by line and a state ends when one of its keys comes again. Only non-healthy states of
``accelerator-nvidia-*`` components become signatures; the component names the kind:

=======================  ==========================================================
``gpud_fabric_manager``  fabric-manager (Fabric Manager not serving the NVSwitch fabric)
``gpud_nvlink``          nvlink (links down or inactive)
``gpud_memory``          ecc, remapped-rows (uncorrectable errors, remaps)
``gpud_thermal``         temperature, hw-slowdown, clock-speed (thermal or power slowdown)
``gpud_infiniband``      infiniband (a port down or flapping)
``gpud_other``           any other accelerator-nvidia component
=======================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpufleet.telemetry.text_evidence import SNIPPET, Signature

_KEY = re.compile(r'"(?P<k>component|name|health|reason|error|time)"\s*:\s*"(?P<v>[^"]{0,400})"')
_BAD = frozenset({"unhealthy", "degraded"})
_KINDS: tuple[tuple[str, str], ...] = (
    ("fabric-manager", "gpud_fabric_manager"),
    ("nvlink", "gpud_nvlink"),
    ("remapped-rows", "gpud_memory"),
    ("ecc", "gpud_memory"),
    ("temperature", "gpud_thermal"),
    ("hw-slowdown", "gpud_thermal"),
    ("clock-speed", "gpud_thermal"),
    ("infiniband", "gpud_infiniband"),
)
PREFIX = "accelerator-nvidia-"


def kind_of_component(component: str) -> str | None:
    """The signature kind of a GPUd component (None: not a GPU component)."""
    if not component.startswith(PREFIX):
        return None
    name = component[len(PREFIX) :]
    return next((kind for part, kind in _KINDS if part in name), "gpud_other")


@dataclass
class GpudStates:
    """GPUd state objects, key by key as the lines come; :meth:`read` returns the signatures
    of the states that just ended unhealthy (several when a whole list is on one line)."""

    current: dict[str, str] = field(default_factory=dict)
    line: int = 0
    seen: bool = False  # a "component" key was read: this text holds GPUd states

    def read(self, line: str, n: int, origin: str, node: str) -> tuple[bool, list[Signature]]:
        """(whether the line held GPUd state keys, the signatures of the states it ended)."""
        # every job-log line comes here: most hold no JSON key at all
        keys = _KEY.findall(line) if '"' in line else []
        # generic keys ("name", "time", "reason") are GPUd's only in a text that has named a
        # GPUd accelerator component (a Kubernetes event's "component": "kubelet" is not one)
        self.seen = self.seen or any(k == "component" and v.startswith(PREFIX) for k, v in keys)
        if not self.seen:
            return False, []
        done: list[Signature] = []
        for k, v in keys:
            # the next state's key: the one read so far is complete
            if k in self.current and (sig := self._flush(origin, node)) is not None:
                done.append(sig)
            self.current[k] = v
            self.line = n
        return bool(keys), done

    def finish(self, origin: str, node: str) -> Signature | None:
        """The last state, at the end of the text."""
        return self._flush(origin, node)

    def _flush(self, origin: str, node: str) -> Signature | None:
        state, self.current = self.current, {}
        health = state.get("health", "").lower()
        kind = kind_of_component(state.get("component", ""))
        if kind is None or health not in _BAD:
            return None
        reason = state.get("reason", "")
        return Signature(
            kind=kind,
            source="job_log",
            origin=origin,
            line=self.line,
            node=node,
            detail={"component": state["component"], "health": health, "reason": reason[:200]},
            text=f"GPUd {state['component']}: {health}: {reason}"[:SNIPPET],
        )
