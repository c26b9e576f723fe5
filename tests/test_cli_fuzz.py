"""The command line under generated input (issue 28): a few thousand seeded
command lines, built from good ones cut, mixed and salted with odd bytes,
run in this process.  None may end in a traceback; bad input is exit
status 2 with one line on standard error (one a bad line in a batch).

Nothing starts a terminal or a server: the app's run and `serve`'s
listening are replaced by their checks only (the app object is still
built, so a bad puzzle is still refused the way it is at start), and
passwords are hashed with cheap scrypt parameters."""
from __future__ import annotations

import io
import os
import random
import sys
import time

import pytest

from tutor.cli import main

SEED = 28
COUNT = 3000

EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"
LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
BRACES = ("{4}{5}2{7}{9}3{6}{8}{1}{3}{9}7{8}{6}{1}{4}{2}58{6}{1}{4}5{2}79{3}6{1}3{9}{4}7{8}{5}{2}"
          "{9}{7}8{2}{1}{5}{3}{4}6{5}{2}4{3}{8}{6}{1}{7}{9}2{8}{9}{1}345{6}{7}{1}4{6}{5}79{2}38{7}"
          "356{2}{8}{9}{1}4")
# two puzzles late in their solves: every command's real work on them is quick
LATE = [".52.93.8.397.6..2586145279.6139478.29.82153465.4..6.792.9.3456..46579238.35628914",
        "278916.54956.4..7.41357869232479.8617.1624539695..1.475.2.87.16.4916372516.259483"]
POSITIONS = LATE + [BRACES, LATE[0].replace(".", "0"), "\n".join(LATE[1][k:k + 9] for k in range(0, 81, 9))]
WHOLE = [EASY, LOCKEDSET]       # whole puzzles, for the commands that are quick on them
CLAIMS = ["r1c1<>4", "r1c1<>2", "r1c1=4", "r2c6<>1", "r2c6<>8", "r2c6=1", "r1c4<>7,r1c1<>4",
          "r1c1 r1c4<>7", "r1c7≠6", "r1c7<>3, r1c9<>1", "r1c7<>36", "r6c3<>3"]
TECHNIQUES = ["singles", "naked-single", "hidden-single", "locked-set", "pointing", "x-wing",
              "naked pair", "wings", "xy-wing", "uniqueness", "skyscraper"]
ODD = ["", " ", "\n", "\r\n", "\t", "-", "--", "#", "{", "}", "|", ",", ",,", ";", "<>", "=", "r0c0",
       "r10c1", "#38", "é", "☃", "\u202e", "\u0000", "\x1b[31m", "\udcff", "\udc80x", "9" * 40,
       "1e999", "-1", "0", "nan", "../", "/etc/passwd", "x" * 5000, "r1c1" * 500]
FLAGS = {
    "steps": ["--technique", "-t", "--after", "--json", "--batch", "--no-uniqueness"],
    "solve": ["--technique", "--json", "--no-steps", "--no-uniqueness"],
    "position": ["--after", "--format"],
    "check": ["--by", "--pattern", "--after", "--json", "--no-uniqueness"],
    "practice-positions": ["--technique", "--count", "--seed", "--no-uniqueness"],
    "techniques": ["--json", "--no-uniqueness"],
    "quiz": ["--technique", "--kind", "--seed", "--no-uniqueness"],
    "app": ["--user", "--db", "--layout"],
    "progress": ["--user", "--json", "--rebuild", "--db"],
    "class-progress": ["--csv", "--user", "--width", "--db"],
    "serve": ["--host", "--port", "--db", "--db-password-file", "--max-sessions", "--idle-timeout",
              "--max-memory", "--max-pending-logins", "--open", "--class-password-stdin", "--web",
              "--tls-cert", "--tls-key", "--host-key"],
    "roster": ["add", "list", "remove", "class", "--teacher", "--student", "--password-stdin",
               "--key"],
}


