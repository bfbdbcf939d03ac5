"""Configuration of the Kubernetes executor (``kubernetes:`` in the SRE config).

Leaf module: pydantic only. Off by default; when on, dry-run is the default: every change is
sent with ``dryRun=All``, so the API server authenticates, authorizes, admits and validates it
(PodDisruptionBudgets included) and persists nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# A DNS subdomain prefix for the annotations and taint keys gpufleet owns, e.g. gpufleet.io.
_DOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")


class KubernetesConfig(BaseModel):
    """How gpufleet reaches the Kubernetes API.

    ``in_cluster``: use the pod's service account (``serve`` deployed by the chart/manifests);
    otherwise ``kubeconfig`` (default: ``$KUBECONFIG`` or ``~/.kube/config``) and ``context``
    (default: the file's current context). ``dry_run`` (default on): changes go to the API
    server with ``dryRun=All`` and are validated there but never persisted. ``owner_domain``
    prefixes the annotation that marks a cordon as gpufleet's and the taint keys gpufleet may
    set or remove: a cordon or taint made by anyone else is never undone.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    enabled: bool = False
    in_cluster: bool = False
    kubeconfig: Path | None = None
    context: str | None = None
    dry_run: bool = True
    request_timeout_s: float = Field(default=30, gt=0, le=600)
    owner_domain: str = "gpufleet.io"

    @field_validator("owner_domain")
    @classmethod
    def _domain(cls, v: str) -> str:
        if not _DOMAIN.fullmatch(v) or len(v) > 200:
            raise ValueError(f"owner_domain {v!r} is not a DNS subdomain such as gpufleet.io")
        return v

    @model_validator(mode="after")
    def _one_way_in(self) -> KubernetesConfig:
        if self.in_cluster and (self.kubeconfig is not None or self.context is not None):
            raise ValueError(
                "kubernetes.in_cluster uses the pod's service account: "
                "drop kubeconfig/context, or set in_cluster: false"
            )
        return self

    @property
    def cordon_annotation(self) -> str:
        return f"{self.owner_domain}/cordoned"

    @property
    def taint_prefix(self) -> str:
        return f"{self.owner_domain}/"
