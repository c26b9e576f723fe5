"""ALS-XZ, ALS-XY-Wing and ALS chains: complete lists on hand-checked
positions, a position with none, every step read back against the
definition, the finders against a plain search (als_reference.py), the
pattern checks' failing conditions and the rooms' registry fields."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from als_reference import alses as plain_alses, chain_effects, xz_effects
from puzzle_helpers import assert_sound, load_lines, qqwing, sampled_positions, with_solutions
from tutor.engine.registry import REGISTRY, find_all, ladder
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSE_MASK, MASK_DIGITS, cell_name, parse_cell, parse_cells, sees
from tutor.engine.judge import resolve_technique
from tutor.engine.registry import PatternQuery, check_pattern
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.als.checks import xz_report
from tutor.engine.techniques.als.index import als_index

BASIC = ["singles", "locked-candidates", "locked-set"]
IDS = ("als-xz", "als-xy-wing", "als-chain")

# The Death Blossom reference puzzles (tests/engine/test_als.py).
PUZZLE_PLAIN = "...8...4....21...7...7.5981315..9..8.8....4....41.83.5..1.82.646.8...1...236.18.."
PUZZLE_OVERLAP = "..2956.485.6....9.4...7.5...538...1.2.......6.1...582...1.8...2.9....1.582.4316.."
# A diabolical puzzle late in its solve (where the ladder first needs an ALS step).
SMALL = ("{58}76{38}4921{35}9{58}1{38}{26}{26}{57}{357}4243{17}{17}5896{678}3{78}5914{678}21{569}"
         "2{67}843{57}{59}4{5689}{579}2{67}3{5679}{58}13{25689}{89}{16}{15}{26}{569}47{56}{25}49"
         "{235}71{356}8{57}1{579}4{356}8{569}2{359}")
# Thirteen open cells and no ALS pattern with an effect.
NONE = ("142637958863592{7}{47}1759418632{69}84{39}21{37}{67}53178654{2}9{69}25{39}7481{36}5961432872"
        "31786594478259{13}{6}{36}")


def plain():
    return apply_until_stuck(parse_position(PUZZLE_PLAIN), BASIC)


def overlap():
    return apply_until_stuck(parse_position(PUZZLE_OVERLAP), ["singles"])


def texts(pos, tid):
    return [(s.text, s.to_json().get("merged", 1)) for s in find_all(pos, [tid])]


def cands(pos, i):
    return set(MASK_DIGITS[pos.cands[i]])


# ------------------------------------------------------------ complete lists

def test_plain_position_complete_lists():
    """r2c37 {69,56} and r7c27 {79,57}: 5 in r2c7 and r7c7 (column 7) is the
    restricted common, 9 is z (r2c3, r7c2), r2c2 sees both.  No other pair of
    ALSs clears anything (the plain search agrees, below)."""
    pos = plain()
    assert texts(pos, "als-xz") == [("ALS-XZ: r2c37 #569 -5- r7c27 #579, z=9 => r2c2<>9", 1)]
    # the wing on r7c2<>7 is the reference Death Blossom on stem r2c3 seen
    # as a chain: r7c7 {57} -5- r2c37 {569} -9- the five cells of column 2
    assert ("ALS-XY-Wing: r7c7 #57 -5- r2c37 #569 -9- r12368c2 #345679, z=7 => r7c2<>7", 6) in \
        texts(pos, "als-xy-wing")
    assert len(texts(pos, "als-xy-wing")) == 5 and len(texts(pos, "als-chain")) == 8


def test_overlap_position_complete_xz_list():
    """Each pair checked by hand: e.g. r4c9 {47} and r2c459 {13,14,137}: 7
    only in r4c9 and r2c9 (column 9); z = 4 in r4c9 and r2c5; r4c5 sees both.
    The doubly linked pair r2c45 / r6c145 is worked out in the lesson."""
    assert texts(overlap(), "als-xz") == [
        ("ALS-XZ: r2c4 #13 -1- r5c46 #137, z=3 => r6c4<>3", 4),
        ("ALS-XZ: r4c9 #47 -7- r2c459 #1347, z=4 => r4c5<>4", 1),
        ("ALS-XZ: r5c6 r6c4 #367 -7- r8c56 #267, z=6 => r46c5,r8c4<>6", 1),
        ("ALS-XZ: r6c1 #69 -6- r5c456 r6c4 #13679, z=9 => r6c5<>9", 2),
        ("ALS-XZ (doubly linked): r2c45 #134 -3,4- r6c145 #3469 => r2c9<>1, r3c4<>13, r4c5<>4, "
         "r5c4<>3", 1),
        ("ALS-XZ: r4c79 #479 -4- r6c149 #3469, z=9 => r4c1<>9", 2),
        ("ALS-XZ: r6c49 #346 -4- r4c179 #4679, z=6 => r4c5,r6c1<>6", 1),
        ("ALS-XZ (doubly linked): r2c45 r3c4 #1234 -3,4- r6c145 #3469 => r3c6,r8c4<>2, r4c5<>4, "
         "r5c4<>3", 1),
        ("ALS-XZ (doubly linked): r458c6 #2347 -3,4- r4c79 r5c7 #3479 => r3c6<>2, r4c5<>4, "
         "r5c4<>3", 2),
    ]


def test_small_position_complete_lists():
    """The XZ by hand: A = r4c1 {678}, r4c3 {78}; B = r5c2 {569}, r5c8 {57},
    r5c9 {59}.  6 is only in r4c1 and r5c2, both in box 4: restricted.  z = 7
    sits in r4c1, r4c3 and r5c8; r4c8 {678} sees all three (row 4, box 6).
    The wings and the chain are read back against the definition by
    check_step below, and the plain search gives the same lists."""
    pos = parse_position(SMALL)
    assert texts(pos, "als-xz") == [("ALS-XZ: r4c13 #678 -6- r5c289 #5679, z=7 => r4c8<>7", 1)]
    assert texts(pos, "als-xy-wing") == [
        ("ALS-XY-Wing: r258c8 #3567 -6- r8c1 r9c13 #5679 -9- r467c3 #5789, z=5 => r6c8<>5", 2),
        ("ALS-XY-Wing [overlap]: r4c3 #78 -8- r489c1 #5678 -5- r479c3 #5789, z=7 => r6c3<>7", 4),
        ("ALS-XY-Wing [overlap]: r4c3 #78 -8- r89c1 r79c3 #56789 -6- r4c13 #678, z=7 => "
         "r4c8,r6c3<>7", 4),
    ]
    assert texts(pos, "als-chain") == [
        ("ALS Chain [overlap]: (8=5)r6c8-(5=9)r467c3-(9=6)r8c1 r9c13-(6=8)r4c13 => r4c8,r6c2<>8", 4),
    ]


def test_a_position_with_none():
    pos = parse_position(NONE)
    assert sum(1 for v in pos.values if not v) == 13
    for tid in IDS + ("sue-de-coq",):
        assert find_all(pos, [tid]) == []


def test_step_data():
    step = find_all(plain(), ["als-xz"])[0]
    data = step.to_json()
    assert data["alses"] == [{"cells": ["r2c3", "r2c7"], "digits": [5, 6, 9]},
                             {"cells": ["r7c2", "r7c7"], "digits": [5, 7, 9]}]
    assert data["rcc"] == [5] and data["z"] == [9] and data["doubly"] is False
    assert step.digits == (5, 9) and set(step.cells) == set(parse_cells("r2c37 r7c27"))
    chain = find_all(parse_position(SMALL), ["als-chain"])[0]
    assert chain.to_json()["eureka"] == "(8=5)r6c8-(5=9)r467c3-(9=6)r8c1 r9c13-(6=8)r4c13"
    assert chain.to_json()["length"] == 4 and chain.to_json()["z"] == [8] and chain.to_json()["rcc"] == [5, 9, 6]
    nodes = chain.to_json()["chain"]
    assert [(n["digit"], n["link"]) for n in nodes] == [
        (8, "="), (5, "-"), (5, "="), (9, "-"), (9, "="), (6, "-"), (6, "="), (8, None)]
    assert all(n["als"] for n in nodes) and nodes[0]["cells"] == ["r6c8"]


# ------------------------------------------------------------ every step, by the definition

def _als_ok(pos, cells, digits):
    mask = sum(1 << i for i in cells)
    union = set().union(*(cands(pos, i) for i in cells))
    return (union == set(digits) and len(union) == len(cells) + 1
            and any(HOUSE_MASK[h] & mask == mask for h in range(27)))


def _restricted(pos, a, b, x):
    return not set(a) & set(b) and all(sees(p, q) for p in a for q in b
                                       if x in cands(pos, p) and x in cands(pos, q))


def _seeing(pos, cells, d):
    held = [i for i in cells if d in cands(pos, i)]
    return {t for t in range(81) if d in cands(pos, t) and t not in held
            and all(sees(t, i) for i in held)}


def check_step(pos, step):
    """The step is an instance of its technique, read back from its data."""
    groups = [[parse_cell(c) for c in a["cells"]] for a in step.to_json()["alses"]]
    for a, g in zip(step.to_json()["alses"], groups):
        assert _als_ok(pos, g, a["digits"]), a
    assert set(step.cells) == set().union(*groups)
    links, zs = step.to_json()["rcc"], step.to_json()["z"]
    for (a, b), x in zip(zip(groups, groups[1:]), links if step.technique != "als-xz" else links[:1]):
        assert x in cands_of_group(pos, a) & cands_of_group(pos, b)
        assert _restricted(pos, a, b, x)
    if step.technique == "als-xz":
        a, b = groups
        assert 1 <= len(links) <= 2 and all(_restricted(pos, a, b, x) for x in links)
        want = set()
        if len(links) == 1:
            for z in cands_of_group(pos, a) & cands_of_group(pos, b) - set(links):
                want |= {(t, z) for t in _seeing(pos, a + b, z)}
        else:
            for x in links:
                want |= {(t, x) for t in _seeing(pos, a + b, x)}
            for g in (a, b):
                for d in cands_of_group(pos, g) - set(links):
                    want |= {(t, d) for t in _seeing(pos, g, d)}
        assert step.to_json()["doubly"] is (len(links) == 2)
    else:
        assert len(groups) == len(links) + 1 == step.to_json()["length"]
        assert all(x != y for x, y in zip(links, links[1:]))
        (z,) = zs
        assert z not in (links[0], links[-1])
        assert z in cands_of_group(pos, groups[0]) & cands_of_group(pos, groups[-1])
        want = {(t, z) for t in _seeing(pos, groups[0] + groups[-1], z)}
        assert set(groups[0]) != set(groups[-1])
        overlap = any(set(p) & set(q) for i, p in enumerate(groups) for q in groups[i + 2:])
        assert step.to_json()["overlap"] is overlap and ("[overlap]" in step.name) is overlap
        eureka = "-".join(f"({i}={o}){n}" for i, o, n in zip(
            [z] + links, links + [z], (registry_cells(g) for g in groups)))
        assert step.to_json()["eureka"] == eureka
    assert set(step.eliminations) == want and want
    assert set(step.digits) == set(links) | set(zs)


def cands_of_group(pos, cells):
    return set().union(*(cands(pos, i) for i in cells))


def registry_cells(cells):
    from tutor.engine.grid import cells_name
    return cells_name(cells)


def diabolical():
    return [line.split()[1] for line in load_lines("sudoku-exchange/diabolical-40.txt")]


def some_positions(n=16, seed=3):
    puzzles = random.Random(seed).sample(diabolical(), 8) + random.Random(seed).sample(qqwing("expert"), 8)
    return [p for _, p in sampled_positions(puzzles, per_puzzle=2, seed=seed)][:n]


def test_every_step_is_well_formed_and_each_effect_once():
    total = 0
    for pos in some_positions() + [plain(), overlap(), parse_position(SMALL)]:
        for tid in IDS:
            steps = find_all(pos, [tid])
            effects = [s.eliminations for s in steps]
            assert len(effects) == len(set(effects)), "one effect twice"
            for s in steps:
                check_step(pos, s)
            total += len(steps)
    assert total > 200


def test_chains_are_listed_by_their_shortest_length():
    """An effect belongs to the room of its shortest chain: no ALS chain step
    clears what an ALS-XY-Wing step does, nor a chain of three what a chain
    of two (a singly linked ALS-XZ, digit by digit) does.  The doubly linked
    ALS-XZ's locked-set removals are not chain effects."""
    for pos in some_positions(6, seed=8) + [plain()]:
        per_z = lambda steps: {(s.to_json()["z"][0], s.eliminations) for s in steps}   # noqa: E731
        wings = per_z(find_all(pos, ["als-xy-wing"]))
        chains = per_z(find_all(pos, ["als-chain"]))
        assert not wings & chains
        xz = set()
        for s in find_all(pos, ["als-xz"]):
            if s.to_json()["doubly"]:
                continue
            for z in set(d for _, d in s.eliminations):
                xz.add((z, tuple(e for e in s.eliminations if e[1] == z)))
        assert not xz & wings and not xz & chains


