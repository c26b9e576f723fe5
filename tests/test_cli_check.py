"""`sudoku-tutor check POSITION CLAIM [--by ID] [--pattern CELLS] [--json]`."""
import json

from tutor.cli import main
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
POINTING = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."
CLAIMING = "...3.9...3.......564.....89.........89..2..51..6.5.8..5.1...7.8.3.5.4.2.7..1.2..3"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def braces_after_singles(text):
    return to_braces(apply_until_stuck(parse_position(text), ["singles"]))


def test_check_locked_pair_json(capsys):
    code, out, err = run(capsys, "check", LOCKEDSET, "r6c3<>3", "--after", "singles",
                         "--by", "naked-subset", "--pattern", "r6c45", "--json")
    assert code == 0 and not err
    got = json.loads(out)
    assert {"verdict", "technique", "step", "message"} <= set(got)
    assert got["verdict"] == "proved"
    assert got["technique"] == "naked-subset"
    assert got["step"]["cells"] == ["r6c4", "r6c5"]
    assert "r6c3<>3" in got["step"]["eliminations"]
    assert got["message"]


def test_check_pointing_text_output_on_a_brace_grid(capsys):
    code, out, _ = run(capsys, "check", braces_after_singles(POINTING), "r6c9<>5", "--by", "pointing")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("proved: Proved by Locked Candidates Type 1 (Pointing): 5 in b5")
    assert "  Locked Candidates Type 1 (Pointing): 5 in b5 lies only on r6 (r6c45) => r6c9<>5" in lines


def test_check_claiming_named_as_pointing(capsys):
    code, out, _ = run(capsys, "check", CLAIMING, "r2c8<>7", "--after", "singles", "--by", "pointing", "--json")
    got = json.loads(out)
    assert code == 0
    assert got["verdict"] == "proved-other" and got["technique"] == "claiming"


def test_check_false_claim(capsys):
    pos = apply_until_stuck(parse_position(LOCKEDSET), ["singles"])
    sol = pos.solution()
    i = 5 * 9 + 3  # r6c4
    code, out, _ = run(capsys, "check", to_braces(pos), f"r6c4<>{sol[i]}", "--json")
    got = json.loads(out)
    assert code == 1 and got["verdict"] == "false"          # not proved: status 1
    assert got["message"] == f"r6c4 is {sol[i]} in the solution."
    assert got["step"] is None


def test_invalid_claims_are_bad_input_with_status_2(capsys):
    """README: bad input exits 2; an invalid claim is bad input (the JSON
    verdict still says why; the text form is one line on stderr)."""
    for claim in ("r0c1<>3", "r1c1<>2", "r6c3<>9", "r6c3"):   # bad cell, solved cell,
        code, out, err = run(capsys, "check", LOCKEDSET, claim, "--after", "singles", "--json")
        got = json.loads(out)                                  # missing candidate, malformed
        assert code == 2 and got["verdict"] == "invalid" and got["message"], claim
    code, out, err = run(capsys, "check", LOCKEDSET, "r6c3<>3", "--by", "frobnicate")
    assert code == 2 and out == ""
    assert err.startswith("sudoku-tutor: invalid: ") and "frobnicate" in err
    assert err.count("\n") == 1


# a tdoku test puzzle where the ladder below the forcing rungs is stuck (r1c1 is 6)
STUCK_BELOW_FORCING = (
    "{12567}{2457}{12467}{134679}{13459}{34567}{1379}{1359}8{15678}{578}3{16789}{1589}{5678}4"
    "{159}2{1578}9{147}{13478}2{34578}{137}6{157}{12358}{23458}{124}{348}79{1368}{13458}{1456}"
    "{35789}{34578}{479}{348}612{34589}{459}{1389}6{149}5{348}2{1389}7{149}{23679}{237}8"
    "{1234679}{1349}{3467}5{149}{14679}{3679}1{679}{346789}{34589}{345678}{6789}2{4679}4{27}5"
    "{126789}{189}{678}{16789}{189}3")


def test_check_exit_status_per_verdict(capsys, without_forcing):
    """One status per outcome: 0 proved (by the named technique or another),
    1 not proved (false, true but unproved), 2 bad input.  (With the forcing
    rungs every true claim on a puzzle with one solution is proved, so the
    true-but-unproved case needs a ladder without them.)"""
    from tutor.cli import CHECK_STATUS
    assert CHECK_STATUS == {"proved": 0, "proved-other": 0, "true-unproved": 1, "false": 1,
                            "invalid": 2}
    code, out, _ = run(capsys, "check", LOCKEDSET, "r6c3<>3", "--after", "singles",
                       "--by", "naked-subset")
    assert code == 0 and out.startswith("proved: ")
    code, out, _ = run(capsys, "check", CLAIMING, "r2c8<>7", "--after", "singles", "--by",
                       "pointing")
    assert code == 0 and out.startswith("proved-other: ")
    code, out, _ = run(capsys, "check", STUCK_BELOW_FORCING, "r1c1<>7")
    assert code == 1 and out.startswith("true-unproved: ")


def test_bad_position_exits_2_with_one_line(capsys):
    code, out, err = run(capsys, "check", LOCKEDSET[:60], "r6c3<>3")
    assert code == 2
    assert not out
    assert err.count("\n") == 1 and "81 cells" in err


def test_several_solutions_is_an_invalid_verdict(capsys):
    code, out, _ = run(capsys, "check", "." * 81, "r1c1<>1", "--json")
    got = json.loads(out)
    assert code == 2 and got["verdict"] == "invalid" and "several solutions" in got["message"]
