#!/usr/bin/env python3
"""Streams one list of names through a pipe into `togglekit explore` and into fzf, side by side.

    python3 Benchmarks/streaming-vs-fzf.py TOGGLEKIT NAMES [--runs N] [--fzf PROGRAM]

NAMES is a file of paths, one per line, as `find` writes them (`find /usr > names.txt`); they
are handed over NUL-separated (`--read0` for both programs, as `find -print0` would: a name with
a backslash is data). Each run starts both programs in turn (alternating, so that a busy moment
costs both) in a 100x40 pseudo-terminal, the names coming from `cat` through a pipe, and times
from the start:

- first row: a row is on screen (fzf: the first name's path; togglekit: a row's checkbox);
- whole input: everything read and shown (fzf: its info line says N/N; togglekit: the status
  line says "0 of L selected" with no "loading…" before it, L the leaves of the names);
- keystroke: one filter key (`e`) after the whole input, until its result is drawn (fzf: the
  info line's count changes; togglekit, with `--keys fzf`: "hidden by filter" is shown).

It also times `togglekit apply` reading the same names (`--on FIRST --print topmost`, output dropped): the
explorer's read of the whole input is compared with it. Prints a table of medians and min-max.
Without fzf on PATH (or `--fzf`), its column is skipped.
"""
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import time

from ptyrun import start, stop

KEY = b"e"


def leaves(path):
    """The names no other name is inside (a tree's leaves)."""
    with open(path, "rb") as file:
        names = [line.rstrip(b"\n") for line in file if line.strip()]
    folders = set()
    for name in names:
        cut = name.rfind(b"/")
        if cut > 0:
            folders.add(name[:cut])
    return names, sum(1 for name in names if name not in folders)


def watch(fd, started, seen, done, limit=120):
    """Reads the terminal until `done(seen)`: the time since `started`, or None."""
    while time.monotonic() - started < limit:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if ready:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                return None, seen
            seen += chunk
        if done(seen):
            return time.monotonic() - started, seen
    return None, seen


def measure(argv, names, first, whole, filtered):
    """One run: (first row, whole input, keystroke) in seconds."""
    pid, fd = start(argv, pipe_from=names)
    started = time.monotonic()
    seen = b""
    at_first, seen = watch(fd, started, seen, lambda s: first in s)
    at_whole, seen = watch(fd, started, seen, whole)
    key = None
    if at_whole is not None:
        # Let the frame after the whole input settle, then time one filter key.
        settle = time.monotonic()
        _, seen = watch(fd, settle, seen, lambda s: False, limit=0.3)
        mark = len(seen)
        pressed = time.monotonic()
        os.write(fd, KEY)
        key, _ = watch(fd, pressed, seen, lambda s: filtered(s[mark:]), limit=30)
    stop(pid, fd, b"\x1b")
    return at_first, at_whole, key


def apply_read(binary, names, first):
    """Seconds `togglekit apply` takes to read and lay out the names (output dropped)."""
    with open(names, "rb") as source:
        started = time.monotonic()
        subprocess.run(
            [binary, "apply", "--read0", "--on", first, "--print", "topmost"], stdin=source,
            stdout=subprocess.DEVNULL, check=True)
    return time.monotonic() - started


def figure(values, unit=1000):
    if not values or any(v is None for v in values):
        return "—"
    ms = sorted(v * unit for v in values)
    return f"{statistics.median(ms):.0f} ms ({ms[0]:.0f}–{ms[-1]:.0f})"


def main():
    arguments = sys.argv[1:]
    runs, fzf = 5, shutil.which("fzf")
    if "--runs" in arguments:
        at = arguments.index("--runs")
        runs = int(arguments[at + 1])
        del arguments[at:at + 2]
    if "--fzf" in arguments:
        at = arguments.index("--fzf")
        fzf = arguments[at + 1]
        del arguments[at:at + 2]
    if fzf and not shutil.which(fzf):
        print(f"no fzf at {fzf}: its column is skipped", file=sys.stderr)
        fzf = None
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary, listing = arguments
    listed, leaf_count = leaves(listing)
    names = f"/tmp/streaming-vs-fzf-{os.getpid()}.names0"
    with open(names, "wb") as file:
        file.write(b"".join(name + b"\0" for name in listed))
    try:
        return compare(binary, names, listed, leaf_count, runs, fzf)
    finally:
        os.unlink(names)


def compare(binary, names, listed, leaf_count, runs, fzf):
    count = len(listed)
    first_name = listed[0]
    final = re.compile(rb"(?<!\xc2\xb7 )(?<![0-9])0 of %d selected" % leaf_count)
    togglekit = (
        [binary, "explore", "--read0", "--keys", "fzf"], b"[ ] ",
        lambda s: final.search(s) is not None, lambda s: b"hidden by filter" in s)
    info = re.compile(rb"(\d+)/%d\b" % count)
    peer = (
        [fzf, "-m", "--read0"], first_name, lambda s: b"%d/%d" % (count, count) in s,
        lambda s: any(int(m.group(1)) != count for m in info.finditer(s)))
    results = {"togglekit": [], "fzf": []}
    for _ in range(runs):
        results["togglekit"].append(measure(togglekit[0], names, *togglekit[1:]))
        if fzf:
            results["fzf"].append(measure(peer[0], names, *peer[1:]))
    reads = [apply_read(binary, names, os.fsdecode(first_name)) for _ in range(runs)]
    print(f"{count:,} names ({leaf_count:,} leaves) through a pipe, {runs} runs, median (min–max)")
    print()
    print("| | togglekit explore | fzf | ratio (medians) |")
    print("|---|---:|---:|---:|")
    for column, what in enumerate(["first row", "whole input shown", "one filter key"]):
        ours = [r[column] for r in results["togglekit"]]
        theirs = [r[column] for r in results["fzf"]]
        ratio = "—"
        if theirs and None not in ours and None not in theirs:
            ratio = f"{statistics.median(ours) / statistics.median(theirs):.2f}×"
        print(f"| {what} | {figure(ours)} | {figure(theirs) if fzf else 'no fzf'} | {ratio} |")
    wholes = [r[1] for r in results["togglekit"]]
    print()
    print(f"`togglekit apply` reading the same names: {figure(reads)}", end="")
    if None not in wholes:
        print(f"; the explorer's whole input is {statistics.median(wholes) / statistics.median(reads):.2f}× it")
    else:
        print()
    return 0 if all(None not in r for r in results["togglekit"]) else 1


if __name__ == "__main__":
    sys.exit(main())
