"""The lesson browser: lessons in ladder order, the Markdown text with a
table of contents, and links that open other lessons, show an example's
position with its pattern highlighted, load it into the play grid, judge a
claim on it, or start a quiz.

Link schemes (documented in tutor/teaching/lesson_text.py): lesson:ID,
example:N, try:N, claim:EXPR / claim:N:EXPR, quiz:TECHNIQUE[?kind=...].
What a link does outside the browser, the lesson text in the play screen's
Lesson tab and the palette's lesson commands: screens/lesson_links.py.

Keys: the lesson list has the focus at first (arrows and Enter pick a
lesson; Tab moves on to the text), 1-9 show example N, t try it (play the
shown example), p practise, b / Backspace / Left back through the lessons
seen, [ and ] previous / next lesson, / search, o / k / l the Contents, Links
and Lessons tabs, ? the keys, Esc closes the example, else the browser.

The screen holds no Sudoku logic: examples come from tutor.teaching.lessons (which
asks the engine), claims go to the judge through the play screen.
"""
from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Header, Input, Markdown, OptionList, Static, TabbedContent, TabPane,
)
from textual.widgets.option_list import Option

from ...engine.registry import technique_name
from ...teaching.lesson_text import parse_link
from ...teaching.lessons import Lesson, all_lessons, get_lesson, search_lessons
from ..widgets.role_view import panel_text
from ..widgets.grid import Highlight, SudokuGrid, choose_layout
from .lesson_links import (
    link_label, links_list, play_example, short_title, start_practice, submit_claim,
)
from .lesson_progress import lesson_gone_through, lesson_mastery, lessons_read
from ..widgets.footer import KeyBar

SIDE_WIDTH = 30
PRACTICE_KIND = "eliminate"    # the quiz kind the Practice key starts
TEXT_MIN = 40          # columns kept for the lesson text beside an example


# ------------------------------------------------------------------ the screen

