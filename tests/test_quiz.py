"""Quiz models: entries, matching, verdicts, give up, score, confusions,
the other two quiz kinds, and mastery."""
from __future__ import annotations

import pytest

from tutor.engine.registry import find_all, ladder
from tutor.engine.grid import cell_name, parse_cell, parse_cells
from tutor.teaching.mastery import MASTERED_AT, PREREQUISITES, record_quiz, suggest, table
from tutor.teaching.quiz import (
    EliminateQuiz, EntryError, FindAllQuiz, NameQuiz, make_quiz, name_options, parse_entry,
)
from tutor.store import Store

REFERENCE_NAMES = [  # the list of the reference text (its own spelling of cell groups)
    "r6c45 #38", "r38c3 #39", "r45c7 #58", "r89c8 #28", "r4c1 r5c2 #38", "r8c79 #57",
    "r46c3 #45", "r45c6 #45", "r68c7 #27", "r56c8 #34", "r238c6 #238", "r389c8 #289",
    "r4c7 r5c79 #589", "r45c7 r6c9 #578", "r356c8 #349", "r5c89 r6c8 #349", "r5c8 r6c78 #234",
    "r8c1368 #2389", "r4c7 r5c79 r6c9 #5789", "r4c7 r5c7 r6c79 #2578", "r6c3789 #2457",
    "r5c89 r6c78 #2349", "r5c8 r6c789 #2347", "r4c7 r5c79 r6c79 #25789", "r5c89 r6c789 #23479",
]


@pytest.fixture(scope="module")
def ref():
    return make_quiz("find-all", "locked-set").position


# ------------------------------------------------------------ entries

def test_parse_entry_forms():
    e = parse_entry("r6c45 #38")
    assert e.cells == (parse_cell("r6c4"), parse_cell("r6c5")) and e.digits == (3, 8)
    assert e.technique is None
    assert parse_entry("naked r6c45 #38").technique == "naked-subset"
    assert parse_entry("hidden r8c79 #57").technique == "hidden-subset"
    assert parse_entry("Locked Pair[2D] (hidden) r8c79 #57").technique == "hidden-subset"
    sw = parse_entry("Swordfish #3 R348 C136")
    assert sw.technique == "swordfish" and sw.digits == (3,)
    assert sw.houses == ((2, 3, 7), (9, 11, 14))          # rows 3,4,8 then columns 1,3,6
    xw = parse_entry("X-Wing #5 r26 c37")
    assert xw.technique == "x-wing" and xw.houses == ((1, 5), (11, 15))
    sk = parse_entry("Skyscraper #3 r5c3 r6c8")
    assert sk.technique == "skyscraper" and sk.cells == tuple(parse_cells("r5c3 r6c8"))
    assert parse_entry("hidden single r1c2=7").technique == "hidden-single"
    assert parse_entry("Swordfish: 4 c368 r456").houses == ((11, 14, 16), (3, 4, 5))
    assert parse_entry("r6c45 3,8").digits == (3, 8)
    assert parse_entry("Locked Pair r6c45 #38 => r6c1<>3").digits == (3, 8)   # effect ignored


def test_parse_entry_reads_mixed_house_groups():
    """A Franken fish names boxes among its lines: 'R3B1' is row 3 and box 1."""
    e = parse_entry("Swordfish #3 R3B1 C136")
    assert e.houses == ((2, 18), (9, 11, 14)) and e.describe() == "#3 R3B1 C136"
    assert parse_entry("x-wing #5 b15 c37").houses == ((18, 22), (11, 15))


def test_the_words_of_a_rooms_step_text_come_from_its_notation():
    """An entry copied from a step text may hold the room's words ('pivot',
    'BaseSet:'); they come from the rooms, not from a list in the quiz."""
    from tutor.engine.names import notation_words
    assert {"pivot", "fin", "baseset", "overlap"} <= notation_words()
    assert parse_entry("XY-Wing: 1/2/3 r8c2 (pivot) r8c5 r9c1").technique == "xy-wing"
    assert parse_entry("AIC (discontinuous loop): 5 r1c2 r3c4").technique == "aic"


