"""A class of a hundred, started in seconds (issue 28): N students, half over
SSH and half in a browser, all logging in with their password at once.

    python -m benchmarks.bench_class100 [--students 100] [--arrive 50] [--duration 30] [--interval 1.0]
                                        [--settle 120] [--no-warm-parent] [--no-page-merging] [--json]

The server runs as its own process (`sudoku-tutor serve --web 0`, the real
app per student, forked from the warm parent unless --no-warm-parent).  The
students are clients in this process: SSH ones offer a key of their own
first (as OpenSSH does) and then their password; web ones post the login
form and open the terminal's websocket.  Measured, each phase with this
machine's load average beside it:

1. first logins, each student arriving at a random moment within
   `--arrive` seconds (0: all at once): when the last login is accepted
   (the SSH authentication done, the form answered), and the time from
   each login to the grid on the student's screen;
2. keys: every student presses an arrow key about every `interval` s; the
   time until the status line shows the new cell (median, p95);
3. memory: PSS of the apps, with and without the warm parent's share, at
   the end of the typing and then while the class sits idle for `--settle`
   seconds (where the host runs KSM, the kernel merges the apps' identical
   pages meanwhile: tutor/classroom/page_merging.py), with the host's KSM
   settings and the CPU time its merging thread took; then everyone types
   again as in 2 (keys and PSS once more, the merged pages now in use);
4. returning: everyone leaves and logs in again the same way (the SSH keys
   and the browsers are remembered now: no password is checked in full);
5. kill -9 of the server: processes of the class left after 10 s.

Targets: everyone in within a minute, the grid within 3 s of the login
(p95), keys p95 under 100 ms, PSS under 15 MB a student, no process left.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .bench_classroom import ROOT, Student, _mem, _pct, _processes, app_processes, port_in_log, typing_phase
from .bench_web import GRID, PASSWORD, WebStudent, _roster


def _load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


class SshStudent(Student):
    """An OpenSSH-like student: a key of its own offered first, then the password."""

    def __init__(self, name: str, port: int):
        import asyncssh
        super().__init__(name, port, asyncssh.generate_private_key("ssh-ed25519"))
        self.login_s = self.first_screen_s = None

    async def start(self) -> None:
        import asyncssh
        self.buf.clear()
        t = time.monotonic()
        self.conn = await asyncssh.connect("127.0.0.1", self.port, username=self.name, password=PASSWORD,
                                           client_keys=[self.key], known_hosts=None, agent_path=None,
                                           login_timeout=600)
        self.login_s = time.monotonic() - t
        self.proc = await self.conn.create_process(term_type="xterm-256color", term_size=(120, 40),
                                                   encoding=None)
        if not await self._read_until(GRID, 0, 180):
            raise RuntimeError(f"{self.name}: the app did not come up")
        self.first_screen_s = time.monotonic() - t


async def _join(students, arrive: float) -> dict:
    """Everyone logs in, each at a random moment within `arrive` seconds (0:
    all at once): when the last login was accepted, counted from the first
    arrival, and how long each grid took after its login."""
    t0 = time.monotonic()
    rng = random.Random(28)

    async def arrive_and_start(s):
        await asyncio.sleep(rng.uniform(0, arrive))
        await s.start()
        s.logged_in_at = time.monotonic() - t0 - (s.first_screen_s - s.login_s)

    results = await asyncio.gather(*(arrive_and_start(s) for s in students), return_exceptions=True)
    failed = [f"{s.name}: {r}" for s, r in zip(students, results) if isinstance(r, BaseException)]
    ok = [s for s, r in zip(students, results) if not isinstance(r, BaseException)]
    after = [s.first_screen_s - s.login_s for s in ok]
    return {"load_before": None, "failed": failed[:5], "failed_count": len(failed),
            "arrivals_over_s": arrive,
            "all_logged_in_s": round(max(s.logged_in_at for s in ok), 1) if ok else None,
            "logins_median_s": round(statistics.median(s.login_s for s in ok), 1) if ok else None,
            "grid_after_login_median_s": round(statistics.median(after), 2) if after else None,
            "grid_after_login_p95_s": round(_pct(after, 0.95), 2) if after else None,
            "grid_after_login_max_s": round(max(after), 2) if after else None,
            "everyone_on_screen_s": round(time.monotonic() - t0, 1)}


async def _leave(students) -> None:
    await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
    for s in students:
        if isinstance(s, WebStudent):
            s.http = s.ws = None
            s.buf.clear()


def _orphans_after_kill(server) -> dict:
    """kill -9 of the server: how many of its processes are left after 10 s."""
    apps, warm = app_processes(server.pid)
    mine = set(apps) | set(warm)
    server.send_signal(signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 10
    left = mine
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        procs = _processes()
        left = {p for p in mine if p in procs}
    return {"processes_before_kill": len(mine), "left_after_10_s": len(left)}


KSM = Path("/sys/kernel/mm/ksm")


def _ksm() -> dict:
    """The host's samepage merging: its settings and counters now."""
    out = {}
    for name in ("run", "pages_to_scan", "sleep_millisecs", "pages_sharing", "full_scans"):
        try:
            out[name] = int((KSM / name).read_text())
        except (OSError, ValueError):
            pass
    return out


