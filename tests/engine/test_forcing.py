"""Forcing chains, forcing nets and trial (family `forcing`).

Hand-checked positions with their complete lists, every chain link and
every net's key implications checked from the definitions, the finders
against a plain search written from the definitions, the pattern checks'
failing conditions, trial on positions with one, none and several
solutions, the never-stuck property over the shipped puzzle sets, and the
judge proving every true elimination."""
from __future__ import annotations

import random

import pytest

from puzzle_helpers import (
    all_qqwing, assert_sound, conjugate_pairs, load_lines, qqwing, sampled_positions, with_solutions,
)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSES, HOUSES_OF, POPCOUNT, cell_name, parse_cell, sees
from tutor.engine.judge import judge, resolve_technique
from tutor.engine.registry import REGISTRY, PatternQuery, check_pattern
from tutor.engine.solve import apply_until_stuck, logic_solve
from tutor.engine.techniques.forcing.implications import Consequences, lit_text

FORCING = ("forcing-chain", "forcing-net", "trial")

# qqwing-expert line 116 after every technique below the forcing family (as a
# brace grid, so the position stays put when the ladder grows)
VERITY = ("7243{59}16{589}{589}{56}{569}1{569}8423738{569}72{56}{15}{159}4{256}{569}{23569}"
          "{4569}187{2456}{235}81{23569}{4569}{34569}7{345}{2456}{235}47{356}2{356}{56}9{18}{18}"
          "{12569}4{256}{1568}73{158}{1259}{1259}{1256}{56}8{146}{456}9{345}7{1235}{19}37{1458}"
          "{45}2{1458}{1459}6")
# a late position of a qqwing-expert solve (singles still pending)
CONTRA = ("794265183{8}{3}2{18}4795661593{8}247261759438589{34}1{34}7623{4}76825194{2}8596371"
          "{1}{357}{3}{1348}2{1348}69{45}9{35}6{134}7{134}82{45}")
# tdoku: a 17-clue puzzle after singles (nothing of the ladder below trial applies) and, later
# on its solve, a position where only a forcing net applies
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
NET = ("{14679}{1379}{4679}{45689}{45689}{45678}{1567}{13567}2{467}{237}8{2456}1{24567}9{3567}"
       "{367}5{1279}{2679}{269}{269}3{167}48{478}{278}{2457}1{24568}93{2567}{467}{1479}6{24579}"
       "{245}3{245}{12457}8{1479}{1489}{1289}37{24568}{24568}{12456}{12569}{1469}{6789}4{679}"
       "{23689}{2689}{1268}{1267}{123679}5351{2469}7{246}8{269}{469}2{789}{679}{345689}{45689}"
       "{14568}{1467}{13679}{134679}")


def texts(pos, tid):
    return [s.text for s in find_all(pos, [tid])]


def cells(names: str):
    return tuple(parse_cell(n) for n in names.split())


def check(pos, tid, names, claim=(), digits=()):
    return check_pattern(pos, PatternQuery(tid, cells=cells(names), digits=tuple(digits),
                                           claim=tuple(claim)))


def item(text: str):
    """'r6c5<>5' -> (cell, 5, False); 'r9c6=1' -> (cell, 1, True)."""
    if "<>" in text:
        name, d = text.split("<>")
        return parse_cell(name), int(d), False
    name, d = text.split("=")
    return parse_cell(name), int(d), True


# ------------------------------------------------------------------ link and net checkers

def valid_link(pos, a: tuple, b: tuple) -> bool:
    """a, b: (cell, digit, on).  on -> off: a weak link; off -> on: a
    strong link in the position (a bivalue cell, or a digit's two places in a
    house), both read from the definitions."""
    (i, d, on_a), (j, e, on_b) = a, b
    if on_a == on_b:
        return False
    if on_a:
        return (i == j and d != e) or (d == e and sees(i, j))
    if i == j:
        return POPCOUNT[pos.cands[i]] == 2 and pos.has(i, d) and pos.has(i, e) and d != e
    return d == e and frozenset((i, j)) in conjugate_pairs(pos, d)


