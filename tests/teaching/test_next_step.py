""""What's next?" practice (tutor/teaching/next_step.py): the learner finds
the next step with no technique named, the judge rules, the technique used
is credited, and the learner model weighs the result above a themed drill's."""
from __future__ import annotations

import pytest

from tutor.engine.registry import find_all, ladder
from tutor.store import Store
from tutor.teaching import learner
from tutor.teaching import learner_view as view
from tutor.teaching.next_step import NEXT_STEP_AFTER, NextStepQuiz, next_step_quiz, next_step_ready
from tutor.teaching.practice_cache import load_cache


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "t.db")
    yield s
    s.close()


def _ratings(store, user, technique):
    model = learner.load(store, now_ms=learner._now_ms() + 10 * learner.SETTLE_MS)
    return model.learners[user].skills[technique]


def test_a_win_found_unaided_counts_more_than_a_win_in_a_themed_drill(store):
    d = learner.item_difficulty("x-wing", 1, 0.5)
    for user, kind, score in (("open", learner.NEXT_STEP, 1.0), ("drill", "eliminate", 1.0),
                              ("open-loss", learner.NEXT_STEP, 0.0), ("drill-loss", "eliminate", 0.0)):
        for k in range(3):
            store.record_attempt(user, "x-wing", kind, score, 20.0, item=f"{kind}:{k}", difficulty=d)
    base = learner.base_rating("x-wing")
    win, drill = _ratings(store, "open", "x-wing"), _ratings(store, "drill", "x-wing")
    loss, drill_loss = _ratings(store, "open-loss", "x-wing"), _ratings(store, "drill-loss", "x-wing")
    assert win.rating > drill.rating > base > drill_loss.rating > loss.rating
    assert win.rd < drill.rd                      # and it makes the model surer
    # a themed result moves the rating about THEMED of the way an unaided one does
    assert (drill.rating - base) / (win.rating - base) == pytest.approx(learner.THEMED, abs=0.15)


def _claim_of(step) -> str:
    return ",".join(t for t in (step.placement_texts() + step.elimination_texts())[:1])


def test_any_technique_is_credited_and_a_false_claim_is_wrong():
    p = load_cache("x-wing")[0]
    quiz = NextStepQuiz(p.position)
    assert quiz.kind == learner.NEXT_STEP and quiz.heading() == "What's next?"
    assert "X-Wing" not in quiz.prompt()
    wrong = next(f"r{i // 9 + 1}c{i % 9 + 1}<>{d}" for i, d in _solution_cells(p.position))
    assert quiz.submit(wrong).kind == "wrong" and not quiz.done
    step = find_all(p.position, ["x-wing"])[0]
    v = quiz.submit(_claim_of(step))
    assert v.kind == "correct" and quiz.done and quiz.records() == [("x-wing", 0.5)]


def _solution_cells(pos):
    solution = pos.solution()
    return [(i, solution[i]) for i in range(81) if not pos.values[i]]


def test_a_harder_step_found_is_credited_to_its_own_technique():
    """Not every claim is the simplest step: one only a harder technique
    proves is credited to that technique."""
    from tutor.engine.judge import judge
    for p in load_cache("x-wing"):
        for step in find_all(p.position):
            claim = _claim_of(step)
            verdict = judge(p.position, claim)
            if verdict.kind == "proved" and verdict.technique not in ("x-wing",) and \
                    learner.base_rating(verdict.technique) > learner.base_rating("x-wing"):
                quiz = NextStepQuiz(p.position)
                assert quiz.submit(claim).kind == "correct"
                assert quiz.records() == [(verdict.technique, 1.0)]
                return
    pytest.fail("no cached X-Wing position has a harder step to claim")


def _master(store, user, techniques):
    for t in techniques:
        for k in range(12):
            store.record_attempt(user, t, learner.NEXT_STEP, 1.0, 10.0, item=f"{t}:{k}",
                                 difficulty=learner.base_rating(t))


def test_practise_next_offers_it_once_a_few_rungs_are_mastered(store):
    rungs = [t.id for t in ladder()][:NEXT_STEP_AFTER]
    _master(store, "ann", rungs[:-1])
    rows = view.rows(learner.load(store), "ann")
    assert not next_step_ready(rows)
    _master(store, "ann", rungs[-1:])
    rows = view.rows(learner.load(store), "ann")
    assert next_step_ready(rows)
    seen = set()
    for seed in range(6):
        quiz = next_step_quiz(store, "ann", rows, seed)
        assert quiz.target in rungs or quiz.target == view.practise_next(rows)[0].technique
        seen.add(quiz.position.key())
    assert len(seen) == 6                         # never the same position twice


async def test_the_progress_screen_opens_it_and_the_result_is_recorded(tmp_path):
    from tutor.app import make_app
    store = Store.open(tmp_path / "app.db")
    _master(store, "ann", [t.id for t in ladder()][:NEXT_STEP_AFTER])
    store.close()
    app = make_app(store_path=str(tmp_path / "app.db"), user="ann")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("M")
        await pilot.pause()
        assert "what's next?" in app.screen.text
        await pilot.press("n")
        await pilot.pause()
        quiz = app.screen.quiz
        assert isinstance(quiz, NextStepQuiz) and app.screen.title == "What's next?"
        step = find_all(quiz.position, [quiz.target])[0]
        app.screen.submit_text(_claim_of(step))
        await pilot.pause()
        assert quiz.done
        app.store.flush(5)
        attempts = [e for e in app.store.events() if e.kind == "attempt" and e.detail == learner.NEXT_STEP
                    and e.user == "ann"]
        assert attempts[-1].technique == quiz.target and attempts[-1].outcome == 1.0
