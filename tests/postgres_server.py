"""A real PostgreSQL server on 127.0.0.1 for tests: ``initdb`` into a temp dir, ``postgres`` in
the foreground as our child, a unix socket dir inside the temp dir, stopped after the session.

``initdb`` and ``postgres`` refuse to run as root (CI runs as root): as root, both run as the
unprivileged ``nobody`` user (``subprocess``'s ``user=``/``group=``), and the temp dir is handed
to it; as a normal user they run as that user. The server runs in the foreground (not
``pg_ctl start``'s daemon) so :meth:`PostgresServer.stop` knows it is gone from ``wait()``.
Durability settings are off (``fsync=off``): the tests kill gpufleet's processes, never this
server. Authentication is ``trust`` for the ``gpufleet`` superuser on loopback only.

Use the session fixture ``postgres`` (import ``postgres_fixture`` into a test module): each test
asks it for a fresh database (:meth:`PostgresServer.fresh_url`). ``state_at`` (import
``state_at_fixture`` too) runs a store test once on SQLite and once on PostgreSQL.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import pytest

from gpufleet.evals.vm_server import stop_process
from gpufleet.graph.state.database import Location
from gpufleet.graph.state.url import PostgresUrl

HOST = "127.0.0.1"
SUPERUSER = "gpufleet"
UNPRIVILEGED = "nobody"
INSTALL_HINT = (
    "install the Debian package postgresql (apt-get install postgresql; `make test` as root "
    "on Debian does it)"
)


class PostgresUnavailable(RuntimeError):  # noqa: N818 (reads as a state, like SlurmUnavailable)
    """The server could not be started; says why."""


PROGRAMS = ("initdb", "postgres", "pg_isready")


def bin_dir() -> Path | None:
    """Where initdb, postgres and pg_isready are: on PATH (links followed, Debian's
    /usr/bin holds only wrappers), else Debian's /usr/lib/postgresql/<newest>/bin."""
    on_path = shutil.which("initdb")
    if on_path:
        real = Path(on_path).resolve().parent
        if all((real / p).exists() for p in PROGRAMS):
            return real
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    found = [v.parent for v in versions if all((v.parent / p).exists() for p in PROGRAMS)]
    return found[-1] if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _as_whom() -> dict[str, Any]:
    """Popen keywords that run a command as an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return {}
    user = pwd.getpwnam(UNPRIVILEGED)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}


class PostgresServer:
    """A private PostgreSQL cluster on 127.0.0.1; a context manager."""

    def __init__(self, *, start_timeout_s: float = 60.0) -> None:
        found = bin_dir()
        if found is None:
            raise PostgresUnavailable(f"{', '.join(PROGRAMS)} not found; {INSTALL_HINT}")
        self.bin = found
        self.start_timeout_s = start_timeout_s
        self.port = _free_port()
        self.root = Path(tempfile.mkdtemp(prefix="gpufleet-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.log = self.root / "postgres.log"
        self._proc: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)

    def _run_as(self) -> dict[str, Any]:
        who = _as_whom()
        if who:
            for path in (self.root, *self.root.rglob("*")):
                os.chown(path, who["user"], who["group"])
        return {**who, "cwd": self.root}

    def start(self) -> None:
        self.sockets.mkdir()
        self.log.touch()
        who = self._run_as()
        init = subprocess.run(
            [str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "-A", "trust",
             "-E", "UTF8", "--locale=C", "--no-sync"],
            capture_output=True, text=True, timeout=120, check=False, **who,
        )  # fmt: skip
        if init.returncode != 0:
            raise PostgresUnavailable(f"initdb failed: {init.stderr.strip()[-2000:]}")
        # The port was free when probed, seconds ago (initdb ran since): another process may
        # hold it now. Postgres then exits saying so, and another port is tried.
        for attempt in range(3):
            if attempt:
                self.port = _free_port()
            with self.log.open("ab") as log:
                self._proc = subprocess.Popen(
                    [str(self.bin / "postgres"), "-D", str(self.data), "-h", HOST,
                     "-p", str(self.port), "-k", str(self.sockets), "-c", "fsync=off",
                     "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                     "-c", "max_connections=200"],
                    stdout=log, stderr=subprocess.STDOUT, **who,
                )  # fmt: skip
            try:
                self._wait_ready()
                return
            except PostgresUnavailable:
                if self._proc.poll() is None or "already in use" not in self.log_tail():
                    raise
                self._proc.wait()
                self._proc = None
        raise PostgresUnavailable(f"no free port after 3 tries: {self.log_tail()}")

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            assert self._proc is not None
            if self._proc.poll() is not None:
                raise PostgresUnavailable(f"postgres exited: {self.log_tail()}")
            ready = subprocess.run(
                [
                    str(self.bin / "pg_isready"),
                    "-h",
                    HOST,
                    "-p",
                    str(self.port),
                    "-U",
                    SUPERUSER,
                    "-q",
                ],
                check=False,
            )
            if ready.returncode == 0:
                return
            time.sleep(0.1)
        raise PostgresUnavailable(
            f"postgres not ready in {self.start_timeout_s} s: {self.log_tail()}"
        )

    def log_tail(self, n: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-n:]
        except OSError as e:
            return f"(no log: {e})"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@{HOST}:{self.port}/{database}"

    def sql(self, statement: str, database: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            conn.execute(statement)  # type: ignore[arg-type]  (test-made DDL)

    def fresh_url(self) -> str:
        """A new empty database of its own: tests never see each other's rows."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.sql(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self._proc is not None:
            stop_process(self._proc, 30.0)  # SIGTERM: a smart shutdown of our own child
            self._proc = None
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


_shared: list[PostgresServer] = []
_users: list[int] = [0]  # how many modules' session fixtures hold the server


@pytest.fixture(scope="session", name="postgres")
def postgres_fixture() -> Iterator[PostgresServer]:
    """One server for the whole session (shared by every module that imports this fixture);
    skips only when the PostgreSQL binaries are absent."""
    if bin_dir() is None:
        pytest.skip(f"PostgreSQL binaries ({', '.join(PROGRAMS)}) are absent; {INSTALL_HINT}")
    if not _shared:
        server = PostgresServer()
        server.__enter__()
        _shared.append(server)
    _users[0] += 1
    try:
        yield _shared[0]
    finally:
        _users[0] -= 1
        if _users[0] == 0:
            _shared.pop().stop()


@pytest.fixture(params=["sqlite", "postgresql"], name="state_at")
def state_at_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], Location]:
    """Run a store test on both backends: ``state_at("a.db")`` is that file under ``tmp_path``
    (SQLite), or a fresh database of its own per name (PostgreSQL): one name, one place."""
    if request.param == "sqlite":
        return lambda name: tmp_path / name
    server: PostgresServer = request.getfixturevalue("postgres")
    places: dict[str, PostgresUrl] = {}

    def at(name: str) -> Location:
        if name not in places:
            places[name] = PostgresUrl(server.fresh_url())
        return places[name]

    return at