@pytest.mark.parametrize("text,word", [
    ("foo r1c1", "foo"), ("r6c45 #38 banana", "banana"), ("", "type an instance"),
    ("#38", "names no cells"), ("naked hidden r6c45 #38", "naked and hidden"),
    ("x-wing swordfish #3 r34 c12", "two techniques"),
])
def test_parse_entry_errors_are_one_clear_line(text, word):
    with pytest.raises(EntryError) as e:
        parse_entry(text)
    assert word in str(e.value) and "\n" not in str(e.value)


# ------------------------------------------------------------ the reference quiz

def test_reference_quiz_has_the_25_lockedsets_of_the_reference_text():
    q = make_quiz("find-all", "locked-set")          # no seed: the shipped reference
    assert q.total == 25 and q.found_text() == "0/25"
    for k, text in enumerate(REFERENCE_NAMES, 1):
        v = q.submit(text)
        assert v.kind == "found", (text, v.message)
        assert q.found_text() == f"{k}/25"
    assert q.done and not q.gave_up
    assert q.score().recall == 1.0 and q.score().precision == 1.0


def test_a_set_seen_in_its_row_and_its_box_is_one_instance(ref):
    q = FindAllQuiz(ref, "locked-set")
    assert q.submit("r6c45 #38").kind == "found"        # row 6 and box 5
    again = q.submit("naked r6c45 #38")
    assert again.kind == "duplicate" and "already found (#1)" in again.message
    assert q.submit("r6c45 #83").kind == "duplicate"     # digit order does not matter
    assert q.found_text() == "1/25"


def test_wrong_entry_gets_the_failing_condition(ref):
    q = FindAllQuiz(ref, "locked-set")
    v = q.submit("r6c45 #39")
    assert v.kind == "wrong"
    # the reason names a pattern cell holding a digit outside #39: check it on the grid
    assert "so r6c45 is not locked to 3,9" in v.message
    said = v.message.split("not an instance: ")[1].split(" also holds ")
    cell, digit = parse_cell(said[0]), int(said[1][0])
    assert cell in parse_cells("r6c45") and ref.has(cell, digit) and digit not in (3, 9)
    # hidden: a digit that fits outside the cells in every house they share
    # (the room's check names all the cells it fits, as the judge says it)
    v = q.submit("hidden r6c3789 #2458")
    assert v.kind == "wrong" and "also fits" in v.message
    assert v.message.endswith("so 2,4,5,8 are not confined to r6c3789")
    said = v.message.split("not an instance: ")[1].split(" also fits ")
    digit, cells = int(said[0]), parse_cells(said[1].split(",")[0])
    assert digit == 8 and cells
    assert all(ref.has(cell, 8) and cell not in parse_cells("r6c3789") for cell in cells)
    # a solved cell
    v = q.submit("r1c1 r1c2 #37")
    assert v.kind == "wrong" and "r1c1 is already solved (2)" in v.message


def test_instance_of_another_technique_is_named(ref):
    q = FindAllQuiz(ref, "locked-set")
    v = q.submit("Swordfish #3 R348 C136")
    assert v.kind == "other" and v.message.startswith("that is a Swordfish, not a LockedSet (3 r348 c136)")
    assert "does not count against you" in v.message and not v.counts
    v = q.submit("Jellyfish #3 R2348 C1346")
    assert v.kind == "other" and v.message.startswith("that is a Jellyfish, not a LockedSet")
    # a real pattern of another technique is not held against the learner
    assert q.found_text() == "0/25" and q.score().wrong == 0
    q.submit("r6c45 #38")
    assert q.score().precision == 1.0


