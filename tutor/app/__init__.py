"""The Textual app.  make_app() is the factory used by the CLI and the tests."""
from __future__ import annotations


def make_app(puzzle: str | None = None, **options):
    from .app import TutorApp
    return TutorApp(puzzle=puzzle, **options)


def run_app(puzzle: str | None = None, **options) -> int:
    app = make_app(puzzle=puzzle, **options)
    app.run()
    return app.return_code or 0
