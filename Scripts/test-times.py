#!/usr/bin/env python3
"""Where a test run's time went: the slowest suites of a run, and the budgets.

    Scripts/test-times.py suites NAME XUNIT... [--top 10]
    Scripts/test-times.py budget --fast SECONDS --total SECONDS

`suites` reads the xUnit files of serial runs, one run's files together (`swift test --no-parallel
--xunit-output F` writes F's name with `-swift-testing` before the extension; Scripts/run-suites.py
writes the name it is given) and prints
the `--top` suites that took longest, each with its time, its share of the run and its number of
tests: a suite's time is the sum of its tests' times, which in a serial run is what the suite
costs. (In a parallel run every test's time counts from when the run started it, which is nearly
at once for all of them, so those times say nothing of what a test costs; run serially to find
where the time goes.)

`budget` prints the line that compares the fast tier's test time and the whole CI run with their
budgets (docs/testing.md: 180 s and 25 minutes). Over a budget it says so with a warning on
standard error; it never fails: a budget is kept by the next change, not by a timed test. A fast
tier time that could not be read (a negative `--fast`) is said to be unknown, with a warning: no
figure is never "within".
"""
import argparse
import collections
import sys
import xml.etree.ElementTree as ElementTree

FAST_BUDGET = 180
TOTAL_BUDGET = 25 * 60


def suite_of(classname):
    """`Module.Suite` (or `Module.Outer/Inner`) as `Module.Suite`: the suite a test is in."""
    return classname.split("/")[0]


def suites(name, paths, top):
    times = collections.Counter()
    counts = collections.Counter()
    for path in paths:
        try:
            root = ElementTree.parse(path).getroot()
        except (OSError, ElementTree.ParseError) as error:
            raise SystemExit(f"test-times.py: cannot read {path}: {error}")
        for case in root.iter("testcase"):
            suite = suite_of(case.get("classname", "?"))
            times[suite] += float(case.get("time") or 0)
            counts[suite] += 1
    if not times:
        raise SystemExit(f"test-times.py: {' '.join(paths)} hold no test case")
    total = sum(times.values())
    print(f"\n{name}: the {min(top, len(times))} slowest of {len(times)} suites "
          f"({sum(counts.values())} tests, {total:.1f} s in all, run serially)\n")
    print("| suite | tests | time | share |\n|---|---:|---:|---:|")
    for suite, seconds in times.most_common(top):
        print(f"| {suite} | {counts[suite]} | {seconds:.1f} s | {100 * seconds / total:.0f}% |")


def minutes(seconds):
    return f"{int(seconds) // 60}m {int(seconds) % 60:02d}s"


def budget(fast, total):
    if fast < 0:
        print("warning: the fast tier's test time could not be read from its log", file=sys.stderr)
    fast_ok = 0 <= fast <= FAST_BUDGET
    total_ok = total <= TOTAL_BUDGET
    shown = f"{fast:.0f} s" if fast >= 0 else "unknown"
    verdict = "within" if fast_ok else "OVER" if fast >= 0 else "UNKNOWN"
    line = (f"budgets: fast tier {shown} of {FAST_BUDGET} s ({verdict}); "
            f"CI {minutes(total)} of {minutes(TOTAL_BUDGET)} "
            f"({'within' if total_ok else 'OVER'})")
    print(line)
    if (fast >= 0 and not fast_ok) or not total_ok:
        print("warning: over budget (docs/testing.md, \"Budgets\"): find the suites above and "
              "shrink their fast-tier sizes, or a step that repeats another's work",
              file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    table = commands.add_parser("suites", help="the slowest suites of a serial run's xUnit file")
    table.add_argument("name", help="what the run was (a heading)")
    table.add_argument("xunit", nargs="+", help="the xUnit files")
    table.add_argument("--top", type=int, default=10)
    line = commands.add_parser("budget", help="the fast tier and the total against the budgets")
    line.add_argument("--fast", type=float, required=True, help="the fast tier's test time, s")
    line.add_argument("--total", type=float, required=True, help="the whole run's time, s")
    arguments = parser.parse_args()
    if arguments.command == "suites":
        suites(arguments.name, arguments.xunit, arguments.top)
    else:
        budget(arguments.fast, arguments.total)


if __name__ == "__main__":
    main()
