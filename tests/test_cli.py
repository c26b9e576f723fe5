"""The command-line contract: steps, solve, position, errors as one line."""
import json
import subprocess
import sys

from puzzle_helpers import PUZZLES, parse_position
from tutor.cli import main

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
POINTING = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_steps_json_lists_the_25_locked_sets(capsys):
    code, out, _ = run(capsys, "steps", LOCKEDSET, "--after", "singles", "--technique", "locked-set", "--json")
    assert code == 0
    steps = json.loads(out)
    assert len(steps) == 25
    pair = next(s for s in steps if s["name"] == "Naked Pair r6c45 #38")
    assert pair["technique"] == "naked-subset"
    assert pair["cells"] == ["r6c4", "r6c5"] and pair["digits"] == [3, 8]
    assert pair["size"] == 2 and pair["hidden"] is False
    assert "r6c3<>3" in pair["eliminations"] and pair["placements"] == []
    assert pair["text"].startswith("Naked Pair: 3,8 in r6c45 => ")


def test_steps_text_and_technique_filter(capsys):
    code, out, _ = run(capsys, "steps", POINTING, "--after", "singles", "-t", "pointing")
    assert code == 0
    assert "Locked Candidates Type 1 (Pointing): 5 in b5 lies only on r6 (r6c45) => r6c9<>5" in out.splitlines()


def test_steps_reads_stdin_and_files(capsys, monkeypatch, tmp_path):
    code, out, _ = run(capsys, "steps", "-", "-t", "naked-single", "--json", stdin=POINTING,
                       monkeypatch=monkeypatch)
    from_stdin = json.loads(out)
    f = tmp_path / "p.txt"
    f.write_text(POINTING)
    code, out, _ = run(capsys, "steps", str(f), "-t", "naked-single", "--json")
    assert code == 0 and json.loads(out) == from_stdin


def test_solve_batch_file_prints_one_json_object_a_line(capsys):
    path = PUZZLES / "qqwing-easy.txt"
    code, out, _ = run(capsys, "solve", str(path), "--json")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 300
    first = json.loads(lines[0])
    assert set(first) >= {"puzzle", "status", "grid", "counts", "hardest", "steps"}
    assert first["status"] == "solved" and "." not in first["grid"]
    assert sum(first["counts"].values()) == len(first["steps"])


def test_solve_several_solutions_is_bad_input(capsys):
    """An empty grid or a puzzle with two solutions: one line, status 2 (as
    for any bad input), never a 'stuck' grid over 100 columns wide."""
    from puzzle_helpers import load_lines
    many = next(l.split(":")[0] for l in load_lines("tdoku/test-puzzles.txt") if int(l.split(":")[1]) >= 2)
    for puzzle in ("." * 81, many):
        code, out, err = run(capsys, "solve", puzzle)
        assert code == 2 and out == ""
        assert err == "sudoku-tutor: the puzzle has several solutions\n"
    code, out, _ = run(capsys, "solve", many, "--json")
    got = json.loads(out)
    assert code == 2 and got["status"] == "invalid"
    assert got["error"] == "the puzzle has several solutions"


def test_solve_text_shows_the_path_and_the_score(capsys):
    from tutor.engine.registry import get
    from tutor.engine.solve import logic_solve
    code, out, _ = run(capsys, "solve", LOCKEDSET)
    result = logic_solve(parse_position(LOCKEDSET))
    lines = out.splitlines()
    assert code == 0 and lines[0] == "status: solved"
    # the score is the sum of the step weights (Technique.score), beside the hardest
    assert result.score == sum(get(s.technique).score for s in result.steps) > 0
    assert lines[1] == f"score: {result.score} (hardest: Locked Subset (Pair, Triple))"
    assert lines[2].startswith(f"steps: {len(result.steps)} (")
    # the path: one step a line, numbered, in standard notation
    path = lines[3:3 + len(result.steps)]
    assert [p.split(". ", 1)[1] for p in path] == [s.text for s in result.steps]
    assert path[0] == " 1. Naked Single: r1c7 can only be 3 => r1c7=3"
    assert any("Locked Pair: 5,8 in r45c7" in p for p in path)
    assert all(len(line) <= 100 for line in lines)
    code, out, _ = run(capsys, "solve", LOCKEDSET, "--no-steps")
    assert len(out.splitlines()) == 3 + 13          # status, score, steps; then the grid
    code, out, _ = run(capsys, "solve", LOCKEDSET, "--json")
    assert json.loads(out)["score"] == result.score


