"""Issue 24, "Quizzes credit the technique asked": a claim another technique
proves does not solve a quiz that asks for one technique, and is not
credited to it; a family's practice credits the technique of the step the
learner found (or was shown on giving up)."""
from __future__ import annotations

from tutor.engine.grid import cell_name
from tutor.store import Store
from tutor.teaching.mastery import record_quiz
from tutor.teaching.quiz import make_quiz


def _claim(step) -> str:
    i, d = step.eliminations[0]
    return f"{cell_name(i)}<>{d}"


def test_a_claim_proved_by_another_technique_does_not_solve_the_quiz():
    """Lesson 8's practice (Wings, seed 0): r1c4<>3 is true, but it is an
    AIC's; the quiz goes on, asking for the wing."""
    q = make_quiz("eliminate", "wings")
    v = q.submit("r1c4<>3")
    assert v.kind == "other", v.message
    assert v.message.startswith("true, but that is an Alternating Inference Chain; find the wing")
    assert not q.solved and not q.done
    assert not v.counts                              # a true claim is not held against the learner
    # the wing's own elimination still solves it
    v = q.submit(_claim(q.answers[0]))
    assert v.kind == "correct" and q.solved


def test_the_other_technique_is_not_credited_to_the_one_asked():
    store = Store.open(":memory:")
    q = make_quiz("eliminate", "wings")
    q.submit("r1c4<>3")
    q.give_up()
    stored = record_quiz(store, "amy", q)
    assert [score for _, score in stored] == [0.0]
    assert "alternating-inference-chain" not in store.attempt_counts("amy")


def test_family_practice_credits_the_technique_of_the_step_found():
    """Wings practice, seed 1: the simplest wing here is an XYZ-Wing; it is
    credited to XYZ-Wing (it went to W-Wing, the family's first)."""
    store = Store.open(":memory:")
    q = make_quiz("eliminate", "wings", seed=1)
    step = q.answers[0]
    assert step.technique == "xyz-wing"
    v = q.submit(_claim(step))
    assert v.kind == "correct" and v.step.technique == "xyz-wing"
    assert record_quiz(store, "amy", q) == [("xyz-wing", 1.0)]
    assert store.attempt_counts("amy") == {"xyz-wing": 1}


def test_a_family_practice_given_up_is_filed_under_the_step_shown():
    """Uniqueness practice, seed 0: its answer is a Hidden Rectangle; given
    up, it is filed under Hidden Rectangle (it went to Unique Rectangle)."""
    store = Store.open(":memory:")
    q = make_quiz("eliminate", "uniqueness", seed=0)
    assert q.answers[0].technique == "hidden-rectangle"
    q.give_up()
    assert record_quiz(store, "amy", q) == [("hidden-rectangle", 0.0)]