class LessonScreen(Screen):
    """Lesson list, lesson text with contents and links, example preview.

    The lesson list has the focus when the browser opens, so arrows and
    Enter pick a lesson at once; `/` goes to the search box, Tab on to the
    text."""

    # (Textual's default would focus the first focusable widget: the search box)
    AUTO_FOCUS = "#lesson-list"
    is_lesson_browser = True        # lesson links shown here are followed here

    BINDINGS = [
        Binding("escape", "escape", "Close"),
        Binding("b,backspace,left", "back", "Back"),
        Binding("t", "try_it", "Try it"),
        Binding("p", "practice", "Practice"),
        Binding("k", "side_tab('links')", "Links"),
        Binding("question_mark", "keys", "Keys"),
        Binding("right_square_bracket", "next_lesson", "Next lesson", show=False),
        Binding("left_square_bracket", "previous_lesson", "Previous lesson", show=False),
        Binding("slash", "search", "Search", show=False),
        Binding("o", "side_tab('contents')", "Contents tab", show=False),
        Binding("l", "side_tab('list')", "Lessons tab", show=False),
        *[Binding(str(n), f"show_example({n})", "Show example N on a grid beside the text",
                  show=False) for n in range(1, 10)],
    ]

    HELP = [("Moving around", [
        ("Esc", "closes the example shown, else the lessons (back to the grid); in the "
                "search box it empties the search"),
        ("b, Backspace, ←", "back through the lessons seen here (before the first: the grid)"),
        ("Tab", "the next part: the search box, the tabs, the list, the lesson text"),
        ("↑ ↓ Enter", "in a list (Lessons, Contents, Links): pick an entry"),
        ("t", "try the example shown (else the first) on the play grid, where hints and "
              "claims work"),
    ])]

    DEFAULT_CSS = f"""
    LessonScreen #lessons-main {{ height: 1fr; }}
    LessonScreen #lessons-side {{ width: {SIDE_WIDTH}; height: 100%; }}
    LessonScreen #lesson-search {{ margin: 0; }}
    LessonScreen #side-tabs {{ height: 1fr; }}
    LessonScreen #side-tabs TabPane {{ padding: 0; }}
    LessonScreen OptionList {{ height: 1fr; border: none; }}
    LessonScreen #text-column {{ width: 1fr; height: 100%; }}
    LessonScreen #lesson-scroll {{ width: 1fr; height: 1fr; padding: 0 1; }}
    LessonScreen #example-pane {{ width: auto; height: 100%; display: none; }}
    LessonScreen #example-pane.-shown {{ display: block; }}
    LessonScreen.-wide-hidden #lessons-side {{ display: none; }}
    LessonScreen #example-caption {{ width: 100%; height: auto; max-height: 8; padding: 0 1;
                                      background: $panel; display: none; }}
    LessonScreen #example-caption.-shown {{ display: block; }}
    """

    def __init__(self, lesson: str | None = None, example: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lessons = all_lessons()
        first = lesson or (self.lessons[0].id if self.lessons else None)
        self.lesson: Lesson | None = None
        self._start = (first, example)
        self.history: list[tuple[str, int | None]] = []
        self.example_shown: int | None = None
        self.shown_step = None
        self.toc: list[tuple[int, str, str]] = []       # (level, text, block id)
        self.links: list[tuple[str, str]] = []
        self.problem = ""                               # last message shown (tests read it)
        self._filter = ""

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lessons-main"):
            with Vertical(id="lessons-side"):
                yield Input(placeholder="Search lessons ( / )", id="lesson-search")
                with TabbedContent(initial="list", id="side-tabs"):
                    with TabPane("Lessons", id="list"):
                        yield OptionList(id="lesson-list")
                    with TabPane("Contents", id="contents"):
                        yield OptionList(id="lesson-toc")
                    with TabPane("Links", id="links"):
                        yield OptionList(id="lesson-links")
            with Vertical(id="text-column"):
                yield Static("", id="example-caption")
                with VerticalScroll(id="lesson-scroll"):
                    yield Markdown("", id="lesson-md", open_links=False)
            with Vertical(id="example-pane"):
                yield SudokuGrid(id="example-grid")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Lessons"
        self.refresh_list()
        lesson_id, example = self._start
        if lesson_id is None:
            self.query_one("#lesson-md", Markdown).update("No lessons found.")
            return
        if get_lesson(lesson_id) is None:
            self.say(f"No lesson '{lesson_id}'; showing the first one.")
            lesson_id = self.lessons[0].id
        self.open_lesson(lesson_id, remember=False)
        if example:
            self.show_example(example)
        self.query_one("#lesson-list", OptionList).focus()
        self.watch(self.query_one("#lesson-scroll", VerticalScroll), "scroll_y",
                   self._scrolled, init=False)

    def _scrolled(self, y: float) -> None:
        """The text scrolled to its end: the lesson is read (not on opening)."""
        scroll = self.query_one("#lesson-scroll", VerticalScroll)
        if self.lesson is None or scroll.max_scroll_y <= 0 or y < scroll.max_scroll_y - 0.5:
            return
        if lesson_gone_through(self.app, self.lesson.id, "scrolled"):
            self.refresh_list()

    # ------------------------------------------------------------ the list
    def refresh_list(self) -> None:
        read = lessons_read(self.app)
        shown = search_lessons(self._filter, self.lessons) if self._filter else self.lessons
        options = []
        for lesson in shown:
            mark = "✓" if lesson.id in read else "·"
            mastery = lesson_mastery(self.app, lesson)
            tail = f" {round(100 * mastery):3d}%" if mastery is not None else ""
            label = Text(f"{mark} {lesson.order}. {short_title(lesson)}")
            if tail:
                label.append(tail, style="bold")
            options.append(Option(label, id=lesson.id))
        box = self.query_one("#lesson-list", OptionList)
        box.clear_options()
        box.add_options(options)
        if self.lesson is not None:
            for k, lesson in enumerate(shown):
                if lesson.id == self.lesson.id:
                    box.highlighted = k

    def list_labels(self) -> list[str]:
        box = self.query_one("#lesson-list", OptionList)
        return [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]

    # ------------------------------------------------------------ opening
    def open_lesson(self, lesson_id: str, remember: bool = True) -> bool:
        lesson = get_lesson(lesson_id)
        if lesson is None:
            self.say(f"No lesson '{lesson_id}'.")
            return False
        if remember and self.lesson is not None:
            self.history.append((self.lesson.id, self.example_shown))
        self.lesson = lesson
        self.hide_example()
        self.sub_title = lesson.title
        self.query_one("#lesson-md", Markdown).update(lesson.body)
        self.query_one("#lesson-scroll", VerticalScroll).scroll_home(animate=False)
        self.links = links_list(lesson)
        links = self.query_one("#lesson-links", OptionList)
        links.clear_options()
        links.add_options([Option(link_label(t, h), id=f"link-{k}")
                           for k, (t, h) in enumerate(self.links)])
        links.highlighted = 0 if self.links else None       # Enter follows it at once
        if hasattr(self.app, "set_activity"):
            self.app.set_activity(f"lesson {lesson.id}")
        self.refresh_list()
        return True

    @on(Markdown.TableOfContentsUpdated, "#lesson-md")
    def _toc_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        event.stop()
        self.toc = [(lvl, text, block) for lvl, text, block in event.table_of_contents
                    if 2 <= lvl <= 3]
        box = self.query_one("#lesson-toc", OptionList)
        box.clear_options()
        box.add_options([Option(("  " * (lvl - 2)) + text, id=f"toc-{k}")
                         for k, (lvl, text, _) in enumerate(self.toc)])
        box.highlighted = 0 if self.toc else None

    def goto_heading(self, index: int) -> None:
        _, _, block = self.toc[index]
        target = self.query_one(f"#{block}")
        self.query_one("#lesson-scroll", VerticalScroll).scroll_to_widget(target, top=True,
                                                                          animate=False)

    # ------------------------------------------------------------ option lists
    @on(OptionList.OptionSelected, "#lesson-list")
    def _lesson_picked(self, event: OptionList.OptionSelected) -> None:
        if event.option_id and (self.lesson is None or event.option_id != self.lesson.id):
            self.open_lesson(event.option_id)

    @on(OptionList.OptionSelected, "#lesson-toc")
    def _heading_picked(self, event: OptionList.OptionSelected) -> None:
        self.goto_heading(int(event.option_id.split("-")[1]))

    @on(OptionList.OptionSelected, "#lesson-links")
    def _link_picked(self, event: OptionList.OptionSelected) -> None:
        _, href = self.links[int(event.option_id.split("-")[1])]
        self.follow_link(href)

    # ------------------------------------------------------------ links
    @on(Markdown.LinkClicked)
    def _link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.follow_link(event.href)

    def follow_link(self, href: str) -> None:
        link = parse_link(href)
        if link is None:
            self.say(f"Not a tutor link: {href}")
            return
        lesson = self.lesson
        if link.scheme == "lesson":
            self.open_lesson(link.target)
        elif link.scheme == "example":
            self.show_example(link.example)
        elif link.scheme == "try":
            self.try_example(link.example)
        elif link.scheme == "claim":
            if not submit_claim(self.app, lesson, link.target, link.example, link.option("pattern")):
                self.say(f"Cannot open the claim {link.target}.")
        elif link.scheme == "quiz":
            start_practice(self.app, link.target, link.options)

    # ------------------------------------------------------------ examples
    def show_example(self, n: int) -> bool:
        lesson = self.lesson
        example = lesson.example(n) if lesson else None
        if example is None:
            self.say(f"This lesson has no example {n}.")
            return False
        pos = example.position()
        step = example.find_step(pos)
        grid = self.query_one("#example-grid", SudokuGrid)
        cursor = step.cells[0] if step is not None and step.cells else 40
        if step is None:
            highlight = Highlight(cells=frozenset(example.cells), digits=frozenset(example.digits),
                                  label="lesson example")
            caption = (f"Example {n}: {example.label}\nThe engine no longer finds this "
                       f"{technique_name(example.technique)} here: please report it.")
        else:
            highlight = Highlight.of_step(step)
            shown = panel_text(highlight)
            caption = (f"Example {n}: {example.label}\n{step.text}\n"
                       + (f"{shown}\n" if shown else "") + "(t: try it yourself, Esc: close)")
        grid.update(position=pos, highlight=highlight, cursor=cursor, show_house=False, digit=0)
        self.query_one("#example-caption", Static).update(caption)
        self.query_one("#example-caption").add_class("-shown")
        self.query_one("#example-pane").add_class("-shown")
        self.example_shown = n
        self.shown_step = step
        self._fit_example()
        return True

    def _fit_example(self) -> None:
        """Pick the grid size for the terminal; hide the lesson list if the
        grid and the text do not both fit beside it."""
        grid = self.query_one("#example-grid", SudokuGrid)
        size = self.app.size
        grid.set_layout(choose_layout(size.width, size.height - 2, side=TEXT_MIN))
        self.set_class(size.width < SIDE_WIDTH + grid.grid_layout.width + TEXT_MIN,
                       "-wide-hidden")

    def on_resize(self, event) -> None:
        if self.example_shown is not None:
            self._fit_example()

    def hide_example(self) -> None:
        self.example_shown = None
        self.shown_step = None
        self.query_one("#example-pane").remove_class("-shown")
        self.query_one("#example-caption").remove_class("-shown")
        self.remove_class("-wide-hidden")

    def try_example(self, n: int | None = None) -> None:
        lesson = self.lesson
        if lesson is None or not lesson.examples:
            self.say("This lesson has no example to try.")
            return
        n = n or self.example_shown or lesson.examples[0].id
        if not play_example(self.app, lesson, n, highlight=False):
            self.say(f"Cannot load example {n}.")

    # ------------------------------------------------------------ actions
    def action_show_example(self, n: int) -> None:
        self.show_example(n)

    def action_try_it(self) -> None:
        self.try_example()

    def action_practice(self) -> None:
        if self.lesson is not None:
            start_practice(self.app, self.lesson.practice_target, (("kind", PRACTICE_KIND),))

    def action_back(self) -> None:
        if not self.history:
            self.app.pop_screen()
            return
        lesson_id, example = self.history.pop()
        self.open_lesson(lesson_id, remember=False)
        if example:
            self.show_example(example)

    def action_escape(self) -> None:
        search = self.query_one("#lesson-search", Input)
        if search.has_focus:
            search.value = ""
            self.query_one("#lesson-list", OptionList).focus()
        elif self.example_shown is not None:
            self.hide_example()
        else:
            self.app.pop_screen()

    def action_keys(self) -> None:
        from .help import HelpScreen
        self.app.push_screen(HelpScreen(screen=self))

    def action_next_lesson(self) -> None:
        self._step_lesson(+1)

    def action_previous_lesson(self) -> None:
        self._step_lesson(-1)

    def _step_lesson(self, delta: int) -> None:
        ids = [lesson.id for lesson in self.lessons]
        if self.lesson is None:
            return
        k = ids.index(self.lesson.id) + delta
        if 0 <= k < len(ids):
            self.open_lesson(ids[k])

    def action_search(self) -> None:
        self.query_one("#side-tabs", TabbedContent).active = "list"
        self.remove_class("-wide-hidden")
        self.query_one("#lesson-search", Input).focus()

    def action_side_tab(self, tab: str) -> None:
        self.remove_class("-wide-hidden")
        self.query_one("#side-tabs", TabbedContent).active = tab
        box = {"list": "#lesson-list", "contents": "#lesson-toc", "links": "#lesson-links"}[tab]
        self.query_one(box).focus()

    @on(Input.Changed, "#lesson-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self._filter = event.value.strip()
        self.refresh_list()

    @on(Input.Submitted, "#lesson-search")
    def _search_submitted(self, event: Input.Submitted) -> None:
        found = search_lessons(event.value, self.lessons)
        if found:
            self.open_lesson(found[0].id)
            self.query_one("#lesson-scroll").focus()
        else:
            self.say(f"No lesson matches '{event.value}'.")

    def say(self, text: str) -> None:
        self.problem = text
        self.app.notify(text, severity="warning")
