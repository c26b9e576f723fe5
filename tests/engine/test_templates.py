"""Templates: Template Set and Template Delete.  The count against a plain
listing of every template (the definition), generated positions where a
template is the simplest step, the pattern check, the names and the hint
words."""
from __future__ import annotations


from puzzle_helpers import assert_sound, qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, cell_bits
from tutor.engine.hint_words import hint_text
from tutor.engine.judge import resolve_technique
from tutor.engine.registry import PatternQuery, check_pattern, find_all, next_step
from tutor.engine.techniques.common import digit_masks
from tutor.engine.techniques.templates.search import allowed_cells, templates

TEMPLATES = ["template-set", "template-delete"]

# tdoku test puzzle 17 (of those with one solution) after 50 steps of its
# logic solve (before ALS nodes in grouped AICs, only forcing chains applied there)
TDOKU_17 = ("{47}{1278}{489}{2379}{136}{2349}{1236}{1368}5{129}{125}6{2359}{1359}87{123}+43{12578}"
            "{458}{257}{1467}{24}{126}9{168}{269}{2358}{3589}1{359}7{2359}4{269}{169}{15}7{2359}{34}"
            "{2349}8{1356}{169}{12}4{359}+8{359}6{359}{127}{127}{47}9+2{47}8{15}{156}{156}3+8{37}16"
            "{37}{59}4{25}{29}5+6{34}{349}2{139}{19}{78}{78}")
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def listed(allowed: int) -> list[frozenset]:
    """Every template on `allowed`, listed one by one (the definition)."""
    out = []

    def place(r, cols, boxes, cells):
        if r == 9:
            out.append(frozenset(cells))
            return
        for c in range(9):
            i = 9 * r + c
            if allowed >> i & 1 and c not in cols and BOX[i] not in boxes:
                place(r + 1, cols | {c}, boxes | {BOX[i]}, cells + [i])

    place(0, frozenset(), frozenset(), [])
    return out


