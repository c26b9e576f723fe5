"""The progress store: one interface (base.py), two backends (sqlite.py,
postgres.py).  Importing the package registers both backends, so
`Store.open(path_or_url)` serves a path, ``sqlite:///...`` and
``postgresql://...``."""
from .base import (  # noqa: F401
    Backend, SavedGame, Store, StoreError, StoreUnavailable, default_path, open_store,
    register_backend,
)
from .postgres import PostgresBackend  # noqa: F401
from .sqlite import SQLiteBackend  # noqa: F401

__all__ = ["Store", "StoreError", "StoreUnavailable", "SavedGame", "Backend", "SQLiteBackend", "PostgresBackend",
           "open_store", "default_path", "register_backend"]