class Inputs:
    """Seeded generator of command lines, files and standard input."""

    def __init__(self, rng: random.Random, folder):
        self.rng, self.folder, self.files = rng, folder, 0

    def mutate(self, text: str) -> str:
        rng = self.rng
        chars = list(text)
        for _ in range(rng.choice((0, 1, 1, 2, 5))):
            k = rng.randrange(len(chars) + 1)
            what = rng.random()
            if what < 0.3 and chars:
                del chars[min(k, len(chars) - 1)]
            elif what < 0.6:
                chars.insert(k, rng.choice("0123456789.{}|#,;<>=rc \n-\xa0é\udcff"))
            elif chars:
                chars[min(k, len(chars) - 1)] = rng.choice("123456789.x{")
        if rng.random() < 0.05:
            return "".join(chars) * rng.randrange(2, 4)
        return "".join(chars)

    def pick(self, good: list[str]) -> str:
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(good)
        if r < 0.85:
            return self.mutate(self.rng.choice(good))
        return self.rng.choice(ODD)

    def file(self) -> str:
        """A file of a position or a batch: good, cut, with comments, not UTF-8, empty."""
        rng = self.rng
        lines = [self.pick(POSITIONS).replace("\n", "") for _ in range(rng.choice((1, 1, 2, 3)))]
        if rng.random() < 0.3:
            lines.insert(rng.randrange(len(lines) + 1), "# a comment")
        data = "\n".join(lines).encode("utf-8", "surrogateescape")
        r = rng.random()
        if r < 0.1:
            data = b""
        elif r < 0.2:
            data = data[:rng.randrange(len(data) + 1)] + bytes([rng.randrange(128, 256)]) + data
        elif r < 0.25:
            data = "\n".join(POSITIONS[k % 2] for k in range(rng.randrange(2, 6))).encode()
        self.files += 1
        path = os.path.join(self.folder, f"in{self.files % 50}.txt")
        with open(path, "wb") as f:
            f.write(data)
        return path

    def position_arg(self):
        r = self.rng.random()
        if r < 0.6:
            return self.pick(POSITIONS), None
        if r < 0.8:
            return self.file(), None
        return "-", self.pick(POSITIONS).encode("utf-8", "surrogateescape")

    def value(self, flag: str) -> str:
        rng = self.rng
        if flag in ("--technique", "-t", "--after", "--by"):
            return self.pick(TECHNIQUES)
        if flag in ("--count", "--seed", "--port", "--web", "--max-sessions", "--width",
                    "--max-pending-logins", "--idle-timeout", "--max-memory"):
            return rng.choice(["1", "2", "0", "-1", "x", "1e9", "99999999999999999999", "", "3.5"])
        if flag == "--format":
            return rng.choice(["givens", "braces", "pm", "x", ""])
        if flag == "--kind":
            return rng.choice(["find-all", "eliminate", "name", "x"])
        if flag == "--pattern":
            return self.pick(["r6c45", "r1c2 r1c7 r5c7", "(4=8)r3c2-(8)r3c7=(8)r5c7", "r6c"])
        if flag in ("--db", "--host-key", "--tls-cert", "--tls-key", "--db-password-file", "--key"):
            return rng.choice([os.path.join(self.folder, "p.db"), self.file(), "sqlite:///" +
                               os.path.join(self.folder, "q.db"), "nosuch://x", "", "/nonexistent/x.db",
                               "postgresql://127.0.0.1:1/none"])
        if flag == "--layout":
            return rng.choice(["auto", "compact", "x"])
        return self.pick(["alice", "mrs-b", "127.0.0.1", "::1", "x y"])

    def command(self):
        """(argv, standard input bytes)."""
        rng = self.rng
        cmd = rng.choice(list(FLAGS) + ["steps", "check", "check", "solve", "position"])
        argv, stdin = [cmd], b""
        if cmd in ("solve", "position", "app") and rng.random() < 0.3:
            argv.append(self.pick(WHOLE))
        elif cmd in ("steps", "solve", "position", "check", "app"):
            pos, stdin = self.position_arg()
            argv.append(pos)
            stdin = stdin or b""
        if cmd == "check":
            argv.append(self.pick(CLAIMS))
        if cmd == "roster":
            sub = rng.choice(["add", "list", "remove", "class", "x"])
            argv += [sub] + ([self.pick(["alice", "bob.b", "mrs-b", "5B"])] if sub != "list" else [])
            argv += ["--roster", os.path.join(self.folder, "roster.toml")]
            stdin = self.pick(["pw-1", "", "pässwörd"]).encode("utf-8", "surrogateescape") + b"\n"
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            flag = rng.choice(FLAGS[cmd] + ["--help" if rng.random() < 0.02 else "--bogus"])
            argv.append(flag)
            if flag.startswith("--") and flag not in ("--json", "--batch", "--no-uniqueness", "--no-steps",
                                                        "--rebuild", "--csv", "--open", "--teacher",
                                                        "--student", "--password-stdin", "--help",
                                                        "--class-password-stdin", "--bogus"):
                argv.append(self.value(flag))
        if rng.random() < 0.1:
            argv.insert(rng.randrange(len(argv) + 1), rng.choice(ODD))
        if rng.random() < 0.05:
            argv = [self.mutate(a) if rng.random() < 0.5 else a for a in argv]
        # a real command line cannot hold a NUL byte
        return [a.replace("\0", "") for a in argv], stdin


