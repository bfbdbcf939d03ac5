"""Write ``constraints.txt``: the versions of gpufleet's runtime dependencies (the plain install,
no extras: the closure of ``Requires-Dist`` whose markers hold here) as installed in this
environment, pinned. The image installs the wheel with ``-c constraints.txt``, so a release is
built from the set the tests ran against, not whatever the index serves that day.

    .venv/bin/python tests/constraints.py > constraints.txt      (make constraints)

``tests/test_install.py`` checks the file covers the closure and agrees with pyproject.toml.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, distribution

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HEADER = (
    "# gpufleet's runtime dependencies as tested (no extras); regenerate with `make constraints`.\n"
    "# Resolved on Linux, CPython 3.11 (the image). pip install -c constraints.txt gpufleet-*.whl\n"
)


def runtime_closure(root: str = "gpufleet") -> dict[str, str]:
    """Canonical name -> installed version of every distribution a plain install of ``root``
    pulls in (extras only where a requirement asks for them)."""
    found: dict[str, str] = {}
    todo: list[tuple[str, frozenset[str]]] = [(root, frozenset())]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue  # a marker-less optional import some packages list; not installed here
        if name != root:
            found[canonicalize_name(name)] = dist.version
        for line in dist.requires or []:
            req = Requirement(line)
            wanted = extras or {""}
            if req.marker is not None and not any(
                req.marker.evaluate({"extra": e}) for e in wanted
            ):
                continue
            todo.append((req.name, frozenset(req.extras)))
    return dict(sorted(found.items()))


def render(pins: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in pins.items())


if __name__ == "__main__":
    sys.stdout.write(render(runtime_closure()))
