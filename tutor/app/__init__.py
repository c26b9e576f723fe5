"""The Textual app.  make_app() is the factory used by the CLI and the tests;
see tutor/app/app.py for the options and the extension points."""
from __future__ import annotations


def make_app(puzzle=None, **options):
    """Build a TutorApp.  `puzzle`: a position string (any format), a file
    path, or a Position; None resumes the saved game (or a default puzzle).
    Raises PositionError (one line) for a bad puzzle, before any terminal
    work.  Options: store_path, store, user, layout, start_screen, start_args,
    save, name (see TutorApp)."""
    from .app import TutorApp
    return TutorApp(puzzle=puzzle, **options)


def run_app(puzzle=None, **options) -> int:
    app = make_app(puzzle=puzzle, **options)
    app.run()
    return app.return_code or 0
