#!/usr/bin/env python3
"""Runs a built test bundle suite by suite, each serially, N suites at a time.

    Scripts/run-suites.py BUNDLE XUNIT [--jobs 2] [--skip REGEX] [--order XUNIT]...
                                          [--env REGEX NAME=VALUE]... [--waiting REGEX]

Swift Testing runs a bundle's tests in parallel in one process, and then every test's time counts
from the start of the run: nothing says what a suite costs. This runs each top-level suite of
BUNDLE (a `.xctest` from `swift build --build-tests`) in a process of its own with `--no-parallel`,
`--jobs` processes at a time (on two cores the run takes about as long as the parallel one), and
writes one xUnit file, XUNIT, whose times are what each test cost: `Scripts/test-times.py suites`
reads it. The environment passes through (TOGGLEKIT_LONG_TESTS=1 runs the long tier). Suites that
`--skip` matches are left out. `--order` takes an earlier run's xUnit file and starts the suites
that took longest there first, so that no long suite starts last; without it, suites start in
name order. `--waiting` names suites that spend their time waiting on other programs and
terminals (the end-to-end suites): they run in a queue of their own, `--jobs` at a time beside the
others, whose computation keeps the cores. `--env` sets a variable for the suites a pattern finds
only (the library's suites on trees in the counted form, the others as built). Exits 1 when a
suite fails or runs no test (a filter that finds nothing is not a pass), after printing why.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ElementTree


def suites_of(bundle):
    """The bundle's top-level suites (`Module.Suite`), from its list of tests."""
    listing = subprocess.run([bundle, "--testing-library", "swift-testing", "--list-tests"],
                             capture_output=True, text=True)
    if listing.returncode != 0:
        raise SystemExit(f"run-suites.py: {bundle} --list-tests failed:\n{listing.stderr}")
    suites = []
    for line in listing.stdout.splitlines():
        if "/" in line:
            suite = line.split("/")[0]
            if suite not in suites:
                suites.append(suite)
    if not suites:
        raise SystemExit(f"run-suites.py: {bundle} lists no test")
    return suites


def costs(path):
    """Each suite's time in an earlier run's xUnit file (none when it cannot be read)."""
    times = collections.Counter()
    try:
        for case in ElementTree.parse(path).getroot().iter("testcase"):
            times[case.get("classname", "").split("/")[0]] += float(case.get("time") or 0)
    except (OSError, ElementTree.ParseError):
        pass
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bundle", help="the test bundle (.xctest)")
    parser.add_argument("xunit", help="the xUnit file to write")
    parser.add_argument("--jobs", type=int, default=2, help="suites at a time (default 2)")
    parser.add_argument("--skip", help="leave out the suites this pattern finds")
    parser.add_argument("--env", nargs=2, action="append", default=[], metavar=("REGEX", "NAME=VALUE"),
                        help="set NAME=VALUE for the suites REGEX finds (repeatable)")
    parser.add_argument("--waiting", help="suites that mostly wait: a queue of their own")
    parser.add_argument("--order", action="append", default=[],
                        help="an earlier run's xUnit file (repeatable): its slowest suites first")
    arguments = parser.parse_args()
    suites = suites_of(arguments.bundle)
    if arguments.skip:
        skip = re.compile(arguments.skip)
        suites = [suite for suite in suites if not skip.search(suite + "/")]
    if arguments.order:
        earlier = collections.Counter()
        for path in arguments.order:
            earlier.update(costs(path))
        suites.sort(key=lambda suite: -earlier.get(suite, 0))
    environment = dict(os.environ)
    # A bundle built with coverage writes a profile into every test's working directory unless
    # told where: the end-to-end tests' folders would hold a stray default.profraw.
    environment.setdefault("LLVM_PROFILE_FILE", os.devnull)
    settings = []
    for pattern, setting in arguments.env:
        name, equals, value = setting.partition("=")
        if not equals or not name:
            parser.error(f"--env {pattern} {setting}: expected NAME=VALUE")
        settings.append((re.compile(pattern), name, value))
    waiting = re.compile(arguments.waiting) if arguments.waiting else None
    queues = [[suite for suite in suites if not (waiting and waiting.search(suite + "/"))],
              [suite for suite in suites if waiting and waiting.search(suite + "/")]]
    lock = threading.Lock()
    cases = []
    failed = []
    folder = tempfile.mkdtemp(prefix="run-suites-")

    def worker(queue):
        while True:
            with lock:
                if not queue:
                    return
                suite = queue.pop(0)
            xunit = os.path.join(folder, suite + ".xml")
            log = os.path.join(folder, suite + ".log")
            own = dict(environment)
            own.update({name: value for pattern, name, value in settings
                        if pattern.search(suite + "/")})
            with open(log, "w") as out:
                code = subprocess.run(
                    [arguments.bundle, "--testing-library", "swift-testing", "--no-parallel",
                     "--filter", "^" + re.escape(suite) + "/", "--xunit-output", xunit],
                    stdout=out, stderr=subprocess.STDOUT, env=own).returncode
            try:
                ran = list(ElementTree.parse(xunit).getroot().iter("testcase"))
            except (OSError, ElementTree.ParseError):
                ran = []
            with lock:
                cases.extend(ran)
                if code != 0 or not ran:
                    failed.append((suite, log))

    started = time.time()
    workers = [threading.Thread(target=worker, args=(queue,))
               for queue in queues if queue for _ in range(max(1, arguments.jobs))]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    root = ElementTree.Element("testsuites")
    total = ElementTree.SubElement(root, "testsuite", name="TestResults", tests=str(len(cases)),
                                   failures=str(len(failed)), time=f"{time.time() - started:.3f}")
    total.extend(cases)
    ElementTree.ElementTree(root).write(arguments.xunit, encoding="UTF-8", xml_declaration=True)
    at_a_time = f"{arguments.jobs} at a time" + (" beside as many waiting" if waiting else "")
    print(f"run-suites.py: {len(suites)} suites, {len(cases)} tests, {at_a_time}, "
          f"in {time.time() - started:.0f} s; {len(failed)} failed")
    for suite, log in failed:
        with open(log, errors="replace") as text:
            lines = text.read().splitlines()
        shown = [line for line in lines if "✘" in line][:30] or lines[-30:] or ["(ran no test)"]
        print(f"\n{suite} failed (log: {log}):\n" + "\n".join(shown), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
