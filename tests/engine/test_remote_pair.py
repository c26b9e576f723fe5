"""Remote Pair: hand-checked positions, every step against a plain search
written from the definition, the pattern check, and the room's fields."""
from __future__ import annotations

from itertools import combinations

import pytest

from puzzle_helpers import assert_sound, load_lines, qqwing, sampled_positions
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import parse_cell, sees
from tutor.engine.registry import PatternQuery, check_pattern, get
from tutor.engine.solve import apply_until_stuck

BASE = ["singles", "locked-candidates", "locked-set", "fish", "single-digit"]
EXPERT = qqwing("expert")


def expert(line: int):
    return apply_until_stuck(parse_position(EXPERT[line - 1]), BASE)


def cells(names: str):
    return tuple(parse_cell(n) for n in names.split())


def texts(pos):
    return [s.text for s in find_all(pos, ["remote-pair"])]


def check(pos, names):
    return check_pattern(pos, PatternQuery("remote-pair", cells=cells(names)))


# ------------------------------------------------------------------ positions

def test_remote_pair_in_expert_279():
    pos = expert(279)
    # The 1,6 cells: r3c3, r4c3, r4c4, r5c1, r5c6, r7c2, r7c4, r9c6, r9c8.
    # r3c3 - r4c3 (column 3) - r4c4 (row 4) - r5c6 (box 5) - r9c6 (column 6)
    # - r9c8 (row 9): five links, so r3c3 and r9c8 hold different digits,
    # and r3c8 (row 3, column 8) sees both: it loses 1 and 6.  No other cell
    # holding 1 or 6 sees two cells of the chain network an odd number (3+)
    # of links apart.
    assert texts(pos) == ["Remote Pair: 1/6 r3c3-r4c3-r4c4-r5c6-r9c6-r9c8 => r3c8<>16"]
    step, = find_all(pos, ["remote-pair"])
    assert step.cells == cells("r3c3 r4c3 r4c4 r5c6 r9c6 r9c8")
    assert step.digits == (1, 6)
    assert {k: step.to_json()[k] for k in ("chain", "ends", "pair", "length")} == {
        "chain": ["r3c3", "r4c3", "r4c4", "r5c6", "r9c6", "r9c8"],
        "ends": ["r3c3", "r9c8"], "pair": [1, 6], "length": 6}
    assert_sound(pos, [step], pos.solution())
    pos.apply(step)
    assert texts(pos) == []


def test_remote_pair_in_expert_290():
    pos = expert(290)
    # 5,6 cells r3c5 - r1c4 (box 2) - r1c9 (row 1) - r2c7 (box 3) - r8c7
    # (column 7) - r8c6 (row 8); r9c5 sees r3c5 (column 5) and r8c6 (box 8).
    assert texts(pos) == ["Remote Pair: 5/6 r3c5-r1c4-r1c9-r2c7-r8c7-r8c6 => r9c5<>56"]


def test_one_step_per_set_of_cells_reached_each_with_the_shortest_chain():
    line = load_lines("sudoku-exchange/diabolical-40.txt")[26]
    pos = apply_until_stuck(parse_position(line.split()[1]), BASE)
    # 4,9 cells along r1c6 - r1c8 - r2c9 - r7c9 - r7c5, which ends in r6c5
    # and in r9c4 (both see r7c5): r5c6 sees r1c6 (column 6) and r6c5 (box
    # 5), r3c4 sees r1c6 (box 2) and r9c4 (column 4).  Both hold 9 only.
    assert texts(pos) == [
        "Remote Pair: 4/9 r1c6-r1c8-r2c9-r7c9-r7c5-r6c5 => r5c6<>9",
        "Remote Pair: 4/9 r1c6-r1c8-r2c9-r7c9-r7c5-r9c4 => r3c4<>9",
    ]


def test_no_remote_pair_without_four_cells_of_one_pair():
    pos = expert(3)
    # the most cells of one pair here is three (5,7: r1c2, r1c3, r8c2)
    assert texts(pos) == []


# ------------------------------------------------------------------ the definition

def _links_from(a, group):
    """{cell: fewest links from a} over the group's cells that see each other."""
    out, frontier = {a: 0}, [a]
    while frontier:
        later = []
        for c in frontier:
            for o in group:
                if o not in out and sees(c, o):
                    out[o] = out[c] + 1
                    later.append(o)
        frontier = later
    return out


def plain_remote_pairs(pos):
    """{frozenset of (cell, digit): fewest links}: for every two same-pair
    bivalue cells an odd number of links apart (three or more) in their
    network, what goes from the cells outside it that see both."""
    out = {}
    bivalue = [i for i in range(81) if len(pos.candidates(i)) == 2]
    for pair in {pos.candidates(i) for i in bivalue}:
        group = [i for i in bivalue if pos.candidates(i) == pair]
        dist = {a: _links_from(a, group) for a in group}
        for a, b in combinations(group, 2):
            links = dist[a].get(b)
            if links and links >= 3 and links % 2:
                effect = frozenset((t, d) for t in range(81) for d in pair
                                   if t not in group and pos.has(t, d) and sees(t, a) and sees(t, b))
                if effect:
                    out[effect] = min(links, out.get(effect, links))
    return out


def samples():
    """Four positions along each of 100 expert solves (made when a test
    asks, not at collection)."""
    return sampled_positions(EXPERT[200:300], per_puzzle=4, seed=5)


