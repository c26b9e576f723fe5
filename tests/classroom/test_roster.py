"""The roster file and the `sudoku-tutor roster` commands."""
from __future__ import annotations

import io
import os
import tomllib

import asyncssh
import pytest

from tutor.classroom.roster import Roster, RosterError, dumps, hash_password, verify_password
from tutor.cli import main


def run(argv, stdin="", monkeypatch=None):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(argv)


@pytest.mark.slow
def test_passwords_are_stored_as_salted_hashes(tmp_path, monkeypatch, capsys):
    roster = str(tmp_path / "r.toml")
    assert run(["roster", "add", "alice", "--roster", roster, "--password-stdin"],
               "correct horse\n", monkeypatch) == 0
    assert run(["roster", "add", "carol", "--roster", roster, "--password-stdin"],
               "correct horse\n", monkeypatch) == 0
    text = open(roster).read()
    assert "correct horse" not in text and "correct" not in text
    data = tomllib.loads(text)
    a, c = data["accounts"]["alice"]["password"], data["accounts"]["carol"]["password"]
    assert a.startswith("scrypt$") and c.startswith("scrypt$") and a != c        # each has its own salt
    assert verify_password("correct horse", a) and not verify_password("correct horse ", a)
    assert (os.stat(roster).st_mode & 0o777) == 0o600
    r = Roster.load(roster)
    assert r.password_ok("alice", "correct horse") and not r.password_ok("alice", "wrong")
    assert not r.password_ok("nobody", "correct horse")


def test_add_list_update_remove(tmp_path, monkeypatch, capsys):
    roster = str(tmp_path / "r.toml")
    key = asyncssh.generate_private_key("ssh-ed25519", comment="bob@laptop")
    pub = tmp_path / "bob.pub"
    pub.write_bytes(key.export_public_key())
    assert run(["roster", "add", "bob", "--roster", roster, "--key", str(pub)], "", monkeypatch) == 0
    assert run(["roster", "add", "mrs-b", "--teacher", "--roster", roster, "--password-stdin"],
               "t-pw\n", monkeypatch) == 0
    assert run(["roster", "class", "5B maths", "--roster", roster], "", monkeypatch) == 0
    capsys.readouterr()
    assert run(["roster", "list", "--roster", roster], "", monkeypatch) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("class '5B maths': 2 accounts")
    assert out[1].split() == ["mrs-b", "teacher", "password"]            # teachers first
    assert out[2].split() == ["bob", "student", "1", "key"]
    r = Roster.load(roster)
    assert r.key_ok("bob", key) and not r.key_ok("bob", asyncssh.generate_private_key("ssh-ed25519"))
    # updating: a password added to bob keeps his key; --student demotes
    assert run(["roster", "add", "bob", "--roster", roster, "--password-stdin"], "b-pw\n", monkeypatch) == 0
    assert run(["roster", "add", "mrs-b", "--student", "--roster", roster, "--password-stdin"],
               "t-pw\n", monkeypatch) == 0
    r = Roster.load(roster)
    assert r.key_ok("bob", key) and r.password_ok("bob", "b-pw") and r.accounts["mrs-b"].role == "student"
    assert run(["roster", "remove", "bob", "--roster", roster], "", monkeypatch) == 0
    assert "bob" not in Roster.load(roster).accounts
    capsys.readouterr()
    assert run(["roster", "remove", "bob", "--roster", roster], "", monkeypatch) == 2
    assert capsys.readouterr().err.strip() == "sudoku-tutor: no account named 'bob' in the roster"


def test_bad_input_is_one_line(tmp_path, monkeypatch, capsys):
    roster = tmp_path / "r.toml"
    assert run(["roster", "add", "a b", "--roster", str(roster), "--password-stdin"], "x\n", monkeypatch) == 2
    assert run(["roster", "add", "alice", "--roster", str(roster), "--password-stdin"], "\n", monkeypatch) == 2
    assert run(["roster", "add", "alice", "--roster", str(roster)], "", monkeypatch) == 2    # no terminal
    (tmp_path / "bad.pub").write_text("ssh-ed25519 not-base64!\n")
    assert run(["roster", "add", "alice", "--roster", str(roster), "--key", str(tmp_path / "bad.pub")],
               "", monkeypatch) == 2
    roster.write_text('class = "x"\n[accounts.alice]\nrole = "admin"\n')
    assert run(["roster", "list", "--roster", str(roster)], "", monkeypatch) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5 and all(line.startswith("sudoku-tutor: ") for line in err)
    assert "bad account name 'a b'" in err[0]
    assert "empty password" in err[1] or "no password" in err[1]
    assert "--password-stdin" in err[2]
    assert "bad.pub line 1" in err[3]
    assert "accounts.alice: role must be student or teacher, not 'admin'" in err[4]
    assert not any("Traceback" in line for line in err)


def test_toml_writer_round_trips_awkward_text(tmp_path):
    r = Roster(path=tmp_path / "r.toml", class_name='Mme "Lé" \\ 5B\n\tsecond line \x01')
    r.set_account("a.b-c_9", role="teacher", password="pw")
    r.accounts["a.b-c_9"].keys.append("ssh-ed25519 AAAA \"quoted\" comment")
    r.save()
    back = Roster.load(r.path)
    assert back.class_name == r.class_name
    assert back.accounts["a.b-c_9"].role == "teacher"
    assert back.accounts["a.b-c_9"].keys == ["ssh-ed25519 AAAA \"quoted\" comment"]
    assert tomllib.loads(dumps(back)) == tomllib.loads(dumps(r))


def test_hash_format_is_checked():
    with pytest.raises(RosterError):
        Roster.from_dict({"accounts": {"x": {"password": "plain-text-password"}}})
    with pytest.raises(RosterError):
        Roster.from_dict({"accounts": {"x": {"password": "scrypt$3$8$1$AAAA$AAAA"}}})   # N not a power of 2
    h = hash_password("pw")
    assert Roster.from_dict({"accounts": {"x": {"password": h}}}).password_ok("x", "pw")


def test_scrypt_is_libsodiums_when_there_and_the_same_hash_either_way(monkeypatch):
    import hashlib
    import sys

    from tutor.classroom import roster as roster_module
    expected = hashlib.scrypt(b"pw", salt=b"salt" * 4, n=2**10, r=8, p=1, dklen=32, maxmem=2**26)
    openssl = hashlib.scrypt

    def no_openssl(*a, **k):
        raise AssertionError("OpenSSL's scrypt used while libsodium's is there")

    monkeypatch.setattr(hashlib, "scrypt", no_openssl)
    assert roster_module.scrypt(b"pw", b"salt" * 4, 2**10, 8, 1, 32) == expected
    made_by_libsodium = roster_module.hash_password("s3cret", n=2**10)
    monkeypatch.setattr(hashlib, "scrypt", openssl)
    monkeypatch.setitem(sys.modules, "nacl.hashlib", None)      # PyNaCl missing: OpenSSL's
    assert roster_module.scrypt(b"pw", b"salt" * 4, 2**10, 8, 1, 32) == expected
    assert roster_module.verify_password("s3cret", made_by_libsodium)
    assert not roster_module.verify_password("s3cret!", made_by_libsodium)
