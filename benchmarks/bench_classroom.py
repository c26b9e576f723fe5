"""Load benchmark for the SSH classroom: N simulated students on loopback.

    python -m benchmarks.bench_classroom [--students 40] [--duration 20] [--interval 1.0] [--json]

The server runs as its own process (`sudoku-tutor serve`, real app per
student); the students are asyncssh clients in this process, each with a PTY.
After every app is up, each student presses an arrow key about every
`interval` seconds (with jitter), alternating right and left, and the time
until the app's status line shows the new cursor cell (r5c6 / r5c5) is the
key-to-screen latency.  Reported: latency median and p95, resident memory per
student (RSS of the student's process group, and PSS, which splits shared
pages fairly), and the CPU the server process and the apps used while keys
were being pressed.  Clients, server and apps all share this machine's cores.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]")
_TICK = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def _processes() -> dict[int, tuple[int, int]]:
    """pid -> (parent pid, session id) of every process."""
    out = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[int(name)] = (int(fields[1]), int(fields[3]))
    return out


def app_processes(server_pid: int) -> tuple[list[int], list[int]]:
    """(the students' apps, the warm parent if any) below the server: an app
    leads its own session, forked by the warm parent or started by the server."""
    procs = _processes()
    below = {pid for pid, (parent, _) in procs.items() if parent == server_pid}
    below |= {pid for pid, (parent, _) in procs.items() if parent in below}
    apps = sorted(pid for pid in below if procs[pid][1] == pid)
    return apps, sorted(pid for pid in below if procs[pid][1] != pid)


def _mem(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in bytes."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1]) * 1024
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1]) * 1024
    except OSError:
        pass
    return rss, pss


def _pct(values, q):
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


class Student:
    def __init__(self, name, port, key):
        self.name, self.port, self.key = name, port, key
        self.conn = self.proc = None
        self.buf = bytearray()
        self.latencies: list[float] = []
        self.lost = 0
        self.right = True                  # the next key moves right (from r5c5)
        self.ready_after = None

    async def _read_until(self, needle: bytes, start: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            if needle in _ANSI.sub(b"", bytes(self.buf[start:])):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                data = await asyncio.wait_for(self.proc.stdout.read(65536), left)
            except asyncio.TimeoutError:
                return False
            if not data:
                return False
            self.buf += data

    async def start(self):
        import asyncssh
        t = time.monotonic()
        self.conn = await asyncssh.connect("127.0.0.1", self.port, username=self.name, client_keys=[self.key],
                                           known_hosts=None, agent_path=None)
        self.proc = await self.conn.create_process(term_type="xterm-256color", term_size=(120, 40),
                                                   encoding=None)
        if not await self._read_until(b"for help", 0, 120):
            raise RuntimeError(f"{self.name}: the app did not come up")
        self.ready_after = time.monotonic() - t

    async def press_keys(self, until: float, interval: float, rng: random.Random):
        # the cursor is where the last phase left it (r5c6 after a move right)
        await asyncio.sleep(rng.uniform(0, interval))
        while time.monotonic() < until:
            self.buf.clear()
            want = b"r5c6" if self.right else b"r5c5"
            t = time.monotonic()
            self.proc.stdin.write(b"\x1b[C" if self.right else b"\x1b[D")
            if await self._read_until(want, 0, 5.0):
                self.latencies.append(time.monotonic() - t)
                self.right = not self.right
            else:
                self.lost += 1
            await asyncio.sleep(max(0.0, interval * rng.uniform(0.6, 1.4) - (time.monotonic() - t)))

    async def close(self):
        if self.conn is not None:
            self.conn.close()
            try:
                await asyncio.wait_for(self.conn.wait_closed(), 5)
            except asyncio.TimeoutError:
                pass


async def run(n: int, duration: float, interval: float, batch: int) -> dict:
    import asyncssh
    from tutor.classroom.roster import Roster
    tmp = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    key = asyncssh.generate_private_key("ssh-ed25519")
    pub = key.export_public_key().decode().strip()
    roster = Roster(path=tmp / "roster.toml", class_name="bench")
    names = [f"s{k:02d}" for k in range(n)]
    for name in names:
        roster.set_account(name, keys=[pub])
    roster.save()
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(tmp / "home"), PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--roster", str(tmp / "roster.toml"),
         "--db", str(tmp / "progress.db"), "--max-sessions", str(n + 10), "--log", str(tmp / "server.log")],
        env=env, cwd=str(ROOT))
    students = [Student(name, 0, key) for name in names]
    try:
        port = await port_in_log(tmp / "server.log", r"listening on 127\.0\.0\.1:(\d+)")
        for s in students:
            s.port = port
        t0 = time.monotonic()
        for k in range(0, n, batch):                  # log in a few at a time
            await asyncio.gather(*(s.start() for s in students[k:k + batch]))
        startup = time.monotonic() - t0
        res = {"students": n, "startup_all_s": round(startup, 1),
               "startup_one_median_s": round(statistics.median(s.ready_after for s in students), 2)}
        res.update(await typing_phase(server, students, duration, interval))
        return res
    finally:
        await shutdown(server, students, tmp)


async def port_in_log(log: Path, pattern: str) -> int:
    """The port the server's log names once it listens."""
    for _ in range(400):
        try:
            m = re.search(pattern, log.read_text())
        except OSError:
            m = None
        if m:
            return int(m.group(1))
        await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


async def typing_phase(server, students, duration: float, interval: float) -> dict:
    """Every student presses keys for `duration` seconds (`press_keys`); the
    latency, memory and CPU figures of that time."""
    await asyncio.sleep(2.0)                       # let start-up work (ratings, steps) settle
    apps, warm = app_processes(server.pid)
    cpu_server0 = _cpu_seconds(server.pid)
    cpu_apps0 = sum(_cpu_seconds(p) for p in apps)
    cpu_self0 = time.process_time()
    w0 = time.monotonic()
    rng = random.Random(1)
    until = time.monotonic() + duration
    await asyncio.gather(*(s.press_keys(until, interval, random.Random(rng.random())) for s in students))
    wall = time.monotonic() - w0
    cpu_server = _cpu_seconds(server.pid) - cpu_server0
    cpu_apps = sum(_cpu_seconds(p) for p in apps) - cpu_apps0
    cpu_clients = time.process_time() - cpu_self0
    mems = [_mem(p) for p in apps]
    warm_pss = sum(_mem(p)[1] for p in warm)
    lat = [x for s in students for x in s.latencies]
    return {
        "apps_running": len(apps), "duration_s": round(wall, 1),
        "key_interval_s": interval, "keys_measured": len(lat), "keys_lost": sum(s.lost for s in students),
        "latency_median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
        "latency_p95_ms": round(_pct(lat, 0.95) * 1000, 1) if lat else None,
        "latency_max_ms": round(max(lat) * 1000, 1) if lat else None,
        "rss_per_student_mb": round(statistics.mean(m[0] for m in mems) / 2**20, 1) if mems else None,
        "rss_max_mb": round(max(m[0] for m in mems) / 2**20, 1) if mems else None,
        "pss_per_student_mb": round(statistics.mean(m[1] for m in mems) / 2**20, 1) if mems else None,
        # the warm parent's share too (its pages are what the apps share)
        "pss_per_student_with_parent_mb": round((sum(m[1] for m in mems) + warm_pss) / len(mems) / 2**20, 1)
        if mems else None,
        "warm_parent": bool(warm),
        "server_rss_mb": round(_mem(server.pid)[0] / 2**20, 1),
        "server_cpu_pct_of_one_core": round(100 * cpu_server / wall, 1),
        "apps_cpu_pct_of_one_core": round(100 * cpu_apps / wall, 1),
        "clients_cpu_pct_of_one_core": round(100 * cpu_clients / wall, 1),
        "cores": os.cpu_count(),
    }


async def shutdown(server, students, tmp: Path) -> None:
    """Close the clients, stop the server, remove its files."""
    await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    import shutil
    shutil.rmtree(tmp, ignore_errors=True)


def print_typing(res: dict) -> None:
    print(f"  key-to-screen latency: median {res['latency_median_ms']} ms, p95 {res['latency_p95_ms']} ms, "
          f"max {res['latency_max_ms']} ms over {res['keys_measured']} keys ({res['keys_lost']} lost)"
          f"   [target p95 < 150 ms]")
    print(f"  memory per student: RSS {res['rss_per_student_mb']} MB (max {res['rss_max_mb']}), "
          f"PSS {res['pss_per_student_mb']} MB ({res['pss_per_student_with_parent_mb']} MB with the warm "
          f"parent's share)   [target < 15 MB]; server RSS {res['server_rss_mb']} MB")
    print(f"  CPU while typing (% of one core): server {res['server_cpu_pct_of_one_core']}, "
          f"all apps {res['apps_cpu_pct_of_one_core']}, the simulated clients "
          f"{res['clients_cpu_pct_of_one_core']}")


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_classroom", description=__doc__.split("\n")[0])
    p.add_argument("--students", type=int, default=40)
    p.add_argument("--duration", type=float, default=20.0, help="seconds of key presses")
    p.add_argument("--interval", type=float, default=1.0, help="mean seconds between a student's keys")
    p.add_argument("--batch", type=int, default=4, help="students logging in at once")
    p.add_argument("--json", action="store_true")
    args = p.parse_args([] if argv is None and __name__ != "__main__" else argv)
    res = asyncio.run(run(args.students, args.duration, args.interval, args.batch))
    if args.json:
        print(json.dumps(res))
    else:
        print(f"classroom load: {res['students']} students on loopback, {res['cores']} cores, "
              f"a key every ~{res['key_interval_s']} s each for {res['duration_s']} s")
        print(f"  start-up: all {res['students']} apps up in {res['startup_all_s']} s "
              f"(one app: median {res['startup_one_median_s']} s)")
        print_typing(res)
    return res


if __name__ == "__main__":
    main()
