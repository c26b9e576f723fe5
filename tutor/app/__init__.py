"""The Textual app.  make_app() is the factory used by the CLI and the tests;
see tutor/app/app.py for the options and the extension points.

Memory: one app process runs per SSH student (tutor/classroom), so its
resident size matters.  Importing asyncio (which Textual does) normally
imports `ssl` as well, and loading OpenSSL costs about 5 MB of resident
memory in every process, although the app never opens a TLS connection
through asyncio.  `_import_asyncio_without_ssl()` therefore imports asyncio
with `ssl` hidden, so asyncio's own optional TLS support stays switched off
in this process; `import ssl` works as usual afterwards (the PostgreSQL
driver imports it when it needs it).  It does nothing when asyncio is
already imported (tests, the classroom server), or when
SUDOKU_TUTOR_ASYNCIO_SSL=1 is set.
"""
from __future__ import annotations

import os
import sys


def _import_asyncio_without_ssl() -> None:
    if ("asyncio" in sys.modules or "ssl" in sys.modules
            or os.environ.get("SUDOKU_TUTOR_ASYNCIO_SSL") == "1"):
        return
    sys.modules["ssl"] = None           # type: ignore[assignment]  (import ssl -> ImportError)
    try:
        import asyncio  # noqa: F401   (its modules keep `ssl = None`: no TLS transports)
    finally:
        if sys.modules.get("ssl", 0) is None:
            del sys.modules["ssl"]


def make_app(puzzle=None, **options):
    """Build a TutorApp.  `puzzle`: a position string (any format), a file
    path, or a Position; None resumes the saved game (or a default puzzle).
    Raises PositionError (one line) for a bad puzzle, before any terminal
    work.  Options: store_path, store, user, layout, start_screen, start_args,
    save, name (see TutorApp)."""
    _import_asyncio_without_ssl()
    from .app import TutorApp
    return TutorApp(puzzle=puzzle, **options)


def run_app(puzzle=None, **options) -> int:
    """Run the app in this terminal (one app per process: the process's
    memory is tidied once start-up is over, see tutor/app/memory.py; what
    waits to be saved is written before it ends, see tutor/app/saving.py)."""
    from ..teaching import bank_worker
    from .saving import flush, save_before_exit
    options.setdefault("bank_worker", bank_worker.wanted())     # keep the practice bank topped up meanwhile
    app = make_app(puzzle=puzzle, **options)
    app.settle_memory = True
    save_before_exit(app)
    app.run()
    flush(app)
    return app.return_code or 0
