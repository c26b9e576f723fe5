"""A quiz kind is one room: a throwaway kind registered here ("count them":
how many instances does the position hold?) is offered by the `quiz`
command, the palette and the lesson links, played on the one quiz screen,
resumed (in the app and after a restart), pushed to a class and followed by
a student, and counted by the learner model, with no other edit."""
from __future__ import annotations

import functools

from contextlib import contextmanager

import pytest
from app_helpers import make, settle
from pilot_helpers import until

from tutor.app import make_app
from tutor.app.commands import _commands
from tutor.app.screens.quiz import QuizScreen
from tutor.classroom import events
from tutor.engine.registry import find_all
from tutor.store import Store
from tutor.teaching import learner
from tutor.teaching.practice import practice_positions
from tutor.teaching.quiz import QUIZ_KINDS, Quiz, Verdict, quiz_kind, target_ids, target_noun

@functools.lru_cache(maxsize=1)
def xwings():
    """An X-Wing practice position (made when a test asks: collecting solves nothing)."""
    return practice_positions("x-wing", 1, 0)[0]


# ------------------------------------------------------------------ the throwaway kind

class CountQuiz(Quiz):
    """How many instances of the technique does the position hold?"""

    kind = "count"
    asks = "count them"
    order = 90

    def __init__(self, position, target, source="", title=None, uniqueness=True):
        super().__init__(position, target, source, title)
        self.ids = target_ids(target, uniqueness)
        self.count = len(find_all(position, self.ids, uniqueness))
        self.right = False

    @classmethod
    def make(cls, target, seed=None, position=None, uniqueness=True, title=None, source=""):
        if position is None:
            p = practice_positions(target_ids(target, uniqueness)[0], 1, seed or 0, uniqueness)[0]
            position, source = p.position, p.source
        return cls(position, target, source, title, uniqueness)

    @property
    def done(self):
        return self.right or self.gave_up

    def over(self):
        return "you counted them" if self.right else super().over()

    def judge(self, text):
        if not text.isdigit():
            return Verdict("invalid", f"'{text}' is not a number")
        self.right = int(text) == self.count
        return Verdict("correct", "right") if self.right else Verdict("wrong", f"not {text}")

    def reveal(self):
        if not self.gave_up or self.revealed:
            return None
        self.revealed.append(self.count)
        return Verdict("reveal", f"there are {self.count}")

    def prompt(self):
        return f"How many {target_noun(self.target)}s are there? Type the number."

    def make_example(self):
        return str(self.count + 1)

    def status_line(self):
        return "counted" if self.right else f"tries {self.tries()}"

    def records(self):
        return [(self.ids[0], 1.0 / self.tries() if self.right else 0.0)]

    def class_result(self):
        return {"right": self.right, "tries": self.tries()}, float(self.right)

    @classmethod
    def result_text(cls, result, done):
        return f"counted in {result.get('tries')}" if result.get("right") else "counting"


@contextmanager
def count_kind():
    """Register the kind for the length of a with block."""
    quiz_kind(CountQuiz)
    try:
        yield CountQuiz
    finally:
        QUIZ_KINDS.pop("count", None)


# ------------------------------------------------------------------ offered by the command

def test_the_quiz_command_offers_the_new_kind(monkeypatch, capsys):
    import tutor.app as app_pkg
    from tutor.cli import main
    got = {}
    monkeypatch.setattr(app_pkg, "run_app", lambda **kw: got.update(kw) or 0)
    with count_kind():
        assert main(["quiz", "--technique", "x-wing", "--kind", "count"]) == 0
        assert got["start_args"]["kind"] == "count"
        with pytest.raises(SystemExit):
            main(["quiz", "--help"])
        assert "count" in capsys.readouterr().out.split("--kind KIND", 1)[1]
    assert main(["quiz", "--technique", "x-wing", "--kind", "count"]) == 2      # gone again
    assert "unknown quiz kind 'count'" in capsys.readouterr().err


# ------------------------------------------------------------------ offered, played, resumed, counted

async def _open_from_palette(pilot, title: str) -> QuizScreen:
    app = pilot.app
    commands = {c.title: c for c in _commands(app)}
    commands[title].callback()
    await settle(pilot)
    assert isinstance(app.screen, QuizScreen)
    return app.screen


async def _type(pilot, screen, text: str) -> None:
    screen.entry.focus()
    screen.entry.value = text
    await pilot.press("enter")
    await settle(pilot, 2)


