"""The progress store: one interface, two backends (SQLite, PostgreSQL)."""
from .sqlite import *  # noqa: F401,F403
from .sqlite import Backend, SQLiteBackend, Store, StoreError, default_path  # noqa: F401
