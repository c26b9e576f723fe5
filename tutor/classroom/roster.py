"""The class roster: a small TOML file of accounts.

    class = "5B"

    [accounts.alice]
    role = "student"
    password = "scrypt$131072$8$1$<salt>$<hash>"
    keys = ["ssh-ed25519 AAAA... alice@laptop"]

Passwords are stored only as salted scrypt hashes (N=2^17, r=8, p=1: about
0.5 s and 128 MB per check, on purpose; hashes made with weaker parameters
still verify, and the server replaces them at the owner's next login).  The file is read with
tomllib and written by the small writer below (the standard library reads
TOML but does not write it).  The SSH user name is the account name.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..paths import private_folder

ROLES = ("student", "teacher")
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\Z")


class ScryptCost(NamedTuple):
    n: int
    r: int
    p: int


# What a new hash costs, and so what each guess at a stolen roster costs: the
# one place to raise it.  Read at every call (tests swap in a cheap one, as
# Django's documentation advises for test settings).
COST = ScryptCost(1 << 17, 8, 1)
_SCRYPT_MAXMEM = 256 * 1024 * 1024     # room for N=2^17, r=8 (128 MB)


class RosterError(ValueError):
    """A problem with the roster file or a roster command; one line."""


def default_roster_path() -> Path:
    from ..paths import user_data_dir
    return user_data_dir() / "classroom" / "roster.toml"


def check_name(name: str) -> str:
    if not NAME_RE.match(name or ""):
        raise RosterError(f"bad account name {name!r}: use 1-32 letters, digits, '.', '_' or '-', "
                          "starting with a letter or digit")
    return name


# ------------------------------------------------------------------ passwords

def scrypt(secret: bytes, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
    """Standard scrypt (RFC 7914).  libsodium's, through PyNaCl, computes the
    same bytes as OpenSSL's (hashlib) in about four fifths of the time on
    this machine (0.36 s against 0.46 s for N=2^17, r=8): a class logs in
    sooner, and a stolen roster costs an attacker just as much, since the
    hash is the same.  OpenSSL's where PyNaCl or its scrypt is missing."""
    try:
        import nacl.hashlib
        if nacl.hashlib.SCRYPT_AVAILABLE:
            return nacl.hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, dklen=dklen, maxmem=_SCRYPT_MAXMEM)
    except ImportError:
        pass
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, dklen=dklen, maxmem=_SCRYPT_MAXMEM)


def hash_password(password: str, *, n: int | None = None, r: int | None = None, p: int | None = None) -> str:
    """A salted scrypt hash in the form scrypt$N$r$p$salt$hash (base64), at
    today's COST unless told otherwise."""
    if not password:
        raise RosterError("empty password")
    n, r, p = n or COST.n, r or COST.r, p or COST.p
    salt = secrets.token_bytes(16)
    digest = scrypt(password.encode("utf-8"), salt, n, r, p, 32)
    b64 = lambda b: base64.b64encode(b).decode("ascii")  # noqa: E731
    return f"scrypt${n}${r}${p}${b64(salt)}${b64(digest)}"


def _parse_hash(stored: str):
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        raise RosterError("password hash is not in the form scrypt$N$r$p$salt$hash")
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, digest = base64.b64decode(parts[4], validate=True), base64.b64decode(parts[5], validate=True)
    except ValueError:
        raise RosterError("password hash has a bad number or base64 field") from None
    if n < 2 or n & (n - 1) or not (1 <= r <= 64 and 1 <= p <= 16) or n > 1 << 20 or not salt or not digest:
        raise RosterError("password hash has out-of-range scrypt parameters")
    return n, r, p, salt, digest


def verify_password(password: str, stored: str | None) -> bool:
    """True when `password` matches the stored hash.  Without a hash the same
    work is done against a dummy so that timing does not tell names apart."""
    if stored is None:
        stored, password = _dummy_hash(), password + "\0never"
    n, r, p, salt, digest = _parse_hash(stored)
    got = scrypt(password.encode("utf-8", "surrogatepass"), salt, n, r, p, len(digest))
    return hmac.compare_digest(got, digest)


def needs_rehash(stored: str | None) -> bool:
    """True for a hash made with weaker parameters than today's."""
    if not stored:
        return False
    try:
        n, r, p, _, _ = _parse_hash(stored)
    except RosterError:
        return False
    return n < COST.n or r < COST.r or p < COST.p


def upgrade_password(path, name: str, old: str, new: str) -> bool:
    """Replace account `name`'s hash `old` by `new` in the roster file, read
    afresh (a `roster add` meanwhile is kept; a password changed meanwhile is
    not touched).  True when the file was changed."""
    roster = Roster.load(path, missing_ok=False)
    acc = roster.accounts.get(name)
    if acc is None or acc.password != old:
        return False
    acc.password = new
    roster.save(path)
    return True


_DUMMY: dict[ScryptCost, str] = {}


def _dummy_hash() -> str:
    """A hash at today's cost, checked for a name the roster lacks."""
    if COST not in _DUMMY:
        _DUMMY[COST] = hash_password(secrets.token_hex(8))
    return _DUMMY[COST]


# ------------------------------------------------------------------ keys

def parse_public_key(line: str):
    """An OpenSSH public key line -> asyncssh key (RosterError when bad)."""
    import asyncssh
    try:
        return asyncssh.import_public_key(line.strip())
    except (asyncssh.KeyImportError, ValueError) as e:
        raise RosterError(f"not an OpenSSH public key: {e}") from None