def test_another_techniques_step_is_named_by_its_label_not_its_family(ref):
    """'a Hidden Pair', never 'a Hidden Subset (LockedSet) (Locked Pair[2D] ...)'."""
    q = FindAllQuiz(ref, "x-wing")
    v = q.submit("hidden r8c79 #57")
    assert v.kind == "other" and v.message.startswith("that is a Hidden Pair, not an X-Wing")
    assert "[2D]" not in v.message and "(LockedSet)" not in v.message


def test_naked_vs_hidden_confusion_is_tracked_and_named(ref):
    q = FindAllQuiz(ref, "locked-set")
    v = q.submit("naked r46c3 #45")          # a hidden pair named naked: found, but named back
    assert v.kind == "found" and v.confusion is not None
    assert v.confusion.label == "naked vs hidden"
    assert (v.confusion.said, v.confusion.actual) == ("naked-subset", "hidden-subset")
    # named back by the step's own label, with its article (the registry's table)
    assert "(but it is a Hidden Pair, not a Naked Subset: " in v.message
    assert "(LockedSet)" not in v.message
    assert "naked vs hidden" in q.summary()
    # in a quiz on naked subsets only, the hidden pair does not count
    qn = FindAllQuiz(ref, "naked-subset")
    v = qn.submit("r8c79 #57")
    assert v.kind == "other" and v.confusion and v.confusion.label == "naked vs hidden"


def test_give_up_reveals_the_missed_ones_one_by_one(ref):
    q = FindAllQuiz(ref, "locked-set")
    for text in REFERENCE_NAMES[:5]:
        q.submit(text)
    q.submit("r6c45 #39")                    # one wrong
    q.submit("r6c45 #38")                    # one repeat
    said = q.give_up()
    assert said[0] == "You gave up with 5/25 found; 20 missed." and q.done
    shown = []
    while (v := q.reveal()) is not None:
        shown.append(v.step)
    assert len(shown) == 20 and v is None and q.revealed == q.missed()
    assert {s.name for s in shown}.isdisjoint({q.instances[k].name for k in q.found})
    sc = q.score()
    assert (sc.found, sc.total, sc.wrong, sc.duplicates) == (5, 25, 1, 1)
    assert sc.recall == pytest.approx(5 / 25) and sc.precision == pytest.approx(5 / 6)
    assert q.submit("r38c3 #39").kind == "invalid"       # over


def test_grid_selection_entry(ref):
    q = FindAllQuiz(ref, "locked-set")
    v = q.submit_selection(parse_cells("r8c79"), [5, 7])
    assert v.kind == "found" and "r8c79" in v.message
    assert q.submit_selection([], [3]).kind == "invalid"


def test_every_instance_found_by_its_own_name_on_practice_positions():
    """The engine's step names read back as entries and find their step:
    for each technique (but the blossom, whose name lists every petal, and
    a forcing net's or a trial's, which are proofs in words)."""
    from tutor.teaching.practice import load_cache
    for t in ladder():
        if t.id in ("death-blossom", "forcing-net", "trial"):
            continue
        cached = load_cache(t.id)
        assert cached, t.id
        q = FindAllQuiz(cached[0].position, t.id)
        assert q.total >= 1
        for s in q.instances:
            v = q.submit(s.name)
            assert v.kind in ("found", "duplicate"), (t.id, s.name, v.message)
        assert len(q.found) == q.total, t.id


# ------------------------------------------------------------ the other kinds

