"""The SSH classroom: one tutor process per student behind an asyncssh server.

- roster.py        accounts (TOML file), password hashes (upgraded when weak), public keys
- server.py        the configuration, the host key, the Classroom every connection
                   shares (sessions, the store, the watch over memory and idle time)
- connection.py    one SSH connection: logins, their throttle, refusals
- pending.py       connections not logged in yet: bounded, timed out, room kept for the roster
- logins.py        password checks: scrypt on every core, none done twice
- remembered.py    returning students' SSH keys and browsers, so they skip the check
- session.py       one terminal running one app: takeover, endings
- input_filter.py  what a client types: UTF-8 repaired, a rate limit, mouse motion thinned
- ptyproc.py       one app process in its own PTY, and how it is ended
- warm_parent.py   the process that forks each student's app warm; warm_link.py, the server's side
- child.py         what each student's process runs
- events.py        class state in the store: sessions, pushes, results, members, settings
- dashboard.py     the teacher's view of the class, in one query
- web.py           the browser listener (aiohttp): login page, session cookie, the
                   terminal page (webstatic/: vendored xterm.js) and its websocket;
                   masked_frames.py checks that a browser's frames are masked
- commands.py      the `serve` and `roster` subcommands
"""