def _ksmd_cpu_s() -> float:
    """CPU seconds the kernel's merging thread has used (0 where there is none)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)
            if fields[0].endswith("(ksmd"):
                rest = fields[1].split()
                return (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue
    return 0.0


async def settle_phase(server, seconds: float) -> dict:
    """The class sits idle: PSS a student every 10 s, and what merging cost."""
    apps, _ = app_processes(server.pid)
    cpu0, t0, samples, cpu = _ksmd_cpu_s(), time.monotonic(), [], []
    while time.monotonic() - t0 < seconds:
        await asyncio.sleep(min(10.0, seconds))
        mems = [_mem(p)[1] for p in apps]
        mems = [m for m in mems if m]
        samples.append(round(statistics.mean(mems) / 2**20, 1) if mems else None)
        cpu.append((time.monotonic(), _ksmd_cpu_s()))
    wall = time.monotonic() - t0
    last = [c for c in cpu if c[0] >= cpu[-1][0] - 60.5]          # the last minute's samples
    return {"seconds": round(wall), "pss_per_student_mb_every_10_s": samples,
            "pss_per_student_mb": samples[-1] if samples else None,
            "ksmd_cpu_pct_of_one_core": round(100 * (_ksmd_cpu_s() - cpu0) / wall, 1),
            "ksmd_cpu_pct_last_minute": round(100 * (last[-1][1] - last[0][1]) / max(last[-1][0] - last[0][0], 1), 1),
            "ksm": _ksm()}


async def run(n: int, duration: float, interval: float, warm: bool, arrive: float,
              settle: float = 120.0, merging: bool = True) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-class100-"))
    names = [f"s{k:03d}" for k in range(n)]
    _roster(tmp / "roster.toml", names)
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(tmp / "home"), PYTHONPATH=str(ROOT))
    log = tmp / "server.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--web", "0", "--roster",
         str(tmp / "roster.toml"), "--db", str(tmp / "progress.db"), "--max-sessions", str(n + 10),
         "--max-pending-logins", str(2 * n), "--log", str(log)] + ([] if warm else ["--no-warm-parent"])
        + ([] if merging else ["--no-page-merging"]),
        env=env, cwd=str(ROOT))
    students = []
    res = {"students": n, "cores": os.cpu_count(), "warm_parent": warm, "page_merging": merging,
           "ksm_before": _ksm()}
    try:
        ssh_port = await port_in_log(log, r"listening on 127\.0\.0\.1:(\d+)")
        web_port = await port_in_log(log, r"in browsers at http://127\.0\.0\.1:(\d+)/")
        if warm:
            await port_in_log(log, r"warm parent ready: pid (\d+)")
        students = [SshStudent(name, ssh_port) if k % 2 == 0 else WebStudent(name, f"http://127.0.0.1:{web_port}")
                    for k, name in enumerate(names)]
        load = _load()
        res["first"] = await _join(students, arrive)
        res["first"]["load_before"] = load
        res["typing"] = await typing_phase(server, [s for s in students if s.first_screen_s], duration, interval)
        res["typing"]["load_after"] = _load()
        if settle > 0:
            res["settled"] = await settle_phase(server, settle)
            # and typing again: merged pages written again are copied again
            res["typing_settled"] = await typing_phase(server, [s for s in students if s.first_screen_s],
                                                       duration, interval)
        await _leave(students)
        await asyncio.sleep(3.0)
        load = _load()
        res["returning"] = await _join(students, arrive)
        res["returning"]["load_before"] = load
        res["returning"]["remembered"] = sum(1 for line in log.read_text().splitlines()
                                             if "by remembered key" in line or "a remembered browser" in line)
        res["kill_9"] = _orphans_after_kill(server)
        return res
    finally:
        await _leave(students)
        if server.poll() is None:
            server.kill()
            server.wait()
        if os.environ.get("BENCH_KEEP"):
            print(f"kept {tmp}", file=sys.stderr)
        else:
            import shutil
            shutil.rmtree(tmp, ignore_errors=True)


def report(res: dict) -> None:
    print(f"a class of {res['students']} (half SSH, half web) on loopback, {res['cores']} cores, "
          f"warm parent {'on' if res['warm_parent'] else 'off'}")
    for phase in ("first", "returning"):
        r = res[phase]
        when = "all at once" if not r["arrivals_over_s"] else f"arriving over {r['arrivals_over_s']:.0f} s"
        print(f"  {phase} logins, {when} (load {r['load_before']}): all logged in after "
              f"{r['all_logged_in_s']} s (a login took {r['logins_median_s']} s, median), grid after login median "
              f"{r['grid_after_login_median_s']} s, p95 {r['grid_after_login_p95_s']} s, max "
              f"{r['grid_after_login_max_s']} s; everyone on screen after {r['everyone_on_screen_s']} s"
              f"{'; FAILED ' + str(r['failed_count']) + ': ' + '; '.join(r['failed']) if r['failed'] else ''}"
              f"{'; ' + str(r['remembered']) + ' let in as remembered' if 'remembered' in r else ''}")
    t = res["typing"]
    print(f"  keys (load after {t['load_after']}): median {t['latency_median_ms']} ms, p95 "
          f"{t['latency_p95_ms']} ms, max {t['latency_max_ms']} ms over {t['keys_measured']} keys "
          f"({t['keys_lost']} lost)")
    print(f"  memory: {t['apps_running']} apps, PSS {t['pss_per_student_mb']} MB a student "
          f"({t['pss_per_student_with_parent_mb']} MB with the warm parent's share), RSS "
          f"{t['rss_per_student_mb']} MB; CPU while typing (% of one core): apps "
          f"{t['apps_cpu_pct_of_one_core']}, server {t['server_cpu_pct_of_one_core']}, clients "
          f"{t['clients_cpu_pct_of_one_core']}")
    if "settled" in res:
        st, ksm = res["settled"], res["settled"]["ksm"]
        host = ("the host runs KSM" if ksm.get("run") == 1 else "the host does not run KSM") + (
            f" ({ksm['pages_to_scan']} pages every {ksm['sleep_millisecs']} ms)" if "pages_to_scan" in ksm else "")
        print(f"  memory after {st['seconds']} s idle ({host}; page merging "
              f"{'on' if res['page_merging'] else 'off'}): PSS {st['pss_per_student_mb']} MB a student "
              f"(every 10 s: {', '.join(str(x) for x in st['pss_per_student_mb_every_10_s'])}); "
              f"the kernel's merging thread took {st['ksmd_cpu_pct_of_one_core']}% of one core "
              f"({st['ksmd_cpu_pct_last_minute']}% in the last minute)")
        t = res["typing_settled"]
        print(f"  typing again: keys median {t['latency_median_ms']} ms, p95 {t['latency_p95_ms']} ms, "
              f"max {t['latency_max_ms']} ms ({t['keys_lost']} lost); PSS {t['pss_per_student_mb']} MB "
              f"a student at the end")
    k = res["kill_9"]
    print(f"  kill -9 of the server: {k['processes_before_kill']} processes, {k['left_after_10_s']} left "
          f"after 10 s")


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_class100", description=__doc__.split("\n")[0])
    p.add_argument("--students", type=int, default=100)
    p.add_argument("--duration", type=float, default=30.0, help="seconds of key presses")
    p.add_argument("--interval", type=float, default=1.0, help="mean seconds between a student's keys")
    p.add_argument("--arrive", type=float, default=50.0,
                   help="students arrive at random moments within this many seconds (0: all at once)")
    p.add_argument("--settle", type=float, default=120.0,
                   help="seconds the class then sits idle, PSS measured every 10 s (0: skip)")
    p.add_argument("--no-warm-parent", action="store_true", help="start each app afresh (to compare)")
    p.add_argument("--no-page-merging", action="store_true",
                   help="serve with --no-page-merging (to compare)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args([] if argv is None and __name__ != "__main__" else argv)
    res = asyncio.run(run(args.students, args.duration, args.interval, not args.no_warm_parent, args.arrive,
                          args.settle, not args.no_page_merging))
    print(json.dumps(res) if args.json else "", end="\n" if args.json else "")
    if not args.json:
        report(res)
    return res


if __name__ == "__main__":
    main()
