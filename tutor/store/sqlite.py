"""The SQLite backend of the progress store (the default).

One file under the user's data directory (``tutor.paths.user_data_dir()``,
which honours ``$SUDOKU_TUTOR_HOME``), created on first use, in WAL mode,
readable by its owner only (0600, and so its -wal and -shm files);
``Store.open(path)``, ``Store.open("sqlite:///path")`` or ``":memory:"``.
"""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from ..paths import private_folder
from .base import Backend, StoreError, StoreUnavailable, register_backend


class SQLiteBackend(Backend):
    """stdlib sqlite3 in autocommit mode: each statement commits at once."""

    serial_key = "INTEGER PRIMARY KEY AUTOINCREMENT"

    def __init__(self, path: str):
        self.path = path
        self.location = path
        try:
            if path != ":memory:":
                private_folder(Path(path).parent)
                _private(path)
            self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                                        timeout=10.0)
            if path != ":memory:":
                self.conn.execute("PRAGMA journal_mode=WAL")
                # WAL + NORMAL: a committed transaction survives a killed
                # process; only a power cut may lose the last few.
                self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA busy_timeout=10000")
            if path != ":memory:":
                for extra in ("-wal", "-shm"):        # SQLite makes them like the file; older ones may not be
                    _private(path + extra, create=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the progress store {path}: {e}") from None
        except OSError as e:
            raise StoreError(f"cannot open the progress store {path}: {e.strerror}") from None
        self.lock = threading.Lock()

    def execute(self, sql, params=()):
        with self.lock:
            try:
                self.conn.execute(sql, tuple(params))
            except sqlite3.Error as e:
                raise self._error(e) from None

    def query(self, sql, params=()):
        with self.lock:
            try:
                return self.conn.execute(sql, tuple(params)).fetchall()
            except sqlite3.Error as e:
                raise self._error(e) from None

    def _error(self, e: sqlite3.Error) -> StoreError:
        """A locked or busy database may answer on the next try; other errors will not."""
        text = str(e)
        busy = isinstance(e, sqlite3.OperationalError) and ("locked" in text or "busy" in text)
        return (StoreUnavailable if busy else StoreError)(f"progress store {self.path}: {text}")

    def close(self):
        with self.lock:
            self.conn.close()


def _private(path: str, create: bool = True) -> None:
    """The file readable by its owner only (0600): progress is personal.
    A new file is created so; an existing one of ours loses group and other
    bits; a file owned by someone else is left alone."""
    import os
    try:
        if create and not os.path.exists(path):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            return
        st = os.stat(path)
        if st.st_uid == os.getuid() and st.st_mode & 0o077:
            os.chmod(path, st.st_mode & 0o700)
    except OSError:
        pass


register_backend("", SQLiteBackend)          # a plain path (sqlite:/// URLs arrive as paths)