@pytest.fixture
def quiet_world(tmp_path, monkeypatch):
    """No terminal, no listening server, cheap password hashes, a private home."""
    import tutor.app
    from tutor import cli
    from tutor.classroom import commands, roster
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SUDOKU_TUTOR_DB_PASSWORD", raising=False)

    def run_app(puzzle=None, **options):
        app = tutor.app.make_app(puzzle, **options)       # a bad puzzle is refused here
        if app.store is not None:
            app.store.close()
        return 0

    def cmd_serve(args):
        commands.config_from_args(args)
        return 0

    monkeypatch.setattr(tutor.app, "run_app", run_app)
    monkeypatch.setattr(commands, "cmd_serve", cmd_serve)
    parser = cli.build_parser()              # built once (10 ms a time), used for every line
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    monkeypatch.setattr(roster, "COST", roster.ScryptCost(16, 1, 1))
    return tmp_path


def _run(argv, stdin: bytes, capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    try:
        code = main(argv)
    except SystemExit as e:               # --help and --version only
        out, err = capsys.readouterr()
        assert e.code == 0 and "--help" in argv or "--version" in argv, (argv, e.code, err)
        return 0, out, err
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_generated_command_lines_never_end_in_a_traceback(quiet_world, capsys, monkeypatch):
    rng = random.Random(SEED)
    inputs = Inputs(rng, str(quiet_world))
    seen = {0: 0, 1: 0, 2: 0}
    slowest = (0.0, None)
    start = time.monotonic()
    for k in range(COUNT):
        argv, stdin = inputs.command()
        t0 = time.monotonic()
        try:
            code, out, err = _run(argv, stdin, capsys, monkeypatch)
        except Exception as e:          # noqa: BLE001 - the point of the test
            pytest.fail(f"input {k}: {argv!r} (stdin {stdin[:80]!r}) raised {type(e).__name__}: {e}")
        took = time.monotonic() - t0
        slowest = max(slowest, (took, argv), key=lambda t: t[0])
        assert code in seen, (k, argv, code, err)
        seen[code] += 1
        lines = err.splitlines()
        assert all(ln.startswith("sudoku-tutor: ") for ln in lines), (k, argv, err)
        batch = "--batch" in argv or (argv[0] == "solve" and len(lines) > 1 and "puzzle " in err)
        if code == 2:
            assert lines, f"input {k}: {argv!r} exit 2 with nothing on standard error"
            assert len(lines) == 1 or batch, f"input {k}: {argv!r}: {len(lines)} lines: {err!r}"
    took = time.monotonic() - start
    print(f"{COUNT} command lines in {took:.1f} s; exit 0/1/2: {seen}; slowest {slowest[0]:.2f} s "
          f"{slowest[1]!r:.200}")
    # the generator reaches all three outcomes, mostly bad input
    assert seen[0] > COUNT // 10 and seen[2] > COUNT // 3 and seen[1] > 0
