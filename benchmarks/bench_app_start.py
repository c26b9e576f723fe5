"""What one student's app costs to start, forked from the warm parent or
exec'd afresh (issue 28).

    python -m benchmarks.bench_app_start [--students 6] [--json]

A classroom server runs in this process, once with the warm parent and once
without; students log in one after another (a key each, so no password
check), and for each app: the CPU time it used until the grid was on the
student's screen, the wall time from the session's start to then, and its
memory a few seconds later (RSS, PSS, and the private pages it wrote).
CPU time hardly depends on what else runs on the machine; wall time does.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import statistics
import tempfile
import time
from pathlib import Path

from .bench_classroom import _ANSI, _cpu_seconds, _mem
from .bench_web import GRID


def _private_dirty(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Private_Dirty:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


async def _starts(n: int, warm: bool) -> dict:
    import asyncssh
    from tutor.classroom.roster import Roster
    from tutor.classroom.server import Classroom, ServerConfig
    tmp = Path(tempfile.mkdtemp(prefix="bench-app-start-"))
    os.environ["SUDOKU_TUTOR_HOME"] = str(tmp / "home")
    key = asyncssh.generate_private_key("ssh-ed25519")
    roster = Roster(class_name="bench")
    names = [f"s{k}" for k in range(n)]
    for name in names:
        roster.set_account(name, keys=[key.export_public_key().decode().strip()])
    roster.save(tmp / "roster.toml")
    room = await Classroom(ServerConfig(host="127.0.0.1", port=0, roster_path=tmp / "roster.toml",
                                        db_url=str(tmp / "progress.db"), warm_parent=warm)).start()
    rows, conns = [], []
    try:
        if warm:
            while not room.warm.alive:
                await asyncio.sleep(0.1)
        for name in names:
            conn = await asyncssh.connect("127.0.0.1", room.port, username=name, client_keys=[key],
                                          known_hosts=None, agent_path=None)
            conns.append(conn)
            t = time.monotonic()
            proc = await conn.create_process(term_type="xterm-256color", term_size=(120, 40), encoding=None)
            seen = b""
            while GRID not in _ANSI.sub(b"", seen):
                seen += await proc.stdout.read(65536)
            wall = time.monotonic() - t
            pid = next(s.proc.pid for s in room.sessions if s.user == name and s.proc)
            rows.append({"cpu_s": _cpu_seconds(pid), "wall_s": wall, "pid": pid})
        await asyncio.sleep(4.0)                        # start-up work (the rating) settles
        for row in rows:
            rss, pss = _mem(row["pid"])
            row.update(rss=rss, pss=pss, private=_private_dirty(row["pid"]))
        parent = _mem(room.warm.pid)[1] if warm else 0
    finally:
        for conn in conns:
            conn.close()
        await room.stop()
    mb = 2 ** 20
    return {"warm_parent": warm, "students": n, "load": open("/proc/loadavg").read().split()[0],
            "cpu_to_grid_median_s": round(statistics.median(r["cpu_s"] for r in rows), 2),
            "wall_to_grid_median_s": round(statistics.median(r["wall_s"] for r in rows), 2),
            "rss_mb": round(statistics.mean(r["rss"] for r in rows) / mb, 1),
            "pss_mb": round(statistics.mean(r["pss"] for r in rows) / mb, 1),
            "private_written_mb": round(statistics.mean(r["private"] for r in rows) / mb, 1),
            "warm_parent_pss_mb": round(parent / mb, 1)}


def main(argv=None) -> list[dict]:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_app_start", description=__doc__.split("\n")[0])
    p.add_argument("--students", type=int, default=6)
    p.add_argument("--json", action="store_true")
    args = p.parse_args([] if argv is None and __name__ != "__main__" else argv)
    logging.getLogger("tutor.classroom").setLevel(logging.WARNING)
    out = [asyncio.run(_starts(args.students, warm)) for warm in (False, True)]
    for r in out:
        if args.json:
            print(json.dumps(r))
        else:
            print(f"{'forked warm' if r['warm_parent'] else 'exec afresh'} ({r['students']} apps, load "
                  f"{r['load']}): CPU to the grid {r['cpu_to_grid_median_s']} s, wall "
                  f"{r['wall_to_grid_median_s']} s; RSS {r['rss_mb']} MB, PSS {r['pss_mb']} MB, written "
                  f"(private) {r['private_written_mb']} MB"
                  + (f"; warm parent PSS {r['warm_parent_pss_mb']} MB" if r["warm_parent"] else ""))
    return out


if __name__ == "__main__":
    main()
