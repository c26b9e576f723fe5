"""Start and stop a private PostgreSQL server for the store tests."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
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


def start_postgres() -> PgServer:
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
    opts = (f"-p {server.port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=80")
    r = server.run("pg_ctl", "-D", os.path.join(base, "data"), "-l", os.path.join(base, "log"),
                   "-w", "-t", "30", "-o", opts, "start", check=False)
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
