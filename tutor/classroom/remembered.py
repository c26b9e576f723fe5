"""Returning students skip the slow password check: the SSH keys their client
offered, and the browser they used, remembered at a password login.

* A key.  An SSH client offers its keys before it asks for a password
  (OpenSSH offers every key it has).  When a password login succeeds, the
  keys that connection offered (the first MAX_OFFERED) are remembered for
  the account; at the next login the client offers one again and proves it
  holds the private key (asyncssh checks the signature), and is let in
  without a password.  A remembered key lets in only whoever holds its
  private key.
* A browser.  A good web login sets a long-lived random device cookie; the
  store keeps a hash of the token and the name, and HMAC(token, name and
  password).  At
  the next login from that browser the password is still asked for, and is
  checked against that in microseconds instead of by scrypt: on a shared
  school laptop the next student still needs their own password.

Both are tied to the account's password hash as it was (a tag of it): a
new password (`roster add NAME`) forgets them all.  The tables live in the
progress store, so every server sharing it knows them.  What a stolen
store gives: public keys (public anyway), hashes of random 256-bit tokens
and HMACs keyed by those tokens, none of which makes a password any easier
to guess than the roster's scrypt hash does.  A remembered item unused for
REMEMBER_DAYS goes.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time

MAX_OFFERED = 3             # keys of one connection remembered at most
KEYS_PER_ACCOUNT = 4
DEVICES_PER_ACCOUNT = 8
REMEMBER_DAYS = 120
DEVICE_COOKIE = "tutor_device"


def _now_ms() -> int:
    return int(time.time() * 1000)


def password_tag(password_hash: str | None) -> str:
    """What ties a remembered item to the account's password (hash) of the time."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:32]


def ensure_schema(store) -> None:
    if getattr(store, "_remembered_schema_ok", False):
        return
    store.backend.execute(
        "CREATE TABLE IF NOT EXISTS class_keys (user_name TEXT NOT NULL, key_data TEXT NOT NULL,"
        " tag TEXT NOT NULL, used_ms BIGINT NOT NULL, PRIMARY KEY (user_name, key_data))")
    store.backend.execute(
        "CREATE TABLE IF NOT EXISTS class_devices (id TEXT PRIMARY KEY, user_name TEXT NOT NULL,"
        " verifier TEXT NOT NULL, tag TEXT NOT NULL, used_ms BIGINT NOT NULL)")
    store._remembered_schema_ok = True


def _fresh() -> int:
    return _now_ms() - REMEMBER_DAYS * 86_400_000


# ------------------------------------------------------------------ keys

def key_data(key) -> str:
    """An asyncssh public key as stored: its algorithm and base64, no comment."""
    return " ".join(key.export_public_key("openssh").decode().split()[:2])


def remember_keys(store, user: str, keys: list[str], tag: str) -> None:
    ensure_schema(store)
    now = _now_ms()
    for data in keys[:MAX_OFFERED]:
        store.backend.execute(
            "INSERT INTO class_keys (user_name, key_data, tag, used_ms) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_name, key_data) DO UPDATE SET tag = excluded.tag, used_ms = excluded.used_ms",
            (user, data, tag, now))
    _keep_newest(store, "class_keys", "key_data", user, KEYS_PER_ACCOUNT)


def key_remembered(store, user: str, data: str, tag: str) -> bool:
    ensure_schema(store)
    rows = store.backend.query(
        "SELECT tag FROM class_keys WHERE user_name = ? AND key_data = ? AND used_ms > ?",
        (user, data, _fresh()))
    if not rows or not hmac.compare_digest(rows[0][0], tag):
        return False
    store.backend.execute("UPDATE class_keys SET used_ms = ? WHERE user_name = ? AND key_data = ?",
                          (_now_ms(), user, data))
    return True


# ------------------------------------------------------------------ browsers

def _device_id(token: str, user: str) -> str:
    """One browser (token) may be remembered for several accounts (a laptop
    shared by students), one row each."""
    return hashlib.sha256(f"{token}\0{user}".encode()).hexdigest()


def _verifier(token: str, user: str, password: str) -> str:
    return hmac.new(token.encode(), f"{user}\0{password}".encode("utf-8", "surrogatepass"),
                    "sha256").hexdigest()


def new_device_token() -> str:
    return secrets.token_urlsafe(32)


def remember_device(store, token: str, user: str, password: str, tag: str) -> None:
    """Remember the browser holding `token` (its cookie) for the account."""
    ensure_schema(store)
    store.backend.execute(
        "INSERT INTO class_devices (id, user_name, verifier, tag, used_ms) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET verifier = excluded.verifier, tag = excluded.tag,"
        " used_ms = excluded.used_ms",
        (_device_id(token, user), user, _verifier(token, user, password), tag, _now_ms()))
    _keep_newest(store, "class_devices", "id", user, DEVICES_PER_ACCOUNT)


def device_check(store, token: str, user: str, password: str, tag: str) -> bool | None:
    """For a browser with a device cookie: True when the password is right,
    False when it is wrong, None when the device is not remembered for this
    account and password hash (then the full check decides)."""
    ensure_schema(store)
    rows = store.backend.query(
        "SELECT verifier, tag FROM class_devices WHERE id = ? AND user_name = ? AND used_ms > ?",
        (_device_id(token, user), user, _fresh()))
    if not rows or not hmac.compare_digest(rows[0][1], tag):
        return None
    if not hmac.compare_digest(rows[0][0], _verifier(token, user, password)):
        return False
    store.backend.execute("UPDATE class_devices SET used_ms = ? WHERE id = ?",
                          (_now_ms(), _device_id(token, user)))
    return True


def _keep_newest(store, table: str, key: str, user: str, most: int) -> None:
    rows = store.backend.query(f"SELECT {key} FROM {table} WHERE user_name = ? ORDER BY used_ms DESC",
                               (user,))
    for (old,) in rows[most:]:
        store.backend.execute(f"DELETE FROM {table} WHERE user_name = ? AND {key} = ?", (user, old))
