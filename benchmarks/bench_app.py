"""The app in a real pseudo-terminal: start-up time, key-to-screen latency and
bytes written to the terminal per cursor move.

The app runs as `python -m tutor.cli PUZZLE` in a PTY (80x24 and 200x60,
TERM=xterm-256color, COLORTERM=truecolor, a throw-away SUDOKU_TUTOR_HOME).
We write a key to the PTY and read until the app has been quiet for
QUIET seconds; the bytes read are what one move costs, and the time from the
key to the last byte of that frame is the key-to-screen latency.

* start to first frame: process start (interpreter, imports, layout) until
  the grid's bottom border has arrived;
* move latency and bytes: 60 cursor moves round the board (the cursor row,
  column and box are shaded, so a move changes up to 30 cells);
* for comparison, the same moves with SUDOKU_TUTOR_BENCH_FULL_REPAINT=1,
  which makes the grid repaint itself whole on every change, and with
  SUDOKU_TUTOR_RAW_OUTPUT=1, which writes Textual's frames as they come
  (without the output filter of tutor/app/terminal.py);
* in-process CPU per move: handling the key and composing the frame, timed
  without the PTY (wall-clock figures above depend on the machine's load);
* bytes per mouse click that jumps the cursor across the board (r9c9, r1c1,
  ...: the old and the new row, column and box all change, the worst case);
* resident memory (VmRSS) of the app process: at the first frame, after
  3 s idle (the rating done), and after 150 and 300 cursor moves (the
  steady state: one such process runs per SSH student, issue 8).

Targets (issue 5): first frame < 0.5 s, key to repaint < 16 ms, < 5 KB per move;
(issue 8) < 50 MB per student.
Run with `python -m benchmarks.bench_app` from the checkout
(`--memory` runs the memory part only).
"""
from __future__ import annotations

import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

PUZZLE = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"
QUIET = 0.06
MOVES = ["\x1b[C"] * 4 + ["\x1b[B"] * 3 + ["\x1b[D"] * 5 + ["\x1b[A"] * 2   # right, down, left, up


class PtyApp:
    def __init__(self, cols: int, rows: int, env_extra: dict | None = None):
        self.home = tempfile.TemporaryDirectory()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor",
                   SUDOKU_TUTOR_HOME=self.home.name, LINES=str(rows), COLUMNS=str(cols))
        env.pop("NO_COLOR", None)
        env.update(env_extra or {})
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", PUZZLE],
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        self.fd = master
        self.buffer = bytearray()

    def read_until(self, marker: bytes, timeout: float = 20.0) -> float:
        """Seconds from start until `marker` has arrived."""
        end = time.perf_counter() + timeout
        while marker not in self.buffer:
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} within {timeout} s")
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                self.buffer += os.read(self.fd, 65536)
        return time.perf_counter() - self.t0

    def drain(self, quiet: float = QUIET, limit: float = 5.0) -> tuple[int, float | None]:
        """Read until nothing arrives for `quiet` s: (bytes, time of the last chunk)."""
        n, last = 0, None
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            r, _, _ = select.select([self.fd], [], [], quiet)
            if not r:
                break
            data = os.read(self.fd, 65536)
            if not data:
                break
            n += len(data)
            last = time.perf_counter()
        return n, last

    def key(self, seq: str) -> tuple[int, float]:
        """Send a key; wait (up to 5 s) for the app to answer, then until it is
        quiet: (bytes of the answer, seconds from the key to its last byte)."""
        t = time.perf_counter()
        os.write(self.fd, seq.encode())
        r, _, _ = select.select([self.fd], [], [], 5.0)
        if not r:
            return 0, float("nan")
        first = os.read(self.fd, 65536)
        last = time.perf_counter()
        n, later = self.drain()
        return len(first) + n, ((later or last) - t)

    def close(self) -> None:
        try:
            os.write(self.fd, b"\x11")     # ctrl+q
            self.proc.wait(timeout=3)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)
        self.home.cleanup()


