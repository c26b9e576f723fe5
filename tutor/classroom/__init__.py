"""The SSH classroom: one tutor process per student behind an asyncssh server.

- roster.py      accounts (TOML file), password hashes (upgraded when weak), public keys
- server.py      the configuration, the host key, the Classroom every connection
                 shares (sessions, the store, the watch over memory and idle time)
- connection.py  one SSH connection: logins, their throttle, refusals
- session.py     one terminal running one app: input filtering, takeover, endings
- ptyproc.py     one app process in its own PTY, and how it is ended
- events.py      class state in the store: sessions, pushes, results, the dashboard
- child.py       the entry point each student's process runs
- web.py         the browser listener (aiohttp): login page, session cookie, the
                 terminal page (webstatic/: vendored xterm.js) and its websocket
- commands.py    the `serve` and `roster` subcommands
"""
