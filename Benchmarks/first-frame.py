#!/usr/bin/env python3
"""Times `togglekit explore FILE` from start to its first frame, in a pseudo-terminal.

    python3 Benchmarks/first-frame.py .build/release/togglekit tree.txt [runs]

Starts the explorer in a 100x40 pseudo-terminal, waits until the first frame has been written
(the status line's key hints are on screen), then quits it with `q` and prints the median and
min-max of the runs. What a user meets: a fresh process reading the file, parsing it and drawing.
"""
import os
import pty
import select
import statistics
import struct
import sys
import termios
import fcntl
import time


def first_frame(binary, path):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary, "explore", path])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    started = time.monotonic()
    seen = b""
    elapsed = None
    while time.monotonic() - started < 60:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        seen += chunk
        if b"quit" in seen or b"help" in seen:
            elapsed = time.monotonic() - started
            break
    os.write(fd, b"q")
    time.sleep(0.2)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    times = [first_frame(sys.argv[1], sys.argv[2]) for _ in range(runs)]
    if any(t is None for t in times):
        print("error: no first frame within 60 s", file=sys.stderr)
        return 1
    ms = sorted(t * 1000 for t in times)
    print(f"first frame: median {statistics.median(ms):.0f} ms, {ms[0]:.0f}-{ms[-1]:.0f} ms ({runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