def test_solve_batch_text_is_one_line_a_puzzle(capsys, tmp_path):
    """A batch without --json: one line a puzzle (docs/cli.md)."""
    path = tmp_path / "batch.txt"
    puzzles = (PUZZLES / "qqwing-expert.txt").read_text().split()[:3]
    path.write_text("\n".join(puzzles + ["." * 81]) + "\n")
    code, out, _ = run(capsys, "solve", str(path))
    lines = out.splitlines()
    assert code == 2 and len(lines) == 4        # the last puzzle has several solutions
    for puzzle, line in zip(puzzles, lines):
        assert line.startswith(f"{puzzle}: solved, score ")
        assert ", hardest " in line and line.endswith(" steps")
    assert lines[3] == "." * 81 + ": invalid: the puzzle has several solutions"
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["solved"] * 3 + ["invalid"]


def test_a_pm_grid_written_by_position_reads_back(capsys, tmp_path):
    """position --format pm > pm.txt; position pm.txt: the same position, an
    unsolved cell with one candidate included (written {6}, not a bare 6)."""
    from tutor.engine.formats import parse_position as parse, to_braces
    one = to_braces(parse(LOCKEDSET.replace("2.891..54", "2.891.354", 1)))
    assert one.startswith("2{7}891{6}354")  # r1c2 and r1c6: unsolved, one candidate each
    code, out, _ = run(capsys, "position", one, "--format", "pm")
    pm = tmp_path / "pm.txt"
    pm.write_text(out)
    code, out, err = run(capsys, "position", str(pm))
    assert code == 0 and err == ""
    assert out.strip() == one


def test_position_formats(capsys):
    code, out, _ = run(capsys, "position", POINTING, "--after", "singles", "--format", "braces")
    assert out.startswith("93{246}1{246}5{46}87")
    code, out, _ = run(capsys, "position", out.strip(), "--format", "pm")
    assert out.splitlines()[0].startswith(".---") and out.splitlines()[-1].startswith("'---")
    code, out, _ = run(capsys, "position", POINTING, "--format", "givens")
    assert out.strip() == POINTING


def test_bad_input_is_one_line_and_status_2(capsys):
    code, out, err = run(capsys, "steps", "12345")
    assert code == 2 and out == ""
    assert err == "sudoku-tutor: a puzzle needs 81 cells, this one has 5\n"
    code, out, err = run(capsys, "steps", POINTING, "-t", "nonsense")
    assert code == 2 and err.startswith("sudoku-tutor: unknown technique 'nonsense'")


def test_version_and_help_from_the_installed_command():
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("sudoku-tutor ")
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for command in ("steps", "solve", "position"):
        assert command in out.stdout


def test_a_missing_file_is_named_as_such(capsys):
    for command in ("steps", "solve", "position"):
        code, out, err = run(capsys, command, "/no/such/puzzle.txt")
        assert code == 2
        assert err == "sudoku-tutor: cannot read /no/such/puzzle.txt: no such file\n"


def test_steps_refuses_a_position_without_solution_and_notes_several(capsys):
    broken = "{1}{1}" + "{123456789}" * 79
    code, out, err = run(capsys, "steps", broken)
    assert code == 2 and out == ""
    assert err == ("sudoku-tutor: the position has no solution "
                   "(r1c1 and r1c2 can both only be 1 in r1)\n")
    from puzzle_helpers import load_lines
    many = next(l.split(":")[0] for l in load_lines("tdoku/test-puzzles.txt") if int(l.split(":")[1]) >= 2)
    code, out, err = run(capsys, "steps", many, "-t", "naked-single")
    assert code == 0 and "note: the puzzle has several solutions" in err
