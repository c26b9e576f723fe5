"""ALS Death Blossom: the reference examples, an independent slow search to
check that every blossom is found, a structure check of every step and the
brute-force solution as judge of soundness."""
from __future__ import annotations

import random
from itertools import combinations, product
from math import prod

import pytest

from puzzle_helpers import assert_sound, load_lines, qqwing, sampled_positions
from tutor.engine.registry import REGISTRY, find_all, ladder
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.grid import HOUSES, HOUSE_MASK, MASK_DIGITS, parse_cell, parse_cells, sees
from tutor.engine.solve import apply_until_stuck, logic_solve
from tutor.engine.techniques.als import table as als
from tutor.engine.techniques.als.table import find_alses
from tutor.engine.techniques.als.death_blossom import death_blossom

BASIC = ["singles", "locked-candidates", "locked-set"]

# The two reference puzzles and the positions where their blossoms show:
# both puzzles after singles, Locked Candidates and LockedSets, until stuck.
PUZZLE_PLAIN = "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18.."
POSITION_PLAIN = (
    "1{3567}{67}89{36}{256}4{236}8{34569}{69}21{346}{56}{35}7{24}{346}{26}7{346}5981315"
    "4{26}9{267}{27}8{279}8{2679}5{2367}{367}41{26}{27}{67}41{267}8395{579}{79}1382{57}64"
    "6{47}895{47}1{23}{23}{457}236{47}18{57}9")
PUZZLE_OVERLAP = "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316.."
POSITION_OVERLAP = (
    "1{37}2956{37}485{378}6{13}{14}{348}29{137}4{38}9{123}7{238}56{13}{69}538{2469}{247}"
    "{79}1{47}248{137}{19}{37}{379}56{69}17{36}{469}582{34}761589432394{267}{26}{27}18582"
    "5431679")


def diabolical() -> list[str]:
    return [line.split()[1] for line in load_lines("sudoku-exchange/diabolical-40.txt")]


def expert_sample(k=40, seed=5) -> list[str]:
    return random.Random(seed).sample(qqwing("expert"), k)


def cands_of(pos, i) -> set[int]:
    return set(MASK_DIGITS[pos.cands[i]])


def step_by_name(steps, name):
    hits = [s for s in steps if s.name == name]
    assert len(hits) == 1, f"{name!r} not found once in {[s.name for s in steps]}"
    return hits[0]


# ------------------------------------------------------------ reference examples

def test_reference_positions_come_from_the_puzzles():
    for puzzle, braces in ((PUZZLE_PLAIN, POSITION_PLAIN), (PUZZLE_OVERLAP, POSITION_OVERLAP)):
        pos = apply_until_stuck(parse_position(puzzle), BASIC)
        assert to_braces(pos) == to_braces(parse_position(braces))


def test_reference_blossom_without_overlap():
    pos = parse_position(POSITION_PLAIN)
    steps = death_blossom(pos)
    step = step_by_name(
        steps, "ALS Death Blossom: stem r2c3 #69, -6- r27c7 #567, -9- r12368c2 #345679")
    assert step.text.endswith(" => r7c2<>7")
    assert step.elimination_texts() == ["r7c2<>7"]
    data = step.to_json()
    assert data["technique"] == "death-blossom"
    assert data["stem"] == "r2c3" and data["stem_digits"] == [6, 9]
    assert data["z"] == 7 and data["overlap"] is False
    assert data["petals"] == [
        {"digit": 6, "cells": ["r2c7", "r7c7"], "digits": [5, 6, 7]},
        {"digit": 9, "cells": ["r1c2", "r2c2", "r3c2", "r6c2", "r8c2"], "digits": [3, 4, 5, 6, 7, 9]},
    ]
    assert step.digits == (7,)
    assert set(step.cells) == set(parse_cells("r2c3 r27c7 r12368c2"))
    assert step.cells[0] == parse_cell("r2c3")
    assert_sound(pos, steps, parse_position(PUZZLE_PLAIN).solution())


