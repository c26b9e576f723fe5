"""A lesson outside its browser: what its links do (show or try an example
on the play grid, judge a claim on it, start a quiz), the lesson text with
working links in the play screen's Lesson tab, and the palette's lesson
commands.  The browser itself is screens/lessons.py; it marks itself with
`is_lesson_browser`, and handles its own links there.

An example tried on the grid (`t`) is followed by a `LessonTry`: once the
learner's grid shows the example step's effect, the Log says so and offers
the next example (`]` on the grid).
"""
from __future__ import annotations

from dataclasses import dataclass

from textual.widgets import Markdown

from ...engine.registry import technique_name
from ...teaching.lesson_text import LessonError, parse_effect_list, parse_link
from ...teaching.lessons import Lesson, all_lessons, get_lesson
from ..palette import PaletteCommand
from .lesson_progress import lesson_gone_through


def short_title(lesson: Lesson) -> str:
    return lesson.short


def link_label(text: str, href: str) -> str:
    link = parse_link(href)
    if link is None:
        return f"{text} ({href})"
    if link.scheme == "lesson":
        target = get_lesson(link.target)
        return f"Lesson: {short_title(target) if target else link.target}"
    if link.scheme == "example":
        return f"Show example {link.example}"
    if link.scheme == "try":
        return f"Try example {link.example} on the grid"
    if link.scheme == "claim":
        where = f" on example {link.example}" if link.example else ""
        # spaced, so a narrow list wraps between cells, never inside one
        return f"Claim {', '.join(link.target.split(','))}{where}"
    from ...teaching.quiz import quiz_title
    try:
        return f"Practise: {quiz_title(dict(link.options).get('kind'), link.target)}"
    except ValueError:           # an unknown kind or target: the link says so when followed
        return f"Practise: {link.target}"


def practice_links(lesson: Lesson) -> list[tuple[str, str]]:
    """A quiz of every kind on what the lesson teaches, for its Links tab
    (those its text links already are not repeated)."""
    from ...teaching.quiz import kinds
    target = lesson.practice_target
    have = {href for _, href in lesson.links()}
    links = [(k.asks, f"quiz:{target}?kind={k.kind}") for k in kinds()]
    return [(text, href) for text, href in links if href not in have]


def links_list(lesson: Lesson) -> list[tuple[str, str]]:
    """The Links tab: the lesson's examples in their order (each shown,
    tried, claimed), then the other lessons it names, then its practice;
    each target once, under the first text that names it."""
    first: dict[str, tuple[int, str]] = {}
    for k, (text, href) in enumerate(lesson.links() + practice_links(lesson)):
        first.setdefault(href, (k, text))

    def place(href: str) -> tuple:
        k = first[href][0]
        link = parse_link(href)
        if link is None or link.scheme not in ("example", "try", "claim", "lesson"):
            return (2, 0, 0, k)
        if link.scheme == "lesson":
            return (1, 0, 0, k)
        n = link.example or (lesson.check_example.id if lesson.check_example else 0)
        return (0, n, ("example", "try", "claim").index(link.scheme), k)

    return [(first[href][1], href) for href in sorted(first, key=place)]


# ------------------------------------------------------------------ the play grid

def play_example(app, lesson: Lesson, n: int, highlight: bool) -> bool:
    """Load example n into the play grid (pattern highlighted or not), show
    the lesson in the play screen's Lesson tab, and switch to the grid."""
    play = getattr(app, "play", None)
    example = lesson.example(n)
    if play is None or example is None:
        return False
    pos = example.position()
    step = example.find_step(pos)
    play.load_position(pos, name=f"{short_title(lesson)}, example {n}",
                       step=step if highlight else None)
    play.set_lesson(LessonMarkdown(lesson, lesson.body), short_title(lesson))
    what = "shown with its pattern" if highlight else "find the step yourself"
    play.log_line(f"Example {n} ({example.label}): {what}. Technique: "
                  f"{technique_name(example.technique)}.", "info")
    if not highlight:
        play.lesson_try = LessonTry(lesson, n, step)
        lesson_gone_through(app, lesson.id, "tried")
    app.pop_to_play()
    play.grid.focus()                   # the keys go to the grid the example is on
    return True


