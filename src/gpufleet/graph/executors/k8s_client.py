"""Build a :class:`~graph.executors.k8s.K8sExecutor` from :class:`KubernetesConfig` with the
official ``kubernetes`` client: in-cluster service account, or a kubeconfig file and context.

The client is imported here only (it takes a while to load), so commands that never talk to a
cluster never pay for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gpufleet.graph.executors.k8s import K8sExecutor
from gpufleet.graph.executors.k8s_config import KubernetesConfig


class K8sConfigError(ValueError):
    """The cluster cannot be reached as configured; the message names what to fix."""


def k8s_executor(cfg: KubernetesConfig, clock: Callable[[], float] = time.time) -> K8sExecutor:
    """An executor for the cluster ``cfg`` names; raises :class:`K8sConfigError`."""
    from kubernetes import client, config  # noqa: PLC0415 (heavy; only when configured)

    conf = client.Configuration()
    try:
        if cfg.in_cluster:
            config.load_incluster_config(client_configuration=conf)  # type: ignore[no-untyped-call]
        else:
            config.load_kube_config(  # type: ignore[no-untyped-call]
                config_file=str(cfg.kubeconfig) if cfg.kubeconfig else None,
                context=cfg.context,
                client_configuration=conf,
                persist_config=False,
            )
    except config.ConfigException as e:
        where = (
            "in-cluster service account"
            if cfg.in_cluster
            else f"kubeconfig {cfg.kubeconfig or '($KUBECONFIG or ~/.kube/config)'}"
        )
        raise K8sConfigError(f"kubernetes: cannot load the {where}: {e}") from None
    except OSError as e:
        raise K8sConfigError(f"kubernetes: cannot read {cfg.kubeconfig}: {e}") from None
    api = client.ApiClient(conf)
    return K8sExecutor(client.CoreV1Api(api), api.sanitize_for_serialization, cfg, clock)
