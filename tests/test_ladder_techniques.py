"""Every technique issue 12 added (and Sue de Coq, ranked among them since),
through the views a learner uses: the judge (`sudoku-tutor check --by NAME
--pattern CELLS`) proves a true claim with the right pattern and names the
failing condition of a wrong one; the find-all quiz takes the instance typed
(short forms and the engine's own names) and picked on the grid; the
eliminate and name quizzes work.

Positions are the lessons' worked examples (puzzle and `after` from the
lesson file), so the words a lesson teaches are the ones tested here."""
from __future__ import annotations

import sys

import pytest

from tutor.cli import main
from tutor.engine.grid import cell_name, cells_name
from tutor.engine.registry import get, technique_name
from tutor.teaching.lessons import get_lesson
from tutor.teaching.quiz import EliminateQuiz, FindAllQuiz, NameQuiz

# id: (lesson, example, a typed entry, a wrong pattern, its failing condition)
CASES = {
    "empty-rectangle": ("empty-rectangle", 1, "Empty Rectangle #3 b2 r3c7 r5c7",
                        "r1c58 r3c45 r5c7", "r1c8 and r5c7 share no row or column"),
    "remote-pair": ("remote-pairs", 1, "Remote Pair #16 r3c3 r4c3 r4c4 r5c6 r9c6 r9c8",
                    "r2c4 r34c3 r5c6 r9c68",
                    "r2c4 holds 2,7 and r3c3 holds 1,6: a Remote Pair's cells all hold the same "
                    "pair"),
    "w-wing": ("wings", 5, "W-Wing r5c5 r8c6", "r4c4 r5c5",
               "r4c4 holds 1,9 and r5c5 holds 4,5: the two W-Wing cells must hold the same pair"),
    "xy-wing": ("wings", 1, "XY-Wing r8c2 r8c6 r7c3", "r8c268",
                "r8c8 shares no digit with the pivot r8c2"),
    "xyz-wing": ("wings", 2, "XYZ-Wing r1c3 (pivot) r1c1 r9c3", "r1c13 r2c3",
                 "r2c3 holds 6,7,8: an XYZ-Wing pincer needs two candidates"),
    "wxyz-wing": ("wings", 3, "WXYZ-Wing #5678 r6c5 (hinge) r2c5 r6c4 r6c9", "r12c5 r6c49",
                  "r12c5 r6c49 hold 1,5,6,7,8 together: a WXYZ-Wing's four cells hold exactly "
                  "four digits"),
    "unique-rectangle": ("uniqueness", 1, "UR r18c23 #57", "r18c2 r78c3",
                         "r18c2 r78c3 are not in two rows, two columns and two boxes"),
    "hidden-rectangle": ("uniqueness", 4, "Hidden Rectangle r78c19 #79", "r18c1 r78c9",
                         "r18c1 r78c9 are not in two rows, two columns and two boxes"),
    # issue 26's Avoidable Rectangle, on a position whose placed digits are marked `+`
    "avoidable-rectangle": ("uniqueness", 6, "Avoidable Rectangle r12c36 #34", "r12c35",
                            "r2c5 is a given, so the rectangle cannot be swapped"),
    "bug-plus-one": ("bug", 1, "BUG+1 r3c9", "r1c5",
                     "r1c5 holds 2 candidates: the BUG+1 cell holds three, every other cell two "
                     "(r3c9 holds 3)"),
    "finned-x-wing": ("finned-fish", 1, "Finned X-Wing #9 R19 C38 fin r9c7", "r1c38 r2c3 r9c78",
                      "r1c38 r2c3 r9c78 lie in 3 rows and 3 columns: a Finned X-Wing lies in two "
                      "base rows or two base columns (its fins included)"),
    "finned-swordfish": ("finned-fish", 3, "Finned Swordfish #7 C247 R458 fin r6c7",
                         "r4c17 r5c24 r6c7 r8c47",
                         "r4c17 r5c24 r6c7 r8c47 lie in 4 rows and 4 columns: a Finned Swordfish "
                         "lies in three base rows or three base columns (its fins included)"),
    "finned-jellyfish": ("finned-fish", 4, "Finned Jellyfish #9 R3568 C2679 fin r8c8",
                         "r1c7 r3c9 r5c27 r6c26 r8c6789",
                         "r1c7 r3c9 r5c27 r6c26 r8c6789 lie in 5 rows and 5 columns: a Finned "
                         "Jellyfish lies in four base rows or four base columns (its fins "
                         "included)"),
    # issue 13's Sue de Coq, ranked among these since it is a fixed pattern
    "sue-de-coq": ("sue-de-coq", 1, "Sue de Coq r89c1 r5c1 r9c3", "r89c1 r5c1 r9c3 r7c2",
                   "the line part and the box part share 1"),
    "multi-colours": ("multi-colours", 1, "Multi-Colours #3 r1c9 r6c8 r5c9 r6c5 r7c2 r9c4 r7c5 r9c2",
                      "#3 r15c9 r6c58",
                      "r15c9 r6c58 are one cluster of 3: that is Simple Colours; Multi-Colours "
                      "needs two"),
}
NEW = list(CASES)


