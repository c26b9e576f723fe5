"""A technique is one room: a throwaway room registered here (finder, check,
names, entry keys, a confusion) is picked up by the judge, the quizzes and
mastery with no other edit; and every shipped room fills its fields."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from tutor.engine import registry
from tutor.engine.grid import HOUSES, MASK_DIGITS, POPCOUNT, cell_name, cells_name, parse_cells
from tutor.engine.judge import judge, resolve_technique
from tutor.engine.registry import EntryKeys, PatternReport, family, technique
from tutor.engine.roles import HOUSE, Part, Roles
from tutor.engine.step import make_step
from tutor.teaching.mastery import PREREQUISITES
from tutor.teaching.quiz import FindAllQuiz, confusion, name_options, parse_entry


# ------------------------------------------------------------------ a throwaway room

@dataclass(frozen=True)
class TwinsRoles(Roles):
    """The step's two cells in the step's row."""

    def name(self, step) -> str:
        return f"Row Twins: {cells_name(step.cells)}"

    def parts(self, step):
        return (Part(HOUSE, houses=step.houses),)


TWINS = TwinsRoles()


def _twins(pos):
    """Two cells of a row holding the same two digits (a naked pair seen in
    its row only): those digits leave the rest of the row."""
    steps = []
    for r in range(9):
        cells = [i for i in HOUSES[r] if not pos.values[i] and POPCOUNT[pos.cands[i]] == 2]
        for k, a in enumerate(cells):
            for b in cells[k + 1:]:
                if pos.cands[a] != pos.cands[b]:
                    continue
                digits = MASK_DIGITS[pos.cands[a]]
                elims = [(j, d) for j in HOUSES[r] if j not in (a, b) for d in digits if pos.has(j, d)]
                if elims:
                    steps.append(make_step("row-twins", TWINS, cells=(a, b), digits=digits,
                                           houses=(r,), eliminations=elims))
    return steps


def _check_twins(pos, q):
    cells = list(q.cells)
    if len(cells) != 2:
        return PatternReport(False, q.label, cells, "row twins are two cells", fits=False)
    a, b = cells
    if pos.cands[a] != pos.cands[b] or POPCOUNT[pos.cands[a]] != 2:
        return PatternReport(False, q.label, cells,
                             f"{cell_name(a)} and {cell_name(b)} do not hold the same two digits", [a, b])
    if a // 9 != b // 9:
        return PatternReport(False, q.label, cells, f"{cells_name(cells)} are not in one row", [a, b])
    digits = MASK_DIGITS[pos.cands[a]]
    removes = {(j, d) for j in HOUSES[a // 9] if j not in cells for d in digits if pos.has(j, d)}
    return PatternReport(True, q.label, cells, digits=digits, removes=removes)


def _twins_keys(step):
    # the first twin alone names the step too
    return EntryKeys(frozenset(step.cells), (frozenset(step.cells[:1]),), digits=frozenset(step.digits))


@contextmanager
def twins_room():
    """Register the room for the length of a with block."""
    family("twins", "Twins", "twin pattern", aliases=("twin family",))
    technique("row-twins", "Row Twins", "twins", rank=55, label="Twins",
              aliases=("row twins", "twin cells"), check=_check_twins, entry_keys=_twins_keys,
              confusions=(("naked-subset", "twins vs naked pair", "twins are a naked pair seen "
                                                                  "in its row only"),),
              prerequisites=("naked-single",), distractors=("naked-subset",))(_twins)
    try:
        yield registry.REGISTRY["row-twins"]
    finally:
        registry.REGISTRY.pop("row-twins", None)
        for table in (registry.FAMILIES, registry.FAMILY_NOUNS, registry.FAMILY_ALIASES):
            table.pop("twins", None)


def test_a_new_room_is_picked_up_by_judge_quiz_and_mastery(lockedset_position):
    with twins_room():
        _use_the_room(lockedset_position)
    # gone again: its names are unknown, the ladder is as before
    with pytest.raises(registry.UnknownTechnique):
        resolve_technique("row twins")
    assert "row-twins" not in {t.id for t in registry.ladder()}


def _use_the_room(pos):
    steps = _twins(pos)
    assert steps
    step = steps[0]
    pair = cells_name(step.cells)
    (i, d) = step.eliminations[0]
    claim = f"{cell_name(i)}<>{d}"

    # names: the judge reads the room's aliases, the family and its id
    assert resolve_technique("twin cells").ids == ("row-twins",)
    assert resolve_technique("Row-Twins").label == "Twins"
    assert resolve_technique("twin family").ids == ("row-twins",)

    # the judge proves with the room's steps and checks a pattern with its check
    v = judge(pos, claim, by="row twins", pattern=pair)
    assert v.kind == "proved" and v.technique == "row-twins" and "Row Twins" in v.message
    other = next(j for j in range(81) if not pos.values[j] and j not in step.cells
                 and pos.cands[j] != pos.cands[step.cells[0]] and j // 9 == step.cells[0] // 9)
    a, b = sorted([step.cells[0], other])
    bad = cells_name([a, b])
    v = judge(pos, claim, by="twin cells", pattern=bad)
    assert f"Your pattern {bad} fails: {cell_name(a)} and {cell_name(b)} do not hold the same two " \
           f"digits." in v.message

    # the quiz parses entries naming it and matches them with its entry keys
    e = parse_entry(f"row twins {pair} #{''.join(map(str, step.digits))}")
    assert e.technique == "row-twins"
    q = FindAllQuiz(pos, "row-twins")
    assert q.total == len(steps)
    v = q.submit(f"twin cells {cell_name(step.cells[0])} #{''.join(map(str, step.digits))}")
    assert v.kind == "found", v.message
    assert parse_entry(f"twins {bad}").technique == "row-twins"   # its short label is a name too
    v = q.submit(f"row twins {bad}")
    assert v.kind == "wrong" and v.message == (f"not an instance: {cell_name(a)} and {cell_name(b)} "
                                               f"do not hold the same two digits")

    # confusions, prerequisites and the name quiz's options come from the room
    assert confusion("row-twins", "naked-subset").label == "twins vs naked pair"
    assert "naked-subset" in name_options("row-twins", seed=3)
    assert confusion("naked-subset", "row-twins").tip.startswith("twins are")
    assert PREREQUISITES["row-twins"] == ("naked-single",) and "row-twins" in set(PREREQUISITES)


# ------------------------------------------------------------------ the shipped rooms

def test_every_room_names_itself_and_its_check_answers_in_notation(lockedset_position):
    """Its id, name and aliases read back as itself; what it points to is
    registered; its check turns down two cells that share no house."""
    pos = lockedset_position
    apart = parse_cells("r5c8 r8c1")
    assert all(not pos.values[i] for i in apart)
    for t in registry.ladder():
        assert resolve_technique(t.id).ids == (t.id,)
        assert resolve_technique(t.name).ids[0] == t.id
        for alias in t.aliases:
            named = resolve_technique(alias)
            assert t.id in named.ids, (t.id, alias, named)
        for other in t.prerequisites + t.distractors + tuple(c[0] for c in t.confusions):
            assert registry.get(other) is not None, (t.id, other)
        if t.check is None:
            continue
        r = registry.check_pattern(pos, registry.PatternQuery(t.id, tuple(apart), label=t.short))
        assert r is not None and not r.ok and r.reason and "\n" not in r.reason


def test_every_room_weighs_its_steps_on_one_scale():
    """A step's weight (what it adds to a puzzle's score) is set on every
    room: singles a few points, subsets tens, fish and wings one to two
    hundred, chains and ALS more."""
    w = {t.id: t.weight for t in registry.ladder()}
    assert all(w.values()), [t for t, v in w.items() if not v]
    assert w["naked-single"] < w["hidden-single"] < 20
    assert 10 < w["pointing"] <= w["naked-subset"] < w["hidden-subset"] < 100
    for tid in ("x-wing", "swordfish", "skyscraper", "empty-rectangle", "w-wing", "xy-wing",
                "xyz-wing", "wxyz-wing", "finned-x-wing", "finned-swordfish", "unique-rectangle"):
        assert 100 <= w[tid] <= 200, tid
    assert w["x-wing"] < w["swordfish"] < w["jellyfish"]
    assert w["finned-x-wing"] < w["finned-swordfish"] < w["finned-jellyfish"]
    assert w["xy-wing"] < w["xyz-wing"] < w["wxyz-wing"]
    below_chains = [t.id for t in registry.ladder() if t.rank < registry.get("x-cycle").rank]
    assert max(w[t] for t in below_chains) < w["x-cycle"] < w["death-blossom"]
    assert w["xy-chain"] <= w["aic"] <= w["grouped-aic"]
    assert w["als-xz"] <= w["als-xy-wing"] <= w["als-chain"]
    assert max(w[t] for t in w if t not in ("forcing-chain", "forcing-net", "trial")) \
        < w["forcing-chain"] < w["forcing-net"] < w["trial"]
    assert all(t.score == t.weight for t in registry.ladder())


@pytest.mark.parametrize("label, words", [
    ("X-Wing", "an X-Wing"), ("XY-Wing", "an XY-Wing"), ("XYZ-Wing", "an XYZ-Wing"),
    ("W-Wing", "a W-Wing"), ("WXYZ-Wing", "a WXYZ-Wing"), ("Empty Rectangle", "an Empty Rectangle"),
    ("Unique Rectangle", "a Unique Rectangle"), ("Uniqueness Test 4", "a Uniqueness Test 4"),
    ("ALS Death Blossom", "an ALS Death Blossom"), ("BUG+1", "a BUG+1"), ("X-Cycle", "an X-Cycle"),
    ("Naked Pair", "a Naked Pair"), ("Finned X-Wing", "a Finned X-Wing"),
    ("2-String Kite", "a 2-String Kite"), ("8-cell loop", "an 8-cell loop"),
])
def test_one_article_rule_reads_names_by_sound(label, words):
    assert registry.an(label) == words


def test_the_judge_and_the_quiz_use_the_article_rule(lockedset_position):
    """'That is an XY-Wing, not ...': the judge's proved-other sentence and
    the quiz's 'not an instance' one take their article from the registry."""
    from tutor.teaching.lessons import all_lessons
    ex = next(e for lesson in all_lessons() for e in lesson.examples if e.technique == "xy-wing")
    pos = ex.position()
    step = ex.find_step(pos)
    (i, d), = step.eliminations[:1]
    v = judge(pos, f"{cell_name(i)}<>{d}", by="w-wing")
    assert v.kind == "proved-other" and v.message.startswith("That is an XY-Wing, not a W-Wing")
    q = FindAllQuiz(pos, "w-wing")
    v = q.submit(" ".join(cell_name(c) for c in step.cells))
    assert v.kind == "other" and "that is an XY-Wing" in v.message and "not a W-Wing" in v.message


def test_no_family_shares_an_id_with_a_technique():
    """A family and a technique with one id list one palette entry twice
    (Textual's option list refuses duplicate ids and the app ended)."""
    from tutor.engine.registry import FAMILIES, ladder
    assert not set(FAMILIES) & {t.id for t in ladder()}
