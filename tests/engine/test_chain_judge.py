"""The judge on a named chain: the pattern reaches the chain rooms' checks as
typed (cells in chain order, or Eureka text), so a learner hears the first
link that fails rather than a verdict on the cells sorted."""
from __future__ import annotations

import pytest

from puzzle_helpers import technique_cases
from tutor.engine.formats import parse_position
from tutor.engine.judge import judge, pattern_cells
from tutor.engine.grid import parse_cells
from tutor.engine.techniques.chains.text import parse_eureka

# XY-Chains test 1: (5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2 => r1c3,r3c79<>5
XY_CHAIN = "(5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2"


@pytest.fixture(scope="module")
def pos():
    row = next(r for r in technique_cases("XYChains") if r["source"].endswith("#test1"))
    return parse_position(row["position"])


def test_pattern_cells_reads_groups_chains_and_eureka():
    assert pattern_cells("r6c45") == parse_cells("r6c45")
    assert pattern_cells("r3c7-r1c2=r5c7") == parse_cells("r1c2 r3c7 r5c7")
    assert pattern_cells(XY_CHAIN) == parse_cells("r1c157 r3c2")
    assert pattern_cells("(5)r1c9=(5)r3c79") == parse_cells("r1c9 r3c79")
    with pytest.raises(ValueError):
        pattern_cells("(5=9)r1c7-")
    with pytest.raises(ValueError):
        pattern_cells("r1c7-")


@pytest.mark.parametrize("pattern", ["r1c7 r1c5 r1c1 r3c2", "r1c7-r1c5-r1c1-r3c2", XY_CHAIN])
def test_a_chain_named_in_order_proves(pos, pattern):
    v = judge(pos, "r1c3<>5", by="xy-chain", pattern=pattern)
    assert v.kind == "proved" and v.technique == "xy-chain"
    assert v.message == f"Proved by XY-Chain: {XY_CHAIN}. It also removes r3c79<>5."


def test_the_order_typed_counts(pos):
    # the same four cells in another order: r1c7 and r1c1 share no digit to link on
    v = judge(pos, "r1c3<>5", by="xy-chain", pattern="r1c7 r1c1 r1c5 r3c2")
    assert v.kind == "proved"
    assert v.message.endswith("Your pattern r1c157 r3c2 fails: r1c7 and r1c1 do not share 9.")
    assert v.highlight["failing"] == [parse_cells("r1c1")[0]]


def test_eureka_text_may_write_one_digit_once():
    assert parse_eureka("(4)r1c9-r2c8=r3c8-r1c9") == [
        (4, (8,), "-"), (4, (16,), "="), (4, (25,), "-"), (4, (8,), None)]
    assert parse_eureka("(4)r1c9-r2c8=(4=5)r3c8") == [
        (4, (8,), "-"), (4, (16,), "="), (4, (25,), "="), (5, (25,), None)]
    assert parse_eureka("r1c9-(4)r2c8") is None


@pytest.mark.parametrize("by,pattern,reason", [
    ("aic", "(5)r1c7=(5)r1c3-(5)r3c2", "r1c7=r1c3 is not a strong link on 5: r1c9 also holds 5"),
    ("aic", "(5)r1c7=r1c3-r3c2", "r1c7=r1c3 is not a strong link on 5: r1c9 also holds 5"),
    ("xy-chain", "(5=9)r1c7-(9)r1c3=(9=2)r1c5", "r1c3 has no candidate 9"),
    ("grouped-aic", XY_CHAIN, "the chain has no group node: without one it is a plain AIC"),
])
def test_eureka_text_gets_its_first_failing_link(pos, by, pattern, reason):
    # every kind proves the claim (a grouped AIC through the ALS r1c157),
    # and the verdict still says why the typed pattern fails
    v = judge(pos, "r1c3<>5", by=by, pattern=pattern)
    assert v.kind == "proved"
    assert v.message.endswith(f"fails: {reason}.")


def test_ends_that_do_not_see_the_target(pos):
    v = judge(pos, "r1c9<>5", by="aic", pattern=XY_CHAIN)
    assert v.kind == "false"
    assert v.message == ("r1c9 is 5 in the solution. r1c157 r3c2 is an AIC, but the ends of "
                         f"{XY_CHAIN} do not both rule out 5 in r1c9.")


def test_a_pattern_that_is_neither_cells_nor_a_chain_is_invalid(pos):
    v = judge(pos, "r1c3<>5", by="aic", pattern="(5=9)r1c7-")
    assert v.kind == "invalid" and v.message.startswith("Pattern: '(5=9)r1c7-' is not a cell group")
