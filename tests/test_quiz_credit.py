"""Issue 24, "Quizzes credit the technique asked": a claim another technique
proves does not solve a quiz that asks for one technique, and is not
credited to it; a family's practice credits the technique of the step the
learner found (or was shown on giving up)."""
from __future__ import annotations

from tutor.engine.grid import cell_name
from tutor.engine.registry import REGISTRY, find_all
from tutor.store import Store
from tutor.teaching.mastery import record_quiz
from tutor.teaching.quiz import make_quiz


def _claim(step) -> str:
    i, d = step.eliminations[0]
    return f"{cell_name(i)}<>{d}"


def other_claim(q):
    """A quiz on the wings, and an elimination there that no wing makes but a
    technique below the last resorts does (the first such, seed by seed)."""
    winged = {e for step in q.answers for e in step.eliminations}
    for step in find_all(q.position):
        t = REGISTRY[step.technique]
        if step.technique in q.target_ids or t.last_resort:
            continue
        for i, d in step.eliminations:
            if (i, d) not in winged:
                return f"{cell_name(i)}<>{d}", t
    return None, None


def wings_quiz_with_another_claim():
    for seed in range(8):
        q = make_quiz("eliminate", "wings", seed=seed)
        claim, _ = other_claim(q)
        if claim:
            return q, claim
    raise AssertionError("no wings practice position holds a claim another technique proves")


def test_a_claim_proved_by_another_technique_does_not_solve_the_quiz():
    """Wings practice: a true claim that another technique proves (an AIC's,
    say) is true, but the quiz goes on, asking for the wing."""
    q, claim = wings_quiz_with_another_claim()
    v = q.submit(claim)
    assert v.kind == "other", v.message
    assert v.message.startswith("true, but that is ") and "; find the wing" in v.message
    assert not q.solved and not q.done
    assert not v.counts                              # a true claim is not held against the learner
    # the wing's own elimination still solves it
    v = q.submit(_claim(q.answers[0]))
    assert v.kind == "correct" and q.solved


def test_the_other_technique_is_not_credited_to_the_one_asked():
    store = Store.open(":memory:")
    q, claim = wings_quiz_with_another_claim()
    assert q.submit(claim).kind == "other"
    q.give_up()
    stored = record_quiz(store, "amy", q)
    assert [score for _, score in stored] == [0.0]
    assert set(store.attempt_counts("amy")) <= set(q.target_ids)


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
    """Uniqueness practice whose answer is a Hidden Rectangle: given up, it
    is filed under Hidden Rectangle (it went to Unique Rectangle, the
    family's first)."""
    store = Store.open(":memory:")
    q = next(q for q in (make_quiz("eliminate", "uniqueness", seed=seed) for seed in range(12))
             if q.answers[0].technique == "hidden-rectangle")
    q.give_up()
    assert record_quiz(store, "amy", q) == [("hidden-rectangle", 0.0)]
