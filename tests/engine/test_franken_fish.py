"""Franken fish (fish/franken.py on fish/general.py): a shipped position
where a Franken Swordfish is the simplest step and a generated one where a
Franken Jellyfish is, every instance against a
brute-force reading of the definition, the pattern check's reasons, names
and quiz entries."""
from __future__ import annotations

import pytest

from fish_reference import brute_force_fish, found
from puzzle_helpers import sampled_positions, qqwing
from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_bits
from tutor.engine.judge import judge, resolve_technique
from tutor.engine.registry import PatternQuery, check_pattern, find_all, next_step
from tutor.engine.techniques.common import digit_masks
from tutor.engine.techniques.fish.franken import MAX_FINS, ORIENTATIONS
from tutor.engine.techniques.fish.mixed import franken_kinds
from tutor.engine.techniques.fish.general import fish_of_digit
from tutor.teaching.quiz import FindAllQuiz, parse_entry

# qqwing-expert puzzle 9..4.1...2.3.8..., where logic solve meets the Franken Swordfish
SWORDFISH = ("9{57}64{23}18{27}{35}2137859468{57}4{39}{239}6{35}{27}1{357}4{57}8{357}96126{28}{278}1{47}{24}{3"
             "5}{35}9{135}{239}{1259}6{35}{23}487{1357}6{1257}{35}{13}8{27}944{39}{59}2671{35}8{157}{238}{1578"
             "}{359}{149}{34}{27}6{35}")


# A generated puzzle (practice:als-xy-wing:1498) where logic solve meets the Franken Jellyfish
JELLYFISH = ("5{478}{789}{67}21{69}3{46}{39}{139}25{36}48{169}76{14}{37}8{37}95{14}24{6789}{789}{679}1325{689}1"
             "{36789}52{4679}{67}{37}{4679}{468}2{367}{379}{4679}85{3679}{4679}1{379}21{3679}{567}{67}48{569}85"
             "41{69}2{67}{679}3{379}{39}6{347}{457}812{59}")


@pytest.mark.parametrize("text,shown,name", [
    (SWORDFISH, "Franken Swordfish: 3 r47b2 c145 => r6c15,r9c4<>3",
     "Franken Swordfish #3 BaseSet:R47B2 CoverSet:C145"),
    (JELLYFISH, "Franken Jellyfish: 9 r258b7 c1258 => r4c2,r6c8<>9",
     "Franken Jellyfish #9 BaseSet:R258B7 CoverSet:C1258"),
])
def test_a_franken_fish_is_the_simplest_step_of_a_real_position(text, shown, name):
    pos = parse_position(text)
    step = next_step(pos)
    assert step.technique == "franken-fish"
    assert (step.text, step.name) == (shown, name)
    sol = pos.solution_info()[1]
    assert all(sol[i] != d for i, d in step.eliminations)


def _brute_force(pos, sizes=None) -> set:
    """Every (size, digit, eliminations) of a Franken fish within the finder's
    bounds (or `sizes`: {size: fins at most}), from the definition read
    plainly (fish_reference.py) over both orientations."""
    return brute_force_fish(pos, sizes or MAX_FINS, franken_kinds, ORIENTATIONS)


# 100 qqwing-expert puzzles, two positions each along the logic solve, in
# four parts (so that two workers share them); Jellyfish on every fourth
# position (the brute force takes a quarter of a second a position for them)
_PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(_PARTS))
def test_every_franken_fish_matches_a_brute_force_reading_of_the_definition(part):
    picks = sampled_positions(qqwing("expert")[part * 25:(part + 1) * 25], per_puzzle=2)
    if part == 0:
        picks += [("", parse_position(SWORDFISH)), ("", parse_position(JELLYFISH))]
    for k, (_, pos) in enumerate(picks):
        steps = find_all(pos, ["franken-fish"])
        sizes = MAX_FINS if k % 4 == 0 else {n: f for n, f in MAX_FINS.items() if n < 4}
        assert {f for f in found(steps) if f[0] in sizes} == _brute_force(pos, sizes)
        assert len(steps) == len(found(steps))          # one step per size, digit and eliminations


def test_the_search_finds_every_finned_fish_the_check_reads():
    """The pattern check reads named cells through the search with fins
    (two at most, sizes 2 to 4): the same fish as the brute force."""
    pos = parse_position(SWORDFISH)
    bounds = {2: 2, 3: 2, 4: 2}
    found = set()
    for d in range(1, 10):
        for allowed, covers in ORIENTATIONS:
            for size, fishes in fish_of_digit(digit_masks(pos)[d], bounds, allowed, covers, franken_kinds).items():
                found |= {(size, d, frozenset(cell_bits(elims))) for _, _, _, elims in fishes}
    assert found == _brute_force(pos, bounds)