def example(tid):
    lesson, n, *_ = CASES[tid]
    ex = get_lesson(lesson).example(n)
    assert ex.technique == tid
    pos = ex.position()
    step = ex.find_step(pos)
    assert step is not None
    return ex, pos, step


def first_effect(step) -> str:
    if step.eliminations:
        i, d = step.eliminations[0]
        return f"{cell_name(i)}<>{d}"
    i, d = step.placements[0]
    return f"{cell_name(i)}={d}"


def check(capsys, ex, claim, by, pattern):
    argv = ["check", ex.position_text or ex.puzzle, claim, "--by", by, "--pattern", pattern]
    if ex.after:
        argv += ["--after", ",".join(ex.after)]
    code = main(argv)
    out, err = capsys.readouterr()
    assert err == ""
    return code, out


def test_every_new_technique_is_covered():
    from tutor.engine.registry import ladder
    families = {"wings", "uniqueness", "finned-fish", "disjoint-subsets"}
    added = {t.id for t in ladder() if t.family in families}
    added |= {"empty-rectangle", "remote-pair", "multi-colours"}
    assert added == set(NEW)


@pytest.mark.parametrize("tid", NEW)
def test_the_judge_proves_with_the_pattern(tid, capsys):
    ex, pos, step = example(tid)
    code, out = check(capsys, ex, first_effect(step), technique_name(tid), cells_name(step.cells))
    lead = step.text.split(" => ")[0]
    assert code == 0 and out.startswith(f"proved: Proved by {lead}.")
    assert "Your pattern" not in out and out.splitlines()[1] == f"  {step.text}"


@pytest.mark.parametrize("tid", NEW)
def test_the_judge_names_the_failing_condition_of_a_wrong_pattern(tid, capsys):
    ex, pos, step = example(tid)
    *_, wrong, reason = CASES[tid]
    code, out = check(capsys, ex, first_effect(step), get(tid).aliases[0],
                      cells_name(_cells(wrong)))
    first = out.splitlines()[0]
    # the claim is true and the engine proves it; the named pattern fails
    assert first.startswith("proved: ")
    assert first.endswith(f"Your pattern {cells_name(_cells(wrong))} fails: {reason}.")


def _cells(text):
    """The cells of a pattern as typed ('#3 r15c9 r6c58': the digit left out)."""
    from tutor.engine.grid import parse_cells
    return sorted(parse_cells(" ".join(w for w in text.split() if not w.startswith("#"))))


@pytest.mark.parametrize("tid", NEW)
def test_find_all_takes_typed_entries(tid):
    _, pos, step = example(tid)
    typed = CASES[tid][2]
    for text in (typed, step.name, step.text):
        quiz = FindAllQuiz(pos, tid)
        k = quiz.instances.index(step)
        v = quiz.submit(text)
        assert (v.kind, v.index) == ("found", k), (text, v.message)
    # the same instance twice is a duplicate, not a second find
    quiz = FindAllQuiz(pos, tid)
    quiz.submit(typed)
    assert quiz.submit(step.name).kind == "duplicate"