# ------------------------------------------------------------ against a plain search

@pytest.mark.slow
@pytest.mark.parametrize("k", range(4))
def test_finders_match_a_plain_search(k):
    positions = some_positions(12, seed=41)[k * 3:(k + 1) * 3]
    if k == 0:
        positions.append(parse_position(SMALL))
    for pos in positions:
        got = {frozenset(s.eliminations): s.to_json().get("merged", 1) for s in find_all(pos, ["als-xz"])}
        assert got == xz_effects(pos)
        lengths = chain_effects(pos)
        wing = {(s.to_json()["z"][0], frozenset(i for i, _ in s.eliminations))
                for s in find_all(pos, ["als-xy-wing"])}
        assert wing == {k for k, n in lengths.items() if n == 3}
        chains = {(s.to_json()["z"][0], frozenset(i for i, _ in s.eliminations)): s.to_json()["length"]
                  for s in find_all(pos, ["als-chain"])}
        assert chains == {k: n for k, n in lengths.items() if n >= 4}


def test_index_matches_the_plain_alses_and_links():
    for pos in some_positions(4, seed=12) + [parse_position(SMALL)]:
        idx = als_index(pos)
        mine = {frozenset(idx.cell_list(k)): k for k in range(idx.n)}
        theirs = dict(plain_alses(pos))
        assert set(mine) == set(theirs)
        sizes = [idx.size(k) for k in range(idx.n)]
        assert sizes == sorted(sizes), "ALSs are numbered simplest first"
        for a, b in combinations(list(theirs)[:60], 2):
            want = {x for x in theirs[a] & theirs[b] if not a & b and all(
                sees(p, q) for p in a for q in b if x in cands(pos, p) and x in cands(pos, q))}
            assert set(MASK_DIGITS[idx.rcc_digits(mine[a], mine[b])]) == want


