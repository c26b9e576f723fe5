"""`sudoku-tutor generate`: output, reproducibility (on both kernel paths),
bad input, the progress bar, and Ctrl+C keeping what was made."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time

from tutor.cli import main
from tutor.cli_generate import ProgressBar
from tutor.engine.exact import solve_values
from tutor.engine.formats import parse_position
from tutor.engine.registry import get
from tutor.generate.accept import simplest


def _generate(*args, env=None, **kw):
    return subprocess.run([sys.executable, "-m", "tutor.cli", "generate", *args], capture_output=True,
                          text=True, env=dict(os.environ, **(env or {})), timeout=300, **kw)


def _values(givens):
    return [0 if ch == "." else int(ch) for ch in givens]


def test_json_puzzles_carry_score_hardest_and_path(capsys):
    assert main(["generate", "--count", "3", "--seed", "4", "--json"]) == 0
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 3 and err == ""
    for r in records:
        assert solve_values(_values(r["puzzle"]))[0] == 1
        assert r["steps"] == len(r["path"]) > 0 and r["score"] > 0
        assert get(r["hardest"]) is not None


def test_text_lines_and_the_seed_told_when_none_is_given(capsys):
    assert main(["generate", "--count", "2"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 2 and all(len(ln.split("\t")[0]) == 81 for ln in lines)
    seed = int(err.split("--seed ")[1].split()[0])
    assert main(["generate", "--count", "2", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == out


def test_technique_gives_its_practice_position(capsys):
    assert main(["generate", "-t", "skyscraper", "--count", "2", "--seed", "9", "--json"]) == 0
    for line in capsys.readouterr().out.splitlines():
        practice = json.loads(line)["practice"]
        assert practice["technique"] == "skyscraper"
        assert simplest(parse_position(practice["position"]))[0].id == "skyscraper"


def test_both_kernel_paths_print_the_same_puzzles():
    args = ("--count", "2", "--seed", "21", "--symmetry", "rotational")
    compiled = _generate(*args)
    pure = _generate(*args, env={"SUDOKU_TUTOR_PURE_PYTHON": "1"})
    assert compiled.returncode == pure.returncode == 0
    assert compiled.stdout == pure.stdout and compiled.stdout.count("\n") == 2


def test_bad_input_is_one_line_and_status_2(capsys):
    for argv, words in ((["--symmetry", "spiral"], "unknown symmetry 'spiral'"),
                        (["--count", "0"], "--count must be at least 1"),
                        (["-t", "x-wong"], "unknown technique 'x-wong'")):
        assert main(["generate", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1


def test_the_progress_bar_draws_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(10, stream)
        bar.show(3, 40, force=True)
        bar.close()
    assert "3/10 kept, 40 puzzles made" in tty.getvalue() and pipe.getvalue() == ""


def test_ctrl_c_keeps_the_puzzles_made():
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "generate", "--count", "100000",
                             "--seed", "5", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines = [proc.stdout.readline() for _ in range(3)]
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    # read on through the same file object: communicate() would skip what
    # readline() has buffered
    lines += proc.stdout.read().splitlines(keepends=True)
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode == 130
    assert all(line.endswith("\n") for line in lines)
    puzzles = [json.loads(line)["puzzle"] for line in lines]
    assert f"interrupted: {len(puzzles)} puzzles kept" in err
    # the same as a run asked for that many: nothing lost, nothing half written
    again = _generate("--count", str(len(puzzles)), "--seed", "5", "--json")
    assert [json.loads(line)["puzzle"] for line in again.stdout.splitlines()] == puzzles
