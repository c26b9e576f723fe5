"""Teaching is not proving: the judge credits what a learner could have
seen.  A guess (a claim only a last resort proves: forcing chains and nets,
trial) is true but unproved; a named forcing chain or net is checked from
its premise; the proof named is the simplest one; a LockedSet is offered by
its smaller side."""
from __future__ import annotations

import random

import pytest
from puzzle_helpers import all_qqwing, sampled_positions

from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_name, cells_name
from tutor.engine.judge import judge, step_effect
from tutor.engine.registry import REGISTRY, find_all, ladder, next_step, tier_of
from tutor.engine.solve import apply_until_stuck, logic_solve

# A puzzle whose hardest step is a 2-String Kite: after its singles, a
# guess about r1c2 or r1c4 is proved only by the last resorts.
KITE = "4......6..1..62..9.624.........8..5.1.8..7.4.......9..9...3.2..58....63..36.5...7"


@pytest.fixture(scope="module")
def kite():
    return apply_until_stuck(parse_position(KITE), ["singles"])


def test_the_last_resorts_are_flagged_in_their_rooms():
    last = {t.id for t in ladder() if t.last_resort}
    assert last == {"forcing-chain", "forcing-net", "trial"}
    assert {t.id for t in ladder() if t.guess} == {"trial"}


@pytest.mark.parametrize("claim", ["r1c2=7", "r1c4<>8"])
def test_an_unnamed_guess_is_true_but_unproved(kite, claim):
    v = judge(kite, claim)
    assert v.kind == "true-unproved" and not v.steps
    assert "nothing short of a Forcing Chain, a Forcing Net or a Trial shows it" in v.message
    # the step a teacher would show now: its technique and place, not its answer
    hint = next_step(kite)
    assert v.hint == hint and "The step to look for now: a Pointing step (r1, b1)." in v.message
    assert hint.text.split(" => ")[1] not in v.message


def test_a_named_forcing_net_is_checked_from_its_premise(kite):
    bare = judge(kite, "r1c4<>8", by="forcing net")
    assert bare.kind == "true-unproved" and "name the premise it starts from" in bare.message
    v = judge(kite, "r1c4<>8", by="forcing net", pattern="r1c4")
    assert v.kind == "proved" and v.technique == "forcing-net"
    assert v.steps and "r1c4=8" in v.steps[0].text
    # a premise that leads nowhere proves nothing
    wrong = judge(kite, "r1c4<>8", by="forcing net", pattern="r9c9")
    assert wrong.kind != "proved"


def test_a_trial_never_proves_a_learners_claim(kite):
    v = judge(kite, "r1c2=7", by="trial", pattern="r1c2")
    assert v.kind == "true-unproved"
    assert "A Trial is a guess: it shows the way when no logic does, and proves nothing." in v.message


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    return [pos for _, pos in sampled_positions(rng.sample(all_qqwing(), count), per_puzzle=2,
                                                seed=seed)]


def test_proved_exactly_when_a_rung_below_the_last_resorts_proves_it_and_by_the_simplest():
    """A property over mid-solve positions: every true elimination tried is
    proved exactly when a step of a technique below the last resorts, other
    than a computer's count (templates), does it, and then by a step of the
    simplest tier that does."""
    rng = random.Random(3)
    checked = proved = 0
    for pos in _positions(14, 24):
        sol = pos.solution()
        steps = find_all(pos)
        tiers: dict = {}
        for s in steps:
            t = REGISTRY[s.technique]
            if not t.last_resort and not t.computed:
                for i, d, placing in step_effect(pos, s):
                    if not placing:
                        tiers[(i, d)] = min(tiers.get((i, d), 10**6), tier_of(t))
        true_elims = [(i, d) for i in range(81) for d in pos.candidates(i) if d != sol[i]]
        for i, d in rng.sample(true_elims, min(6, len(true_elims))):
            v = judge(pos, f"{cell_name(i)}<>{d}")
            checked += 1
            if (i, d) in tiers:
                assert v.kind == "proved", v.message
                assert tier_of(REGISTRY[v.technique]) == tiers[(i, d)], v.message
                proved += 1
            else:
                assert v.kind == "true-unproved", v.message
    assert checked >= 100 and 0 < proved < checked


def test_proved_other_names_the_simplest_technique_not_the_learners_cells():
    """The learner names a technique that does not apply, with the cells of a
    harder step that proves the claim: the judge names the simplest proof."""
    seen = 0
    for pos in _positions(30, 5):
        by_item: dict = {}
        for s in find_all(pos):
            t = REGISTRY[s.technique]
            if t.last_resort or t.uniqueness:
                continue
            for i, d, placing in step_effect(pos, s):
                if not placing:
                    by_item.setdefault((i, d), []).append(s)
        for (i, d), proofs in by_item.items():
            low = min(tier_of(REGISTRY[s.technique]) for s in proofs)
            harder = [s for s in proofs if tier_of(REGISTRY[s.technique]) > low
                      and s.technique != "x-wing" and len(s.cells) > 1]
            if not harder:
                continue
            v = judge(pos, f"{cell_name(i)}<>{d}", by="x-wing",
                      pattern=cells_name(harder[-1].cells))
            if v.kind == "proved":           # the X-Wing named does prove it
                continue
            assert v.kind == "proved-other", v.message
            assert tier_of(REGISTRY[v.technique]) == low, v.message
            seen += 1
            break
    assert seen >= 5


# A house split both ways: Naked Triple 1,5,9 in r457c3 is Hidden Pair 2,4 in r89c3.
SPLIT = ("{15}263{4789}{47}{489}{78}{15}{19}{49}3{289}{24789}5{2489}+6{179}7{459}+8{269}{2469}1"
         "{249}3{59}48{15}{125}3+97{25}62+6{159}7{15}+8+3{59}+4{59}+3+74{25}+6+1{259}83{1579}{59}"
         "{15689}{156789}2{89}4{79}8{579}{2459}{59}{4579}{347}61{2379}+6{179}{249}{189}{14789}{347}5"
         "{78}{2379}")


def test_a_lockedset_is_offered_by_its_smaller_side():
    pos = parse_position(SPLIT)
    naked = REGISTRY["naked-subset"].finder(pos)
    assert naked[0].text.startswith("Naked Triple: 1,5,9 in r457c3")      # still found
    first = next_step(pos)
    assert first.technique == "hidden-subset" and first.text.startswith("Hidden Pair: 2,4 in r89c3")
    assert logic_solve(pos, max_steps=1).steps[0] == first
    v = judge(pos, "r8c3<>5")
    assert v.kind == "proved" and v.steps[0].text.startswith("Hidden Pair: 2,4 in r89c3")
