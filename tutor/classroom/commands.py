"""`sudoku-tutor serve` and `sudoku-tutor roster ...` (wired into tutor/cli.py)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..usage import UsageError


def _roster_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--roster", metavar="FILE",
                   help="the roster file (default: the user data dir's classroom/roster.toml)")


def add_subcommands(sub) -> None:
    s = sub.add_parser("serve", help="run the classroom (SSH, and browsers with --web): one tutor per student")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                                                        "0.0.0.0 for every interface)")
    s.add_argument("--port", type=int, default=2222, help="TCP port (default 2222; 0 picks a free one)")
    _roster_arg(s)
    s.add_argument("--db", metavar="URL", help="progress store: a SQLite path or sqlite:///PATH "
                                                 "(default: the app's store) or postgresql://... "
                                                 "(leave the password out: see --db-password-file)")
    s.add_argument("--db-password-file", metavar="FILE",
                   help="the PostgreSQL password, first line of FILE (or set SUDOKU_TUTOR_DB_PASSWORD); "
                        "a password in --db shows in ps")
    s.add_argument("--max-sessions", type=int, default=60, metavar="N",
                   help="most student sessions at once (teachers always get in; default 60)")
    s.add_argument("--idle-timeout", type=float, default=3600, metavar="SECONDS",
                   help="close a student's session after this long without a key (default 3600; 0: never)")
    s.add_argument("--max-memory", type=float, default=400, metavar="MB",
                   help="close a student's session whose processes use more memory (default 400; 0: no limit)")
    s.add_argument("--max-pending-logins", type=int, default=100, metavar="N",
                   help="most connections not logged in yet that name no roster account, at once; "
                        "past it the oldest of the busiest address is closed (default 100)")
    s.add_argument("--max-pending-per-address", type=int, metavar="N",
                   help="the same from one address (default: --max-pending-logins; a class "
                        "behind one NAT shares an address)")
    s.add_argument("--open", action="store_true",
                   help="open mode: any name may log in as a student with the class password")
    s.add_argument("--class-password-stdin", action="store_true",
                   help="read the open-mode class password from standard input")
    s.add_argument("--host-key", metavar="FILE",
                   help="host key file (default: ssh_host_ed25519_key beside the roster; made on first start)")
    s.add_argument("--web", type=int, metavar="PORT",
                   help="also open the class to browsers on this TCP port (same --host, roster and limits)")
    s.add_argument("--tls-cert", metavar="FILE", help="certificate (PEM) for HTTPS on the --web port")
    s.add_argument("--tls-key", metavar="FILE", help="private key (PEM) of --tls-cert")
    s.add_argument("--log", metavar="FILE", help="append the log here instead of standard error")
    s.add_argument("--no-remember", action="store_true",
                   help="do not remember returning students' SSH keys and browsers (each login "
                        "then pays the full password check)")
    s.add_argument("--no-warm-parent", action="store_true",
                   help="start each student's app afresh instead of forking it from a warm parent "
                        "(slower, more memory; for comparison)")
    s.add_argument("--no-page-merging", action="store_true",
                   help="do not mark the students' apps mergeable for the kernel's samepage merging "
                        "(KSM, where the host runs it; for comparison)")
    s.set_defaults(func=cmd_serve)

    r = sub.add_parser("roster", help="add, list or remove classroom accounts")
    rsub = r.add_subparsers(dest="roster_command", required=True, metavar="add|list|remove|class")
    a = rsub.add_parser("add", help="add or update an account")
    a.add_argument("name")
    role = a.add_mutually_exclusive_group()
    role.add_argument("--teacher", action="store_const", dest="role", const="teacher",
                      help="a teacher account (sees the class, pushes positions and quizzes)")
    role.add_argument("--student", action="store_const", dest="role", const="student",
                      help="a student account (the default for new accounts)")
    a.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    a.add_argument("--key", action="append", metavar="FILE",
                   help="allow the public key(s) in FILE (e.g. id_ed25519.pub); repeatable")
    _roster_arg(a)
    a.set_defaults(func=cmd_roster_add)
    ls = rsub.add_parser("list", help="list the accounts")
    _roster_arg(ls)
    ls.set_defaults(func=cmd_roster_list)
    rm = rsub.add_parser("remove", help="remove an account")
    rm.add_argument("name")
    _roster_arg(rm)
    rm.set_defaults(func=cmd_roster_remove)
    c = rsub.add_parser("class", help="set the class name")
    c.add_argument("class_name")
    _roster_arg(c)
    c.set_defaults(func=cmd_roster_class)


# ------------------------------------------------------------------ roster

def _roster_path(args) -> Path:
    from .roster import default_roster_path
    return Path(args.roster) if args.roster else default_roster_path()


def _load(args, missing_ok=True):
    from .roster import Roster, RosterError
    try:
        return Roster.load(_roster_path(args), missing_ok=missing_ok)
    except RosterError as e:
        raise UsageError(str(e)) from None


def _read_password(prompt_name: str, from_stdin: bool, what: str = "password") -> str:
    if from_stdin:
        line = sys.stdin.readline()
        pw = line.rstrip("\r\n")
        if not pw:
            raise UsageError(f"no {what} on standard input")
        return pw
    if not sys.stdin.isatty():
        option = "password" if what == "password" else "class-password"
        raise UsageError(f"no terminal to ask for the {what}: use --{option}-stdin")
    import getpass
    pw = getpass.getpass(f"{what} for {prompt_name}: ")
    if not pw:
        raise UsageError(f"empty {what}")
    if getpass.getpass("again: ") != pw:
        raise UsageError(f"the two {what}s differ")
    return pw


def cmd_roster_add(args) -> int:
    from .roster import RosterError, read_public_keys
    roster = _load(args)
    try:
        keys = [k for f in (args.key or []) for k in read_public_keys(f)]
        existed = args.name in roster.accounts
        password = None
        if args.password_stdin or not keys:
            password = _read_password(args.name, args.password_stdin)
        acc = roster.set_account(args.name, role=args.role, password=password, keys=keys)
        path = roster.save(_roster_path(args))
    except RosterError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write the roster: {e.strerror}") from None
    print(f"{'updated' if existed else 'added'} {acc.name} ({acc.role}; {acc.auth_text()}) in {path}")
    return 0


def cmd_roster_list(args) -> int:
    roster = _load(args)
    print(f"class {roster.class_name!r}: {len(roster.accounts)} accounts ({_roster_path(args)})")
    for name in sorted(roster.accounts, key=lambda n: (roster.accounts[n].role != "teacher", n)):
        acc = roster.accounts[name]
        print(f"  {name:<20} {acc.role:<8} {acc.auth_text()}")
    return 0


def cmd_roster_remove(args) -> int:
    from .roster import RosterError
    roster = _load(args, missing_ok=False)
    try:
        roster.remove(args.name)
        roster.save(_roster_path(args))
    except RosterError as e:
        raise UsageError(str(e)) from None
    print(f"removed {args.name}")
    return 0


def cmd_roster_class(args) -> int:
    roster = _load(args)
    name = args.class_name.strip()
    if not name:
        raise UsageError("empty class name")
    roster.class_name = name
    roster.save(_roster_path(args))
    print(f"class name set to {name!r}")
    return 0


# ------------------------------------------------------------------ serve

def config_from_args(args):
    from ..teaching import bank_worker
    from .roster import RosterError, hash_password
    from .server import ServerConfig
    if args.class_password_stdin and not args.open:
        raise UsageError("--class-password-stdin goes with --open")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"bad port {args.port}")
    if args.max_sessions < 1:
        raise UsageError("--max-sessions must be at least 1")
    open_hash = None
    if args.open:
        try:
            open_hash = hash_password(_read_password("the class", args.class_password_stdin, "class password"))
        except RosterError as e:
            raise UsageError(str(e)) from None
    if args.max_pending_logins < 1:
        raise UsageError("--max-pending-logins must be at least 1")
    if args.max_pending_per_address is not None and args.max_pending_per_address < 1:
        raise UsageError("--max-pending-per-address must be at least 1")
    web_port, cert, key = getattr(args, "web", None), getattr(args, "tls_cert", None), getattr(args, "tls_key", None)
    if web_port is not None and not 0 <= web_port <= 65535:
        raise UsageError(f"bad --web port {web_port}")
    if bool(cert) != bool(key):
        raise UsageError("--tls-cert and --tls-key go together")
    if cert and web_port is None:
        raise UsageError("--tls-cert and --tls-key go with --web PORT")
    for f in (cert, key):
        if f and not Path(f).is_file():
            raise UsageError(f"no such file: {f}")
    db = args.db
    if db:
        db = _check_db(db)
    password = _db_password(args)
    if password and not (db or "").startswith(("postgresql://", "postgres://")):
        raise UsageError("--db-password-file goes with a postgresql:// --db")
    return ServerConfig(host=args.host, port=args.port, roster_path=_roster_path(args), db_url=db,
                        db_password=password, max_sessions=args.max_sessions,
                        idle_timeout=args.idle_timeout, max_memory_mb=args.max_memory,
                        open_password_hash=open_hash, max_unauthenticated=args.max_pending_logins,
                        max_pending_per_address=args.max_pending_per_address,
                        host_key_path=Path(args.host_key) if args.host_key else None,
                        web_port=web_port, tls_cert=cert, tls_key=key,
                        warm_parent=not getattr(args, "no_warm_parent", False),
                        page_merging=not getattr(args, "no_page_merging", False),
                        remember_logins=not getattr(args, "no_remember", False),
                        bank_worker=bank_worker.wanted())


def _db_password(args) -> str | None:
    """The PostgreSQL password: --db-password-file, else $SUDOKU_TUTOR_DB_PASSWORD."""
    import os
    if args.db_password_file:
        try:
            with open(args.db_password_file, encoding="utf-8") as f:
                password = f.readline(4096).rstrip("\r\n")
        except OSError as e:
            raise UsageError(f"cannot read --db-password-file {args.db_password_file}: "
                             f"{e.strerror}") from None
        except UnicodeDecodeError:
            raise UsageError(f"--db-password-file {args.db_password_file} is not UTF-8 text") from None
        if not password:
            raise UsageError(f"--db-password-file {args.db_password_file} is empty")
        return password
    return os.environ.get("SUDOKU_TUTOR_DB_PASSWORD") or None


def _check_db(db: str) -> str:
    """A store URL the student processes can use from any directory."""
    import os
    if "://" in db:
        scheme = db.split("://", 1)[0].lower()
        if scheme not in ("sqlite", "postgresql", "postgres"):
            raise UsageError(f"--db: unknown store {scheme!r}; use a SQLite path, sqlite:///PATH or postgresql://...")
        return db
    return os.path.abspath(db)


def cmd_serve(args) -> int:
    import asyncio
    import ssl
    from .roster import RosterError
    from .server import serve, setup_logging
    import logging
    import os
    from urllib.parse import urlsplit
    os.umask(0o077)          # every file the server and the students' apps make: owner only
    config = config_from_args(args)
    setup_logging(logfile=args.log)
    if config.db_url and "://" in config.db_url and urlsplit(config.db_url).password:
        logging.getLogger("tutor.classroom").warning(
            "the --db URL holds a password, which any user of this machine sees with ps: "
            "use --db-password-file or SUDOKU_TUTOR_DB_PASSWORD instead")
    try:
        asyncio.run(serve(config))
    except RosterError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot listen on {config.host}:{config.port}"
                         f"{f' or web port {config.web_port}' if config.web_port is not None else ''}: "
                         f"{e.strerror or e}") from None
    except ssl.SSLError as e:
        raise UsageError(f"cannot use the TLS certificate and key: {e}") from None
    return 0
