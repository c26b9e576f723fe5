"""Command palette (ctrl+p): one Textual Provider fed by a list of sources.

A source is a function `source(app) -> iterable of PaletteCommand`.  Add one
with `register_commands(source)` (e.g. the lesson browser registers
"Lesson: X-Wing" entries); the provider asks every source each time the
palette opens, so commands can depend on the app's state.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.css.query import NoMatches

from .palette import PaletteCommand, Source

SOURCES: list[Source] = []


def register_commands(source: Source) -> Source:
    """Add a command source (usable as a decorator)."""
    if source not in SOURCES:
        SOURCES.append(source)
    return source


def _commands(app) -> list[PaletteCommand]:
    out: list[PaletteCommand] = []
    for source in list(SOURCES):
        try:
            out.extend(source(app))
        except Exception as e:  # a broken source must not break the palette
            app.log.error(f"command source {source!r} failed: {e}")
    return out


MAX_QUERY = 40          # longer queries match nothing (and cost nothing)


def match(query: str, title: str) -> tuple[float, list[int]] | None:
    """(score, matched positions) when the query's letters appear in the title
    in order; None otherwise.  Linear in the title's length: Textual's own
    fuzzy matcher tries every way a query can match, which grows
    exponentially with repeated letters ("pppppppp" froze the app)."""
    q, t = query.lower().strip(), title.lower()
    if not q or len(q) > MAX_QUERY:
        return None
    at = t.find(q)
    if at >= 0:
        bonus = 1.0 if at == 0 or not t[at - 1].isalnum() else 0.5
        return 2.0 + bonus + len(q) / max(len(t), 1), list(range(at, at + len(q)))
    positions, k = [], 0
    for ch in q:
        if ch == " ":
            continue
        k = t.find(ch, k)
        if k < 0:
            return None
        positions.append(k)
        k += 1
    span = positions[-1] - positions[0] + 1
    return len(positions) / span, positions


def highlighted(title: str, positions: list[int], style) -> Content:
    """The title as plain text (never markup), the matched letters styled."""
    content = Content(title)
    for i in positions:
        content = content.stylize(style, i, i + 1)
    return content


class SteadyCommandPalette(CommandPalette):
    """Textual's palette, minus a crash: its busy indicator is toggled from
    a callback that can run after the palette's widgets are gone (open and
    close it quickly and the app died with NoMatches)."""

    async def _watch__show_busy(self) -> None:
        try:
            await super()._watch__show_busy()
        except NoMatches:
            pass


class TutorCommands(Provider):
    """Techniques, puzzles, actions, and whatever other sources add."""

    async def discover(self) -> Hits:
        for cmd in _commands(self.app):
            if cmd.discover:
                yield DiscoveryHit(cmd.title, cmd.callback, help=cmd.help or None)

    async def search(self, query: str) -> Hits:
        if len(query.strip()) > MAX_QUERY:
            return
        style = self.matcher(query).match_style
        for cmd in _commands(self.app):
            got = match(query, cmd.title)
            if got is not None:
                score, positions = got
                yield Hit(score, highlighted(cmd.title, positions, style), cmd.callback,
                          help=cmd.help or None)


# ------------------------------------------------------------------ built-in sources

@register_commands
def technique_commands(app) -> Iterable[PaletteCommand]:
    """Jump to a technique's steps in the Steps tab."""
    from ..engine.registry import ladder
    play = getattr(app, "play", None)
    if play is None:
        return
    for t in ladder():
        yield PaletteCommand(f"Steps: {t.name}", lambda tid=t.id: play.show_technique(tid),
                             f"list every {t.name} in this position", discover=False)


@register_commands
def puzzle_commands(app) -> Iterable[PaletteCommand]:
    from . import catalog
    play = getattr(app, "play", None)
    if play is None:
        return
    for lv in catalog.LEVELS:
        yield PaletteCommand(f"New puzzle: random {lv.title.lower()}",
                             lambda lid=lv.id: play.load_random(lid), lv.note)
    for lv in catalog.LEVELS:
        for p in catalog.puzzles(lv.id):
            yield PaletteCommand(f"Puzzle: {p.name}", lambda p=p: play.load_catalog(p),
                                 p.givens, discover=False)