@pytest.mark.slow
def test_sound_along_solve_paths():
    puzzles = diabolical()[1::3] + random.Random(2).sample(qqwing("expert"), 15)
    picks = sampled_positions(puzzles, per_puzzle=3, seed=19)
    checked = 0
    for pos, solution in with_solutions(picks):
        for tid in IDS:
            steps = find_all(pos, [tid])
            assert_sound(pos, steps, solution)
            checked += len(steps)
    assert checked > 300


# ------------------------------------------------------------ pattern checks

def query(tid, cells, digits=(), claim=()):
    return PatternQuery(tid, tuple(parse_cells(cells)), tuple(digits), claim=tuple(claim),
                        label=REGISTRY[tid].short)


def test_xz_check_holds_with_what_it_removes():
    pos = plain()
    r = check_pattern(pos, query("als-xz", "r2c37 r7c27"))
    assert r.ok and r.removes == {(parse_cell("r2c2"), 9)} and r.digits == (5, 9)
    assert r.misses([(parse_cell("r2c2"), 9, False)]) == ""
    assert r.misses([(parse_cell("r5c3"), 9, False)]) == "r5c3 does not see r7c2, which holds 9"
    assert r.why_not(parse_cell("r2c2"), 5, False) == "this ALS-XZ removes 9, not 5"
    assert r.why_not(parse_cell("r2c3"), 9, False) == "r2c3 is a cell of the ALS-XZ itself"
    assert r.why_not(parse_cell("r2c2"), 9, True) == \
        "an ALS-XZ only removes candidates; it does not place r2c2=9"


