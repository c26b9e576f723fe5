"""The hint ladder's words, from the technique rooms: every level names a
place that holds the step's pattern (a forcing chain's, a net's or a
trial's premise), and no level before the last two gives an effect away."""
from __future__ import annotations

import re

import pytest

from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, HOUSES, cell_name, house_name
from tutor.engine.hint_words import hint_text
from puzzle_helpers import rung_steps
from tutor.engine.registry import find_all, ladder, next_step

GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."



# ------------------------------------------------------------------ places named in words

_CELLS = re.compile(r"r([1-9]+)c([1-9]+)")
_SHORT = re.compile(r"(?<![a-z0-9])([rcb])([1-9]+)(?![0-9c])")


def named_cells(text: str) -> set[int]:
    """The cells of every place a text names: cells ('r6c45'), houses in the
    step texts' notation ('r28', 'c6', 'b3')."""
    out = set()
    for m in _CELLS.finditer(text):
        out |= {(int(r) - 1) * 9 + int(c) - 1 for r in m.group(1) for c in m.group(2)}
    rest = _CELLS.sub(" ", text)
    for kind, numbers in _SHORT.findall(rest):
        for n in numbers:
            out |= set(HOUSES["rcb".index(kind) * 9 + int(n) - 1])
    return out


def effect_texts(step) -> set[str]:
    return set(step.elimination_texts()) | set(step.placement_texts())


def claimed(text: str) -> set[str]:
    """Every 'r1c2<>3' / 'r1c2=3' a text writes, groups spelt out."""
    out = set()
    for m in re.finditer(r"r([1-9]+)c([1-9]+)(<>|=)([1-9]+)", text):
        for r in m.group(1):
            for c in m.group(2):
                for d in m.group(4):
                    out.add(f"r{r}c{c}{m.group(3)}{d}")
    return out


def held(step) -> set[int]:
    premise = step.roles.premise(step)
    if premise is not None:
        return set(premise.cells) | {c for h in premise.houses for c in HOUSES[h]}
    return set(step.cells)


def test_the_sample_holds_every_rung():
    assert {s.technique for _, s in rung_steps()} == {t.id for t in ladder()}


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_every_level_names_a_place_holding_the_pattern(level):
    for pos, step in rung_steps():
        text = hint_text(step, level, pos)
        assert named_cells(text) & held(step), (step.technique, level, text)


def test_level_2_names_only_places_holding_the_pattern():
    for pos, step in rung_steps():
        text = hint_text(step, 2, pos)
        cells = named_cells(text)
        premise = held(step)
        # every place it names holds some of the pattern (or the premise)
        for m in list(_CELLS.finditer(text)) + list(_SHORT.finditer(_CELLS.sub(" ", text))):
            assert named_cells(m.group(0)) & premise, (step.technique, text, m.group(0))
        assert cells


def test_no_level_before_the_last_two_gives_an_effect_away():
    for pos, step in rung_steps():
        effects = effect_texts(step)
        for level in (1, 2, 3):
            text = hint_text(step, level, pos)
            assert not claimed(text) & effects, (step.technique, level, text)
        # a contradiction's premise candidate is the answer: levels 1-3 name its cell only
        if step.technique in ("forcing-chain", "forcing-net") and step.roles.kind == "contradiction":
            premise = step.roles.premise(step)
            literal = f"{cell_name(premise.cells[0])}{'=' if premise.on else '<>'}{premise.digits[0]}"
            for level in (1, 2, 3):
                assert literal not in hint_text(step, level, pos), (step.technique, level)
        # level 2 never names an effect's cell together with its digit
        where = hint_text(step, 2, pos)
        for i, d in step.eliminations + step.placements:
            if cell_name(i) in where:
                rest = _SHORT.sub(" ", _CELLS.sub(" ", where))
                assert str(d) not in rest, (step.technique, where)


def test_levels_3_and_4_write_one_notation():
    for pos, step in rung_steps():
        assert hint_text(step, 4, pos) == step.text
        assert hint_text(step, 5, pos) == "applied " + step.text
        if step.technique not in ("naked-single", "hidden-single", "forcing-chain",
                                  "forcing-net", "trial", "bug-plus-one", "template-set",
                                  "template-delete"):
            assert hint_text(step, 3, pos) == "the pattern: " + step.lead


def test_a_template_hint_points_at_the_box_of_its_effect_not_the_answer():
    """Level 3 of a template step names the box where it acts and lights
    that box, not the templates' cells (the candidates left out of them are
    the answer); level 4 gives the effect."""
    from tutor.engine.hint_words import words_for
    seen = set()
    for pos, step in rung_steps():
        if step.technique not in ("template-set", "template-delete"):
            continue
        seen.add(step.technique)
        text = hint_text(step, 3, pos)
        place = words_for(step).pattern_place(step)
        effect = [i for i, _ in step.eliminations + step.placements]
        assert {18 + BOX[i] for i in effect} == set(place.houses)
        assert all(cell_name(i) not in text for i in effect), text
        assert house_name(place.houses[0]) in text and f"{step.roles.count} templates" in text
    assert seen == {"template-set", "template-delete"}


def test_a_wing_names_its_pivot_and_a_single_keeps_its_digit():
    for pos, step in rung_steps():
        if step.technique in ("xy-wing", "xyz-wing"):
            assert f"{cell_name(step.cells[0])} (pivot)" in hint_text(step, 3, pos)
        if step.technique in ("naked-single", "hidden-single"):
            i, d = step.placements[0]
            text = hint_text(step, 3, pos)
            assert f"{cell_name(i)}={d}" not in text
            if step.technique == "naked-single":
                assert str(d) not in _CELLS.sub(" ", text)


def test_level_1_uses_the_naming_table():
    pos = parse_position("2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3")
    from tutor.engine.solve import apply_until_stuck
    pos = apply_until_stuck(pos, ["singles"])
    pointing = find_all(pos, ["pointing"])
    naked = next(s for s in find_all(pos, ["naked-subset"]) if s.roles.size == 2)
    assert hint_text(naked, 1) == "look for a Naked Pair."
    if pointing:
        assert hint_text(pointing[0], 1) == "look for a Pointing step."


def test_golden_nugget_hints_point_at_the_premise():
    """Issue 24: hint 2 for Trial named 'box 2: a cell there has one
    candidate left' where r1c4 holds 2,6,8, and for Forcing Nets a box
    without their premise."""
    pos = parse_position(GOLDEN_NUGGET)
    trial = next_step(pos)
    assert trial.technique == "trial"
    where = hint_text(trial, 2, pos)
    assert where == f"look at {cell_name(trial.cells[0])}: the solution holds one of its candidates."
    assert str(trial.digits[0]) not in where.replace(cell_name(trial.cells[0]), "")
    # further on, the forcing nets: hint 2 names the premise's cell or house
    pos.apply(trial)
    nets = find_all(pos, ["forcing-chain", "forcing-net"])
    assert nets
    for step in nets[:20]:
        premise = step.roles.premise(step)
        where = hint_text(step, 2, pos)
        cells = named_cells(where)
        assert cells & (set(premise.cells) | {c for h in premise.houses for c in HOUSES[h]}), where
        if not premise.houses:
            assert cell_name(premise.cells[0]) in where, where