def test_reference_blossom_with_overlap():
    pos = parse_position(POSITION_OVERLAP)
    steps = death_blossom(pos)
    step = step_by_name(
        steps, "ALS Death Blossom [overlap]: stem r1c7 #37, -3- r234c9 #1347, -7- r2c459 #1347")
    assert step.elimination_texts() == ["r4c5<>4"]
    assert step.to_json()["overlap"] is True and step.to_json()["z"] == 4
    # the two petals share r2c9
    a, b = (set(p["cells"]) for p in step.to_json()["petals"])
    assert a & b == {"r2c9"}
    assert_sound(pos, steps, parse_position(PUZZLE_OVERLAP).solution())


def test_registered_in_the_als_family():
    pos = parse_position(POSITION_PLAIN)
    assert REGISTRY["death-blossom"].family == "als"
    # the family holds the other ALS rooms too (ALS-XZ, ALS-XY-Wing, ALS chains); Sue de Coq
    # has a family of its own, lower on the ladder
    family_steps = [s.text for s in find_all(pos, ["als"]) if s.technique == "death-blossom"]
    assert family_steps == [s.text for s in death_blossom(pos)]
    assert {t.id for t in ladder() if t.family == "als"} == {
        "als-xz", "als-xy-wing", "als-chain", "death-blossom"}


# ------------------------------------------------------------ independent search

def slow_alses(pos, max_size=als.MAX_ALS_SIZE) -> set[frozenset]:
    out = set()
    for house in HOUSES:
        empty = [i for i in house if not pos.values[i]]
        for n in range(1, min(max_size, len(empty) - 1) + 1):
            for group in combinations(empty, n):
                digits = set().union(*(cands_of(pos, i) for i in group))
                if len(digits) == n + 1:
                    out.add(frozenset(group))
    return out


class TooBig(Exception):
    pass


def slow_blossoms(pos, cap=20000) -> set[tuple]:
    """Every (stem, z, eliminated cells) by trying each petal combination
    in full, with plain sets: no pruning shared with the finder."""
    cand = {i: cands_of(pos, i) for i in range(81) if not pos.values[i]}
    peers = {i: {j for j in cand if sees(i, j)} for i in cand}
    groups = [(g, set().union(*(cand[i] for i in g))) for g in slow_alses(pos)]
    out = set()
    for stem, stem_digits in cand.items():
        if len(stem_digits) < 2:
            continue
        linked = {x: [(g, d) for g, d in groups if x in d and stem not in g
                      and all(i in peers[stem] for i in g if x in cand[i])]
                  for x in stem_digits}
        for z in set(range(1, 10)) - stem_digits:
            lists = [[g for g, d in linked[x] if z in d] for x in sorted(stem_digits)]
            if prod(len(l) for l in lists) > cap:
                raise TooBig
            holders = {t for t in cand if z in cand[t]}
            for petals in product(*lists):
                targets = set(holders)
                for g in petals:
                    for i in g:
                        if z in cand[i]:
                            targets &= peers[i]
                if targets:
                    out.add((stem, z, frozenset(targets)))
    return out


def stuck_positions(puzzles, techniques=BASIC):
    out = []
    for text in puzzles:
        pos = apply_until_stuck(parse_position(text), techniques)
        if not pos.is_solved():
            out.append((text, pos))
    return out


def test_als_enumeration_matches_a_plain_search():
    positions = stuck_positions(diabolical()[:12]) + [(None, parse_position(PUZZLE_PLAIN))]
    for _, pos in positions:
        found = find_alses(pos)
        cell_sets = [frozenset(a.cell_list) for a in found]
        assert len(cell_sets) == len(set(cell_sets)), "an ALS is listed twice"
        assert set(cell_sets) == slow_alses(pos)
        for a in found:
            assert set(MASK_DIGITS[a.digits]) == set().union(*(cands_of(pos, i) for i in a.cell_list))
            assert a.houses and all(HOUSE_MASK[h] & a.cells == a.cells for h in a.houses)


