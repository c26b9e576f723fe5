from tutor.engine.registry import find_all
from tutor.engine.grid import parse_cells

# The 25 LockedSets listed by the reference text for this position.
REFERENCE_25 = [
    ("r6c45", "38", False), ("r38c3", "39", False), ("r45c7", "58", False),
    ("r89c8", "28", False), ("r4c1 r5c2", "38", False), ("r8c79", "57", True),
    ("r46c3", "45", True), ("r45c6", "45", True), ("r68c7", "27", True),
    ("r56c8", "34", True), ("r238c6", "238", False), ("r389c8", "289", False),
    ("r4c7 r5c79", "589", False), ("r45c7 r6c9", "578", False),
    ("r356c8", "349", True), ("r5c89 r6c8", "349", True), ("r5c8 r6c78", "234", True),
    ("r8c1368", "2389", False), ("r4c7 r5c79 r6c9", "5789", False),
    ("r4c7 r5c7 r6c79", "2578", False), ("r6c3789", "2457", True),
    ("r5c89 r6c78", "2349", True), ("r5c8 r6c789", "2347", True),
    ("r4c7 r5c79 r6c79", "25789", False), ("r5c89 r6c789", "23479", True),
]


def test_reference_position_holds_exactly_the_25_locked_sets(lockedset_position):
    steps = find_all(lockedset_position, ["locked-set"])
    found = {(tuple(s.cells), "".join(map(str, s.digits)), s.to_json()["hidden"]) for s in steps}
    expected = {(tuple(parse_cells(c)), d, h) for c, d, h in REFERENCE_25}
    assert len(steps) == 25
    assert found == expected


def test_pair_in_row_and_box_is_one_step_covering_both_houses(lockedset_position):
    steps = [s for s in find_all(lockedset_position, ["naked-subset"])
             if s.cells == tuple(parse_cells("r6c45"))]
    assert len(steps) == 1
    step = steps[0]
    assert step.name == "Naked Pair r6c45 #38"
    elim = set(step.elimination_texts())
    # row 6 and box 5 both lose 3 and 8
    assert {"r6c3<>3", "r6c8<>3", "r6c8<>8", "r4c6<>3", "r5c6<>8"} <= elim


def test_a_set_whose_other_side_is_one_cell_is_that_single_not_a_locked_set():
    """QQWing easy #1: r1 has seven empty cells and 1 fits only r1c9, so
    'Hidden Sextuple r1c124578' is the hidden single r1c9=1: not listed."""
    from tutor.app.catalog import puzzles
    from tutor.engine.formats import parse_position
    pos = parse_position(puzzles("easy")[0].givens)
    steps = find_all(pos, ["locked-set"])
    assert not any(s.to_json()["size"] >= 5 for s in steps)
    assert all(len(s.cells) >= 2 for s in steps)
    r1 = [s for s in steps if set(s.houses) == {0}]
    assert not any(set(s.cells) == set(parse_cells("r1c124578")) for s in r1)
    # every listed set leaves at least two cells on the other side of each of its houses
    from tutor.engine.grid import HOUSES
    for s in steps:
        for h in s.houses:
            other = [i for i in HOUSES[h] if not pos.values[i] and i not in s.cells]
            assert len(other) >= 2, s.text
    assert len(steps) == 15


def test_set_names_use_the_words_of_the_text(lockedset_position):
    steps = find_all(lockedset_position, ["locked-set"])
    for s in steps:
        assert s.name.startswith(s.to_json()["kind"] + " "), s.name
        assert "[" not in s.name and "Locked" not in s.name
