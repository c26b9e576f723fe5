"""XY-Chain, AIC and grouped AIC: the link graph, the search against an
exhaustive one, the MIT technique cases, pattern checks link by link, the
rooms' fields, soundness."""
from __future__ import annotations

import random

import pytest

from chain_reference import reference
from puzzle_helpers import assert_sound, effects_of, expected_set, qqwing, sampled_positions, technique_cases
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSE_MASK, cell_name, parse_cell, parse_cells, sees
from tutor.engine.registry import PatternQuery, check_pattern, confusion_between, get
from tutor.engine.names import read_name
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.chains.aic import grouped_x_cycles
from tutor.engine.techniques.chains.search import find_chains
from tutor.engine.roles import eureka
from tutor.engine.techniques.chains.text import parse_eureka
from tutor.engine.techniques.chains.links import CELL_NODES, GROUP_BASE, link_graph, node

SIMPLE = ["singles", "locked-candidates", "locked-set"]
CHAINS = ["xy-chain", "aic", "grouped-aic"]


def case(prefix, name):
    return next(r for r in technique_cases(prefix) if r["source"].endswith("#" + name))


def case_position(prefix, name):
    return parse_position(case(prefix, name)["position"])


def _id(row):
    return row["source"].rsplit("#", 1)[-1]


# ------------------------------------------------------------ the link graph

def test_link_graph_strong_and_weak_links():
    pos = case_position("XYChains", "test1")
    g = link_graph(pos)
    r1c7_5, r1c7_9 = node(parse_cell("r1c7"), 5), node(parse_cell("r1c7"), 9)
    # r1c7 holds 5,9: its two candidates are linked both ways
    assert g.strong[r1c7_5] >> r1c7_9 & 1 and g.weak(r1c7_5) >> r1c7_9 & 1
    # 9 in row 1 sits in r1c5 and r1c7 only: a conjugate pair
    assert g.strong[r1c7_9] >> node(parse_cell("r1c5"), 9) & 1
    # 5 in row 1 also sits in r1c3 and r1c9: no strong link along the row
    assert not g.strong[r1c7_5] >> node(parse_cell("r1c3"), 5) & 1
    assert g.weak(r1c7_5) >> node(parse_cell("r1c3"), 5) & 1
    for n, partners in g.strong.items():
        for m in range(729):
            if partners >> m & 1:
                assert g.strong[m] >> n & 1, "strong links go both ways"
                assert g.weak(n) >> m & 1, "every strong link here is also weak"
    assert g.excl(r1c7_5) == g.weak(r1c7_5)      # no groups in the plain graph
    assert not g.groups


def test_group_nodes_and_their_links():
    pos = case_position("grouped_x_cycle", "rule1Test1")
    g = link_graph(pos, groups=True)
    assert g.groups and all(len(g.cell_list(n)) >= 2 for n in range(GROUP_BASE, GROUP_BASE + len(g.groups)))
    for k, (d, cells, box, line) in enumerate(g.groups):
        n = GROUP_BASE + k
        assert g.digit(n) == d and all(pos.has(c, d) for c in g.cell_list(n))
        # a group holds every place of its digit in its box-line intersection
        assert cells == HOUSE_MASK[box] & HOUSE_MASK[line] & g.masks[d]
        for m in range(729):
            if g.weak(n) >> m & 1:
                c = m % 81
                assert m // 81 + 1 == d and not cells >> c & 1
                assert all(sees(c, x) for x in g.cell_list(n))
        if n in g.strong:
            for m in range(729 + len(g.groups)):
                if g.strong[n] >> m & 1:
                    h = g.link_house(n, m)
                    assert h is not None and not g.others_in_house(n, m)


# ------------------------------------------------------------ the Eureka text

