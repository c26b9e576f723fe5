"""The classroom in a browser (aiohttp), beside the SSH listener.

`GET /` is a login form, posted to `/login` and checked against the same
roster with the same throttle as SSH (connection.check_login); a good login
sets a session cookie (HttpOnly, SameSite=Strict, Secure under TLS).  `/class`
is a terminal (xterm.js, vendored in webstatic/) talking over a websocket at
`/ws`, refused without a valid cookie (401) or from another page's Origin
(403).  Each websocket runs the very Session an SSH channel runs (session.py:
one app process on its PTY, takeover, limits, refusals, endings); WebPeer and
WebChannel stand in for the SSH connection and channel.

Frames: binary ones from the browser are keys (mouse reports included),
text ones are JSON control messages ({"type": "resize", "cols", "rows"});
anything else closes the socket (1008), and a frame without a mask closes
the connection (masked_frames.py).  Binary frames to the browser are the
app's output, as it comes from the PTY.  A good login also remembers the
browser (a device cookie, remembered.py).
"""
from __future__ import annotations

import asyncio
import html
import ipaddress
import json
import logging
import secrets
import ssl
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSMsgType, web

from .connection import MAX_TRIES, check_login, login_failed, safe_name
from . import remembered
from .masked_frames import StrictWebSocketResponse
from .roster import NAME_RE
from .session import Session

log = logging.getLogger("tutor.classroom")

STATIC = Path(__file__).with_name("webstatic")
COOKIE = "tutor_session"
LOGIN_TTL = 12 * 3600.0         # a browser login lasts a school day
LOGINS_PER_ACCOUNT = 4          # browsers logged in as one account at once (newest kept)
MAX_FRAME = 65536               # bytes in one websocket frame from a browser
OUTPUT_HIGH = 256 * 1024        # output queued for a slow browser before the app is paused
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",      # (no-referrer would make the form send Origin: null)
    "Cache-Control": "no-store",
}


@dataclass
class WebLogin:
    user: str
    role: str
    expires: float


class WebPeer:
    """What a Session needs of its connection (connection.Connection's part)."""

    via = "web"

    def __init__(self, classroom, user: str, role: str, ip: str, port):
        self.classroom, self.user, self.role = classroom, user, role
        self.ip, self.peer = ip, f"{ip}:{port}"
        self.sessions = 0
        self.opened = False
        self.conn = None             # nothing to close beyond the websocket

    def who(self) -> str:
        return f"{safe_name(self.user)}@{self.peer} (web)"

    def refused(self, what: str) -> None:
        log.warning("refused %s: %s", self.who(), what)


class WebChannel:
    """What a Session needs of an SSH channel: output goes to the websocket in
    order, the app is paused while a slow browser has much unsent, and
    exit() closes the socket once what came before it is sent."""

    def __init__(self, ws: web.WebSocketResponse, session: Session):
        self.ws, self.session = ws, session
        self.buf = bytearray()
        self.paused = False
        self.exiting = False
        self.closed = False
        self._wake = asyncio.Event()
        self._task = asyncio.ensure_future(self._send())

    def write(self, data: bytes) -> None:
        if self.closed or self.exiting:
            return
        self.buf += data
        if len(self.buf) > OUTPUT_HIGH and not self.paused:
            self.paused = True
            self.session.pause_writing()
        self._wake.set()

    write_stderr = write

    def exit(self, status: int) -> None:
        self.exiting = True
        self._wake.set()

    async def _send(self) -> None:
        try:
            while not self.closed:
                await self._wake.wait()
                self._wake.clear()
                while self.buf and not self.closed:
                    chunk = bytes(self.buf)
                    self.buf.clear()
                    await self.ws.send_bytes(chunk)
                if self.paused:
                    self.paused = False
                    self.session.resume_writing()
                if self.exiting:
                    await self.ws.close(code=1000, message=b"session ended")
                    return
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            self.closed = True

    async def close(self) -> None:
        """The socket is gone: stop sending."""
        self.closed = True
        self._wake.set()
        try:
            await asyncio.wait_for(self._task, 2.0)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self._task.cancel()


def _heading(class_name: str) -> str:
    """The login page's title: the class by name unless it has the default one."""
    return "Sudoku tutor: join the class" if class_name == "class" else \
        f"Sudoku tutor: join class {class_name}"


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="/static/page.css">{head}</head><body>{body}</body></html>')