async def test_the_new_kind_is_offered_played_resumed_and_counted(store_path):
    with count_kind():
        app = make(xwings().braces, store_path=store_path)
        async with app.run_test(size=(110, 34)) as pilot:
            await settle(pilot)
            app.open_screen("lessons", lesson="fish")                 # the lesson links offer it
            await settle(pilot)
            box = app.screen.query_one("#lesson-links")
            labels = [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]
            assert "Practise: Count them: Fish" in labels
            app.pop_screen()
            # the palette opens it; the one quiz screen draws it through the protocol
            screen = await _open_from_palette(pilot, "Quiz: Count them: X-Wing")
            quiz = screen.quiz
            assert isinstance(quiz, CountQuiz) and screen.kind == "count"
            assert screen.title == "Quiz: X-Wing" and screen.sub_title == "count them"
            assert screen.prompt_text == "How many X-Wings are there? Type the number."
            assert screen.entry.placeholder == f"e.g. {quiz.count + 1}, Enter"
            await _type(pilot, screen, str(quiz.count + 2))
            assert screen.log_lines[-2:] == [f"> {quiz.count + 2}", f"not {quiz.count + 2}"]
            assert str(screen.query_one("#quiz-counter").render()) == "tries 1"
            # left with Esc, it comes back with its log
            await pilot.press("escape")
            await settle(pilot)
            screen = await _open_from_palette(pilot, "Quiz: Count them: X-Wing")
            assert screen.quiz is quiz and f"not {quiz.count + 2}" in screen.log_lines
        # and after a restart
        app = make(xwings().braces, store_path=store_path)
        async with app.run_test(size=(110, 34)) as pilot:
            await settle(pilot)
            screen = await _open_from_palette(pilot, "Quiz: Count them: X-Wing")
            quiz = screen.quiz
            assert quiz.tries() == 1 and f"not {quiz.count + 2}" in screen.log_lines
            assert any(line.startswith("Resumed where you left this quiz: tries 1")
                       for line in screen.log_lines)
            await _type(pilot, screen, str(quiz.count))
            assert quiz.done and "right" in screen.log_lines
            # counted: the attempt is stored, and the learner model rates it
            assert app.store.attempt_counts("tester") == {"x-wing": 1}
            model = learner.load(app.store)
            assert model.learners["tester"].skills["x-wing"].attempts == 1


# ------------------------------------------------------------------ pushed to a class

async def test_the_new_kind_is_pushed_to_a_class_and_followed(store_path):
    with count_kind():
        teacher = make_app(xwings().braces, store_path=store_path, user="mrs-b", role="teacher",
                           class_name="5B", start_screen="teacher")
        async with teacher.run_test(size=(150, 40)) as pilot:
            assert await until(pilot, lambda: getattr(teacher.screen, "refreshes", 0) >= 1)
            await pilot.press("z")
            await pilot.pause()
            dialog = teacher.screen
            dialog.query_one("#push-kind").value = "count"
            await pilot.pause()
            assert dialog.query_one("#push-title").value == "Count them"
            dialog.query_one("#push-target").value = "x-wing"
            await pilot.click("#push-ok")
            store = Store.open(store_path)
            assert await until(pilot, lambda: events.latest_event(store, "5B") is not None)
        ev = events.latest_event(store, "5B")
        assert ev.payload["quiz"] == "count" and ev.payload["target"] == "x-wing"

        student = make_app(None, store_path=store_path, user="alice", role="student",
                           class_name="5B")
        async with student.run_test(size=(120, 36)) as pilot:
            assert await until(pilot, lambda: isinstance(student.screen, QuizScreen)
                               and student.screen.query("#quiz-entry"), 8)
            screen = student.screen
            assert isinstance(screen.quiz, CountQuiz) and screen.quiz.source == "class"
            screen.submit_text(str(screen.quiz.count))
            assert await until(pilot, lambda: events.results(store, ev.id).get("alice", {}).get(
                "result") == {"right": True, "tries": 1}, 5)

        events.session_started(store, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
        teacher = make_app(xwings().braces, store_path=store_path, user="mrs-b", role="teacher",
                           class_name="5B", start_screen="teacher")
        async with teacher.run_test(size=(150, 40)) as pilot:
            table = lambda: teacher.screen.query_one("#teacher-table")  # noqa: E731
            assert await until(pilot, lambda: getattr(teacher.screen, "refreshes", 0) >= 1
                               and str(table().get_row("alice")[5]) == "counted in 1", 5)
        store.close()