@pytest.mark.parametrize("tid", NEW)
def test_find_all_takes_an_instance_picked_on_the_grid(tid):
    _, pos, step = example(tid)
    quiz = FindAllQuiz(pos, tid)
    v = quiz.submit_selection(step.cells, step.digits)
    assert (v.kind, quiz.instances[v.index]) == ("found", step)
    quiz = FindAllQuiz(pos, tid)
    v = quiz.submit_selection(step.cells, ())          # the cells alone name it too
    assert (v.kind, quiz.instances[v.index]) == ("found", step)


@pytest.mark.parametrize("tid", NEW)
def test_find_all_turns_down_a_wrong_pattern_with_its_reason(tid):
    _, pos, _ = example(tid)
    *_, wrong, reason = CASES[tid]
    quiz = FindAllQuiz(pos, tid)
    v = quiz.submit(f"{get(tid).aliases[0]} {wrong}")
    assert v.kind == "wrong" and reason in v.message


@pytest.mark.parametrize("tid", NEW)
def test_eliminate_quiz(tid):
    _, pos, step = example(tid)
    quiz = EliminateQuiz(pos, tid)
    assert step in quiz.answers
    v = quiz.submit(first_effect(step))
    assert v.kind == "correct" and quiz.solved
    assert quiz.result() == 1.0


@pytest.mark.parametrize("tid", NEW)
def test_name_quiz(tid):
    _, pos, step = example(tid)
    quiz = NameQuiz(pos, step, seed=3)
    assert tid in quiz.options and len(set(quiz.options)) == 4
    assert all(get(t) is not None for t in quiz.options)
    wrong = next(t for t in quiz.options if t != tid)
    v = NameQuiz(pos, step, seed=3).submit(technique_name(wrong))
    assert v.kind == "wrong" and v.message.startswith(f"no, it is {technique_name(tid)}")
    v = quiz.submit(str(quiz.options.index(tid) + 1))
    assert v.kind == "correct" and quiz.result() == 1.0


def test_a_sashimi_fish_is_typed_with_its_fins():
    ex = get_lesson("finned-fish").example(2)
    pos = ex.position()
    step = ex.find_step(pos)
    quiz = FindAllQuiz(pos, "finned-fish")
    v = quiz.submit("Sashimi X-Wing #3 R14 C58 fins r1c4 r1c6")
    assert v.kind == "found" and quiz.instances[v.index] == step


def test_wing_steps_are_offered_as_wings_before_any_death_blossom():
    """A wing-shaped step is a small Death Blossom too: the hint, the judge
    and the solve offer the wing (it is lower on the ladder)."""
    from tutor.engine.judge import judge
    from tutor.engine.registry import find_all, next_step
    for tid in ("xy-wing", "xyz-wing", "wxyz-wing"):
        _, pos, step = example(tid)
        blossoms = [s for s in find_all(pos, ["death-blossom"]) if set(s.eliminations) &
                    set(step.eliminations)]
        hint = next_step(pos)
        assert get(hint.technique).rank <= get(tid).rank
        v = judge(pos, first_effect(step))
        assert v.kind == "proved" and v.technique != "death-blossom", (tid, v.message)
        v = judge(pos, first_effect(step), by="death blossom")
        if blossoms:
            assert v.kind == "proved"
        else:
            assert v.kind == "proved-other" and v.technique == tid
    assert sys.modules["tutor.engine.registry"].get("death-blossom").rank > get("wxyz-wing").rank


def test_mastery_lists_the_new_techniques_in_ladder_order():
    """The progress screen's table (and the teacher view's) follow the
    registry: every new technique has a row, and becomes the suggestion once
    its prerequisites are mastered."""
    from tutor.engine.registry import ladder
    from tutor.teaching.mastery import table, suggest
    rows = table({}, {})
    assert [r.technique for r in rows] == [t.id for t in ladder()]
    for tid in NEW:
        before = {t.id for t in ladder() if t.rank < get(tid).rank}
        scores = {t: 1.0 for t in before}
        rows = table(scores, {t: 5 for t in before})
        row = next(r for r in rows if r.technique == tid)
        assert row.ready and not row.mastered and row.name == technique_name(tid)
        assert suggest(rows).technique == tid
