"""Load benchmark for the browser classroom: N web students on loopback.

    python -m benchmarks.bench_web [--students 40] [--burst 20] [--duration 20] [--interval 1.0] [--json]

The server runs as its own process (`sudoku-tutor serve --web 0`, real app per
student); the students are aiohttp clients in this process, each logging in
on the login form (POST /login, the session cookie) and opening the terminal's
websocket, as the page does.  First `burst` students join at once: the time
from posting the login to the first screen of the app (the grid) is the
time to first screen.  The others join a few at a time.  Then, as in
bench_classroom.py, each student presses an arrow key about every `interval`
seconds and the time until the status line shows the new cursor cell is the
key-to-screen latency.  Reported: first screen (median, max), latency median
and p95, memory per student (RSS and PSS of the app's processes), CPU of the
server and the apps.  Clients, server and apps all share this machine's cores.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .bench_classroom import ROOT, _ANSI, port_in_log, print_typing, shutdown, typing_phase

PASSWORD = "bench-password-1"
# on the grid screen's first frame, whether the student is new or comes back
GRID = b"^p palette"


class WebStudent:
    def __init__(self, name: str, url: str):
        self.name, self.url = name, url
        self.http = self.ws = self.jar = None
        self.buf = bytearray()
        self.changed = asyncio.Event()
        self.latencies: list[float] = []
        self.lost = 0
        self.right = True                  # the next key moves right (from r5c5)
        self.login_s = self.first_screen_s = None

    async def _reader(self) -> None:
        import aiohttp
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.buf += msg.data
                self.changed.set()
        self.changed.set()

    async def _wait_for(self, needle: bytes, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while needle not in _ANSI.sub(b"", bytes(self.buf)):
            left = deadline - time.monotonic()
            if left <= 0 or self.ws.closed:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    async def start(self) -> None:
        import aiohttp
        t = time.monotonic()
        self.jar = self.jar or aiohttp.CookieJar(unsafe=True)       # kept: a browser comes back
        self.http = aiohttp.ClientSession(cookie_jar=self.jar)
        resp = await self.http.post(f"{self.url}/login", data={"name": self.name, "password": PASSWORD},
                                    allow_redirects=False)
        if resp.status != 303:
            raise RuntimeError(f"{self.name}: login answered {resp.status}")
        self.login_s = time.monotonic() - t
        ws_url = self.url.replace("http", "ws", 1) + "/ws?cols=120&rows=40"
        self.ws = await self.http.ws_connect(ws_url, origin=self.url)
        asyncio.ensure_future(self._reader())
        if not await self._wait_for(GRID, 180):
            raise RuntimeError(f"{self.name}: the app did not come up")
        self.first_screen_s = time.monotonic() - t

    async def press_keys(self, until: float, interval: float, rng: random.Random) -> None:
        # the cursor is where the last phase left it (r5c6 after a move right)
        await asyncio.sleep(rng.uniform(0, interval))
        while time.monotonic() < until:
            self.buf.clear()
            t = time.monotonic()
            await self.ws.send_bytes(b"\x1b[C" if self.right else b"\x1b[D")
            if await self._wait_for(b"r5c6" if self.right else b"r5c5", 5.0):
                self.latencies.append(time.monotonic() - t)
                self.right = not self.right
            else:
                self.lost += 1
            await asyncio.sleep(max(0.0, interval * rng.uniform(0.6, 1.4) - (time.monotonic() - t)))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()


def _roster(path: Path, names) -> None:
    from tutor.classroom.roster import Roster
    roster = Roster(path=path, class_name="bench")
    hashed = roster.set_account(names[0], password=PASSWORD).password   # one scrypt hash for all
    for name in names[1:]:
        roster.set_account(name).password = hashed
    roster.save()


async def run(n: int, burst: int, duration: float, interval: float, batch: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-web-"))
    names = [f"w{k:02d}" for k in range(n)]
    _roster(tmp / "roster.toml", names)
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(tmp / "home"), PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--web", "0",
         "--roster", str(tmp / "roster.toml"), "--db", str(tmp / "progress.db"),
         "--max-sessions", str(n + 10), "--log", str(tmp / "server.log")],
        env=env, cwd=str(ROOT))
    students: list[WebStudent] = []
    try:
        port = await port_in_log(tmp / "server.log", r"in browsers at http://127\.0\.0\.1:(\d+)/")
        students = [WebStudent(name, f"http://127.0.0.1:{port}") for name in names]
        t0 = time.monotonic()
        await asyncio.gather(*(s.start() for s in students[:burst]))      # a burst joins at once
        burst_all = time.monotonic() - t0
        for k in range(burst, n, batch):                                  # the rest a few at a time
            await asyncio.gather(*(s.start() for s in students[k:k + batch]))
        first = [s.first_screen_s for s in students[:burst]]
        res = {"students": n, "burst": burst,
               "burst_first_screen_median_s": round(statistics.median(first), 1),
               "burst_first_screen_max_s": round(max(first), 1),
               "burst_login_max_s": round(max(s.login_s for s in students[:burst]), 1),
               "burst_all_up_s": round(burst_all, 1)}
        res.update(await typing_phase(server, students, duration, interval))
        return res
    finally:
        await shutdown(server, students, tmp)


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_web", description=__doc__.split("\n")[0])
    p.add_argument("--students", type=int, default=40)
    p.add_argument("--burst", type=int, default=20, help="students who join at the same moment")
    p.add_argument("--duration", type=float, default=20.0, help="seconds of key presses")
    p.add_argument("--interval", type=float, default=1.0, help="mean seconds between a student's keys")
    p.add_argument("--batch", type=int, default=4, help="students joining at once after the burst")
    p.add_argument("--json", action="store_true")
    args = p.parse_args([] if argv is None and __name__ != "__main__" else argv)
    burst = min(args.burst, args.students)
    res = asyncio.run(run(args.students, burst, args.duration, args.interval, args.batch))
    if args.json:
        print(json.dumps(res))
    else:
        print(f"web classroom load: {res['students']} browser students on loopback, {res['cores']} cores, "
              f"a key every ~{res['key_interval_s']} s each for {res['duration_s']} s")
        print(f"  {res['burst']} join at once: first screen median {res['burst_first_screen_median_s']} s, "
              f"last {res['burst_first_screen_max_s']} s (slowest login {res['burst_login_max_s']} s)")
        print_typing(res)
    return res


if __name__ == "__main__":
    main()