@register_commands
def action_commands(app) -> Iterable[PaletteCommand]:
    from .screens import SCREENS, available
    play = getattr(app, "play", None)
    if play is None:
        return
    yield PaletteCommand("Fill in all candidates", play.action_fill, "key a")
    yield PaletteCommand("Clear all candidates (pencil them yourself)",
                         play.action_clear_candidates, "key C")
    yield PaletteCommand("Clear all colours", play.action_clear_colours, "keys v then 0")
    yield PaletteCommand("Next colour for v (a, A, b, B)", play.action_next_colour, "key V")
    now = "on" if getattr(app, "start_without_candidates", False) else "off"
    yield PaletteCommand("New puzzles start without candidates (on/off)",
                         lambda: toggle_start_without_candidates(app),
                         f"now {now}; also c in the puzzle picker")
    yield PaletteCommand("Toggle auto-update of candidates", play.action_toggle_auto, "key A")
    yield PaletteCommand("Check my grid", play.action_check, "key c")
    yield PaletteCommand("Hint", play.action_hint, "key H")
    yield PaletteCommand("Clear claim marks", play.action_clear_marks, "key X")
    yield PaletteCommand("Grid size: next layout", play.action_cycle_layout, "key z")
    yield PaletteCommand("Toggle row/column/box highlight", play.action_toggle_house,
                         "tint the row, column and box of the cursor (on/off)")
    for d in range(1, 10):
        yield PaletteCommand(f"Highlight digit {d}", lambda d=d: play.set_digit(d),
                             f"key f then {d}", discover=False)
    for name, entry in SCREENS.items():
        if available(name):
            yield PaletteCommand(entry.command, lambda n=name: app.open_screen(n), entry.help)


@register_commands
def solve_commands(app) -> Iterable[PaletteCommand]:
    """Solve up to a level or a technique (HoDoKu's "solve up to")."""
    from ..engine.registry import ladder
    from ..engine.solve import levels
    play = getattr(app, "play", None)
    if play is None:
        return
    yield PaletteCommand("Apply every single", play.action_apply_singles,
                         "key S; u takes them all back")
    yield PaletteCommand("Solve up to…", play.action_choose_limit,
                         "key U: every step up to a level or a technique")
    for family, name in levels():
        yield PaletteCommand(f"Solve up to level: {name}", lambda f=family: play.solve_up_to(f),
                             "every step no harder than this level", discover=False)
    for t in ladder():
        yield PaletteCommand(f"Solve up to: {t.name}", lambda tid=t.id: play.solve_up_to(tid),
                             f"every step up to {t.name}, simplest first", discover=False)


def toggle_start_without_candidates(app) -> None:
    app.start_without_candidates = not app.start_without_candidates
    play = getattr(app, "play", None)
    if play is not None:
        play.log_line("New puzzles now start without candidates (a fills them in)."
                      if app.start_without_candidates else
                      "New puzzles now start with every candidate filled in.", "info")


@register_commands
def settings_commands(app) -> Iterable[PaletteCommand]:
    """Each setting, offered as the switch to its other value."""
    from .settings import SETTINGS, text_of
    if not hasattr(app, "set_setting"):
        return
    for name, s in SETTINGS.items():
        new = not app.setting(name)
        yield PaletteCommand(f"Settings: {s.title.lower()} {text_of(new)}",
                             lambda n=name, v=new: app.set_setting(n, v),
                             f"now {text_of(not new)}. {s.help}")


@register_commands
def quiz_commands(app) -> Iterable[PaletteCommand]:
    """Every kind of quiz on every family and technique (found when typed:
    'quiz name wings')."""
    from .screens import available
    if not available("quiz"):
        return
    from ..engine.registry import families, ladder
    from ..teaching.quiz import kinds, quiz_title
    sizes = Counter(t.family for t in ladder())
    # a family of one technique is offered as that technique only
    targets = [fid for fid, _ in families() if sizes[fid] > 1] + [t.id for t in ladder()]
    for k in kinds():
        for target in targets:
            yield PaletteCommand(f"Quiz: {quiz_title(k.kind, target)}",
                                 lambda kind=k.kind, t=target: app.open_screen("quiz", target=t, kind=kind),
                                 f"a quiz: {k.asks}", discover=False)


@register_commands
def lesson_commands(app) -> Iterable[PaletteCommand]:
    """Lessons by title and by technique (the lesson browser's source)."""
    from .screens import available
    if not available("lessons"):
        return
    from .screens.lesson_links import palette_commands
    yield from palette_commands(app)