def assert_chains_valid(pos, step):
    """Every branch of a chain step follows real links, alternating, from its
    premise to its goal; the Eureka text matches the nodes."""
    for chain in step.to_json()["chains"]:
        nodes = [(parse_cell(n["cells"][0]), n["digit"], n["on"]) for n in chain]
        for k, (a, b) in enumerate(zip(nodes, nodes[1:])):
            assert valid_link(pos, a, b), (step.text, k)
            assert chain[k]["link"] == ("-" if a[2] else "=")
        assert chain[-1]["link"] is None
    rule = step.to_json()["rule"]
    ends = [(parse_cell(c[-1]["cells"][0]), c[-1]["digit"], c[-1]["on"]) for c in step.to_json()["chains"]]
    starts = [(parse_cell(c[0]["cells"][0]), c[0]["digit"], c[0]["on"]) for c in step.to_json()["chains"]]
    (i, d), placing = (step.placements or step.eliminations)[0], bool(step.placements)
    if rule == "contradiction":
        assert starts[0] == starts[1] == (i, d, not placing)
        assert ends[0][:2] == ends[1][:2] and ends[0][2] != ends[1][2]
    else:
        assert all(end == (i, d, placing) for end in ends)
        assert all(s[2] for s in starts) and len(set(starts)) == len(starts) >= 2


def replay_net(pos, premise: str, implications, end: str):
    """Assume the premise, then make each key implication in order, checking
    that its rule holds at that moment (the cell's last candidate, or the
    digit's last place in the house); finally check the end."""
    p = pos.copy()
    i, d, on = item(premise)
    p.place(i, d) if on else p.eliminate(i, d)
    for imp in implications:
        j, e, _ = item(imp["fact"])
        assert p.has(j, e), imp
        if imp["rule"] == "naked single":
            assert p.cands[j] == 1 << (e - 1), imp
        else:
            house = HOUSES[_house(imp["rule"].split()[-1])]
            assert [k for k in house if p.has(k, e)] == [j], imp
        p.place(j, e)
    if end.endswith("has no candidate left"):
        assert p.cands[parse_cell(end.split()[0])] == 0 and not p.values[parse_cell(end.split()[0])]
    elif "has no place left in" in end:
        e, h = int(end.split()[0]), _house(end.split()[-1])
        assert not any(p.has(k, e) or p.values[k] == e for k in HOUSES[h])
    elif "must be" in end:
        j = parse_cell(end.split()[0])
        e = int(end.split()[3])
        assert not p.has(j, e)
    else:
        j, e, placing = item(end.split(" (")[0])
        assert (p.values[j] == e) if placing else not p.has(j, e)


def _house(name: str) -> int:
    return "rcb".index(name[0]) * 9 + int(name[1]) - 1


def assert_nets_valid(pos, step):
    for net in step.to_json()["nets"]:
        replay_net(pos, net["premise"], net["implications"], net["end"])


# ------------------------------------------------------------------ hand-checked positions