def test_xz_check_failing_conditions():
    pos = plain()

    def reason(cells, digits=()):
        r = check_pattern(pos, query("als-xz", cells, digits))
        assert not r.ok
        return r.reason, sorted(cell_name(c) for c in r.failing)

    assert reason("r2c2 r2c3 r7c2") == (
        "r2c23 is not an ALS: 2 cells hold 5 digits (an ALS needs 3)", ["r2c2", "r2c3"])
    assert reason("r2c3 r7c2") == (
        "r2c3 #69 and r7c2 #79 have no restricted common: r2c3 and r7c2 both hold 9 and do not "
        "see each other", ["r2c3", "r7c2"])
    assert reason("r2c3 r7c2", (9,)) == (
        "9 is not a restricted common of the two ALSs: r2c3 and r7c2 hold 9 and do not see each "
        "other", ["r2c3", "r7c2"])
    assert reason("r2c3 r4c8") == ("r2c3 #69 and r4c8 #27 share no digit", [])
    # named as groups, two ALSs may overlap; that is no ALS-XZ
    a, b = tuple(parse_cells("r2c37")), tuple(parse_cells("r27c7"))
    _, r = xz_report(pos, query("als-xz", "r2c37 r7c7"), (a, b))
    assert not r.ok and r.reason == "the two ALSs share r2c7" and r.failing == [parse_cell("r2c7")]


