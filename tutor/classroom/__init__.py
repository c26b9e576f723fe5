"""The SSH classroom: one tutor process per student behind an asyncssh server.

- roster.py    accounts (TOML file), password hashes, public keys
- ptyproc.py   one app process in its own PTY, and how it is ended
- server.py    the asyncssh server: logins, refusals, limits, logs
- child.py     the entry point each student's process runs
- commands.py  the `serve` and `roster` subcommands
"""