def test_cell_and_house_forcing_chains():
    pos = parse_position(VERITY)
    # Hand-checked.  The 4s of row 8 sit in r8c4, r8c5 and r8c7.  r8c4=4 or r8c5=4 takes 4 out
    # of r9c5 (box 8), leaving it 5, so r6c5 (column 5) is not 5.  r8c7=4 takes 3 out of r8c7;
    # column 7 then has 3 only in r5c7, which takes 3 from r5c5 (row 5); column 5 then has 3
    # only in r6c5, which is then not 5.  Every place of 4 in row 8 leads to r6c5<>5.
    # r8c5 holds 4, 5 and 6: with 4, r9c5=5 as before, so r1c5 is not 5 but 9, row 2's 9 is
    # then r2c2 (r2c4 loses it to r1c5 in box 2), and r2c2 is not 5; with 5, r1c5 is 9 at once
    # and the same follows; with 6, r8c2 (bivalue 5,6) is 5, which sees r2c2 in column 2.
    # Each candidate of r8c5 leads to r2c2<>5.  Nothing else follows along single links here:
    # every other candidate's chains, on and off, are consistent and meet nowhere.
    assert texts(pos, "forcing-chain") == [
        "House Forcing Chain on 4 in r8: r8c4=4 -> r9c5<>4 -> r9c5=5 -> r6c5<>5; r8c5=4 -> "
        "r9c5<>4 -> r9c5=5 -> r6c5<>5; r8c7=4 -> r8c7<>3 -> r5c7=3 -> r5c5<>3 -> r6c5=3 -> "
        "r6c5<>5 => r6c5<>5",
        "Cell Forcing Chain on r8c5: r8c5=4 -> r9c5<>4 -> r9c5=5 -> r1c5<>5 -> r1c5=9 -> "
        "r2c4<>9 -> r2c2=9 -> r2c2<>5; r8c5=5 -> r1c5<>5 -> r1c5=9 -> r2c4<>9 -> r2c2=9 -> "
        "r2c2<>5; r8c5=6 -> r8c2<>6 -> r8c2=5 -> r2c2<>5 => r2c2<>5",
    ]
    house, cell = find_all(pos, ["forcing-chain"])
    assert house.to_json()["eureka"] == ["(4)r8c4-(4=5)r9c5-(5)r6c5", "(4)r8c5-(4=5)r9c5-(5)r6c5",
                                     "(4-3)r8c7=(3)r5c7-(3)r5c5=(3-5)r6c5"]
    assert (house.to_json()["rule"], house.to_json()["premise"], house.to_json()["kind"]) == \
        ("house", "4 in r8", "House Forcing Chain")
    assert house.houses == (7,) and house.digits == (4,) and house.to_json()["length"] == 3 + 3 + 5
    assert cell.to_json()["premise"] == "r8c5" and cell.digits == (4, 5, 6)
    assert cell.to_json()["chains"][2] == [
        {"cells": ["r8c5"], "digit": 6, "link": "-", "on": True},
        {"cells": ["r8c2"], "digit": 6, "link": "=", "on": False},
        {"cells": ["r8c2"], "digit": 5, "link": "-", "on": True},
        {"cells": ["r2c2"], "digit": 5, "link": None, "on": False}]
    # another proof of each effect exists (a longer one); the step says so
    assert house.to_json()["merged"] == 2 and cell.to_json()["merged"] == 2
    for step in (house, cell):
        assert_chains_valid(pos, step)
    # no trial where logic applies
    assert find_all(pos, ["trial"]) == []


def test_contradiction_chain():
    pos = parse_position(CONTRA)
    # Hand-checked: if r9c6 were not 1, column 6 would have 1 only in r8c6 and row 9 only in
    # r9c4; both sit in box 8, so r8c6 would be both 1 and not 1.  Only that one step: the
    # other chains here meet no contradiction and no common fact.
    assert texts(pos, "forcing-chain") == [
        "Forcing Chain Contradiction: r9c6<>1 -> r8c6=1 and r9c6<>1 -> r9c4=1 -> r8c6<>1 => r9c6=1"]
    step, = find_all(pos, ["forcing-chain"])
    assert step.to_json()["eureka"] == ["(1)r9c6=(1)r8c6", "(1)r9c6=(1)r9c4-(1)r8c6"]
    assert step.to_json()["premise"] == "r9c6<>1" and step.placements == ((parse_cell("r9c6"), 1),)
    assert_chains_valid(pos, step)


def test_forcing_net_where_no_chain_applies():
    pos = parse_position(NET)
    assert texts(pos, "forcing-chain") == []
    # One net, whose twelve key placements are replayed (and so checked) below.
    assert texts(pos, "forcing-net") == [
        "Forcing Net Contradiction: r9c9=9: r2c9=3 (hidden single in c9), r6c8=9 (hidden single "
        "in b6), r1c2=3 (hidden single in r1), r3c2=9 (hidden single in c2), r3c7=1 (hidden single "
        "in r3), r6c2=1 (hidden single in c2), r3c3=7 (hidden single in r3), r5c9=1 (hidden single "
        "in r5), r9c3=6 (naked single), r4c9=7 (hidden single in c9), r7c3=9 (naked single), "
        "r5c1=7 (hidden single in b4), so 9 has no place left in r5 => r9c9<>9"]
    step, = find_all(pos, ["forcing-net"])
    assert len(step.to_json()["nets"][0]["implications"]) == 12
    assert_nets_valid(pos, step)
    assert find_all(pos, ["trial"]) == []