def test_eliminate_quiz_grades_claims_with_the_judge():
    q = make_quiz("eliminate", "x-wing", seed=2)
    assert isinstance(q, EliminateQuiz) and q.answers
    sol = q.position.solution()
    # a solution digit: wrong
    i = next(i for i in range(81) if not q.position.values[i])
    v = q.submit(f"{cell_name(i)}<>{sol[i]}")
    assert v.kind == "wrong" and not q.done
    # a true claim by another technique counts, but is named
    target = {e for s in q.answers for e in s.eliminations}
    other = [(s, e) for s in find_all(q.position) if s.technique != "x-wing"
             for e in s.eliminations if e not in target]
    if other:
        s, (i, d) = other[0]
        q2 = EliminateQuiz(q.position, "x-wing")
        v = q2.submit(f"{cell_name(i)}<>{d}")
        assert v.kind == "other" and "find the X-Wing" in v.message and not q2.done
        assert not v.counts and q2.records()[0][1] == 0.0      # true, but no X-Wing: no credit
    # the X-Wing's own elimination: right
    i, d = q.answers[0].eliminations[0]
    v = q.submit(f"{cell_name(i)}<>{d}")
    assert v.kind == "correct" and q.done and q.result() == pytest.approx(0.5)


def test_name_quiz_options_are_deterministic_and_plausible():
    for t in ladder():
        opts = name_options(t.id, seed=4)
        assert len(opts) == 4 and t.id in opts and len(set(opts)) == 4
        assert opts == name_options(t.id, seed=4)
    opts = name_options("naked-subset", seed=1)
    assert "hidden-subset" in opts                      # the usual mix-up is always offered
    assert "skyscraper" in name_options("x-wing", seed=9)
    q = make_quiz("name", "pointing", seed=3)
    assert isinstance(q, NameQuiz) and q.step.technique == "pointing"
    again = make_quiz("name", "pointing", seed=3)
    assert again.options == q.options and again.step == q.step
    wrong = "claiming" if "claiming" in q.options else next(o for o in q.options if o != "pointing")
    v = q.submit(str(q.options.index(wrong) + 1))
    assert v.kind == "wrong" and "Pointing" in v.message
    if wrong == "claiming":
        assert v.confusion.label == "pointing vs claiming"
    assert q.result() == 0.0


# ------------------------------------------------------------ mastery

def test_mastery_table_and_suggestion():
    rows = table({}, {})
    assert [r.technique for r in rows] == [t.id for t in ladder()]
    assert suggest(rows).technique == "naked-single"          # nothing mastered: the first
    scores = {"naked-single": 1.0, "hidden-single": 0.9, "locked-subset": 0.8, "pointing": 0.3,
              "claiming": 0.6}
    counts = {k: 5 for k in scores}
    rows = table(scores, counts)
    ready = [r.technique for r in rows if r.ready and not r.mastered]
    assert "pointing" in ready and "claiming" in ready and "x-wing" not in ready
    assert suggest(rows).technique == "pointing"               # the lowest of the ready ones
    # too few attempts do not make a technique mastered
    rows = table({"naked-single": 1.0}, {"naked-single": 1})
    assert not rows[0].mastered and suggest(rows).technique == "naked-single"
    assert set(PREREQUISITES) == {t.id for t in ladder()}
    assert MASTERED_AT == 0.8


def test_record_quiz_stores_attempts_per_technique_and_confusions(ref):
    store = Store.open(":memory:")
    q = FindAllQuiz(ref, "locked-set")
    q.submit("r6c45 #38")
    q.submit("naked r46c3 #45")
    q.give_up()
    records = dict(record_quiz(store, "amy", q))
    naked = sum(1 for s in q.instances if s.technique == "naked-subset")
    hidden = q.total - naked
    assert records["naked-subset"] == pytest.approx(1 / naked, abs=1e-3)
    assert records["hidden-subset"] == pytest.approx(1 / hidden, abs=1e-3)
    assert store.mastery("amy") == pytest.approx(records, abs=1e-3)
    assert store.attempt_counts("amy") == {"naked-subset": 1, "hidden-subset": 1}
    assert store.confusions("amy") == {("naked-subset", "hidden-subset"): 1}