def read_public_keys(path: str) -> list[str]:
    """The key lines of a .pub or authorized_keys file, checked."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RosterError(f"cannot read key file {path}: {e.strerror}") from None
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise RosterError(f"key file {path} holds no key")
    for i, ln in enumerate(lines, 1):
        try:
            parse_public_key(ln)
        except RosterError as e:
            raise RosterError(f"{path} line {i}: {e}") from None
    return lines


# ------------------------------------------------------------------ the roster

@dataclass
class Account:
    name: str
    role: str = "student"
    password: str | None = None
    keys: list[str] = field(default_factory=list)

    def auth_text(self) -> str:
        bits = []
        if self.password:
            bits.append("password")
        if self.keys:
            bits.append(f"{len(self.keys)} key" + ("s" if len(self.keys) > 1 else ""))
        return ", ".join(bits) or "no login"


@dataclass
class Roster:
    path: Path | None = None
    class_name: str = "class"
    accounts: dict[str, Account] = field(default_factory=dict)

    # ---------------------------------------------------------- reading
    @classmethod
    def load(cls, path, *, missing_ok: bool = True) -> "Roster":
        path = Path(path)
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except FileNotFoundError:
            if missing_ok:
                return cls(path=path)
            raise RosterError(f"roster {path} does not exist (create it with `sudoku-tutor roster add`)") from None
        except OSError as e:
            raise RosterError(f"cannot read roster {path}: {e.strerror}") from None
        except tomllib.TOMLDecodeError as e:
            raise RosterError(f"roster {path}: bad TOML: {e}") from None
        return cls.from_dict(data, path)

    @classmethod
    def from_dict(cls, data: dict, path=None) -> "Roster":
        where = f"roster {path}" if path else "roster"
        name = data.get("class", "class")
        if not isinstance(name, str):
            raise RosterError(f"{where}: 'class' must be a string")
        accounts = {}
        raw = data.get("accounts", {})
        if not isinstance(raw, dict):
            raise RosterError(f"{where}: 'accounts' must be a table")
        for acc_name, entry in raw.items():
            try:
                check_name(acc_name)
            except RosterError as e:
                raise RosterError(f"{where}: {e}") from None
            if not isinstance(entry, dict):
                raise RosterError(f"{where}: accounts.{acc_name} must be a table")
            role = entry.get("role", "student")
            if role not in ROLES:
                raise RosterError(f"{where}: accounts.{acc_name}: role must be student or teacher, not {role!r}")
            pw = entry.get("password")
            if pw is not None:
                if not isinstance(pw, str):
                    raise RosterError(f"{where}: accounts.{acc_name}: password must be a hash string")
                try:
                    _parse_hash(pw)
                except RosterError as e:
                    raise RosterError(f"{where}: accounts.{acc_name}: {e}") from None
            keys = entry.get("keys", [])
            if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
                raise RosterError(f"{where}: accounts.{acc_name}: keys must be a list of strings")
            accounts[acc_name] = Account(acc_name, role, pw, list(keys))
        return cls(path=Path(path) if path else None, class_name=name, accounts=accounts)

    # ---------------------------------------------------------- changing
    def set_account(self, name: str, *, role: str | None = None, password: str | None = None,
                    keys: list[str] | None = None) -> Account:
        check_name(name)
        acc = self.accounts.get(name) or Account(name)
        if role is not None:
            if role not in ROLES:
                raise RosterError(f"role must be student or teacher, not {role!r}")
            acc.role = role
        if password is not None:
            acc.password = hash_password(password)
        for k in keys or ():
            parse_public_key(k)
            if k not in acc.keys:
                acc.keys.append(k)
        self.accounts[name] = acc
        return acc

    def remove(self, name: str) -> None:
        if name not in self.accounts:
            raise RosterError(f"no account named {name!r} in the roster")
        del self.accounts[name]

    def save(self, path=None) -> Path:
        path = Path(path or self.path or default_roster_path())
        private_folder(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=".roster-", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(dumps(self))
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.path = path
        return path

    # ---------------------------------------------------------- logins
    def password_ok(self, name: str, password: str) -> bool:
        acc = self.accounts.get(name)
        return verify_password(password, acc.password if acc else None) and acc is not None

    def key_ok(self, name: str, key) -> bool:
        acc = self.accounts.get(name)
        if not acc:
            return False
        want = key.public_data
        for line in acc.keys:
            try:
                if parse_public_key(line).public_data == want:
                    return True
            except RosterError:
                continue
        return False


# ------------------------------------------------------------------ TOML writer

def _toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _toml_str(k)


def dumps(roster: Roster) -> str:
    lines = ["# sudoku-tutor classroom roster (edit with `sudoku-tutor roster ...`).",
             "# Passwords are salted scrypt hashes, never the passwords themselves.",
             f"class = {_toml_str(roster.class_name)}", ""]
    for name in sorted(roster.accounts):
        acc = roster.accounts[name]
        lines.append(f"[accounts.{_toml_key(name)}]")
        lines.append(f"role = {_toml_str(acc.role)}")
        if acc.password:
            lines.append(f"password = {_toml_str(acc.password)}")
        if acc.keys:
            lines.append("keys = [")
            lines.extend(f"    {_toml_str(k)}," for k in acc.keys)
            lines.append("]")
        lines.append("")
    return "\n".join(lines)