def test_trial_when_nothing_else_applies():
    pos = apply_until_stuck(parse_position(HARD), ["singles"])
    sol = pos.solution()
    for tid in [t for t in REGISTRY if t != "trial"]:
        assert find_all(pos, [tid]) == [], tid      # a position that holds no forcing chain or net
    step, = find_all(pos, ["trial"])
    i, d = step.placements[0]
    assert d == sol[i] and POPCOUNT[pos.cands[i]] == 2
    assert step.text == ("Trial: r9c2=7 is the solution's digit; the other candidates (2) are not "
                         "ruled out by any technique the tutor knows => r9c2=7")
    assert step.to_json()["kind"] == "Trial" and step.to_json()["guess"] == "r9c2=7"
    assert logic_solve(pos).status == "solved"


def test_no_trial_without_exactly_one_solution():
    several = apply_until_stuck(parse_position("." * 9 + HARD[9:]), ["singles"])
    assert several.solution_info()[0] == 2
    assert find_all(several, ["trial"]) == [] and logic_solve(several).status == "stuck"
    # a wrong digit that clashes with no clue: no solution, yet nothing is broken at once
    sol = parse_position(HARD).solution()
    wrong = next(d for d in parse_position(HARD).candidates(0) if d != sol[0])
    none = apply_until_stuck(parse_position(str(wrong) + HARD[1:]), ["singles"])
    assert none.solution_info()[0] == 0 and not none.contradiction()
    assert find_all(none, ["trial"]) == []
    assert check(several, "trial", "r1c1").reason == ("the position does not have exactly one "
                                                     "solution, so no guess can be confirmed")


# ------------------------------------------------------------------ pattern checks

def test_pattern_checks_say_which_branch_fails():
    pos = parse_position(VERITY)
    r = check(pos, "forcing-chain", "r8c5", [item("r2c2<>5")])
    assert r.ok and r.removes == {(parse_cell("r2c2"), 5)} and not r.places
    r = check(pos, "forcing-chain", "r8c5", [item("r6c5<>5")])
    assert not r.ok and r.reason == "r8c5=6 does not lead to r6c5<>5 along single links"
    r = check(pos, "forcing-chain", "r8c4 r8c5 r8c7", [item("r6c5<>5")])
    assert r.ok and (parse_cell("r6c5"), 5) in r.removes
    r = check(pos, "forcing-chain", "r8c4 r8c5 r8c7", [item("r2c2<>5")])
    assert r.reason == "r8c7=4 does not lead to r2c2<>5 along single links"
    assert r.failing == [parse_cell("r8c7")]
    r = check(pos, "forcing-chain", "r8c4 r8c5", [item("r6c5<>5")], digits=[4])
    assert r.reason == ("4 also fits r8c7 in r8: a house forcing chain starts from every place of "
                        "the digit in the house")
    r = check(pos, "forcing-chain", "r5c8 r8c1")
    assert r.reason == ("r5c8 and r8c1 share no house: a forcing chain starts from one cell or from "
                        "every place of one digit in one house")
    r = check(pos, "forcing-chain", "r1c5")
    assert r.reason == "no fact follows from every candidate of r1c5 along single links"
    # contradictions: the claim about the named cell says what is assumed
    contra = parse_position(CONTRA)
    r = check(contra, "forcing-chain", "r9c6", [item("r9c6=1")])
    assert r.ok and r.places == {(parse_cell("r9c6"), 1)}
    r = check(contra, "forcing-chain", "r8c2", [item("r8c2<>3")])
    assert r.reason == "assuming r8c2=3 leads to no contradiction along single links"
    r = check(contra, "forcing-net", "r8c2", [item("r8c2<>3")])
    assert r.ok and r.removes == {(parse_cell("r8c2"), 3)}
    net = parse_position(NET)
    assert check(net, "forcing-chain", "r9c9", [item("r9c9<>9")]).reason == \
        "assuming r9c9=9 leads to no contradiction along single links"
    assert check(net, "forcing-net", "r9c9", [item("r9c9<>9")]).ok
    r = check(net, "forcing-net", "r9c9", [item("r9c9<>6")])
    assert r.reason == "assuming r9c9=6 leads to no contradiction even with naked and hidden singles"
    # trial names one cell
    assert check(net, "trial", "r1c1 r1c2").reason == "a trial is one guess in one cell: name that cell"


