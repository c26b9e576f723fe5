"""Issue 28, the command line under odd input: each promise of docs/cli.md
("bad input is one line on standard error and exit 2, never a traceback")
on the inputs that broke it."""
from __future__ import annotations

import io
import json
import sys
import time

import pytest

from tutor.cli import main

EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"
LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


def run(capsys, *argv, stdin: bytes | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku-tutor: "), err
    return lines[0]


# ------------------------------------------------------------------ not UTF-8

def test_a_file_that_is_not_utf8_is_one_line(capsys, tmp_path):
    f = tmp_path / "f"
    f.write_bytes(b"\xff")
    for command in ("steps", "solve", "position"):
        code, _, err = run(capsys, command, str(f))
        assert code == 2
        assert one_error_line(err) == f"sudoku-tutor: {f} is not UTF-8 text (byte 0xff)"
    g = tmp_path / "g"
    g.write_bytes(EASY.encode() + b"\n\xc3(\n")
    code, _, err = run(capsys, "steps", str(g))
    assert code == 2 and "byte 0xc3 on line 2" in one_error_line(err)


def test_a_batch_line_that_is_not_utf8_gets_null_and_the_rest_goes_on(capsys, monkeypatch):
    code, out, err = run(capsys, "steps", "-", "--batch", "-t", "naked-single",
                         stdin=EASY.encode() + b"\n\xff\xfe\n" + EASY.encode() + b"\n",
                         monkeypatch=monkeypatch)
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 3 and lines[1] == "null" and lines[0] == lines[2] != "null"
    assert one_error_line(err) == "sudoku-tutor: line 2: the line is not UTF-8 text (byte 0xff)"


def test_standard_input_that_is_not_utf8_is_one_line(capsys, monkeypatch):
    code, _, err = run(capsys, "steps", "-", stdin=b"\x80" + EASY.encode(), monkeypatch=monkeypatch)
    assert code == 2 and "the standard input is not UTF-8 text (byte 0x80)" in one_error_line(err)


def test_an_argument_that_is_not_utf8_is_one_line_even_with_json(capsys):
    bad = b"r1c1<>\xff".decode("utf-8", "surrogateescape")        # what Python makes of argv
    code, out, err = run(capsys, "check", EASY, bad, "--json")
    assert code == 2 and out == ""
    assert one_error_line(err) == "sudoku-tutor: argument 3 is not UTF-8 text (byte 0xff)"


# ------------------------------------------------------------------ check: names before work

def test_check_reads_the_claim_and_names_before_the_after_work(capsys, monkeypatch):
    import tutor.cli as cli
    calls = []
    monkeypatch.setattr(cli, "_after", lambda pos, after, unique=True: calls.append(after) or pos)
    # r1c1 holds a given: no amount of --after work can make that claim valid
    code, _, err = run(capsys, "check", EASY, "r1c3<>4", "--after", "als-xy-wing")
    assert code == 2 and "r1c3 is already solved" in one_error_line(err)
    code, _, err = run(capsys, "check", EASY, "r1c1<>4", "--by", "no-such-thing", "--after", "als-xy-wing")
    assert code == 2 and "unknown technique" in one_error_line(err).lower()
    code, _, err = run(capsys, "check", EASY, "r1c1<>4", "--pattern", "r0c0", "--after", "als-xy-wing")
    assert code == 2 and "pattern: " in one_error_line(err).lower()
    assert calls == []
    code, _, _ = run(capsys, "check", EASY, "r1c1<>4", "--after", "singles")
    assert calls == [["singles"]]


def test_a_huge_claim_is_refused_at_once(capsys):
    claim = "r" + "123456789" * 200 + "c" + "123456789" * 200 + "<>5"
    start = time.monotonic()
    code, _, err = run(capsys, "check", EASY, claim)
    assert code == 2 and "names a row or column twice" in one_error_line(err)
    code, _, err = run(capsys, "check", EASY, ", ".join(["r1c1<>4"] * 2000))
    assert code == 2 and "a claim is at most 8,000" in one_error_line(err)
    assert time.monotonic() - start < 5


# ------------------------------------------------------------------ the README's promises

@pytest.mark.parametrize("argv", [["steps"], ["steps", EASY, "--bogus"], ["--bogus"],
                                  ["position", EASY, "--format", "x"], ["roster"],
                                  ["serve", "--port", "x"], ["check", EASY]])
def test_argument_errors_are_one_line_not_a_usage_block(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    line = one_error_line(err)
    assert "--help" in line


def test_an_invalid_verdict_says_so_on_standard_error_with_json_too(capsys):
    code, out, err = run(capsys, "check", EASY, "r1c1", "--json")
    assert code == 2
    assert json.loads(out)["verdict"] == "invalid"
    assert one_error_line(err).startswith("sudoku-tutor: invalid: 'r1c1' says no digit")


def test_solve_json_of_a_bad_puzzle_says_so_on_standard_error(capsys):
    code, out, err = run(capsys, "solve", EASY[:-1] + "5", "--json")
    assert code == 2 and json.loads(out)["status"] == "invalid"
    assert "5 appears twice" in one_error_line(err)


def test_a_technique_name_holding_a_line_break_is_one_line(capsys):
    code, _, err = run(capsys, "steps", EASY, "-t", "x\ny")
    assert code == 2
    assert one_error_line(err).startswith("sudoku-tutor: unknown technique 'x\\ny'")


def test_a_batch_with_no_position_is_bad_input(capsys, monkeypatch):
    for stdin in (b"", b"\n\n", b"# only a comment\n"):
        code, out, err = run(capsys, "steps", "-", "--batch", stdin=stdin, monkeypatch=monkeypatch)
        assert code == 2 and out == ""
        assert one_error_line(err) == "sudoku-tutor: no position given: the input is empty"


@pytest.mark.parametrize("claim", ["r6c9<>5,,", "r6c9<>5,", ",r6c9<>5", "r6c9<>5;;r6c8<>5"])
def test_a_claim_with_an_empty_part_is_refused(capsys, claim):
    code, _, err = run(capsys, "check", LOCKEDSET, claim, "--after", "singles")
    assert code == 2 and "leaves an empty part" in one_error_line(err)


def test_a_one_puzzle_file_may_hold_comment_lines(capsys, tmp_path):
    one = tmp_path / "one.txt"
    one.write_text(f"# QQWing easy #1\n{EASY}\n")
    for command in ("solve", "steps", "position"):
        code, out, err = run(capsys, command, str(one))
        assert code == 0 and err == "", (command, err)
    code, out, _ = run(capsys, "solve", str(one), "--no-steps")
    assert out.startswith("status: solved")
