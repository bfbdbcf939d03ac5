"""The deployment files an operator uses: the OCI image's Containerfile, the systemd units and
the Kubernetes manifests. Each is checked by the tool that would reject it where one runs
here (``systemd-analyze verify``, gpufleet's own config loaders and argument parser), else by
reading it the way the tool reads it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from gpufleet.agents.sre.config import load_sre_config
from gpufleet.cli.parser import build_parser
from gpufleet.graph.approvals.policy import load_policy
from gpufleet.service.config import load_serve_config

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").glob("*.service"))


# -- Containerfile ----------------------------------------------------------------------------


def containerfile_instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) as buildah reads them: comments dropped, ``\\`` continues."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        word, _, rest = full.partition(" ")
        out.append((word.upper(), rest.strip()))
    assert not pending, "a continued line never ends"
    return out


def test_containerfile_runs_gpufleet_as_a_non_root_user_with_a_healthcheck() -> None:
    steps = containerfile_instructions((ROOT / "Containerfile").read_text())
    known = {
        "ARG",
        "FROM",
        "WORKDIR",
        "COPY",
        "RUN",
        "ENV",
        "USER",
        "EXPOSE",
        "HEALTHCHECK",
        "ENTRYPOINT",
        "CMD",
        "LABEL",
    }
    assert {w for w, _ in steps} <= known
    froms = [i for i, (w, _) in enumerate(steps) if w == "FROM"]
    final = steps[froms[-1] :]
    users = [a for w, a in final if w == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    entry = json.loads(next(a for w, a in final if w == "ENTRYPOINT"))
    assert entry == ["gpufleet"]
    cmd = json.loads(next(a for w, a in final if w == "CMD"))
    args = build_parser().parse_args(cmd)  # the default command is one gpufleet accepts
    assert args.command == "serve" and args.host == "0.0.0.0"
    health = next(a for w, a in final if w == "HEALTHCHECK")
    assert "/healthz" in health and f":{args.port}/" in health
    installs = " ".join(a for w, a in final if w == "RUN")
    assert "pip install" in installs and ".whl" in installs and " -e " not in installs
    # the build stage copies every package the wheel is made of
    copied = {a.split()[0] for w, a in steps[: froms[-1]] if w == "COPY"}
    assert "src" in copied  # the one namespace, src/gpufleet


def test_image_builds_with_buildah_when_a_base_image_is_at_hand(tmp_path: Path) -> None:
    buildah = shutil.which("buildah")
    base = os.environ.get("GPUFLEET_TEST_IMAGE_BASE")
    if buildah is None:
        pytest.skip("buildah is not installed (Debian package buildah)")
    if not base:
        pytest.skip(
            "no base image: buildah works here (vfs storage, chroot isolation) but the only "
            "registries these machines reach are PyPI and Debian's, so FROM python:3.11-slim "
            "cannot be pulled; set GPUFLEET_TEST_IMAGE_BASE to a Python 3.11 image already in "
            "local storage to build the image in this test"
        )
    storage = [
        "--storage-driver",
        "vfs",
        "--root",
        str(tmp_path / "root"),
        "--runroot",
        str(tmp_path / "run"),
    ]
    proc = subprocess.run(
        [
            buildah,
            *storage,
            "bud",
            "--isolation",
            "chroot",
            "--pull-never",
            "--format",
            "docker",
            "--build-arg",
            f"BASE={base}",
            "-t",
            "gpufleet:test",
            "-f",
            "Containerfile",
            ".",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    inspect = subprocess.run(
        [buildah, *storage, "inspect", "gpufleet:test"], capture_output=True, text=True, check=True
    )
    config = json.loads(inspect.stdout)["Docker"]["config"]
    assert config["User"].split(":")[0] == "10001"
    assert config["Entrypoint"] == ["gpufleet"]


# -- systemd --------------------------------------------------------------------------------


def _unit_for_verify(unit: Path, into: Path) -> Path:
    """The unit with ExecStart pointing at this test's gpufleet: verify checks that it exists."""
    gpufleet = Path(sys.executable).with_name("gpufleet")
    assert gpufleet.exists(), gpufleet
    out = into / unit.name
    out.write_text(unit.read_text().replace("/opt/gpufleet/bin/gpufleet", str(gpufleet)))
    return out