def test_judge_names_and_patterns():
    """A forcing chain is credited from the premise the learner names: a
    premise that does not reach the claim proves nothing (the finder's own
    chains from other premises do not count), and a premise must be named."""
    pos = parse_position(VERITY)
    v = judge(pos, "r6c5<>5", by="forcing chain", pattern="r8c5")
    assert v.kind == "proved-other" and v.technique == "grouped-aic"     # the simplest proof
    assert "Your pattern r8c5 fails: r8c5=6 does not lead to r6c5<>5 along single links." in v.message
    v = judge(pos, "r6c5<>5", by="house forcing chain", pattern="r8c457")
    assert v.kind == "proved" and v.technique == "forcing-chain"
    assert v.steps[0].text.startswith("House Forcing Chain on 4 in r8:")
    v = judge(pos, "r4c4<>6", by="cell forcing chain")
    assert v.kind == "true-unproved" and "name the premise it starts from" in v.message


def test_room_fields():
    for tid in FORCING:
        t = REGISTRY[tid]
        assert t.family == "forcing" and t.check is not None and t.aliases
    assert [REGISTRY[t].rank for t in FORCING] == [360, 370, 380]
    assert [REGISTRY[t].weight for t in FORCING] == [500, 700, 1000]
    assert resolve_technique("house forcing chain").ids == ("forcing-chain",)
    assert resolve_technique("contradiction net").ids == ("forcing-net",)
    assert resolve_technique("guess").ids == ("trial",)
    house, cell = find_all(parse_position(VERITY), ["forcing-chain"])
    keys = REGISTRY["forcing-chain"].entry_keys(house)
    assert keys.cells == frozenset(cells("r8c4 r8c5 r8c7")) and keys.digits == frozenset({4})
    assert frozenset(house.cells) in keys.alternatives
    assert REGISTRY["forcing-chain"].label_of(cell) == "Cell Forcing Chain"


# ------------------------------------------------------------------ against the definitions

def plain_items(pos, via: str):
    """What forcing chains (via 'chain') or nets ('net') prove, searched
    plainly from the definitions: {(cell, digit, is_placement)}."""
    seen = {}

    def follow(premise):
        if premise not in seen:
            seen[premise] = plain_chain(pos, premise) if via == "chain" else plain_net(pos, premise)
        return seen[premise]

    def assumable(i, d, on):
        """Every candidate is assumed on; off only where that is no single
        and a strong link leads on from it."""
        if on:
            return True
        places = [len([j for j in HOUSES[h] if pos.has(j, d)]) for h in HOUSES_OF[i]]
        count = POPCOUNT[pos.cands[i]]
        return count >= 2 and min(places) >= 2 and (count == 2 or 2 in places)

    got, broken = set(), set()
    for i in range(81):
        for d in pos.candidates(i) if not pos.values[i] else ():
            for on in (True, False):
                if not assumable(i, d, on):
                    continue
                facts, bad = follow((i, d, on))
                if bad:
                    broken.add((i, d, on))
                    got.add((i, d, not on))
    premises = [[(i, d, True) for d in pos.candidates(i)] for i in range(81)
                if not pos.values[i] and POPCOUNT[pos.cands[i]] >= 2]
    for d in range(1, 10):
        for h in HOUSES:
            places = [(i, d, True) for i in h if pos.has(i, d)]
            if len(places) >= 2 and places not in premises:
                premises.append(places)
    for branches in premises:
        if broken.intersection(branches):
            continue
        common = None
        for b in branches:
            facts, _ = follow(b)
            common = facts if common is None else common & facts
        got |= common
    return got


def plain_chain(pos, premise):
    facts = {premise}
    todo = [premise]
    strong = {d: conjugate_pairs(pos, d) for d in range(1, 10)}
    while todo:
        i, d, on = todo.pop()
        if on:
            nxt = [(i, e, False) for e in pos.candidates(i) if e != d]
            nxt += [(j, d, False) for j in range(81) if sees(i, j) and pos.has(j, d)]
        else:
            nxt = [(i, e, True) for e in pos.candidates(i) if e != d and POPCOUNT[pos.cands[i]] == 2]
            nxt += [(j, d, True) for pair in strong[d] if i in pair for j in pair if j != i]
        for f in nxt:
            if f not in facts:
                facts.add(f)
                todo.append(f)
    bad = any((i, d, not on) in facts for i, d, on in facts)
    return facts, bad