def test_wing_and_chain_checks():
    pos = plain()
    r = check_pattern(pos, query("als-xy-wing", "r7c7 r2c37 r12368c2"))
    assert r.ok and (parse_cell("r7c2"), 7) in r.removes
    r = check_pattern(pos, query("als-chain", "r5c9 r18c9 r1c6 r46c5 r5c6"))
    assert r.ok and r.removes == {(parse_cell("r5c5"), 6)}
    r = check_pattern(pos, query("als-chain", "r3c1 r3c3"))
    assert not r.ok and not r.fits
    assert r.reason == "2 ALSs make an ALS-XZ: an ALS chain links four or more"
    r = check_pattern(pos, query("als-xy-wing", "r1c3 r2c3 r3c3"))
    assert not r.ok and r.reason == ("the pivot r1c3 #67 is linked to both ALSs only by 6: the "
                                     "two links need different digits")
    r = check_pattern(pos, query("als-xy-wing", "r8c2 r8c6 r9c5"))
    assert not r.ok and r.reason == ("r8c2 #47 and r9c5 #47 share no digit other than the links "
                                     "4 and 7")


def test_checks_hold_for_every_step_found():
    for pos in some_positions(4, seed=5) + [plain(), parse_position(SMALL)]:
        for tid in IDS:
            for s in find_all(pos, [tid])[:10]:
                r = check_pattern(pos, PatternQuery(tid, s.cells, label=REGISTRY[tid].short))
                assert r.ok and set(s.eliminations) <= r.removes, (s.text, r.reason)


# ------------------------------------------------------------ the rooms

def test_rooms_fill_the_registry_record():
    ranks = {"als-xz": 310, "als-xy-wing": 320, "als-chain": 330}
    weights = {"als-xz": 300, "als-xy-wing": 320, "als-chain": 340}
    for tid in IDS:
        t = REGISTRY[tid]
        assert t.family == "als" and t.rank == ranks[tid] and t.score == weights[tid]
        assert t.check and t.aliases and t.confusions and t.prerequisites and t.distractors
    assert resolve_technique("als xz").ids == ("als-xz",)
    assert resolve_technique("ALS-XY-Wing").ids == ("als-xy-wing",)
    assert resolve_technique("als chain").ids == ("als-chain",)
    assert "als-xz" in REGISTRY["death-blossom"].prerequisites
    order = [t.id for t in ladder()]
    assert order.index("als-xz") < order.index("als-xy-wing") < order.index("als-chain") \
        < order.index("death-blossom") < order.index("forcing-chain")


def test_entry_keys():
    step = find_all(plain(), ["als-xz"])[0]
    keys = REGISTRY["als-xz"].entry_keys(step)
    assert keys.cells == frozenset(parse_cells("r2c37 r7c27"))
    assert keys.digits == frozenset({5, 9}) and keys.more_digits == frozenset({5, 6, 7, 9})
    assert keys.partial
