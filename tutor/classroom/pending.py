"""Connections that have not logged in yet: one student's script must not
lock the class out.

A connection is *anonymous* until it names an account of the roster (an SSH
client's first authentication request; a browser's login form names one).
Anonymous connections are bounded the way OpenSSH's LoginGraceTime and
MaxStartups bound them:

* each has `name_timeout` seconds to name any account (the connection
  checks it): a client that sends its banner and nothing more is closed;
* at most `limit` in all and `per_address` from one address (by default the
  whole pool: a class behind one NAT shares an address).  A new connection
  past either bound is let in, and the oldest anonymous one of the address
  holding the most is closed instead, so a flood pushes out its own
  connections, not a student's.

A connection that names a roster account leaves that pool: the roster's own
logins always have room.  Those are bounded per account (`per_account`;
past it the oldest of the account is closed) and by the login timeout.

The pool holds the connection objects; each has `ip` and `close_pending(why)`.
"""
from __future__ import annotations

from collections import Counter


class PendingLogins:
    def __init__(self, limit: int, per_address: int | None = None, per_account: int = 3,
                 name_timeout: float = 10.0):
        self.limit = limit
        # a class behind one NAT logs in from one address: by default the
        # bound per address is the whole pool, and it is shared fairly by
        # taking room from the busiest address
        self.per_address = per_address or limit
        self.per_account = per_account
        self.name_timeout = name_timeout
        self.anonymous: dict[str, list] = {}      # address -> its connections, oldest first
        self.named: dict[str, list] = {}          # account -> its connections, oldest first
        self.pushed_out: Counter = Counter()      # address -> connections closed to make room

    def __len__(self) -> int:
        return sum(map(len, self.anonymous.values())) + sum(map(len, self.named.values()))

    def anonymous_count(self) -> int:
        return sum(map(len, self.anonymous.values()))

    def full(self) -> bool:
        """No room for one more anonymous login without pushing one out."""
        return self.anonymous_count() >= self.limit

    def arrived(self, conn) -> None:
        """A new connection: counted, room made for it past a bound."""
        if len(self.anonymous.get(conn.ip, ())) >= self.per_address:
            self._push_out(conn.ip, "too many connections not logged in from this address")
        elif self.full():
            busiest = max(self.anonymous, key=lambda ip: len(self.anonymous[ip]))
            self._push_out(busiest, "too many connections not logged in")
        self.anonymous.setdefault(conn.ip, []).append(conn)

    def named_account(self, conn) -> None:
        """The connection named an account of the roster: out of the anonymous pool."""
        if not self._drop(self.anonymous, conn.ip, conn):
            return
        theirs = self.named.setdefault(conn.user, [])
        if len(theirs) >= self.per_account:
            oldest = theirs.pop(0)
            oldest.close_pending(f"more than {self.per_account} logins of {conn.user} at once")
        theirs.append(conn)

    def is_anonymous(self, conn) -> bool:
        return conn in self.anonymous.get(conn.ip, ())

    def gone(self, conn) -> None:
        """Logged in, or closed: no longer pending."""
        if not self._drop(self.anonymous, conn.ip, conn):
            for account in [a for a, conns in self.named.items() if conn in conns]:
                self._drop(self.named, account, conn)

    def _push_out(self, ip: str, why: str) -> None:
        oldest = self.anonymous[ip].pop(0)
        if not self.anonymous[ip]:
            del self.anonymous[ip]
        self.pushed_out[ip] += 1
        oldest.close_pending(why)

    @staticmethod
    def _drop(pool: dict, key: str, conn) -> bool:
        conns = pool.get(key)
        if not conns or conn not in conns:
            return False
        conns.remove(conn)
        if not conns:
            del pool[key]
        return True
