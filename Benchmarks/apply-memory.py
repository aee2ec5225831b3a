#!/usr/bin/env python3
"""Times `togglekit apply --print states` on the README's 10^6-node path list and reports its peak
resident memory: read from the file, from a pipe, and shuffled.

    swift build -c release --product togglekit
    python3 Benchmarks/apply-memory.py .build/release/togglekit [runs]

Makes the list with make-path-list.py (1,010,100 nodes, 34.7 MB) and a shuffled copy in a
temporary folder, runs each case `runs` times (default 5) and prints a Markdown table: the median
and min–max of the wall time and of the peak resident set (the kernel's `ru_maxrss` of the
togglekit process alone, not of `cat`), and that peak per node. Exits 1 if a run fails.
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

NODES = 1_010_100


def run(binary, path, pipe):
    """One run: (seconds, peak KiB) of togglekit alone."""
    command = [binary, "apply", "--print", "states"]
    started = time.monotonic()
    with open(os.devnull, "wb") as sink:
        if pipe:
            feeder = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
            child = subprocess.Popen(command, stdin=feeder.stdout, stdout=sink)
            feeder.stdout.close()
        else:
            feeder = None
            child = subprocess.Popen(command + [path], stdout=sink)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.monotonic() - started
        if feeder:
            feeder.wait()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"apply-memory: {' '.join(command)} failed (status {status})")
    return elapsed, usage.ru_maxrss


def spread(values, unit, digits):
    """`median (min–max)` of values, in thousands groups."""
    median = statistics.median(values)
    return f"{median:,.{digits}f}{unit} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"


def usage(message):
    """A usage error: the message on standard error, exit 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def main():
    arguments = sys.argv[1:]
    if arguments[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return
    if not 1 <= len(arguments) <= 2:
        usage("usage: apply-memory.py TOGGLEKIT [RUNS]   (--help for more)")
    binary = arguments[0]
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        sys.exit(
            f"apply-memory: {binary!r} is not an executable file "
            "(build it with `swift build -c release --product togglekit`)")
    try:
        runs = int(arguments[1]) if len(arguments) > 1 else 5
    except ValueError:
        runs = 0
    if runs < 1:
        usage(f"apply-memory: RUNS must be a whole number of at least 1, not {arguments[1]!r}")
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as folder:
        listed = os.path.join(folder, "store.paths")
        with open(listed, "wb") as out:
            subprocess.run(
                [sys.executable, os.path.join(here, "make-path-list.py")], stdout=out, check=True)
        with open(listed, "rb") as source:
            lines = source.readlines()
        random.Random(1).shuffle(lines)
        shuffled = os.path.join(folder, "shuffled.paths")
        with open(shuffled, "wb") as out:
            out.writelines(lines)
        cases = [
            ("`apply --print states`, from the file", listed, False),
            ("the same list from a pipe (`cat list \\| togglekit apply`)", listed, True),
            ("the same list shuffled, from the file", shuffled, False),
        ]
        print(f"{runs} run{'s' if runs != 1 else ''} each, {NODES:,} nodes; medians with min–max\n")
        print("| run | time | peak resident | per node |")
        print("|---|---:|---:|---:|")
        for name, path, pipe in cases:
            results = [run(binary, path, pipe) for _ in range(runs)]
            seconds = [elapsed for elapsed, _ in results]
            kib = [peak for _, peak in results]
            per_node = [peak * 1024 / NODES for peak in kib]
            print(
                f"| {name} | {spread(seconds, ' s', 2)} | {spread(kib, ' KiB', 0)} "
                f"| {spread(per_node, ' B', 1)} |")


if __name__ == "__main__":
    main()
