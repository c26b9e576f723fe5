"""PostgreSQL backend for the progress store (optional extra `postgres`).

    Store.open("postgresql://user:password@host:5432/dbname")
    Store.open("postgresql://user@/dbname?host=/var/run/postgresql")   # Unix socket

A URL without a password takes it from $SUDOKU_TUTOR_DB_PASSWORD (or
$PGPASSWORD), so that it never shows in `ps`.

Uses pg8000 (pure Python, BSD licence).  Each statement runs in autocommit
mode, like the SQLite backend, so a call that returned has been committed.
Several classroom servers may share one database (e.g. behind a TCP load
balancer): schema creation is serialised with an advisory lock, because
concurrent CREATE TABLE IF NOT EXISTS can collide in PostgreSQL.

A connection that fails in any way (a timeout while the server stalls, a
reset, a server shutting down) is dropped, and the call raises
StoreUnavailable; the next call opens a fresh connection.  Every statement
waits at most `connect_timeout` seconds (10 unless the URL says otherwise).
"""
from __future__ import annotations

import threading
from typing import Any, Sequence
from urllib.parse import parse_qs, unquote, urlsplit, urlunsplit

from .base import Backend, StoreError, StoreUnavailable, register_backend

_SCHEMA_LOCK = 0x5D0C0_7007          # any constant; shared by every process using the store


def redact(url: str) -> str:
    """The URL without its password (for logs and messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    return urlunsplit(parts._replace(netloc=netloc[0].split(":", 1)[0] + ":***@" + netloc[1]))


def parse_url(url: str) -> dict:
    """postgresql:// URL -> pg8000 connect() keywords (ValueError when bad)."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ValueError(f"not a postgresql:// URL: {redact(url)}")
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    try:
        port = parts.port or int(query.get("port", 5432))
    except ValueError:
        raise ValueError(f"bad port in {redact(url)}") from None
    kw: dict[str, Any] = {
        "user": unquote(parts.username or query.get("user") or "postgres"),
        "database": unquote(parts.path.lstrip("/")) or query.get("dbname") or None,
        "port": port,
        "application_name": "sudoku-tutor",
        "timeout": float(query.get("connect_timeout", 10)),
    }
    if parts.password is not None:
        kw["password"] = unquote(parts.password)
    elif "password" in query:
        kw["password"] = query["password"]
    else:       # kept out of the URL (and so out of `ps`): from the environment
        import os
        pw = os.environ.get("SUDOKU_TUTOR_DB_PASSWORD") or os.environ.get("PGPASSWORD")
        if pw:
            kw["password"] = pw
    host = unquote(parts.hostname or "") or query.get("host", "")
    if host.startswith("/"):
        kw["unix_sock"] = f"{host.rstrip('/')}/.s.PGSQL.{port}"
    else:
        kw["host"] = host or "localhost"
    if query.get("sslmode") in ("require", "verify-ca", "verify-full"):
        import ssl
        ctx = ssl.create_default_context()
        if query["sslmode"] == "require":
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
        kw["ssl_context"] = ctx
    return kw


def to_named(sql: str) -> tuple[str, int]:
    """Rewrite `?` placeholders (outside quotes) as pg8000's :p1, :p2, ..."""
    out, n, quote = [], 0, None
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
            out.append(ch)
        elif ch in ("'", '"'):
            quote = ch
            out.append(ch)
        elif ch == "?":
            n += 1
            out.append(f":p{n}")
        else:
            out.append(ch)
    return "".join(out), n


class PostgresBackend(Backend):
    serial_key = "BIGSERIAL PRIMARY KEY"

    def __init__(self, url: str):
        try:
            import pg8000.native  # noqa: F401
        except ImportError:
            raise StoreError("the PostgreSQL store needs pg8000: pip install 'sudoku-tutor[postgres]'") from None
        self.url = url
        self.location = redact(url)
        try:
            self.params = parse_url(url)
        except ValueError as e:
            raise StoreError(str(e)) from None
        self.lock = threading.Lock()
        self.conn: Any = None             # a pg8000 Connection while connected
        self._sql_cache: dict[str, tuple[str, int]] = {}
        with self.lock:
            self._connect()

    def _connect(self):
        import pg8000.native
        try:
            self.conn = pg8000.native.Connection(**self.params)
        except pg8000.native.DatabaseError as e:
            self.conn = None
            cls = StoreUnavailable if _unavailable(e) else StoreError
            raise cls(f"cannot open the progress store {self.location}: {_msg(e)}") from None
        except (pg8000.native.Error, OSError) as e:
            self.conn = None
            raise StoreUnavailable(f"cannot open the progress store {self.location}: {_msg(e)}") from None

    def _run(self, sql: str, params: Sequence[Any]):
        import pg8000.native
        named = self._sql_cache.get(sql)
        if named is None:
            named = self._sql_cache[sql] = to_named(sql)
        text, n = named
        if n != len(params):
            raise StoreError(f"statement wants {n} values, got {len(params)}")
        values = {f"p{i}": v for i, v in enumerate(params, 1)}
        if self.conn is None:
            self._connect()
        try:
            if text.lstrip().upper().startswith("CREATE"):
                return self._create(text, values)
            return self.conn.run(text, **values)
        except (pg8000.native.InterfaceError, OSError) as e:
            # the connection broke or timed out (pg8000 lets a socket timeout
            # through as a bare OSError, and the socket is unusable after it):
            # drop it; the next call reconnects
            self._drop()
            raise StoreUnavailable(f"progress store {self.location}: connection lost: {_msg(e)}") from None
        except pg8000.native.DatabaseError as e:
            if _unavailable(e):
                self._drop()
                raise StoreUnavailable(f"progress store {self.location}: {_msg(e)}") from None
            raise StoreError(f"progress store {self.location}: {_msg(e)}") from None

    def _create(self, text, values):
        self.conn.run("BEGIN")
        try:
            self.conn.run(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})")
            rows = self.conn.run(text, **values) if values else self.conn.run(text)
            self.conn.run("COMMIT")
            return rows
        except BaseException:
            try:
                self.conn.run("ROLLBACK")
            except Exception:
                self._drop()
            raise

    def _drop(self):
        try:
            if self.conn is not None:
                self.conn.close()
        except Exception:
            pass
        self.conn = None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        with self.lock:
            self._run(sql, tuple(params))

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self.lock:
            rows = self._run(sql, tuple(params))
        return [tuple(r) for r in rows or ()]

    def close(self) -> None:
        with self.lock:
            self._drop()


def _unavailable(e: Exception) -> bool:
    """A server-side error that says the server cannot serve now (SQLSTATE
    class 08 connection exception, 53 insufficient resources, 57 operator
    intervention: shutting down, starting up, terminated by an admin)."""
    arg = e.args[0] if e.args else None
    code = str(arg.get("C", "")) if isinstance(arg, dict) else ""
    return code[:2] in ("08", "53", "57")


def _msg(e: Exception) -> str:
    """pg8000 puts a dict of server fields in args[0]; keep the message."""
    arg = e.args[0] if e.args else e
    if isinstance(arg, dict):
        return str(arg.get("M") or arg)
    return str(arg) or type(e).__name__


register_backend("postgresql", PostgresBackend)
register_backend("postgres", PostgresBackend)