def _check(text, pos=None, claim=()):
    e = parse_entry(text)
    return check_pattern(pos or parse_position(SWORDFISH),
                         PatternQuery("franken-fish", e.cells, e.digits, e.houses, claim=claim,
                                      label="Franken Fish"))


def test_the_check_accepts_the_swordfish_and_says_what_it_removes():
    r = _check("#3 R47B2 C145")
    assert r.ok and r.label == "Franken Swordfish"
    assert r.removes == {(45, 3), (49, 3), (75, 3)}          # r6c1, r6c5, r9c4


@pytest.mark.parametrize("entry,reason", [
    ("#3 R47B2", "name the base houses, then the cover houses"),
    ("#3 R47B2 C14", "as many cover houses as base houses"),
    ("#3 R47 C14", "no box among the houses"),
    ("#3 B2C8R4 C145", "mixing more is a Mutant fish"),
    ("#3 R47B2 C14B2", "b2 is both a base and a cover house"),
    ("#3 R7B2B8 C145", "r7 and b8 share the candidate 3 of r7c4"),
    ("#3 R47B2 C149", "the cover house c9 holds no candidate 3 of the base houses"),
    ("#3 R4B2 C45", "removes nothing"),
])
def test_the_check_names_the_first_condition_that_fails(entry, reason):
    r = _check(entry)
    assert not r.ok and reason in r.reason, r.reason


def test_names_judge_and_quiz_read_franken_fish():
    for name in ("franken swordfish", "franken x wing", "frankenfish", "franken fish"):
        assert resolve_technique(name).ids == ("franken-fish",)
    for name in ("Finned Franken X-Wing", "finned franken jellyfish", "sashimi franken swordfish"):
        assert resolve_technique(name).ids == ("finned-franken-fish",)
    for name in ("mutant swordfish", "Finned Mutant X-Wing", "mutant fish"):
        assert resolve_technique(name).ids == ("mutant-fish",)
    pos = parse_position(SWORDFISH)
    v = judge(pos, "r6c1<>3", by="franken swordfish", pattern="r47c1 r37c4 r1347c5")
    assert v.kind == "proved", v.message
    v = judge(pos, "r6c1<>3", by="franken swordfish", pattern="r4c15 r7c4")
    assert "no Franken fish of 2 to 4 base houses has exactly r4c15 r7c4 as its candidates 3" in v.message
    e = parse_entry("Franken Swordfish #3 R47B2 C145")
    assert e.technique == "franken-fish" and e.houses == ((3, 6, 19), (9, 12, 13))
    q = FindAllQuiz(pos, "franken-fish")
    assert q.submit("Franken Swordfish #3 BaseSet:R47B2 CoverSet:C145").kind == "found"


def test_the_judge_reads_a_fish_named_by_its_houses():
    """As HoDoKu writes it ('3 r47b2 c145'): base houses, then cover houses."""
    pos = parse_position(SWORDFISH)
    for pattern in ("r47b2 c145", "#3 r47b2 c145", "3 R47B2 C145"):
        v = judge(pos, "r6c1<>3", by="franken swordfish", pattern=pattern)
        assert v.kind == "proved" and "fails" not in v.message, (pattern, v.message)
    v = judge(pos, "r6c1<>3", by="franken swordfish", pattern="r47b2 c146")
    assert v.kind == "proved"
    assert "Your pattern r47b2 c146 fails: the cover house c6 holds no candidate 3 of the base houses" in v.message
    v = judge(pos, "r6c1<>3", by="naked pair", pattern="r47b2 c145")
    assert "a Naked Pair is named by its cells (e.g. r6c45), not by houses" in v.message
    v = judge(pos, "r6c1<>3", by="franken swordfish", pattern="r47b2 c145 zz")
    assert v.kind == "invalid" and "'zz' is not a cell group, a house group or a digit" in v.message


def test_a_quiz_takes_the_franken_jellyfish_and_the_check_judges_it():
    pos = parse_position(JELLYFISH)
    q = FindAllQuiz(pos, "franken-fish")
    assert q.submit("Franken Jellyfish #9 R258B7 C1258").kind == "found"
    r = _check("#9 R258B7 C1258", pos)
    assert r.ok and r.label == "Franken Jellyfish"
    assert r.removes == {(28, 9), (52, 9)}                    # r4c2, r6c8
    r = _check("#9 R2578 C1258", pos)
    assert not r.ok and "no box among the houses" in r.reason