def run(cols: int, rows: int, full: bool = False, raw: bool = False) -> dict:
    env = {}
    if full:
        env["SUDOKU_TUTOR_BENCH_FULL_REPAINT"] = "1"
    if raw:
        env["SUDOKU_TUTOR_RAW_OUTPUT"] = "1"
    app = PtyApp(cols, rows, env)
    try:
        first = app.read_until("┗".encode())
        app.drain(quiet=0.5)          # the rating and anything else settling
        sizes, lat = [], []
        for _ in range(60 // len(MOVES) + 1):
            for seq in MOVES:
                n, dt = app.key(seq)
                sizes.append(n)
                lat.append(dt * 1000)
        return {"first": first, "sizes": sizes, "lat": lat}
    finally:
        app.close()


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def report(label: str, res: dict) -> None:
    s, lat = res["sizes"], [x for x in res["lat"] if x == x]
    print(f"{label:<24} first frame {res['first'] * 1000:6.0f} ms | bytes/move median "
          f"{statistics.median(s) / 1024:5.2f} KB, max {max(s) / 1024:5.2f} KB | key->screen "
          f"median {statistics.median(lat):5.1f} ms, p95 {pct(lat, 95):5.1f} ms")


def cpu_per_move(size=(80, 24), moves: int = 120) -> list[float]:
    """In-process: milliseconds to handle a cursor move and compose the frame
    Textual would send, through the output filter (the CPU part of
    key-to-screen, free of PTY timing)."""
    import asyncio
    from tutor.app import make_app
    from tutor.app.terminal import compress_frame

    async def go():
        app = make_app(PUZZLE, store_path=":memory:", user="bench")
        out = []
        async with app.run_test(size=size) as pilot:
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause()
            grid = app.play.grid
            status = app.play.query_one("#status")
            comp = app.screen._compositor
            for k in range(moves):
                t = time.perf_counter()
                grid.action_move(0, 1) if k % 9 else grid.action_move(1, 0)
                comp.update_widgets(set(grid.columns) | {status})
                update = comp.render_update(full=False)
                if update is not None:
                    compress_frame(update.render_segments(app.console))
                out.append((time.perf_counter() - t) * 1000)
        return out

    return asyncio.run(go())


def click_jumps(cols: int, rows: int, clicks: int = 18) -> list[int]:
    """Bytes sent per click on a far cell (press and release, SGR mouse)."""
    from tutor.app.widgets.grid import choose_layout
    lay = choose_layout(cols, rows - 2)
    targets = [(8, 8), (0, 0), (4, 4), (8, 0), (0, 8), (2, 5)]
    app = PtyApp(cols, rows)
    try:
        app.read_until("┗".encode())
        app.drain(quiet=0.5)
        sizes = []
        for k in range(clicks):
            r, c = targets[k % len(targets)]
            x = lay.col_x(c) + lay.cw // 2 + 1             # 1-based; the grid starts at x 0
            y = lay.row_y(r) + 1 + 1                       # below the header
            n, _ = app.key(f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m")
            sizes.append(n)
        return sizes[1:]            # the first click also moves the pointer in
    finally:
        app.close()


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def memory(cols: int = 120, rows: int = 40) -> dict:
    """VmRSS (MB) of the app: first frame, idle, after 150 and 300 moves."""
    app = PtyApp(cols, rows)
    try:
        out = {"first frame": (app.read_until("┗".encode()), rss_mb(app.proc.pid))}
        app.drain(quiet=3.0, limit=8)
        out["3 s idle"] = rss_mb(app.proc.pid)
        n = 0
        for target in (150, 300):
            while n < target:
                app.key(MOVES[n % len(MOVES)])
                n += 1
            out[f"{target} moves"] = rss_mb(app.proc.pid)
        return out
    finally:
        app.close()


def memory_report(runs: int = 2) -> None:
    for _ in range(runs):
        m = memory()
        t, first = m.pop("first frame")
        print(f"120x40 resident memory (VmRSS): first frame {first:.1f} MB (at {t * 1000:.0f} ms) | "
              + " | ".join(f"{k} {v:.1f} MB" for k, v in m.items()) + "   [target < 50 MB]")


def main() -> None:
    print(__doc__.strip().splitlines()[0])
    if "--memory" in sys.argv[1:]:
        memory_report()
        return
    starts = []
    for size in ((80, 24), (200, 60)):
        res = run(*size)
        starts.append(res["first"])
        report(f"{size[0]}x{size[1]} partial", res)
        report(f"{size[0]}x{size[1]} partial, raw", run(*size, raw=True))
        full = run(*size, full=True)
        report(f"{size[0]}x{size[1]} whole-grid", full)
    for size in ((80, 24), (200, 60)):
        s = click_jumps(*size)
        print(f"{size[0]}x{size[1]} click jumping across the board: bytes median "
              f"{statistics.median(s) / 1024:5.2f} KB, max {max(s) / 1024:5.2f} KB")
    for size in ((80, 24), (200, 60)):
        ms = cpu_per_move(size)
        print(f"{size[0]}x{size[1]} in-process CPU per move (handle key + compose frame): "
              f"median {statistics.median(ms):.1f} ms, p95 {pct(ms, 95):.1f} ms")
    extra = [run(80, 24)["first"] for _ in range(3)]
    print(f"start to first frame over {len(extra) + 2} runs: median "
          f"{statistics.median(starts + extra) * 1000:.0f} ms, best {min(starts + extra) * 1000:.0f} ms")
    memory_report()


if __name__ == "__main__":
    main()