def _verify(unit: Path) -> str:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian package systemd)")
    proc = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=120, check=False
    )
    # it exits 0 on unknown keys and bad values ("ignoring"): every line it prints counts
    return (proc.stdout + proc.stderr).strip() + (
        f"\nexit {proc.returncode}" if proc.returncode else ""
    )


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_systemd_unit_verifies_cleanly_and_is_hardened(unit: Path, tmp_path: Path) -> None:
    assert _verify(_unit_for_verify(unit, tmp_path)) == ""
    keys = dict(
        line.split("=", 1)
        for line in unit.read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )
    assert keys["DynamicUser"] == "yes" and keys["NoNewPrivileges"] == "yes"
    assert keys["ProtectSystem"] == "strict" and keys["StateDirectory"] == "gpufleet"
    assert keys["CapabilityBoundingSet"] == ""
    # the command line is one gpufleet accepts, with JSON logs
    argv = shlex.split(keys["ExecStart"].replace("$GPUFLEET_WATCH_ARGS", "--source sim"))
    args = build_parser().parse_args(argv[1:])
    assert args.log_json is True and args.command in ("serve", "watch")


def test_systemd_verify_catches_a_broken_unit(tmp_path: Path) -> None:
    unit = _unit_for_verify(UNITS[0], tmp_path)
    unit.write_text(unit.read_text().replace("ProtectSystem=strict", "ProtectSystem=sometimes"))
    assert "ProtectSystem" in _verify(unit) or "protect system" in _verify(unit)


# -- Kubernetes -------------------------------------------------------------------------------


def _manifests() -> dict[str, dict[str, Any]]:
    docs = [
        d for d in yaml.safe_load_all((DEPLOY / "kubernetes" / "gpufleet.yaml").read_text()) if d
    ]
    for d in docs:
        assert {"apiVersion", "kind", "metadata"} <= d.keys(), d
        assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", d["metadata"]["name"])
    by_kind = {d["kind"]: d for d in docs}
    assert len(by_kind) == len(docs), "one object of each kind"
    return by_kind


def test_manifests_have_the_objects_and_api_versions_a_site_expects() -> None:
    m = _manifests()
    assert {k: d["apiVersion"] for k, d in m.items()} == {
        "ServiceAccount": "v1",
        "ClusterRole": "rbac.authorization.k8s.io/v1",
        "ClusterRoleBinding": "rbac.authorization.k8s.io/v1",
        "ConfigMap": "v1",
        "PersistentVolumeClaim": "v1",
        "Deployment": "apps/v1",
        "Service": "v1",
    }


def test_rbac_grants_only_what_the_kubernetes_executor_calls() -> None:
    m = _manifests()
    granted = {
        (res, verb)
        for rule in m["ClusterRole"]["rules"]
        for res in rule["resources"]
        for verb in rule["verbs"]
    }
    assert all(rule["apiGroups"] == [""] for rule in m["ClusterRole"]["rules"])
    assert granted == {
        ("nodes", "get"),
        ("nodes", "list"),
        ("nodes", "patch"),
        ("nodes/status", "patch"),
        ("pods", "list"),
        ("pods/eviction", "create"),
    }
    binding = m["ClusterRoleBinding"]
    assert binding["roleRef"]["name"] == m["ClusterRole"]["metadata"]["name"]
    assert binding["subjects"][0]["name"] == m["ServiceAccount"]["metadata"]["name"]


def test_deployment_is_non_root_probed_and_wired_to_its_config_and_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = _manifests()
    pod = m["Deployment"]["spec"]["template"]
    spec = pod["spec"]
    assert spec["serviceAccountName"] == m["ServiceAccount"]["metadata"]["name"]
    assert spec["securityContext"]["runAsNonRoot"] is True
    (c,) = spec["containers"]
    assert c["securityContext"]["allowPrivilegeEscalation"] is False
    port_names = {p["name"] for p in c["ports"]}
    for probe in ("readinessProbe", "livenessProbe"):
        assert c[probe]["httpGet"]["path"] == "/healthz"
        assert c[probe]["httpGet"]["port"] in port_names
    svc = m["Service"]["spec"]
    assert svc["selector"].items() <= pod["metadata"]["labels"].items()
    assert all(p["targetPort"] in port_names for p in svc["ports"])
    # the container's arguments are a gpufleet command line; its config files load
    args = build_parser().parse_args(c["args"])
    assert args.command == "serve" and args.log_json is True
    mounts = {v["name"]: v["mountPath"] for v in c["volumeMounts"]}
    config_volume = next(v["name"] for v in spec["volumes"] if "configMap" in v)
    assert args.config.startswith(mounts[config_volume] + "/")
    files = m["ConfigMap"]["data"]
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    secrets = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in c["env"] if "valueFrom" in e}
    for env in secrets:
        monkeypatch.setenv(env, "t0ken-" + env.lower())
    serve = load_serve_config(tmp_path / Path(args.config).name).config
    assert {t.token_env for t in serve.api_tokens} == set(secrets)
    assert str(serve.sre_config).startswith(mounts[config_volume] + "/")
    sre = load_sre_config(tmp_path / "sre.yaml")
    assert sre.kubernetes.enabled and sre.kubernetes.in_cluster and sre.kubernetes.dry_run
    assert load_policy(tmp_path / "policy.yaml").approvers