@pytest.mark.parametrize("actual,said,label", [
    ("skyscraper", "x-wing", "X-Wing vs Skyscraper"),
    ("claiming", "pointing", "pointing vs claiming"),
    ("hidden-single", "naked-single", "naked vs hidden single"),
])
def test_confusions_between_techniques_are_named(actual, said, label):
    """A quiz on one technique; the learner enters an instance of its usual
    mix-up: it does not count, and the mix-up is named back."""
    from tutor.teaching.practice import load_cache
    pos = load_cache(actual)[0].position
    step = find_all(pos, [actual])[0]
    q = FindAllQuiz(pos, said)
    v = q.submit_selection(step.cells, step.digits)        # picked on the grid, unnamed
    assert v.kind == "other" and v.confusion is not None
    assert v.confusion.label == label and label in v.message
    assert (v.confusion.said, v.confusion.actual) == (said, actual)
    # naming the technique wrongly in a quiz on the right one is named back too
    q = FindAllQuiz(pos, actual)
    v = q.submit_selection(step.cells, step.digits, technique=said)
    assert v.kind in ("found", "wrong")
    assert v.confusion is not None and v.confusion.label == label


def _shorthand(step) -> str | None:
    """How a learner would type a step: lines for fish and Locked Candidates,
    the two ends for two-link patterns, the stem for a blossom, cells else."""
    from tutor.engine.grid import cells_name
    t, d, x = step.technique, "".join(map(str, step.digits)), step.to_json()
    if t in ("x-wing", "swordfish", "jellyfish"):
        return f"{t} #{d} {x['base']} {x['cover']}"
    if t in ("skyscraper", "two-string-kite", "turbot-fish"):
        return f"{t.replace('-', ' ')} #{d} " + " ".join(x["ends"])
    if t in ("pointing", "claiming"):
        return f"{t} #{d} {x['box']} {x['line']}"
    if t == "death-blossom":
        return f"death blossom {x['stem']} #{d}"
    if t in ("x-cycle", "simple-colours"):
        return f"{t} #{d} {cells_name(step.cells)}"
    return None


@pytest.mark.parametrize("tid", ["pointing", "claiming", "x-wing", "skyscraper", "two-string-kite",
                                 "turbot-fish", "simple-colours", "swordfish", "jellyfish",
                                 "x-cycle", "death-blossom"])
def test_learner_shorthand_finds_the_step(tid):
    from tutor.teaching.practice import load_cache
    for p in load_cache(tid)[:2]:
        q = FindAllQuiz(p.position, tid)
        for s in q.instances:
            v = q.submit(_shorthand(s))
            assert v.kind in ("found", "duplicate"), (s.name, v.message)
        assert len(q.found) == q.total


def _forcing_position():
    from puzzle_helpers import qqwing
    from tutor.engine.formats import parse_position
    from tutor.engine.solve import apply_until_stuck
    return apply_until_stuck(parse_position(qqwing("expert")[0]), ["singles", "locked-candidates"])


def test_a_forcing_chain_typed_into_another_quiz_is_named():
    """Issue 26: a Cell Forcing Chain's own text, typed in an X-Wing quiz,
    is that real pattern, worded as every other technique's is."""
    pos = _forcing_position()
    cell = next(s for s in find_all(pos, ["forcing-chain"])
                if s.text.startswith("Cell Forcing Chain on r1c3"))
    v = FindAllQuiz(pos, "x-wing").submit(cell.text)
    assert v.kind == "other" and v.message.startswith("that is a Cell Forcing Chain, not an X-Wing")


def test_a_contradiction_chain_copied_back_is_found():
    """Its premise r3c6<>6 is read (the cell and digit), not the chain."""
    pos = _forcing_position()
    step = next(s for s in find_all(pos, ["forcing-chain"])
                if s.text.startswith("Forcing Chain Contradiction: r3c6<>6"))
    entry = parse_entry(step.text)
    assert entry.technique == "forcing-chain"
    assert entry.cells == (parse_cell("r3c6"),) and entry.digits == (6,)
    v = FindAllQuiz(pos, "forcing").submit(step.text)
    assert v.kind == "found" and v.step.text == step.text