@dataclass
class LessonTry:
    """A lesson example being tried on the play grid: it is found when the
    learner's grid shows the step's effect (its placements made, its
    eliminations gone), however they got there."""
    lesson: Lesson
    example: int
    step: object                     # the engine's step for the example, or None
    found: bool = False

    def step_in(self, position):
        """The step the hint leads to while the example is tried: the
        example's own step in this position, else another step of its
        technique here (the engine's), else None."""
        if self.found:
            return None
        from ...engine.registry import find_all
        example = self.lesson.example(self.example)
        if example is None:
            return None
        step = example.find_step(position)
        if step is not None:
            return step
        others = find_all(position, [example.technique])
        return others[0] if others else None

    @property
    def technique(self) -> str:
        example = self.lesson.example(self.example)
        return technique_name(example.technique) if example else ""

    def next_id(self) -> int | None:
        later = [e.id for e in self.lesson.examples if e.id > self.example]
        return later[0] if later else None

    def offer(self) -> str:
        nxt = self.next_id()
        if nxt is not None:
            return f"] tries example {nxt}."
        return "That was this lesson's last example: L opens the lessons."

    def check(self, play, change) -> None:
        step = self.step
        if self.found or step is None:
            return
        pos = play.game.position
        if any(pos.values[i] != d for i, d in step.placements):
            return
        if any(pos.has(i, d) for i, d in step.eliminations):
            return
        self.found = True
        label = change.label if change is not None else ""
        what = ("The hint showed this example's step" if label.startswith("hint:") else
                "Solving up to a technique applied this example's step"
                if label.startswith("solve up to") else "You found it")
        play.log_line(f"{what}: {step.text}. {self.offer()}", "ok")

    def next_example(self, app) -> None:
        nxt = self.next_id()
        if nxt is None:
            app.play.log_line(self.offer(), "info")
        elif not play_example(app, self.lesson, nxt, highlight=False):
            app.play.log_line(f"Cannot load example {nxt}.", "warn")


def submit_claim(app, lesson: Lesson, expr: str, n: int | None, pattern: str | None = None) -> bool:
    """Load the claim's example into the grid and send the claim to the judge
    (with the pattern the link names: a forcing chain's premise)."""
    example = lesson.example(n) if n else lesson.check_example
    play = getattr(app, "play", None)
    if example is None or play is None:
        return False
    try:
        pairs = parse_effect_list(expr.replace(",", " "))
    except LessonError as e:
        play.log_line(f"Claim not understood: {e}", "warn")
        return False
    if not play_example(app, lesson, example.id, highlight=False):
        return False
    by = example.technique          # judged as the technique the lesson teaches
    if "=" in expr.replace("<>", ""):
        # a placement claim: claim marks only hold eliminations, so straight to the judge
        play.log_line(f"Claim: {expr} by {by}" + (f" in {pattern}" if pattern else ""), "info")
        play.judge_busy = True
        play.run_judge(play.game.position.copy(), expr, play.game.position.key(), by, pattern)
        return True
    game = play.game
    change = None
    for i, d in sorted(pairs):
        if (i, d) not in game.marks:
            change = game.toggle_mark(i, d)
    play.after_change(change)
    play.action_submit(by=by, pattern=pattern)
    return True


def start_practice(app, technique: str, options=()) -> None:
    from . import available
    if available("quiz"):
        app.open_screen("quiz", technique=technique, **dict(options))
        return
    message = f"Practice for {technique_name(technique)}: the quiz screen is not available yet."
    app.notify(message, title="Practice", severity="warning")
    play = getattr(app, "play", None)
    if play is not None:
        play.log_line(message, "warn")


class LessonMarkdown(Markdown):
    """A lesson's Markdown whose links work wherever it is shown (the play
    screen's Lesson tab): lessons open in the browser, examples in the grid."""

    def __init__(self, lesson: Lesson, markdown: str, **kwargs) -> None:
        super().__init__(markdown, open_links=False, **kwargs)
        self.lesson = lesson

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        if getattr(self.screen, "is_lesson_browser", False):
            return                      # the browser handles its own links
        event.stop()
        link = parse_link(event.href)
        app = self.app
        if link is None:
            app.notify(f"Not a tutor link: {event.href}", severity="warning")
        elif link.scheme == "lesson":
            app.open_screen("lessons", lesson=link.target)
        elif link.scheme in ("example", "try"):
            play_example(app, self.lesson, link.example, highlight=link.scheme == "example")
        elif link.scheme == "claim":
            submit_claim(app, self.lesson, link.target, link.example, link.option("pattern"))
        elif link.scheme == "quiz":
            start_practice(app, link.target, link.options)


# ------------------------------------------------------------------ command palette

def open_lesson_command(app, lesson_id: str, example: int | None = None) -> None:
    screen = app.screen
    if getattr(screen, "is_lesson_browser", False):
        screen.open_lesson(lesson_id)
        if example:
            screen.show_example(example)
    else:
        app.open_screen("lessons", lesson=lesson_id, example=example)


def palette_commands(app):
    """Lessons by title (shown at once) and by technique name (when typed)."""
    for lesson in all_lessons():
        names = ", ".join(technique_name(t) for t in lesson.techniques)
        yield PaletteCommand(f"Lesson: {lesson.title}",
                             lambda lid=lesson.id: open_lesson_command(app, lid),
                             f"lesson {lesson.order}: {names}")
        for t in lesson.techniques:
            yield PaletteCommand(f"Lesson on {technique_name(t)}",
                                 lambda lid=lesson.id: open_lesson_command(app, lid),
                                 f"in '{lesson.title}'", discover=False)
