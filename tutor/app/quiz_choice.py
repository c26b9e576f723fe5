"""What `Q` (and the palette's "Practise: a quiz") opens: the quiz on what
the learner is working on, else the quiz chooser.

Working on, in this order: the lesson in front (the lesson browser's, or
the play screen's Lesson tab), the quiz last opened in this run, the
technique last practised (the learner model's latest rated result).  With
none of these the palette opens on its "Quiz:" entries, one per kind and
technique or family, to pick from."""
from __future__ import annotations


def quiz_args(app, kwargs: dict) -> dict | None:
    """The quiz screen's arguments: as given, else the quiz on what the
    learner works on (remembered for the next Q); None when there is none
    and the chooser opened instead."""
    kwargs = kwargs or working_on(app) or {}
    if not kwargs:
        open_quiz_chooser(app)
        return None
    if "quiz" not in kwargs:           # (a class's quiz is not the learner's own choice)
        app.last_quiz = {k: v for k, v in kwargs.items() if k in ("target", "technique", "kind")}
    return kwargs


def working_on(app) -> dict | None:
    """The quiz to open (open_screen's keyword arguments), or None."""
    lesson = shown_lesson(app)
    if lesson is not None:
        return {"target": lesson.practice_target}
    if getattr(app, "last_quiz", None):
        return dict(app.last_quiz)
    technique = last_practised(app)
    return {"target": technique} if technique else None


def shown_lesson(app):
    """The lesson the learner has in front: the browser's, or the Lesson tab's."""
    from .screens.lesson_links import LessonMarkdown
    for screen in reversed(app.screen_stack):
        if getattr(screen, "is_lesson_browser", False) and screen.lesson is not None:
            return screen.lesson
    play = getattr(app, "play", None)
    if play is not None and play.is_mounted:
        shown = play.query(LessonMarkdown)
        if shown:
            return shown.first().lesson
    return None


def last_practised(app) -> str | None:
    """The technique of the learner's latest rated result, or None."""
    from ..teaching import learner
    store = getattr(app, "store", None)
    if store is None:
        return None
    try:
        skills = learner.load(store).learner(app.user).skills
    except Exception:        # noqa: BLE001 - no model yet: nothing practised to go back to
        return None
    rated = [(s.last_ms, t) for t, s in skills.items() if s.attempts]
    return max(rated)[1] if rated else None


def open_quiz_chooser(app) -> None:
    """The palette, showing its quiz entries to pick one from."""
    from textual.widgets import Input

    from .commands import SteadyCommandPalette
    palette = SteadyCommandPalette(id="--command-palette")

    def fill() -> None:
        palette.query_one(Input).value = "Quiz: "

    app.push_screen(palette)
    palette.call_after_refresh(fill)
