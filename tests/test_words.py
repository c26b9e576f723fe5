"""Issue 16, "Words": one naming table (the registry's names, `an()` and
`counted()`) for every view, articles and plurals right, the notation read
as it is written."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tutor.engine.formats import parse_position
from tutor.engine.grid import parse_cell
from tutor.engine.registry import PatternQuery, an, check_pattern, counted, find_all, ladder

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


def test_counted_says_one_and_many():
    assert counted(1, "step") == "1 step" and counted(2, "step") == "2 steps"
    assert counted(1, "try", "tries") == "1 try" and counted(0, "try", "tries") == "0 tries"


def test_every_article_in_the_rooms_tips_follows_the_article_rule():
    """'an X-Wing has no fin' (the finned fish tip said 'a X-Wing')."""
    bad = []
    for t in ladder():
        for _, _, tip in t.confusions:
            for m in re.finditer(r"\b([Aa]n?) ([A-Z0-9][\w+\-]*)", tip):
                if an(m.group(2)).split()[0] != m.group(1).lower():
                    bad.append(f"{t.id}: {m.group(0)}")
    assert bad == []
    finned = next(t for t in ladder() if t.id == "finned-x-wing")
    tip = next(tip for other, _, tip in finned.confusions if other == "x-wing")
    assert "an X-Wing has no fin" in tip


def test_a_missed_elimination_is_named_as_the_digit_it_removes():
    """'does not remove 3 from r1c2', never 'does not remove r1c2<>3'."""
    pos = parse_position(LOCKEDSET)
    i = parse_cell("r1c7")                       # r1c7=3 is a naked single here
    rep = check_pattern(pos, PatternQuery("naked-single", (i,), (3,)))
    assert rep.ok
    j = next(j for j in range(81) if j != i and not pos.values[j] and pos.has(j, 5))
    text = rep.why_not(j, 5, False)
    assert "<>" not in text and "does not remove 5 from " in text


def test_the_singles_quiz_asks_for_a_placement():
    from tutor.teaching.quiz import EliminateQuiz
    q = EliminateQuiz(parse_position(LOCKEDSET), "naked-single")
    assert q.places and f"Claim a digit it places (e.g. {q.example()}, a claim that is not one here)" in q.prompt()
    assert q.example().count("=") == 1 and "<>" not in q.example()
    assert "elimination" not in q.prompt()
    from tutor.engine.solve import apply_until_stuck
    after = apply_until_stuck(parse_position(LOCKEDSET), ["singles"])
    q = EliminateQuiz(after, "locked-set")
    assert not q.places and "Claim an elimination" in q.prompt()


def test_mastery_rows_count_tries_in_words():
    from tutor.teaching.mastery import MasteryRow
    row = MasteryRow("x-wing", "X-Wing", 0.5, 1, False, True)
    assert " 1 try " in row.text() and "tries" not in row.text()


def test_a_one_step_solve_says_one_step(tmp_path):
    sol = parse_position(LOCKEDSET).solution()
    one = "." + "".join(map(str, sol[1:]))
    f = tmp_path / "one.txt"
    f.write_text(one + "\n" + one + "\n")
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "solve", str(f)], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].endswith(", 1 step")


@pytest.mark.slow
def test_subset_names_in_json_and_quiz_feedback_are_the_texts_names():
    """JSON `name` 'Naked Pair r6c45 #38' where the text says 'Naked Pair'
    (no unexplained '[2D]')."""
    from tutor.engine.solve import apply_until_stuck
    pos = apply_until_stuck(parse_position(LOCKEDSET), ["singles"])
    for s in find_all(pos, ["locked-set"]):
        assert s.name.split(" r")[0] == s.text.split(":")[0], (s.name, s.text)
        assert "[" not in s.name