def plain_net(pos, premise):
    p = pos.copy()
    i, d, on = premise
    p.place(i, d) if on else p.eliminate(i, d)
    while not p.contradiction():
        single = next(((j, p.candidates(j)[0]) for j in range(81)
                       if not p.values[j] and POPCOUNT[p.cands[j]] == 1), None)
        if single is None:
            for h in HOUSES:
                for e in range(1, 10):
                    where = [j for j in h if p.has(j, e)]
                    if len(where) == 1 and not any(p.values[j] == e for j in h):
                        single = (where[0], e)
                        break
                if single:
                    break
        if single is None:
            break
        p.place(*single)
    if p.contradiction():
        return set(), True
    facts = set()
    for j in range(81):
        for e in pos.candidates(j) if not pos.values[j] else ():
            if p.values[j] == e:
                facts.add((j, e, True))
            elif not p.has(j, e):
                facts.add((j, e, False))
    return facts, False


def next_singles(pos) -> bool:
    return any(find_all(pos, [tid]) for tid in ("naked-single", "hidden-single"))


def listed(pos, tid):
    return {(i, d, False) for s in find_all(pos, [tid]) for i, d in s.eliminations} | \
        {(i, d, True) for s in find_all(pos, [tid]) for i, d in s.placements}


def implied_by(items, placements):
    out = set()
    for i, d, placing in items:
        if not placing and any((i == j and d != e) or (d == e and sees(i, j)) for j, e, _ in placements):
            out.add((i, d, placing))
    return out


@pytest.mark.parametrize("text", [VERITY, CONTRA, NET])
def test_finders_match_a_plain_search(text):
    match_plain_search(parse_position(text))


def test_finders_match_a_plain_search_on_sampled_positions(positions):
    stuck = [pos for pos, _ in positions if not next_singles(pos)]
    assert len(stuck) >= 4
    for pos in stuck[:4]:
        match_plain_search(pos)


def match_plain_search(pos):
    chains = plain_items(pos, "chain")
    chain_places = {it for it in chains if it[2]}
    assert listed(pos, "forcing-chain") == chains - implied_by(chains, chain_places)
    if next_singles(pos):
        # a net follows what its premise sets off; the plain search below makes
        # every single it sees, so it is compared only where none is pending
        return
    nets = plain_items(pos, "net") - chains
    nets -= implied_by(nets, chain_places)
    assert listed(pos, "forcing-net") == nets - implied_by(nets, {it for it in nets if it[2]})


# ------------------------------------------------------------------ over the puzzle sets

@pytest.fixture(scope="module")
def positions():
    rng = random.Random(20)
    puzzles = rng.sample(qqwing("expert"), 40) + rng.sample(all_qqwing(), 20)
    return list(with_solutions(sampled_positions(puzzles, per_puzzle=2, seed=9)))


def test_consequences_of_true_premises_are_true(positions):
    """A premise true in the solution leads only to true facts, never to a
    contradiction; a net reaches everything the chain reaches."""
    for pos, sol in positions[::3]:
        c = Consequences(pos)
        truth = 0
        for i in range(81):
            if not pos.values[i]:
                truth |= 1 << (9 * i + sol[i] - 1)
        for k in range(729):
            if not c.present >> k & 1:
                continue
            for lit in (2 * k, 2 * k + 1):
                ch, net = c.chain(lit), c.net(lit)
                if bool(truth >> k & 1) == bool(lit & 1):
                    assert not ch.clash and net.contradiction is None, lit_text(lit)
                    assert ch.on & ~truth == 0 and ch.off & truth == 0
                    assert net.on & ~truth == 0 and net.off & truth == 0
                if net.contradiction is None:
                    assert ch.on & ~net.on == 0 and ch.off & ~net.off == 0