def test_an_empty_grid_has_46656_templates_each_cell_in_a_ninth():
    found = templates((1 << 81) - 1)
    assert found.total == 46656 == len(listed((1 << 81) - 1))
    assert set(found.through.values()) == {46656 // 9}


def test_the_count_agrees_with_listing_every_template():
    for _, pos in sampled_positions(qqwing("expert")[:4], per_puzzle=2) + [(HARD, parse_position(HARD))]:
        _agrees(pos)


def _agrees(pos):
    for d in range(1, 10):
        allowed = allowed_cells(digit_masks(pos)[d], pos.analysis.placed[d])
        every = listed(allowed)
        found = templates(allowed)
        assert found.total == len(every)
        for i in cell_bits(allowed):
            assert found.through.get(i, 0) == sum(i in t for t in every), (d, i)


def test_a_template_delete_on_a_late_tdoku_position():
    """Digit 9 has 8 templates here and none uses r1c6: it goes.  (Before
    the templates a forcing chain was the next step here; now a grouped AIC
    through ALS nodes comes first, and a finned Franken Jellyfish removes
    this 9.)"""
    pos = parse_position(TDOKU_17)
    step = find_all(pos, ["template-delete"])[0]
    assert step.text == "Template Delete: 8 templates of 9 in b1245689 => r1c6<>9"
    assert step.to_json()["templates"] == 8
    assert [s.text for s in find_all(pos, ["template-set"])] == []
    assert_sound(pos, find_all(pos, TEMPLATES), pos.solution())


def test_template_set_places_what_every_template_uses():
    pos = parse_position(HARD)
    assert [s.text for s in find_all(pos, TEMPLATES)] == [
        "Template Set: 6 templates of 2 in b13478 => r2c9=2",
        "Template Delete: 6 templates of 2 in b13478 => r2c12<>2",
    ]
    step = find_all(pos, ["template-set"])[0]
    assert all(BOX[i] in (0, 2, 3, 6, 7) for i in step.cells)


def test_names_and_the_pattern_check():
    assert resolve_technique("template delete").ids == ("template-delete",)
    assert resolve_technique("Template Set").ids == ("template-set",)
    pos = parse_position(TDOKU_17)
    ok = check_pattern(pos, PatternQuery("template-delete", digits=(9,), label="Template Delete"))
    assert ok.ok and ok.removes == {(5, 9)}
    assert "give r1c6<>9, not r2c1<>9" in ok.why_not(9, 9, False)
    none = check_pattern(pos, PatternQuery("template-set", digits=(9,), label="Template Set"))
    assert not none.ok and none.reason == "of the 8 templates of 9, no cell is used by all"
    two = check_pattern(pos, PatternQuery("template-delete", digits=(1, 2), label="Template Delete"))
    assert not two.ok and "one digit" in two.reason


def test_the_hint_says_it_is_a_computers_count():
    pos = parse_position(TDOKU_17)
    step = find_all(pos, ["template-delete"])[0]
    assert "computer's technique" in hint_text(step, 1, pos)
    where = hint_text(step, 2, pos)
    assert "8 ways to place all of the 9s" in where and "used by none" in where
    assert "r1c6" not in where


# Generated puzzles (practice:template-delete:4488 and :7713) where logic solve
# meets a Template Delete: no fish, chain or ALS below it removes these 7s and 5s
ONLY_7 = ("{23}8+4{1235}{1237}+6{157}9{1357}1{39}+6{359}4{3579}2+8{357}{239}75{1239}+8{239}6{34}{134}{3579}"
          "{239}{179}+86{34579}{1457}{23457}{123457}{3579}48{12359}{12379}{23579}{157}+6{12357}6{23}{17}{235}"
          "{1237}{3457}9{23457}8+8+6{79}45{239}{37}1{29}{49}+127{39}8{345}{45}6{47}+53+6{29}18{247}{279}")
ONLY_5 = ("+1+43{59}+72+86{59}+6+79+3{15}+82{15}4+2+584{69}{16}{19}37{4579}21+63{45}{459}{479}8{34579}{39}"
          "{4567}+28{145}{136}{479}{56}{3458}{38}{456}7{145}9{36}{145}+2{459}1+2{59}{469}+7{456}83{389}{389}"
          "{45}{18}2{456}7{459}{169}{45789}6{457}{18}{459}3{45}2{19}")


def test_the_judge_and_the_find_all_quiz_take_it():
    from tutor.engine.judge import judge
    from tutor.teaching.quiz import FindAllQuiz
    pos = parse_position(ONLY_7)
    v = judge(pos, "r4c6<>7", by="template delete")
    assert v.kind == "proved" and v.technique == "template-delete"
    # unnamed, a computer's count is not what a learner is expected to see
    v = judge(pos, "r4c6<>7")
    assert v.kind == "true-unproved", v.message
    assert ("yet only a Template Delete, a computer's count, shows it here (Template Delete: "
            "12 templates of 7 in b2345679)") in v.message
    assert "Name it when you claim it (by Template Delete)" in v.message
    step = find_all(pos, ["template-delete"])[0]
    for text in ("Template Delete #7 r4c6", step.name, step.text):
        quiz = FindAllQuiz(pos, "template-delete")
        assert quiz.submit(text).kind == "found", text
    assert FindAllQuiz(pos, "template-delete").submit("Template Delete #4 r4c6").kind == "wrong"


def test_an_unnamed_claim_the_next_count_makes_says_to_name_it():
    """The next step here is itself a count: the verdict says to name it, and
    does not point at that count as the step to look for, nor solve on
    through it (which would only say it follows after the count)."""
    from tutor.engine.judge import judge
    pos = parse_position(ONLY_5)
    assert next_step(pos).text == "Template Delete: 6 templates of 5 in b23456789 => r5c3,r7c1<>5"
    v = judge(pos, "r5c3<>5")
    assert v.kind == "true-unproved"
    assert "Name it when you claim it (by Template Delete)" in v.message
    assert "step to look for" not in v.message and "Solving on" not in v.message, v.message
    assert judge(pos, "r5c3<>5", by="template delete").kind == "proved"
