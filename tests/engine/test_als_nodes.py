"""Grouped AICs through ALS nodes: an almost locked set entered on one digit
and left on another (issue 26's Grouped AIC example needs one)."""
from __future__ import annotations

from tutor.engine.formats import parse_position
from tutor.engine.hint_words import hint_text
from tutor.engine.judge import judge
from tutor.engine.registry import PatternQuery, check_pattern, find_all

# Issue 26: HoDoKu's Grouped AIC on 4/6 => r7c5<>6, r8c5<>4, which no chain
# of candidates and groups alone proves.
ISSUE_26 = ("{12}594{128}{18}{67}{67}33{24}75961{24}8{124}{68}{68}7{123}{13}9{24}5{2789}{26789}"
            "{568}{1289}{158}43{5678}{167}{258}1{3568}{28}7{358}{268}94{2789}{378}46{138}{59}{278}"
            "{578}{17}{5789}{4789}2{18}{46}{1589}{678}3{67}{478}{478}13{46}25{678}96{389}{358}"
            "{89}{58}7412")


# The lesson's example (group-nodes, example 4): nothing simpler applies.
LESSON_EXAMPLE = ("{235}9{35}{237}{27}1{48}{48}6416958723{238}{28}74{23}6{19}5{19}{1589}3{1589}64{59}2{18}76{"
                  "4578}2{378}1{359}{3489}{348}{489}{1789}{478}{1489}{2378}{23789}{239}{13489}65{2357}{24578}"
                  "{3458}1{238}{234}69{48}{1238}6{1348}5{289}{2349}{1348}7{148}{1389}{48}{13489}{38}675{1348}2")


# The lesson's grouped X-Chain on 6 (group-nodes, example 1)
GROUPS_ONLY = ("{48}92{145}{18}{158}376{478}1{68}{24679}3{2689}5{28}{248}3{567}{568}{2467}{2678}"
               "{268}19{248}93{46}85{26}7{24}1{78}{567}{1568}3{126}4{689}{258}{289}2{56}{14568}{16}"
               "97{68}{458}3689{257}{27}341{57}523{179}4{189}{89}6{789}147{569}{68}{5689}23{589}")


def _grouped(pos):
    return find_all(pos, ["grouped-aic"])


def test_the_issue_example_is_a_grouped_aic_through_als_nodes():
    pos = parse_position(ISSUE_26)
    found = [s for s in _grouped(pos) if set(s.eliminations) == {(58, 6), (67, 4)}]
    assert len(found) == 1
    step = found[0]
    assert step.roles.als >= 2          # an ALS entered and left: two nodes
    assert "r7c5<>6" in step.text and "r8c5<>4" in step.text
    v = judge(pos, "r7c5<>6", by="grouped-aic")
    assert v.kind == "proved" and "Grouped AIC" in v.message


def test_every_step_through_als_nodes_is_true_and_checks_as_written():
    pos = parse_position(ISSUE_26)
    solution = pos.solution()
    with_als = [s for s in _grouped(pos) if s.roles.als]
    assert len(with_als) > 10
    for s in with_als:
        assert all(solution[c] != d for c, d in s.eliminations), s.text
        assert all(solution[c] == d for c, d in s.placements), s.text
        report = check_pattern(pos, PatternQuery("grouped-aic", text=s.roles.chain.eureka))
        assert report.ok, (s.text, report.reason)
        assert report.removes == set(s.eliminations) and report.places == set(s.placements)


def test_an_als_node_whose_cells_are_no_als_is_refused():
    pos = parse_position(ISSUE_26)
    # r5c147 hold 2,5,6,8: an ALS; r5c134 hold five digits in three cells
    good = "(4=6)r7c5-(6)r7c9=(6)r4c9-(6=5)r5c147-(5)r7c1=(5-3)r9c3=(3)r5c3"
    report = check_pattern(pos, PatternQuery("grouped-aic", text=good))
    assert report.ok, report.reason
    bad = good.replace("r5c147", "r5c134")
    report = check_pattern(pos, PatternQuery("grouped-aic", text=bad))
    assert not report.ok
    assert "is not an ALS" in report.reason


def test_an_als_node_makes_the_chain_a_grouped_aic():
    pos = parse_position(ISSUE_26)
    text = "(4=6)r7c5-(6)r7c9=(6)r4c9-(6=5)r5c147-(5)r7c1=(5-3)r9c3=(3)r5c3"
    report = check_pattern(pos, PatternQuery("aic", text=text))
    assert not report.ok and "Grouped AIC" in report.reason


def test_removals_an_als_rung_gives_are_left_to_it():
    pos = parse_position(ISSUE_26)
    als_rungs = {frozenset(s.eliminations)
                 for s in find_all(pos, ["als-xz", "als-xy-wing", "als-chain"])}
    for s in _grouped(pos):
        if s.roles.als and not s.placements:
            assert frozenset(s.eliminations) not in als_rungs, s.text


# A continuous loop through the box 9 ALS r8c89 r9c79 (entered on 3, left
# on 6): exactly one of 3 and 6 is in it, so its other digits are locked in
# it and leave r7c79 as well.
LOOP = ("{567}{679}8{1679}42{13579}{3579}{13579}{567}13{679}{679}84{579}{2579}2{479}{479}35{17}68"
        "{179}8{279}{279}53{17}{179}64{4567}{467}{457}{167}89{1357}2{1357}13{2579}{267}{267}4{579}"
        "{579}898{127}{1267}{1267}{1367}{2357}4{23567}{47}{247}6{12479}{1279}58{379}{2379}35{247}"
        "{246789}{2679}{67}{279}1{2679}")


def test_a_continuous_loop_through_an_als_removes_its_locked_digits():
    pos = parse_position(LOOP)
    text = "(3)r7c6=(3)r7c79-(3=6)r8c89 r9c79-(6)r9c6=(6-3)r7c6"
    loops = [s for s in _grouped(pos) if s.roles.chain.eureka == text]
    assert len(loops) == 1 and loops[0].roles.rule == "continuous"
    removed = set(loops[0].eliminations)
    assert {(60, 2), (60, 7), (62, 2), (62, 7)} <= removed       # r7c79<>2,7: locked in the ALS
    solution = pos.solution()
    assert all(solution[c] != d for c, d in removed)
    report = check_pattern(pos, PatternQuery("grouped-aic", text=text))
    assert report.ok and report.removes == removed


def test_the_hints_say_the_chain_passes_through_an_als():
    pos = parse_position(LESSON_EXAMPLE)
    step = next(s for s in _grouped(pos) if s.roles.als and "r8c5<>8" in s.text)
    assert "almost locked set" in hint_text(step, 1, pos)
    assert "r45c6 is an almost locked set" in hint_text(step, 3, pos)
    plain = next(s for s in _grouped(parse_position(GROUPS_ONLY)) if not s.roles.als)
    assert "almost locked set" not in hint_text(plain, 1) + hint_text(plain, 3)