@pytest.mark.slow
def test_every_blossom_is_found():
    compared = 0
    for _, pos in stuck_positions(diabolical() + expert_sample(20, seed=9)):
        try:
            expected = slow_blossoms(pos)
        except TooBig:
            continue
        got = {(parse_cell(s.to_json()["stem"]), s.to_json()["z"], frozenset(i for i, _ in s.eliminations))
               for s in death_blossom(pos)}
        assert got == expected, to_braces(pos)
        compared += 1
    assert compared >= 30


# ------------------------------------------------------------ structure and soundness

def check_structure(pos, step):
    """The step is a Death Blossom by the definition, read back from its data."""
    stem = parse_cell(step.to_json()["stem"])
    stem_digits = cands_of(pos, stem)
    assert set(step.to_json()["stem_digits"]) == stem_digits and len(stem_digits) >= 2
    z = step.to_json()["z"]
    assert step.digits == (z,) and z not in stem_digits
    petals = step.to_json()["petals"]
    assert sorted(p["digit"] for p in petals) == sorted(stem_digits)
    z_cells = set()
    seen_cells: list[set] = []
    for p in petals:
        cells = [parse_cell(c) for c in p["cells"]]
        digits = set().union(*(cands_of(pos, i) for i in cells))
        assert set(p["digits"]) == digits and len(digits) == len(cells) + 1
        assert all(not pos.values[i] for i in cells) and stem not in cells
        mask = sum(1 << i for i in cells)
        assert any(HOUSE_MASK[h] & mask == mask for h in range(27)), p
        x = p["digit"]
        assert x in digits and z in digits
        assert all(sees(i, stem) for i in cells if x in cands_of(pos, i))
        z_cells |= {i for i in cells if z in cands_of(pos, i)}
        seen_cells.append(set(cells))
    overlap = any(a & b for a, b in combinations(seen_cells, 2))
    assert step.to_json()["overlap"] is overlap
    assert ("[overlap]" in step.name) is overlap
    # eliminations: exactly the cells holding z that see every z of the petals
    expected = {(t, z) for t in range(81) if not pos.values[t] and z in cands_of(pos, t)
                and all(sees(t, i) for i in z_cells)}
    assert set(step.eliminations) == expected and expected
    assert step.cells[0] == stem and set(step.cells[1:]) == set().union(*seen_cells)


def test_steps_are_well_formed_unique_and_ordered():
    total = 0
    for _, pos in stuck_positions(diabolical()[:20]) + [(None, parse_position(POSITION_OVERLAP))]:
        steps = death_blossom(pos)
        keys = [(s.to_json()["stem"], s.to_json()["z"], s.eliminations) for s in steps]
        assert len(keys) == len(set(keys)), "the same blossom twice"
        flags = [s.to_json()["overlap"] for s in steps]
        assert flags == sorted(flags), "overlap form should follow the plain one"
        for s in steps:
            check_structure(pos, s)
            assert s.text == f"{s.name} => " + s.text.split(" => ", 1)[1]
        total += len(steps)
    assert total > 50


@pytest.mark.slow
@pytest.mark.parametrize("source", ["expert", "diabolical"])
def test_sound_on_stuck_positions(source):
    puzzles = expert_sample(60, seed=21) if source == "expert" else diabolical()
    simpler = [t.id for t in ladder() if t.rank < REGISTRY["death-blossom"].rank]
    checked = 0
    for text in puzzles:
        start = parse_position(text)
        solution = start.solution()
        for techniques in (BASIC, simpler):
            pos = logic_solve(start, techniques).position
            if pos.is_solved():
                continue
            assert all(pos.has(i, solution[i]) or pos.values[i] == solution[i] for i in range(81)), \
                f"the simpler techniques already broke {text}"
            steps = death_blossom(pos)
            assert_sound(pos, steps, solution)
            checked += len(steps)
    assert checked > 100


def test_sound_along_solve_paths():
    puzzles = diabolical()[::2] + expert_sample(20, seed=33)
    solutions = {}
    checked = 0
    for text, pos in sampled_positions(puzzles, BASIC, per_puzzle=2, seed=4):
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        steps = death_blossom(pos)
        assert_sound(pos, steps, solutions[text])
        checked += len(steps)
    assert checked > 100