class WebListener:
    """The web side of one Classroom."""

    def __init__(self, classroom):
        self.room = classroom
        cfg = classroom.config
        self.tls = bool(cfg.tls_cert)
        self.logins: dict[str, WebLogin] = {}
        self.runner: web.AppRunner | None = None
        self.site: web.TCPSite | None = None
        self.sockets: set[web.WebSocketResponse] = set()
        self.failures: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # per connection

    # ---------------------------------------------------------- life
    def _ssl_context(self):
        cfg = self.room.config
        if not cfg.tls_cert:
            return None
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(cfg.tls_cert, cfg.tls_key)
        return ctx

    async def start(self) -> "WebListener":
        cfg = self.room.config
        app = web.Application(client_max_size=16 * 1024, middlewares=[self._headers])
        app.router.add_get("/", self.index)
        app.router.add_post("/login", self.login)
        app.router.add_get("/class", self.terminal_page)
        app.router.add_get("/ws", self.websocket)
        app.router.add_static("/static", STATIC, show_index=False, follow_symlinks=False)
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=5.0)
        await self.runner.setup()
        self.site = web.TCPSite(self.runner, cfg.host, cfg.web_port, ssl_context=self._ssl_context(),
                                backlog=128)
        await self.site.start()
        scheme = "https" if self.tls else "http"
        log.info("classroom %r in browsers at %s://%s:%d/", self.room.roster.class_name, scheme,
                 cfg.host, self.port)
        if not self.tls and not _loopback(cfg.host):
            log.warning("the web listener on %s has no TLS: passwords travel in clear over the "
                        "network; give --tls-cert and --tls-key", cfg.host)
        return self

    @property
    def port(self) -> int:
        addresses = self.runner.addresses if self.runner else []
        return addresses[0][1] if addresses else (self.room.config.web_port or 0)

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"server stopping")
        if self.runner is not None:
            await self.runner.cleanup()

    # ---------------------------------------------------------- helpers
    @web.middleware
    async def _headers(self, request, handler):
        resp = await handler(request)
        if not isinstance(resp, web.WebSocketResponse):
            resp.headers.update(SECURITY_HEADERS)
            if request.path.startswith("/static/"):         # cached, checked again on each load
                resp.headers["Cache-Control"] = "no-cache"
        return resp

    def _origin_ok(self, request, missing_ok: bool) -> bool:
        """The request comes from this server's own pages."""
        origin = request.headers.get("Origin")
        if origin is None:
            return missing_ok
        return origin == f"{'https' if self.tls else 'http'}://{request.host}"

    def login_of(self, request) -> WebLogin | None:
        token = request.cookies.get(COOKIE, "")
        login = self.logins.get(token)
        if login is None:
            return None
        if login.expires < time.monotonic():
            del self.logins[token]
            return None
        return login

    def _peer(self, request) -> tuple[str, int]:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        return (str(peer[0]), peer[1]) if peer else ("?", 0)

    def _login_form(self, message: str = "", name: str = "", status: int = 200) -> web.Response:
        room = self.room
        note = f'<p class="error" role="alert">{html.escape(message)}</p>' if message else ""
        body = (f'<main class="login"><h1>{html.escape(_heading(room.roster.class_name))}</h1>{note}'
                '<form method="post" action="/login">'
                f'<label>Name <input name="name" autocomplete="username" required autofocus '
                f'value="{html.escape(name)}"></label>'
                '<label>Password <input name="password" type="password" autocomplete="current-password" '
                'required></label><button type="submit">Join the class</button></form></main>')
        return web.Response(text=_page("Sudoku tutor: log in", body), content_type="text/html",
                            status=status)

    # ---------------------------------------------------------- pages
    async def index(self, request) -> web.Response:
        return self._login_form()

    async def login(self, request) -> web.StreamResponse:
        room = self.room
        if not self._origin_ok(request, missing_ok=True):
            log.warning("refused a web login from %s: Origin %s", self._peer(request)[0],
                        safe_name(request.headers.get("Origin", "")))
            return web.Response(status=403, text="forbidden")
        ip, port = self._peer(request)
        peer = f"{ip}:{port}"
        try:
            form = await request.post()
        except (ValueError, web.HTTPException):
            return web.Response(status=400, text="bad form")
        name = str(form.get("name", "")).strip()
        password = str(form.get("password", ""))
        if not name or not password:
            return self._login_form("Type your name and your password.", name, 400)
        # the roster's own logins always have room; other names share the
        # bound on logins in progress with SSH (pending.py)
        if name not in room.current_roster().accounts and room.pending.full():
            log.warning("refused a web login from %s: too many logins at once (%d)", ip,
                        room.pending.anonymous_count())
            return web.Response(status=503, text="too many logins at once; try again in a minute",
                                headers={"Retry-After": "5"})
        acc = room.current_roster().accounts.get(name)
        if acc is not None and not acc.password and acc.keys:
            log.warning("refused a web login of %s from %s: the account logs in with a key",
                        safe_name(name), peer)
            return self._login_form("This account logs in with a key: use SSH.", name, 403)
        conn = request.transport          # failures per connection, as on SSH
        failures = self.failures.get(conn, 0)
        device = request.cookies.get(remembered.DEVICE_COOKIE)
        role, fast = await check_login(room, ip, name, password, failures, device)
        if not role:
            failures += 1
            self.failures[conn] = failures
            await login_failed(room, ip, peer, name, "wrong name or password (web)", failures)
            resp = self._login_form("Wrong name or password.", name, 401)
            if failures >= MAX_TRIES:
                log.warning("refused %s: %d failed logins on one connection", peer, MAX_TRIES)
                resp.force_close()
            return resp
        token = secrets.token_urlsafe(32)
        self.logins[token] = WebLogin(name, role, time.monotonic() + LOGIN_TTL)
        self._forget_expired()
        log.info("login %s (%s) from %s by web password%s", name, role, peer,
                 " (a remembered browser)" if fast else "")
        resp = _see_other("/class")
        resp.set_cookie(COOKIE, token, httponly=True, samesite="Strict", secure=self.tls, path="/")
        if acc is not None and acc.password and room.config.remember_logins:
            self._remember_browser(resp, device, name, password, remembered.password_tag(acc.password))
        return resp

    def _remember_browser(self, resp, device: str | None, name: str, password: str, tag: str) -> None:
        """This browser is remembered for the account (its device cookie; a
        new one, or the same one again, refreshed)."""
        device = device if device and len(device) < 100 else remembered.new_device_token()
        self.room.store_call(remembered.remember_device, device, name, password, tag)
        resp.set_cookie(remembered.DEVICE_COOKIE, device, httponly=True, samesite="Strict",
                        secure=self.tls, path="/", max_age=remembered.REMEMBER_DAYS * 86400)

    def _forget_expired(self) -> None:
        """Drop expired logins, and all but the newest few of each account."""
        now = time.monotonic()
        per_user: dict[str, int] = {}
        for token, login in sorted(self.logins.items(), key=lambda kv: -kv[1].expires):
            per_user[login.user] = per_user.get(login.user, 0) + 1
            if login.expires < now or per_user[login.user] > LOGINS_PER_ACCOUNT:
                del self.logins[token]

    async def terminal_page(self, request) -> web.StreamResponse:
        login = self.login_of(request)
        if login is None:
            return _see_other("/")
        body = ('<div id="terminal" aria-label="Sudoku tutor"></div>'
                '<div id="ended" hidden><span id="ended-text"></span> '
                '<a href="/class" id="again">Join again</a></div>'
                '<script src="/static/xterm.js"></script><script src="/static/addon-fit.js"></script>'
                '<script src="/static/term.js"></script>')
        head = '<link rel="stylesheet" href="/static/xterm.css">'
        return web.Response(text=_page(f"Sudoku tutor: {login.user}", body, head),
                            content_type="text/html")

    # ---------------------------------------------------------- the terminal
    def _still_allowed(self, login: WebLogin) -> bool:
        """The account is still in the roster (or open mode lets the name in)."""
        room = self.room
        acc = room.current_roster().accounts.get(login.user)
        if acc is not None:
            return acc.role == login.role
        return bool(room.config.open_password_hash and NAME_RE.match(login.user))

    async def websocket(self, request) -> web.StreamResponse:
        ip, port = self._peer(request)
        login = self.login_of(request)
        if login is None or not self._still_allowed(login):
            log.warning("refused a web terminal from %s:%s: not logged in", ip, port)
            return web.Response(status=401, text="log in first")
        if not self._origin_ok(request, missing_ok=False):
            log.warning("refused a web terminal of %s from %s:%s: Origin %s", login.user, ip, port,
                        safe_name(request.headers.get("Origin", "(none)")))
            return web.Response(status=403, text="forbidden")
        cfg = self.room.config
        peer = WebPeer(self.room, login.user, login.role, ip, port)
        ws = StrictWebSocketResponse(heartbeat=cfg.keepalive_interval, max_msg_size=MAX_FRAME,
                                     compress=False,
                                     on_unmasked=lambda: peer.refused("a frame without a mask"))
        await ws.prepare(request)
        self.sockets.add(ws)
        session = Session(peer)
        chan = WebChannel(ws, session)
        session.connection_made(chan)
        session.pty_requested("xterm-256color", (request.query.get("cols"), request.query.get("rows"),
                                                 0, 0), b"")
        session.session_started()
        why = ""
        try:
            async for msg in ws:
                if msg.type == WSMsgType.BINARY:
                    session.data_received(msg.data, None)
                elif msg.type == WSMsgType.TEXT and self._control(session, msg.data):
                    continue
                else:
                    why = "junk frame" if msg.type == WSMsgType.TEXT else f"frame {msg.type.name}"
                    peer.refused(f"{why} on the websocket")
                    await ws.close(code=1008, message=b"bad frame")
                    break
        finally:
            self.sockets.discard(ws)
            await chan.close()
            session.connection_lost(None)
        return ws

    def _control(self, session: Session, text: str) -> bool:
        """A control message from the page; False when it is not one."""
        try:
            msg = json.loads(text)
        except ValueError:
            return False
        if not isinstance(msg, dict) or msg.get("type") != "resize":
            return False
        cols, rows = msg.get("cols"), msg.get("rows")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v == v
                   for v in (cols, rows)):
            return False
        session.terminal_size_changed(cols, rows, 0, 0)      # within bounds there (1e999 too)
        return True


def _see_other(where: str) -> web.Response:
    return web.Response(status=303, headers={"Location": where})


def _loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
