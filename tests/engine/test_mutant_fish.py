"""Finned Franken fish (fish/finned_franken.py) and Mutant fish
(fish/mutant.py): a real position where the finned Franken Swordfish is
the simplest step, every instance of both against a brute-force reading
of the definition, and the pattern check, judge and quiz of each."""
from __future__ import annotations

import pytest

from fish_reference import brute_force_fish, found
from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.judge import judge
from tutor.engine.registry import PatternQuery, check_pattern, find_all, next_step
from tutor.engine.techniques.fish.general import kinds
from tutor.engine.techniques.fish.mixed import franken_kinds, mutant_kinds
from tutor.teaching.quiz import FindAllQuiz, parse_entry

# A generated puzzle (practice:mutant-fish:6530) where logic solve meets the finned Mutant Jellyfish
MUTANT = ("+8{59}1+3264+7{59}{29}64{1789}{5789}{158}{1259}3{12}7{259}3{149}{459}{145}{125}+8+6{1236}{12347}{267}5"
          "{46}{124}{127}98{1249}{1249}8{1249}{49}76+5+35{179}{679}{12689}3{128}{127}{24}{124}{1246}{1247}{2679}{2"
          "4678}{45678}+3{59}{24}{24579}{2346}{2347}5{2467}{467}981{247}{49}8{279}{247}1{25}36{24579}")
# A generated puzzle (practice:als-chain:827) where logic solve meets the finned Franken Swordfish
FINNED = ("6{1279}{1279}{239}5{389}4{389}{789}3{259}{2459}{29}7{489}6{589}18{579}{4579}16{349}2{359}{579}{57}4"
          "{357}{3579}821{69}{569}{157}8{13579}6{39}{1379}{59}242{159}6{59}4{159}8739{35}8{357}16{357}42{157}6{1"
          "57}42{3579}{3579}{1589}{58}4{12357}{1257}8{39}{3579}{3579}{156}{56}")
def test_a_finned_franken_fish_is_the_simplest_step_of_a_real_position():
    pos = parse_position(FINNED)
    step = next_step(pos)
    assert step.technique == "finned-franken-fish"
    assert step.text == "Finned Franken Swordfish: 5 r67b6 c247 fins r4c9 r6c6 => r4c4<>5"
    assert step.name == "Finned Franken Swordfish #5 BaseSet:R67B6 CoverSet:C247 fins r4c9 r6c6"
    sol = pos.solution_info()[1]
    assert all(sol[i] != d for i, d in step.eliminations)


def test_a_finned_mutant_fish_is_the_simplest_step_of_a_real_position():
    pos = parse_position(MUTANT)
    step = next_step(pos)
    assert step.technique == "mutant-fish"
    assert step.text == "Finned Mutant Jellyfish: 2 r58c8b1 c124b9 fin r6c8 => r6c4<>2"
    sol = pos.solution_info()[1]
    assert all(sol[i] != d for i, d in step.eliminations)


# 8 qqwing-expert puzzles, two positions each along the logic solve, and the
# two positions above.  The brute force is slow (a few seconds a position
# for a Mutant fish of size 3 over every house): Franken fish to size 3, and
# on one position a part Franken fish to size 4 and Mutant fish to size 3.
_PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(_PARTS))
def test_every_finned_franken_and_mutant_fish_matches_the_brute_force(part):
    picks = sampled_positions(qqwing("expert")[40 + part * 2:40 + (part + 1) * 2], per_puzzle=2)
    picks.insert(0, ("", parse_position((FINNED, MUTANT)[part % 2])))
    for k, (_, pos) in enumerate(picks):
        franken = find_all(pos, ["franken-fish"]) + find_all(pos, ["finned-franken-fish"])
        assert all(s.roles.fins for s in franken if s.technique == "finned-franken-fish")
        top = 4 if k == 0 else 3
        assert {f for f in found(franken) if f[0] <= top} == \
            brute_force_fish(pos, {n: 2 for n in range(2, top + 1)}, franken_kinds)
        mutant = find_all(pos, ["mutant-fish"])
        assert len(mutant) == len(found(mutant))        # one step per size, digit and eliminations
        if k == 0:
            assert {f for f in found(mutant) if f[0] <= 3} == brute_force_fish(pos, {2: 1, 3: 1}, mutant_kinds)


def _check(tid, text, pos):
    e = parse_entry(text)
    return check_pattern(pos, PatternQuery(tid, e.cells, e.digits, e.houses))