def test_steps_match_the_definition():
    total = 0
    for _, pos in samples():
        steps = find_all(pos, ["remote-pair"])
        # one step per distinct set removed, and every such set has its step
        effects = [frozenset(s.eliminations) for s in steps]
        assert len(set(effects)) == len(effects)
        want = plain_remote_pairs(pos)
        assert set(effects) == set(want)
        assert all(len(s.cells) - 1 == want[frozenset(s.eliminations)] for s in steps)
        total += len(steps)
        for s in steps:
            chain = s.cells
            assert len(chain) >= 4 and len(chain) % 2 == 0
            assert all(pos.candidates(c) == s.digits for c in chain)
            assert all(sees(a, b) for a, b in zip(chain, chain[1:]))
            a, b = chain[0], chain[-1]
            assert set(s.eliminations) == {(t, d) for t in range(81) for d in s.digits
                                           if t not in chain and pos.has(t, d)
                                           and sees(t, a) and sees(t, b)}
            r = check(pos, " ".join(s.to_json()["ends"]))
            assert r.ok and r.removes == set(s.eliminations)
            r = check(pos, " ".join(s.to_json()["chain"]))
            assert r.ok and set(s.eliminations) <= r.removes
    assert total >= 5


# ------------------------------------------------------------------ pattern check

FAILING = [
    ("r3c3", "a Remote Pair names its chain (four cells or more) or the chain's two ends"),
    ("r3c3 r3c8", "r3c8 holds 1,3,6,8: every Remote Pair cell holds just two candidates"),
    ("r3c3 r1c2", "r1c2 holds 4,6 and r3c3 holds 1,6: a Remote Pair's cells all hold the same "
                  "pair"),
    ("r3c3 r4c3", "r3c3 and r4c3 see each other: two cells with one pair there are a Naked Pair, "
                  "not a Remote Pair"),
    ("r3c3 r4c4", "r3c3 and r4c4 are 2 links apart (r3c3-r4c3-r4c4): an even number, so they "
                  "hold the same digit"),
    ("r3c3 r4c3 r4c4", "three cells are not enough: the ends of a three-cell chain hold the same "
                       "digit; a Remote Pair needs four cells or more"),
    ("r3c3 r4c3 r4c4 r9c8", "r9c8 sees no other cell of the chain"),
    ("r3c3 r4c3 r7c2 r7c4", "the cells fall apart into r34c3 and r7c24: a chain joins them all"),
    ("r5c1 r4c3 r4c4 r7c4 r7c2 r9c6", "r4c34 r5c1 r7c24 r9c6 do not line up as one chain in "
                                      "which each cell sees the next"),
]


@pytest.mark.parametrize("names,reason", FAILING, ids=[n for n, _ in FAILING])
def test_failing_conditions(names, reason):
    r = check(expert(279), names)
    assert not r.ok and r.reason == reason


def test_a_chain_or_its_ends_in_any_order():
    pos = expert(279)
    target = {(parse_cell("r3c8"), 1), (parse_cell("r3c8"), 6)}
    for names in ("r9c8 r3c3", "r9c6 r3c3 r4c4 r9c8 r5c6 r4c3"):
        r = check(pos, names)
        assert r.ok and r.removes == target and r.digits == (1, 6)
    r = check(pos, "r3c3 r9c8")
    assert r.why_not(parse_cell("r3c8"), 3, False) == "this Remote Pair removes 1,6, not 3"
    assert r.why_not(parse_cell("r3c9"), 6, False) == "r3c9 has no candidate 6"
    assert r.why_not(parse_cell("r3c8"), 6, True) == \
        "a Remote Pair only removes candidates; it does not place r3c8=6"
    r = check(pos, "r3c3 r4c3 r4c4 r5c6 r9c6 r9c8")
    assert r.why_not(parse_cell("r2c1"), 6, False) == \
        "r2c1 does not see two chain cells an odd number of links apart"
    # a chain of four that holds but reaches no candidate
    r = check(pos, "r3c3 r4c3 r4c4 r7c4")
    assert r.ok and r.removes == set()


# ------------------------------------------------------------------ the room

def test_room_fields():
    t = get("remote-pair")
    assert (t.family, t.rank, t.name, t.label) == ("chains", 95, "Remote Pair", "Remote Pair")
    assert t.aliases == ("remote pair", "remote pairs", "remotepair")
    assert {o for o, _, _ in t.confusions} == {"naked-subset", "xy-chain"}
    step, = find_all(expert(279), ["remote-pair"])
    keys = t.entry_keys(step)
    assert keys.cells == frozenset(step.cells)
    assert keys.alternatives == (frozenset(cells("r3c3 r9c8")),)
    assert keys.digits == {1, 6} and keys.partial


def test_a_redrawn_grid_gives_the_same_steps():
    import random
    from collections import Counter
    from tutor.teaching.symmetry import Symmetry
    for k, line in enumerate((279, 290)):
        pos = expert(line)
        sym = Symmetry.random(random.Random(f"remote:{k}"))
        before, after = find_all(pos, ["remote-pair"]), find_all(sym.position(pos), ["remote-pair"])
        assert Counter(sym.pairs(s.eliminations) for s in before) == \
            Counter(s.eliminations for s in after)
        assert sorted(len(s.cells) for s in before) == sorted(len(s.cells) for s in after)


@pytest.mark.slow
def test_sound_along_the_solve_paths_of_all_qqwing_puzzles():
    from puzzle_helpers import all_qqwing
    found = 0
    for text, pos in sampled_positions(all_qqwing(), per_puzzle=3, seed=22):
        steps = find_all(pos, ["remote-pair"])
        assert_sound(pos, steps, parse_position(text).solution())
        found += len(steps)
    assert found > 50