def test_eureka_text_round_trip():
    text = "(4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2"
    terms = parse_eureka(text + " => r5c2<>4")
    assert [(d, [cell_name(c) for c in cs], link) for d, cs, link in terms] == [
        (4, ["r3c2"], "="), (8, ["r3c2"], "-"), (8, ["r3c7"], "="), (8, ["r5c7"], "-"),
        (5, ["r5c7"], "="), (5, ["r5c2"], None)]
    assert eureka(terms) == text
    assert parse_eureka("(8)r3c12=(8)r5c3") == [(8, (18, 19), "="), (8, (38,), None)]
    assert parse_eureka("r3c2 r3c7") is None


# ------------------------------------------------------------ against an exhaustive search

def _effects(chains):
    out = {}
    for c in chains:
        if c.placement is not None:
            key = ("=", (c.placement % 81, c.placement // 81 + 1))
        else:
            key = ("-", frozenset((n % 81, n // 81 + 1) for n in range(729) if c.eliminations >> n & 1))
        out[key] = (c.links, c.kind)
    return out


def _xy_graph(pos, g):
    bivalue = sum(1 << n for n in g.strong if len(pos.candidates(n % 81)) == 2)
    strong = {n: g.strong[n] & CELL_NODES[n % 81] for n in g.strong if bivalue >> n & 1}
    weak = {n: g.weak(n) & bivalue & ~CELL_NODES[n % 81] for n in strong}
    return strong, weak


def _compare(pos, max_links, xy=False):
    g = link_graph(pos)
    strong, weak = _xy_graph(pos, g) if xy else (g.strong, {n: g.weak(n) & g.linked for n in g.strong})
    found = _effects(find_chains(g, strong, weak, same_digit=xy))
    ref, loop_removals = reference(pos, max_links, xy=xy)
    for key, links in ref.items():
        assert key in found and found[key][0] <= links, (key, links, found.get(key))
    for key, (links, kind) in found.items():
        if kind != "continuous" and links <= max_links:
            assert ref.get(key) == links, (key, links, kind)
    # what any loop removes, some listed step removes too
    assert loop_removals <= {x for key in found if key[0] == "-" for x in key[1]}
    return len(ref)


def test_search_matches_an_exhaustive_one_on_stuck_positions():
    """Every chain effect of up to 11 links, with the fewest links it needs."""
    total = 0
    for text in random.Random(1).sample(qqwing("expert"), 12):
        pos = apply_until_stuck(parse_position(text), SIMPLE)
        total += _compare(pos, 11)
        total += _compare(pos, 11, xy=True)
    assert total > 150


@pytest.mark.parametrize("row", technique_cases("AlternatingInferenceChains")[:6], ids=_id)
def test_search_matches_an_exhaustive_one_on_the_aic_cases(row):
    assert _compare(parse_position(row["position"]), 11) > 0


# ------------------------------------------------------------ the MIT technique cases

@pytest.mark.parametrize("row", technique_cases("XYChains"), ids=_id)
def test_xy_chain_cases(row):
    pos = parse_position(row["position"])
    steps = find_all(pos, ["xy-chain"])
    assert effects_of(steps) == expected_set(row)
    assert_sound(pos, steps, pos.solution())


# The source's rule 1 is the continuous loop, rule 2 the discontinuous loop
# with two strong links (a placement), rule 3 the one with two weak links (a
# removal: our "chain" rule; an X-Cycle's "weak").  Its chains never leave a
# digit and come back to it later; ours may, so rule 2 finds more placements
# here (each one sound): listed below.
MORE_PLACEMENTS = {
    "rule2Test3": {"r9c2=7"}, "rule2Test4": {"r1c6=6", "r3c6=3", "r9c4=3"},
    "rule2Test6": {"r2c7=6", "r2c9=9", "r6c7=9"}, "rule2Test8": {"r3c9=2", "r6c4=1"},
}
RULES = {"rule1": {"continuous"}, "rule2": {"strong"}, "rule3": {"chain", "weak"}}


@pytest.mark.parametrize("row", technique_cases("AlternatingInferenceChains"), ids=_id)
def test_aic_cases(row):
    """AIC with X-Cycle and XY-Chain: the union of each rule's effects."""
    pos = parse_position(row["position"])
    rule = _id(row)[:5]
    steps = find_all(pos, ["x-cycle", "xy-chain", "aic"])
    assert_sound(pos, steps, pos.solution())
    got = effects_of([s for s in steps if s.to_json()["rule"] in RULES[rule]])
    assert got == expected_set(row) | MORE_PLACEMENTS.get(_id(row), set())


@pytest.mark.parametrize("row", technique_cases("grouped_x_cycle"), ids=_id)
def test_grouped_x_cycle_cases(row):
    """Grouped X-Cycles: our grouped chains on one digit.  The source's rule 3
    (two weak links at a cell) also removes what a continuous loop through
    the same weak link removes; we list that loop instead (rule3Test6)."""
    pos = parse_position(row["position"])
    steps = grouped_x_cycles(pos)
    assert_sound(pos, steps, pos.solution())
    rule = row["technique"].split("(")[1][:5]
    got = effects_of([s for s in steps if s.to_json()["rule"] in RULES[rule]])
    if _id(row) == "rule3Test6":
        assert not got
        got = effects_of([s for s in steps if s.to_json()["rule"] == "continuous"])
    assert got == expected_set(row)
    # each is also an effect of grouped-aic or of a simpler technique
    wider = effects_of(find_all(pos, ["x-cycle", "xy-chain", "aic", "grouped-aic"]))
    assert expected_set(row) <= wider


# ------------------------------------------------------------ hand-checked lists

def test_xy_chain_case_two_is_one_loop():
    """XYChains test2: the four bivalue cells r2c3 {6,8}, r2c8 {2,8}, r4c8 {2,4},
    r4c3 {4,6} close into a loop (r4c3 and r2c3 share 6 in c3), so every weak
    link removes its digit from the cells seeing both its cells: 8 from r2,
    2 from c8, 6 from c3.  No other chain of bivalue cells removes anything
    (the exhaustive search agrees)."""
    pos = case_position("XYChains", "test2")
    step, = find_all(pos, ["xy-chain"])
    assert step.text == ("XY-Chain (continuous loop): (6=8)r2c3-(8=2)r2c8-(2=4)r4c8-(4=6)r4c3-(6)r2c3"
                         " => r2c169<>8, r356c3<>6, r5c8<>2")
    assert step.to_json()["rule"] == "continuous" and step.to_json()["length"] == 8
    assert [n["link"] for n in step.to_json()["chain"]] == ["=", "-", "=", "-", "=", "-", "=", "-", None]
    assert step.to_json()["ends"] == ["r2c3", "r2c3"] and step.to_json()["merged"] == 1
    assert _compare(pos, 12, xy=True) == 0     # only the loop, no plain XY-Chain


def test_xy_chain_case_three():
    """XYChains test3: (9=4)r4c9-(4=8)r4c3-(8=5)r3c3-(5=4)r5c3-(4=9)r5c5: 9 at
    both ends, r4c5 and r5c7 see r4c9 and r5c5.  Extending it by r7c9 {5,9}
    and r7c7 {5,9} gives 9 at r5c5 and r7c7, whose common peer r5c7 alone
    holds 9: a second, longer chain with a smaller effect."""
    pos = case_position("XYChains", "test3")
    assert [s.text for s in find_all(pos, ["xy-chain"])] == [
        "XY-Chain: (9=4)r4c9-(4=8)r4c3-(8=5)r3c3-(5=4)r5c3-(4=9)r5c5 => r4c5,r5c7<>9",
        "XY-Chain: (9=4)r5c5-(4=5)r5c3-(5=8)r3c3-(8=4)r4c3-(4=9)r4c9-(9=5)r7c9-(5=9)r7c7 "
        "=> r5c7<>9",
    ]


# QQWing expert line 3 after 47 steps of the logic solve: pairs and conjugate
# pairs enough (27 candidates with a strong link), but no chain of candidates
# and groups removes anything; only chains through ALS nodes do.
NONE_POSITION = ("8{57}{57}246139613897{45}2{45}924351687561783{24}9{24}782469{35}1{35}4395128761"
                 "9{7}634{27}5{28}3{57}6928{7}41248175{39}{6}{3}")


def test_a_position_with_no_chain():
    pos = parse_position(NONE_POSITION)
    assert link_graph(pos).strong, "there are strong links, just no chain with an effect"
    found = find_all(pos, CHAINS)
    assert {s.technique for s in found} == {"grouped-aic"}
    assert all(s.roles.als and not s.roles.groups for s in found)
    solution = pos.solution()
    assert all(solution[c] != d for s in found for c, d in s.eliminations)
    ref, loops = reference(pos, 13)
    assert not ref and not loops


# ------------------------------------------------------------ pattern checks

XY1 = "XYChains"


def check(tech, text="", cells="", claim=()):
    pos = case_position(XY1, "test1")
    q = PatternQuery(tech, cells=tuple(parse_cells(cells)) if cells else (), text=text,
                     claim=tuple(claim))
    return check_pattern(pos, q)


def test_checks_accept_a_chain_named_three_ways():
    removes = {(parse_cell(c), 5) for c in ("r1c3", "r3c7", "r3c9")}
    for kw in ({"text": "(5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2"},
               {"text": "r1c7 r1c5 r1c1 r3c2"}, {"cells": "r1c7 r1c5 r1c1 r3c2"}):
        r = check("xy-chain", **kw)
        assert r.ok and r.removes == removes, kw
    r = check("aic", text="(5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2")
    assert r.ok and r.removes == removes
    assert r.misses([(parse_cell("r3c8"), 5, False)]) == "r3c8 has no candidate 5"
    assert r.misses([(parse_cell("r1c9"), 5, False)]) == (
        "the ends of (5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2 do not both rule out 5 in r1c9")


@pytest.mark.parametrize("tech,kw,reason", [
    ("aic", {"text": "(5)r1c7=(5)r1c3-(5)r3c2"},
     "r1c7=r1c3 is not a strong link on 5: r1c9 also holds 5"),
    ("xy-chain", {"text": "r1c7 r1c1 r1c5 r3c2"}, "r1c7 and r1c1 do not share 9"),
    ("xy-chain", {"text": "(5=9)r1c7-(9=2)r1c5-(2=6)r1c1"},
     "the chain starts on 5 (r1c7) and ends on 6 (r1c1): an XY-Chain ends on the digit it "
     "starts with"),
    ("xy-chain", {"text": "(5=9)r1c7-(9)r1c3=(9=2)r1c5"}, "r1c3 has no candidate 9"),
    ("xy-chain", {"text": "(2=5)r1c3-(5=9)r1c7-(9=2)r1c5"},
     "r1c3 holds 2,4,5: an XY-Chain cell holds two candidates"),
    ("aic", {"text": "(4=5)r1c3-(5=9)r1c7"},
     "(4=5)r1c3 is not a strong link: r1c3 also holds 2"),
    ("aic", {"text": "(9)r1c7=(9)r3c1"}, "r3c1 has no candidate 9"),
    ("aic", {"text": "(9)r1c7=(9)r1c5-(9)r3c7"}, "r1c5 and r3c7 share no house"),
    ("aic", {"text": "(5=9)r1c7-(9)r1c5-(9)r3c5=(9)r3c7"},
     "two weak links in a row at (9)r1c5: the links must alternate (between r1c7 and r3c5)"),
    ("aic", {"text": "(4)r2c3=(4)r2c8"}, "r2c3=r2c8 is not a strong link on 4: r2c9 also holds 4"),
    ("aic", {"text": "(5)r1c9=(5)r3c79"}, "(5)r3c79 is a group node: a chain with one is a "
                                          "Grouped AIC"),
    ("grouped-aic", {"text": "(5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2"},
     "the chain has no group node: without one it is a plain AIC"),
])
def test_checks_name_the_first_failing_link(tech, kw, reason):
    r = check(tech, **kw)
    assert not r.ok and r.reason == reason


def test_every_found_step_passes_its_check_with_the_same_effect():
    positions = [parse_position(r["position"]) for r in
                 technique_cases("AlternatingInferenceChains")[:4] + technique_cases("grouped_x_cycle")[:3]
                 + technique_cases("XYChains")]
    count = 0
    for pos in positions:
        for s in find_all(pos, CHAINS):
            r = check_pattern(pos, PatternQuery(s.technique, cells=s.cells, text=s.to_json()["eureka"]))
            assert r.ok and r.removes == set(s.eliminations) and r.places == set(s.placements), s.text
            count += 1
    assert count > 100


# ------------------------------------------------------------ rooms

def test_room_fields():
    for tid, rank, label in (("xy-chain", 280, "XY-Chain"), ("aic", 290, "AIC"),
                             ("grouped-aic", 300, "Grouped AIC")):
        t = get(tid)
        assert (t.family, t.rank, t.label) == ("chains", rank, label)
        for alias in t.aliases:
            assert tid in read_name(alias).ids, alias
    assert {get(t).weight for t in CHAINS} == {260, 280, 300}
    assert confusion_between("remote-pair", "xy-chain")[0] == "Remote Pair vs XY-Chain"
    assert confusion_between("xy-chain", "xy-wing")[0] == "XY-Chain vs XY-Wing"
    step = find_all(case_position("XYChains", "test3"), ["xy-chain"])[0]
    keys = get("xy-chain").entry_keys(step)
    assert keys.cells == frozenset(step.cells) and keys.partial
    assert keys.alternatives == (frozenset(parse_cells("r4c9 r5c5")),)


def test_steps_carry_the_chain_data():
    pos = case_position("AlternatingInferenceChains", "rule2Test1")
    for s in find_all(pos, CHAINS):
        chain = s.to_json()["chain"]
        assert chain[-1]["link"] is None and all(n["link"] in "=-" for n in chain[:-1])
        assert s.text.startswith(s.name) and s.to_json()["eureka"] in s.name
        assert s.to_json()["length"] == len(chain) - 1 and s.to_json()["merged"] >= 1
        assert sorted({parse_cell(c) for n in chain for c in n["cells"]}) == list(s.cells)
        if s.to_json()["rule"] == "continuous":
            assert chain[0] == {**chain[-1], "link": chain[0]["link"]}
        assert (s.technique == "grouped-aic") == any(len(n["cells"]) > 1 for n in chain)
        assert s.eliminations or s.placements


def test_aic_leaves_x_and_xy_chains_to_their_rooms():
    for row in technique_cases("AlternatingInferenceChains"):
        for s in find_all(parse_position(row["position"]), ["aic"]):
            assert len(s.digits) > 1
            cells = [n["cells"][0] for n in s.to_json()["chain"]]
            pairs = all(cells[j] == cells[j + 1] for j in range(0, len(cells) - 1, 2))
            same_end = s.to_json()["chain"][0]["digit"] == s.to_json()["chain"][-1]["digit"]
            assert not (pairs and same_end and s.to_json()["rule"] != "strong"
                        and all(len(n["cells"]) == 1 for n in s.to_json()["chain"])
                        and all(len(parse_position(row["position"]).candidates(parse_cell(c))) == 2
                                for c in cells)), s.text


# ------------------------------------------------------------ soundness

@pytest.mark.slow
def test_sound_at_positions_along_qqwing_solve_paths():
    puzzles = random.Random(21).sample(qqwing("expert") + qqwing("intermediate"), 60)
    positions = sampled_positions(puzzles, None, per_puzzle=2, seed=3)
    positions += [(t, apply_until_stuck(parse_position(t), SIMPLE)) for t in puzzles[:30]]
    solutions = {}
    count = 0
    for text, pos in positions:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        steps = find_all(pos, CHAINS)
        assert_sound(pos, steps, solutions[text])
        count += len(steps)
    assert count > 500