def test_the_checks_read_finned_franken_and_mutant_fish():
    pos = parse_position(FINNED)
    r = _check("finned-franken-fish", "Finned Franken Swordfish #5 R67B6 C247", pos)
    assert r.ok and r.label == "Finned Franken Swordfish" and r.removes == {(30, 5)}, r.reason   # r4c4
    r = _check("finned-franken-fish", "Finned Franken Swordfish #5 R6C4B6 C27R7", pos)
    assert not r.ok and "mixing more is a Mutant fish" in r.reason
    r = _check("mutant-fish", "Mutant Swordfish #5 R67B6 C247", pos)
    assert not r.ok and "make a Franken fish, not a Mutant one" in r.reason
    # 'R6C4' is a Mutant fish's houses (row 6 and column 4), not the cell
    r = _check("mutant-fish", "Mutant X-Wing #5 R6C4 C27", pos)
    assert not r.ok and r.reason == "the base houses r6 and c4 share the candidate 5 of r6c4"
    r = _check("mutant-fish", "Mutant Swordfish #5 R6C4 C27", pos)
    assert not r.ok and "the base houses r6 and c4 share" in r.reason


def test_judge_and_quiz_take_a_finned_franken_fish():
    pos = parse_position(FINNED)
    v = judge(pos, "r4c4<>5", by="finned franken swordfish", pattern="r67b6 c247")
    assert v.kind == "proved" and "Finned Franken Swordfish" in v.message, v.message
    v = judge(pos, "r4c4<>5")
    assert v.kind == "proved" and "Finned Franken Swordfish" in v.message, v.message
    q = FindAllQuiz(pos, "finned-franken-fish")
    assert q.submit("Finned Franken Swordfish #5 R67B6 C247").kind == "found"


def test_a_mutant_fish_is_found_checked_and_judged():
    """Every Mutant fish found is sound and of a Mutant kind, and the check
    and the judge take one as HoDoKu writes it."""
    pos = parse_position(MUTANT)
    found = find_all(pos, ["mutant-fish"])
    assert found, "the position holds Mutant fish"
    sol = pos.solution_info()[1]
    for step in found:
        assert all(sol[i] != d for i, d in step.eliminations)
        base, cover = step.houses[:step.roles.size], step.houses[step.roles.size:]
        assert mutant_kinds(kinds(base), kinds(cover))
    step = found[0]
    entry = step.name.replace("BaseSet:", "").replace("CoverSet:", "").split(" fin")[0]
    r = _check("mutant-fish", entry, pos)
    assert r.ok and set(step.eliminations) <= r.removes, (entry, r.reason)
    i, d = step.eliminations[0]
    v = judge(pos, f"r{i // 9 + 1}c{i % 9 + 1}<>{d}", by="mutant fish",
              pattern=" ".join(entry.split()[-2:]))
    assert v.kind == "proved", v.message
    # the step of the lesson, as HoDoKu writes it: base r58c8b1 (rows 5, 8, column 8, box 1)
    v = judge(pos, "r6c4<>2", by="finned mutant jellyfish", pattern="2 r58c8b1 c124b9 fin r6c8")
    assert v.kind == "proved" and "Finned Mutant Jellyfish" in v.message, v.message
    q = FindAllQuiz(pos, "mutant-fish")
    assert q.submit("Finned Mutant Jellyfish #2 BaseSet:R58C8B1 CoverSet:C124B9 fin r6c8").kind == "found"


def test_unnamed_the_simpler_steps_together_beat_one_harder_step():
    """A Mutant Swordfish here removes both claimed 3s at once, but a Hidden
    Single and an X-Wing do it with simpler steps: a teacher shows those.
    Named, the Mutant fish is credited."""
    pos = parse_position(qqwing("easy")[140])
    v = judge(pos, "r9c3<>3, r8c5<>3")
    assert v.kind == "proved"
    assert v.message.startswith("Proved by 2 steps together: Hidden Single: 3 has one place in r1, r1c3 "
                                "(r9c3<>3); X-Wing: 3 c17 r38 (r8c5<>3)."), v.message
    v = judge(pos, "r9c3<>3, r8c5<>3", by="mutant swordfish")
    assert v.kind == "proved" and v.message.startswith("Proved by Mutant Swordfish: 3 r1c17 r38c3."), v.message