def test_steps_are_sound_distinct_and_drawable(positions):
    for pos, sol in positions:
        chain_steps = find_all(pos, ["forcing-chain"])
        net_steps = find_all(pos, ["forcing-net"])
        assert_sound(pos, chain_steps + net_steps, sol)
        effects = [s.effect for s in chain_steps + net_steps]
        assert len(effects) == len(set(effects))          # one step per effect, chains before nets
        for s in chain_steps + net_steps:
            assert len(s.eliminations) + len(s.placements) == 1
        for s in chain_steps[:5]:
            assert_chains_valid(pos, s)
        for s in net_steps[:5]:
            assert_nets_valid(pos, s)
        assert find_all(pos, ["trial"]) == [] or not chain_steps + net_steps


def _shipped_sets() -> dict:
    return {
        "qqwing": all_qqwing(),
        "diabolical": [ln.split()[1] for ln in load_lines("sudoku-exchange/diabolical-40.txt")],
        "tdoku": [ln.split(":")[0] for ln in load_lines("tdoku/test-puzzles.txt") if ln.split(":")[1] == "1"],
    }


@pytest.mark.slow
@pytest.mark.parametrize("which, part", [("qqwing", 0), ("qqwing", 1), ("qqwing", 2),
                                         ("diabolical", 0), ("tdoku", 0)])
def test_logic_solve_never_ends_stuck(which, part):
    """Every shipped puzzle with one solution is solved: all 900 QQWing
    puzzles (in three parts, so that the test workers share them), the 40
    Sudoku Exchange diabolical ones and the tdoku puzzles with one solution
    (some of which need forcing nets and trial)."""
    puzzles = _shipped_sets()[which]
    if which == "qqwing":
        puzzles = puzzles[part::3]
    needs = {"forcing-net": 0, "trial": 0}
    for text in puzzles:
        pos = parse_position(text)
        result = logic_solve(pos)
        assert result.status == "solved", text
        assert_sound(pos, result.steps, pos.solution())
        for tid in needs:
            needs[tid] += bool(result.counts.get(tid))
    if which == "tdoku":
        assert needs["trial"] >= 1 and needs["forcing-net"] >= 1


@pytest.mark.slow
def test_every_true_elimination_is_proved_or_shown_by_a_last_resort(positions):
    """Every candidate that is not its cell's solution, claimed removed, is
    proved by a rung below the last resorts or is true but unproved; the
    engine still proves the rest (a trial from that candidate at worst),
    but a guess is not what a learner showed: it is never credited."""
    hard = apply_until_stuck(parse_position(HARD), ["singles"])
    picks = positions[::4] + [(hard, hard.solution())]
    prove = REGISTRY["trial"].finder.prove
    unproved = 0
    for pos, sol in picks:
        for i in range(81):
            for d in pos.candidates(i) if not pos.values[i] else ():
                if d != sol[i]:
                    v = judge(pos, f"{cell_name(i)}<>{d}")
                    assert v.kind in ("proved", "true-unproved"), (str(pos), i, d, v.message)
                    if v.kind == "proved":
                        assert not REGISTRY[v.technique].last_resort
                    else:
                        unproved += 1
                        assert prove(pos, (i, d, False)) is not None
    assert unproved
    for by in (None, "trial"):
        v = judge(hard, "r1c1<>1", by=by, pattern="r1c1" if by else None)
        assert v.kind == "true-unproved" and not v.steps


@pytest.mark.slow
def test_following_only_premises_the_solution_refutes_finds_the_same_steps(monkeypatch):
    """The rooms look for a contradiction only from a premise the unique
    solution disagrees with (Consequences.may_break): a premise it agrees
    with cannot break down.  Asking every premise gives the same lists."""
    from tutor.engine.techniques.common import clear_memos
    positions = [parse_position(t) for t in (VERITY, CONTRA, NET)]
    positions += [p for _, p in sampled_positions(qqwing("expert")[:40], per_puzzle=1, seed=13)]
    pruned = []
    for pos in positions:
        clear_memos()
        pruned.append([[s.text for s in find_all(pos, [t])] for t in ("forcing-chain", "forcing-net")])
    monkeypatch.setattr(Consequences, "may_break", lambda self, lit: True)
    for pos, lists in zip(positions, pruned):
        clear_memos()
        assert [[s.text for s in find_all(pos, [t])] for t in ("forcing-chain", "forcing-net")] == lists
    assert any(lists[0] for lists in pruned) and any(lists[1] for lists in pruned)
