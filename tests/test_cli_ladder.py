"""The command line's ladder: `techniques`, `steps --batch`, the
`--no-uniqueness` switch on every command that uses the ladder, and bad or
oversized input as one line."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from tutor.cli import main
from tutor.engine.formats import MAX_POSITION_BYTES, parse_position
from tutor.engine.registry import find_all, ladder
from tutor.engine.solve import apply_until_stuck

UNIQUENESS = ("unique-rectangle", "hidden-rectangle", "avoidable-rectangle", "bug-plus-one")
# qqwing-expert.txt:3: its logic solve takes a Unique Rectangle (Test 1, 5/7
# r18c23 => r8c3<>57, the uniqueness lesson's first example)
EXPERT_UR = "8..24.13...3....2.9..3...8....78....7..4.9....3..1...61....4......9.....24..7...."
LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(capsys, monkeypatch, *argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ur_position():
    """EXPERT_UR at the Unique Rectangle: the simplest step of the ladder there."""
    from tutor.engine.solve import logic_solve
    result = logic_solve(parse_position(EXPERT_UR))
    k = next(k for k, s in enumerate(result.steps) if s.technique == "unique-rectangle")
    pos = parse_position(EXPERT_UR)
    for s in result.steps[:k]:
        pos.apply(s)
    return pos


# ------------------------------------------------------------------ techniques

def test_techniques_lists_the_ladder_one_a_line(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "techniques")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [ln.split()[0] for ln in lines] == [t.id for t in ladder()]
    xy = next(ln for ln in lines if ln.startswith("xy-wing "))
    assert xy.split("  ")[0] == "xy-wing" and "XY-Wing" in xy and " wings " in xy
    assert " 160  xy wing, xywing, y wing, ywing" in xy


def test_techniques_json_and_without_uniqueness(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "techniques", "--json")
    rows = json.loads(out)
    assert code == 0 and [r["id"] for r in rows] == [t.id for t in ladder()]
    assert all({"id", "name", "family", "rank", "weight", "aliases"} <= set(r) for r in rows)
    ranks = [r["rank"] for r in rows]
    assert ranks == sorted(ranks)
    er = next(r for r in rows if r["id"] == "empty-rectangle")
    assert (er["name"], er["family"], er["rank"], er["weight"]) == (
        "Empty Rectangle", "single-digit", 130, 120)
    code, out, _ = run(capsys, monkeypatch, "techniques", "--json", "--no-uniqueness")
    ids = [r["id"] for r in json.loads(out)]
    assert not set(UNIQUENESS) & set(ids) and len(ids) == len(rows) - len(UNIQUENESS)


# ------------------------------------------------------------------ steps --batch

def test_steps_batch_one_json_array_a_line(capsys, monkeypatch, tmp_path):
    puzzles = open(os.path.join(ROOT, "puzzles", "qqwing-expert.txt")).read().split()[:4]
    path = tmp_path / "batch.txt"
    path.write_text("# four expert puzzles\n" + "\n".join(puzzles[:2]) + "\n\n"
                    + "\n".join(puzzles[2:]) + "\n")
    code, out, err = run(capsys, monkeypatch, "steps", str(path), "--batch", "--json",
                         "--after", "singles", "-t", "wings", "-t", "empty-rectangle")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 4
    for text, line in zip(puzzles, lines):
        pos = apply_until_stuck(parse_position(text), ["singles"])
        want = [s.to_json() for s in find_all(pos, ["wings", "empty-rectangle"])]
        assert json.loads(line) == want


def test_steps_batch_is_json_with_or_without_the_flag(capsys, monkeypatch, tmp_path):
    """docs/cli.md: a batch writes one JSON array a line, `--json` or not."""
    path = tmp_path / "batch.txt"
    path.write_text(f"{LOCKEDSET}\n{LOCKEDSET}\n")
    code, out, _ = run(capsys, monkeypatch, "steps", str(path), "--batch", "-t", "locked-set",
                       "--after", "singles")
    code2, out2, _ = run(capsys, monkeypatch, "steps", str(path), "--batch", "--json", "-t",
                         "locked-set", "--after", "singles")
    assert code == code2 == 0 and out == out2
    assert [len(json.loads(line)) for line in out.splitlines()] == [25, 25]
    readme = open(os.path.join(ROOT, "docs", "cli.md")).read()
    assert "--batch [--technique ID]... [--after ...] [--json]" in readme
    assert "with or without\n`--json`: a batch is always JSON" in readme


def test_steps_batch_marks_a_bad_line_and_goes_on(capsys, monkeypatch):
    stdin = f"{LOCKEDSET}\n11{'.' * 79}\n{'x' * 81}\n{LOCKEDSET}\n"
    code, out, err = run(capsys, monkeypatch, "steps", "-", "--batch", "-t", "naked-single",
                         stdin=stdin)
    lines = out.splitlines()
    assert code == 2 and len(lines) == 4
    assert lines[1] == "null" and lines[2] == "null" and lines[0] == lines[3]
    assert json.loads(lines[0]) == [s.to_json() for s in find_all(parse_position(LOCKEDSET),
                                                                 ["naked-single"])]
    errs = err.splitlines()
    assert len(errs) == 2 and errs[0].startswith("sudoku-tutor: line 2: 1 appears twice in r1")
    assert errs[1].startswith("sudoku-tutor: line 3: unknown character 'x'")


def test_steps_batch_answers_each_line_as_it_comes():
    """A script keeps one process: it writes a line and reads the answer
    before writing the next."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "steps", "-", "--batch",
                             "-t", "naked-single"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        for _ in range(2):
            proc.stdin.write(LOCKEDSET + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert answer and all(s["technique"] == "naked-single" for s in answer)
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_steps_batch_needs_a_file_or_stdin(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "steps", LOCKEDSET, "--batch")
    assert code == 2 and err.startswith("sudoku-tutor: --batch reads a file") and err.count("\n") == 1
    code, _, err = run(capsys, monkeypatch, "steps", "-", "--batch", "-t", "nope", stdin="")
    assert code == 2 and "unknown technique 'nope'" in err


# ------------------------------------------------------------------ --no-uniqueness

def test_steps_and_solve_without_uniqueness(capsys, monkeypatch):
    from tutor.engine.formats import to_braces
    braces = to_braces(ur_position())
    code, out, _ = run(capsys, monkeypatch, "steps", braces, "-t", "uniqueness")
    assert code == 0 and out.startswith("Uniqueness Test 1: 5/7 r18c23 => r8c3<>57")
    code, out, _ = run(capsys, monkeypatch, "steps", braces, "-t", "uniqueness", "--no-uniqueness")
    assert code == 0 and out == "no steps found\n"
    code, out, _ = run(capsys, monkeypatch, "solve", EXPERT_UR, "--json", "--no-steps")
    assert json.loads(out)["counts"].get("unique-rectangle") == 1
    code, out, _ = run(capsys, monkeypatch, "solve", EXPERT_UR, "--json", "--no-steps",
                       "--no-uniqueness")
    got = json.loads(out)
    assert got["status"] == "solved" and not set(got["counts"]) & set(UNIQUENESS)


def test_check_without_uniqueness(capsys, monkeypatch):
    from tutor.engine.formats import to_braces
    braces = to_braces(ur_position())
    code, out, _ = run(capsys, monkeypatch, "check", braces, "r8c3<>5", "--by", "ur",
                       "--pattern", "r18c23")
    assert out.startswith("proved: Proved by Uniqueness Test 1: 5/7 r18c23.")
    code, out, err = run(capsys, monkeypatch, "check", braces, "r8c3<>5", "--by", "ur",
                         "--pattern", "r18c23", "--no-uniqueness", "--json")
    verdict = json.loads(out)
    assert verdict["verdict"] == "invalid"
    assert verdict["message"] == ("Unique Rectangle is a uniqueness technique, and uniqueness "
                                  "techniques are switched off here.")
    code, out, _ = run(capsys, monkeypatch, "check", braces, "r8c3<>5", "--no-uniqueness", "--json")
    verdict = json.loads(out)
    assert verdict["verdict"] != "proved" or verdict["technique"] not in UNIQUENESS


def test_quiz_and_practice_without_uniqueness(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "quiz", "--technique", "unique-rectangle",
                       "--no-uniqueness")
    assert code == 2 and err == ("sudoku-tutor: Unique Rectangle is a uniqueness technique, and "
                                 "uniqueness techniques are switched off\n")
    code, _, err = run(capsys, monkeypatch, "practice-positions", "--technique", "bug-plus-one",
                       "--no-uniqueness")
    assert code == 2 and "switched off" in err and err.count("\n") == 1
    code, out, err = run(capsys, monkeypatch, "practice-positions", "--technique", "finned-x-wing",
                         "--count", "2", "--no-uniqueness")
    assert code == 0 and err == "" and len(out.splitlines()) == 2
    from tutor.engine.registry import next_step
    for line in out.splitlines():
        step = next_step(parse_position(line), uniqueness=False)
        assert step.technique == "finned-x-wing"


def test_quiz_passes_the_switch_to_the_app_for_this_session(capsys, monkeypatch):
    import tutor.app as app_mod
    seen = {}
    monkeypatch.setattr(app_mod, "run_app", lambda **kw: seen.update(kw) or 0)
    assert main(["quiz", "--technique", "x-wing", "--no-uniqueness"]) == 0
    assert seen["uniqueness"] is False and seen["start_args"]["target"] == "x-wing"
    seen.clear()
    assert main(["quiz", "--technique", "x-wing"]) == 0
    assert "uniqueness" not in seen          # the learner's own setting applies


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize("argv, stdin", [
    (["solve", "-"], ""), (["solve", ""], None), (["solve", "   "], None),
    (["steps", "-"], "\n"), (["steps", ""], None), (["check", "-", "r1c1<>1"], ""),
    (["position", "-"], ""),
])
def test_empty_input_is_one_line(argv, stdin, capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, *argv, stdin=stdin)
    assert code == 2 and out == ""
    assert err.startswith("sudoku-tutor: no position given") and err.count("\n") == 1


@pytest.mark.parametrize("command", ["solve", "steps", "position"])
def test_an_empty_file_is_one_line(command, capsys, monkeypatch, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    code, out, err = run(capsys, monkeypatch, command, str(path))
    assert code == 2 and err.startswith("sudoku-tutor: no position given") and err.count("\n") == 1


@pytest.mark.parametrize("command", ["solve", "steps", "position"])
def test_oversized_input_is_refused_before_parsing(command, capsys, monkeypatch, tmp_path):
    """A pencil-mark grid of 2 MB (every line a row of the grid) is refused
    unread, from a file and from standard input."""
    row = "| " + " ".join(["123456789"] * 9) + " |\n"
    big = row * (2 * MAX_POSITION_BYTES // len(row))
    path = tmp_path / "big.txt"
    path.write_text(big)
    code, out, err = run(capsys, monkeypatch, command, str(path))
    assert code == 2 and out == ""
    assert err == f"sudoku-tutor: {path} is 2.0 MB; a position is at most 1.0 MB, so it is not read\n"
    code, out, err = run(capsys, monkeypatch, command, "-", stdin=big)
    assert code == 2 and err == ("sudoku-tutor: the standard input is over 1.0 MB; a position is "
                                 "at most 1.0 MB, so it is not read\n")


def test_a_large_batch_file_is_still_solved(capsys, monkeypatch, tmp_path):
    """Past the limit a file of one-line puzzles is a batch, read as before."""
    puzzle = open(os.path.join(ROOT, "puzzles", "qqwing-easy.txt")).read().split()[0]
    path = tmp_path / "many.txt"
    path.write_text("\n".join([puzzle] * (MAX_POSITION_BYTES // 80 + 10)) + "\n")
    assert os.path.getsize(path) > MAX_POSITION_BYTES
    from tutor.cli_ladder import read_puzzle_file
    assert read_puzzle_file(str(path)).count("\n") == MAX_POSITION_BYTES // 80 + 10


def test_steps_batch_frees_each_position_after_answering(capsys, monkeypatch):
    """The batch drops a position, and the Analysis its rooms shared, once
    its line is answered: by the time the next line is read, nothing of the
    last one is alive, so the next line's time holds no freeing of it."""
    import weakref

    from tutor.engine import formats, registry

    class Kept:                      # something the rooms keep in an Analysis
        pass

    kept, alive = [], []
    plain_parse, plain_find_all = formats.parse_position, registry.find_all

    def parse(text):
        alive.append(sum(ref() is not None for ref in kept))
        return plain_parse(text)

    def find(pos, *args):
        marker = pos.analysis.kept["marker"] = Kept()
        kept.append(weakref.ref(marker))
        return plain_find_all(pos, *args)

    monkeypatch.setattr(formats, "parse_position", parse)
    monkeypatch.setattr(registry, "find_all", find)
    code, out, _ = run(capsys, monkeypatch, "steps", "-", "--batch", "-t", "naked-single",
                       stdin=f"{LOCKEDSET}\n{LOCKEDSET}\n{LOCKEDSET}\n")
    assert code == 0 and len(out.splitlines()) == 3
    assert alive == [0, 0, 0] and len(kept) == 3
