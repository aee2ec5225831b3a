#!/usr/bin/env python3
"""Times `togglekit explore FILE` from start to its first frame, in a pseudo-terminal.

    python3 Benchmarks/first-frame.py .build/release/togglekit tree.txt [runs] [--until TEXT] [--pipe]

Starts the explorer in a 100x40 pseudo-terminal, waits until the first frame has been written
(the status line's key hints are on screen), then quits it with `q` and prints the median and
min-max of the runs. What a user meets: a fresh process reading the file, parsing it and drawing.
With `--until TEXT`, waits instead until TEXT is on screen (a Python escape string): a row's label
(`root`: the first frame that shows the tree, not an empty "loading…" one), or the status line of
the whole tree (`\x1b[2m0 of 1000000 selected`: no "loading…" before it). With `--pipe`, the
file comes through a pipe (`cat tree.txt | togglekit explore`), as `find /` output would.
"""
import os
import select
import statistics
import sys
import time

from ptyrun import start, stop


def first_frame(binary, path, until=None, pipe=False):
    if pipe:
        pid, fd = start([binary, "explore"], pipe_from=path)
    else:
        pid, fd = start([binary, "explore", path])
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
        if (until in seen) if until else (b"quit" in seen or b"help" in seen):
            elapsed = time.monotonic() - started
            break
    stop(pid, fd, b"q")
    return elapsed


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    arguments = sys.argv[1:]
    until = None
    if "--until" in arguments:
        at = arguments.index("--until")
        if at + 1 >= len(arguments):
            print("error: --until takes the text to wait for", file=sys.stderr)
            return 2
        until = arguments[at + 1].encode().decode("unicode_escape").encode()
        del arguments[at:at + 2]
    pipe = "--pipe" in arguments
    if pipe:
        arguments.remove("--pipe")
    runs = int(arguments[2]) if len(arguments) > 2 else 5
    times = [first_frame(arguments[0], arguments[1], until, pipe) for _ in range(runs)]
    if any(t is None for t in times):
        print("error: no first frame within 60 s", file=sys.stderr)
        return 1
    ms = sorted(t * 1000 for t in times)
    what = f"until {until!r}" if until else "first frame"
    print(f"{what}: median {statistics.median(ms):.0f} ms, {ms[0]:.0f}-{ms[-1]:.0f} ms ({runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
