"""Start and stop a private PostgreSQL server for the store tests."""
from __future__ import annotations

import glob
import os
import pwd
import signal
import shutil
import socket
import subprocess
import tempfile
import time
import uuid

import pytest

PASSWORD = "tutor-test-pw"


def _bindir() -> str | None:
    found = shutil.which("initdb") and shutil.which("pg_ctl")
    if found:
        return os.path.dirname(os.path.realpath(shutil.which("initdb")))
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "pg_ctl")):
            return d
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self, bindir, base, port, runas):
        self.bindir, self.base, self.port, self.runas = bindir, base, port, runas
        self.url = f"postgresql://tutor:{PASSWORD}@127.0.0.1:{port}/postgres"
        self.opts = ""

    def start(self):
        """Start the server (again, e.g. after it was killed); returns pg_ctl's result."""
        return self.run("pg_ctl", "-D", os.path.join(self.base, "data"), "-l", os.path.join(self.base, "log"),
                        "-w", "-t", "30", "-o", self.opts, "start", check=False)

    def restart(self, attempts: int = 3) -> None:
        """Start the server again after kill_all, as an administrator would:
        a start that fails right after a crash is tried again (a loaded
        machine may still be releasing the dead server's resources); the
        last failure is raised with the server's log."""
        for attempt in range(attempts):
            result = self.start()
            if result.returncode == 0:
                return
            time.sleep(1.0 + attempt)
        log = os.path.join(self.base, "log")
        tail = open(log, errors="replace").read()[-2000:] if os.path.exists(log) else "(no log)"
        raise AssertionError(f"PostgreSQL did not start again: {result.stdout}{result.stderr}\n{tail}")

    def run(self, tool, *args, check=True):
        return subprocess.run([*self.runas, os.path.join(self.bindir, tool), *args], check=check,
                              capture_output=True, text=True, timeout=60)

    def new_database(self) -> str:
        import pg8000.native
        name = "t_" + uuid.uuid4().hex[:12]
        con = pg8000.native.Connection("tutor", host="127.0.0.1", port=self.port, password=PASSWORD,
                                       database="postgres")
        try:
            con.run(f"CREATE DATABASE {name}")
        finally:
            con.close()
        return f"postgresql://tutor:{PASSWORD}@127.0.0.1:{self.port}/{name}"

    def stop(self):
        self.run("pg_ctl", "-D", os.path.join(self.base, "data"), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.base, ignore_errors=True)


def start_postgres(durable: bool = False) -> PgServer:
    """A fresh server; `durable`: a commit is in the WAL (written, not synced)
    before it is acknowledged, so killing the server loses nothing committed."""
    bindir = _bindir()
    if bindir is None:
        pytest.skip("PostgreSQL store tests skipped: no initdb/pg_ctl found "
                    "(install the Debian package `postgresql` to run them)")
    pytest.importorskip("pg8000", reason="PostgreSQL store tests skipped: pg8000 is not installed "
                                          "(pip install 'sudoku-tutor[postgres]')")
    runas = []
    base = tempfile.mkdtemp(prefix="tutor-pg-")
    if os.geteuid() == 0:                       # initdb refuses to run as root
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(base, ignore_errors=True)
            pytest.skip("PostgreSQL store tests skipped: running as root and there is no "
                        "`postgres` user to run the server as")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        runas = ["runuser", "-u", "postgres", "--"]
    pwfile = os.path.join(base, "pwfile")
    with open(pwfile, "w") as f:
        f.write(PASSWORD + "\n")
    if runas:
        os.chown(pwfile, pw.pw_uid, pw.pw_gid)
    server = PgServer(bindir, base, _free_port(), runas)
    r = server.run("initdb", "-D", os.path.join(base, "data"), "-U", "tutor", "--auth-local=trust",
                   "--auth-host=scram-sha-256", f"--pwfile={pwfile}", "-E", "UTF8", "--no-sync",
                   check=False)
    if r.returncode != 0:
        shutil.rmtree(base, ignore_errors=True)
        pytest.skip(f"PostgreSQL store tests skipped: initdb failed: {r.stderr.strip()[-300:]}")
    server.opts = (f"-p {server.port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c synchronous_commit={'on' if durable else 'off'} -c full_page_writes=off "
                   "-c shared_buffers=16MB "
                   "-c max_connections=80")
    r = server.start()
    if r.returncode != 0:
        log = ""
        try:
            with open(os.path.join(base, "log")) as f:
                log = f.read()[-400:]
        except OSError:
            pass
        server.stop()
        pytest.skip(f"PostgreSQL store tests skipped: the server did not start: {r.stderr.strip()} {log}")
    return server


# ------------------------------------------------------------------ faults

def pg_pids(server) -> list[int]:
    """The postmaster and every process it started."""
    with open(os.path.join(server.base, "data", "postmaster.pid")) as f:
        root = int(f.readline())
    pids = [root]
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == root:
                pids.append(int(name))
    return pids


def signal_all(server, sig) -> list[int]:
    pids = pg_pids(server)
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
    return pids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def kill_all(server, timeout: float = 10.0) -> None:
    """Kill the server as a crash would, and wait until every one of its processes is gone.
    The postmaster is frozen first so it cannot fork a backend while its children are
    listed: a backend left alive keeps the shared memory, and the next start fails."""
    with open(os.path.join(server.base, "data", "postmaster.pid")) as f:
        root = int(f.readline())
    os.kill(root, signal.SIGSTOP)
    pids = signal_all(server, signal.SIGKILL)
    deadline = time.monotonic() + timeout
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)


def stall(server) -> list[int]:
    """Stop every process of the server (SIGSTOP): it hangs, as a stuck host would."""
    return signal_all(server, signal.SIGSTOP)


def resume(pids) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
