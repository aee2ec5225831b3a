#!/usr/bin/env python3
"""Mutation testing for ToggleKit: hand-written semantic mutants, one at a time.

    Scripts/mutate.py [--list | --check] [--only N[,N...]] [--scratch PATH]

Each mutant is an exact old -> new replacement in one source file: a plausible bug (a policy
ignored, an off-by-one in a range, a lazy map not pushed, a lock not inherited, an output form that
lists one node too many...). The mutants are data, in Scripts/mutants/*.txt (one file per source
folder; the format is in `load_mutants`), and the test filters they share are named in
Scripts/mutants/groups.txt. For each mutant, the script applies the replacement, builds the tests,
runs the suites that should notice (a `swift test --filter` pattern), restores the file and records
whether the mutant was killed (some test failed, or it no longer compiles) or survived. The fast
tier's suites run first (a plain `swift test` of them); a mutant that survives them runs against
the long tier (TOGGLEKIT_LONG_TESTS=1) too. It ends with a table and `mutation score: K of N`. It
is slow (a build and a test run per mutant, about an hour on two cores) and is not part of CI:
run it before resolving an issue that changes the library, and put the table in the closing note.
CI runs only `--check`: every mutant's text still occurs once in its file (a change that moves a
mutant's code must move the mutant too), and every alternative of every mutant's test filter
matches a test of `swift test list` (a filter that matches none runs nothing, and its mutant
survives whatever it breaks). The working tree is restored even on Ctrl-C; builds and test runs
are logged to .build-mutate.log.
"""
import argparse
import glob
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def src(name):
    """The one source file called `name`, wherever its concept's folder is."""
    found = sorted(glob.glob(os.path.join(ROOT, "Sources", "**", name), recursive=True))
    if len(found) != 1:
        raise SystemExit(f"mutate.py: {len(found)} source files are called {name}")
    return os.path.relpath(found[0], ROOT)


MUTANTS_DIR = os.path.join(ROOT, "Scripts", "mutants")


def expand(filter_text, groups, seen=()):
    """A test filter with every `$NAME` replaced by its group's filter."""
    parts = []
    for part in filter_text.split("|"):
        if part.startswith("$"):
            name = part[1:]
            if name not in groups or name in seen:
                raise SystemExit(f"mutate.py: the test filter names no group {part}")
            parts.append(expand(groups[name], groups, seen + (name,)))
        elif part:
            parts.append(part)
    return "|".join(parts)


def load_groups():
    """Scripts/mutants/groups.txt: `NAME = filter` lines, and STAGES (space-separated filters)."""
    groups = {}
    with open(os.path.join(MUTANTS_DIR, "groups.txt")) as file:
        for number, line in enumerate(file, start=1):
            if not line.strip() or line.startswith("#"):
                continue
            name, equals, value = line.rstrip("\n").partition(" = ")
            if not equals:
                raise SystemExit(f"mutate.py: groups.txt:{number}: expected NAME = FILTER")
            groups[name] = value
    stages = [expand(stage, groups) for stage in groups.pop("STAGES").split(" ")]
    return groups, stages


def load_mutants(groups):
    """Every mutant of Scripts/mutants/*.txt, by number: (number, name, file, old, new, tests).

    A file holds records separated by blank lines, each of these lines in this order:

        mutant 17: what rule the mutant breaks
        file: SelectionTree+Selection.swift      (a source file's name: one of Sources/ has it)
        tests: $FAST|SpecEndToEndTests           (a swift test --filter; $NAME: a group's)
        old: the text replaced, one line of it after each `old: `
        new: what replaces it, likewise (`new:` alone is an empty line)

    A text is its lines joined by newlines, byte for byte: no escapes (`old:` last makes the text
    end in a newline). `#` starts a comment line between records.
    """
    mutants = {}
    for path in sorted(glob.glob(os.path.join(MUTANTS_DIR, "*.txt"))):
        if os.path.basename(path) == "groups.txt":
            continue
        with open(path) as file:
            lines = file.read().split("\n")
        record = None
        shown = os.path.relpath(path, ROOT)

        def finish(record):
            if record is None:
                return
            number = record["number"]
            if number in mutants:
                raise SystemExit(f"mutate.py: {shown}: mutant {number} is defined twice")
            for field in ("file", "tests", "old", "new"):
                if field not in record:
                    raise SystemExit(f"mutate.py: {shown}: mutant {number} has no {field}")
            mutants[number] = (number, record["name"], src(record["file"]),
                               "\n".join(record["old"]), "\n".join(record["new"]),
                               expand(record["tests"], groups))

        for line_number, line in enumerate(lines, start=1):
            if line.startswith("#") or (not line and record is None):
                continue
            if not line:
                finish(record)
                record = None
                continue
            if line.startswith("mutant "):
                finish(record)
                number, colon, name = line[len("mutant "):].partition(": ")
                if not colon or not number.isdigit():
                    raise SystemExit(f"mutate.py: {shown}:{line_number}: expected 'mutant N: rule'")
                record = {"number": int(number), "name": name}
                continue
            if record is None:
                raise SystemExit(f"mutate.py: {shown}:{line_number}: a line outside a mutant")
            key, _, value = line.partition(":")
            if key in ("old", "new"):
                if value and not value.startswith(" "):
                    raise SystemExit(f"mutate.py: {shown}:{line_number}: expected '{key}: TEXT'")
                record.setdefault(key, []).append(value[1:])
            elif key in ("file", "tests") and value.startswith(" "):
                record[key] = value[1:]
            else:
                raise SystemExit(f"mutate.py: {shown}:{line_number}: expected file:, tests:, old: or new:")
        finish(record)
    return [mutants[number] for number in sorted(mutants)]


GROUPS, STAGES = load_groups()
MUTANTS = load_mutants(GROUPS)


def stages(suites):
    """The suites' alternatives grouped by stage, cheapest stage first."""
    wanted = suites.split("|")
    result = []
    for stage in STAGES:
        chosen = [part for part in stage.split("|") if part in wanted]
        if chosen:
            result.append("|".join(chosen))
            wanted = [part for part in wanted if part not in chosen]
    return result + wanted


# A build or test run that takes longer than this failed (a hang is a kill, not a wait forever).
TIMEOUT = 900


def run(command, log, long_tier=False):
    environment = dict(os.environ)
    environment.pop("TOGGLEKIT_LONG_TESTS", None)
    # A mutant that traps kills the test process; Swift's backtracer, left on, can outlive it and
    # hold `swift test` open until the time-out.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    if long_tier:
        environment["TOGGLEKIT_LONG_TESTS"] = "1"
    with open(log, "a") as out:
        out.write(("TOGGLEKIT_LONG_TESTS=1 " if long_tier else "") + "$ " + " ".join(command) + "\n")
        out.flush()
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=environment,
            start_new_session=True)
        try:
            return process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            # A test run that never ends failed: the mutant made something hang or crawl. The
            # whole group goes (swift test's test process too).
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            out.write(f"timed out after {TIMEOUT} s\n")
            return 124


def test_names(flags):
    """The identifiers of every test (`Module.Suite/test(…)`), as `swift test list` prints them."""
    listing = subprocess.run(
        ["swift", "test", "list", "--skip-build"] + flags, cwd=ROOT, capture_output=True, text=True)
    if listing.returncode != 0:
        raise SystemExit("mutate.py: swift test list failed (build the tests first):\n" + listing.stderr)
    return [line for line in listing.stdout.splitlines() if "/" in line]


def unmatched_filters(mutants, names):
    """Each mutant's test filter alternatives that match no test: a mutant run against them is
    run against nothing, and survives whatever it breaks."""
    problems = []
    cache = {}
    for number, name, _, _, _, suites in mutants:
        for part in suites.split("|"):
            if part not in cache:
                try:
                    pattern = re.compile(part)
                except re.error as error:
                    raise SystemExit(f"mutate.py: mutant {number}: '{part}' is no pattern: {error}")
                cache[part] = any(pattern.search(test) for test in names)
            if not cache[part]:
                problems.append(f"mutant {number} ({name}): the test filter '{part}' matches no test")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--check", action="store_true",
                        help="check that every mutant's text occurs once in its file and that each "
                        "of its test filters matches a test (needs the tests built), and exit (CI)")
    parser.add_argument("--only", help="comma-separated mutant numbers")
    parser.add_argument("--scratch", default=".build", help="build folder (default .build)")
    args = parser.parse_args()
    by_number = {mutant[0]: mutant for mutant in MUTANTS}
    chosen = sorted(by_number)
    if args.only:
        try:
            chosen = [int(n) for n in args.only.split(",")]
        except ValueError:
            chosen = []
        if not chosen or any(n not in by_number for n in chosen):
            print(f"error: --only takes mutant numbers (1 to {max(by_number)}), comma-separated",
                  file=sys.stderr)
            return 2
    if args.list:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `--list | head` ends quietly
        for number in chosen:
            _, name, path, _, _, suites = by_number[number]
            print(f"{number:3}  {name}  ({path}; {suites})")
        return 0
    # Every mutant must apply exactly once before anything runs.
    for number in chosen:
        _, name, path, old, new, _ = by_number[number]
        with open(os.path.join(ROOT, path)) as source:
            found = source.read().count(old)
        if found != 1:
            print(f"error: mutant {number} ({name}): the text occurs {found} times in {path}", file=sys.stderr)
            return 2
    if args.check:
        problems = unmatched_filters([by_number[n] for n in chosen], test_names(["--scratch-path", args.scratch]))
        for problem in problems:
            print("error: " + problem, file=sys.stderr)
        if problems:
            return 2
        print(f"mutate.py: all {len(chosen)} mutants apply, and each of their test filters matches a test")
        return 0
    log = os.path.join(ROOT, ".build-mutate.log")
    open(log, "w").close()
    # Package.swift checks invariants in this checkout's debug builds: no flag needed.
    flags = ["--scratch-path", args.scratch]
    if run(["swift", "build", "--build-tests"] + flags, log) != 0:
        print(f"error: the unmutated package does not build; see {log}", file=sys.stderr)
        return 2
    results = []
    original = {}

    def restore(*_):
        for path, text in original.items():
            with open(os.path.join(ROOT, path), "w") as target:
                target.write(text)
        original.clear()

    signal.signal(signal.SIGINT, lambda *_: (restore(), sys.exit(130)))
    signal.signal(signal.SIGTERM, lambda *_: (restore(), sys.exit(143)))
    try:
        for number in chosen:
            _, name, path, old, new, suites = by_number[number]
            full = os.path.join(ROOT, path)
            with open(full) as source:
                text = source.read()
            original[path] = text
            with open(full, "w") as target:
                target.write(text.replace(old, new, 1))
            started = time.time()
            if run(["swift", "build", "--build-tests"] + flags, log) != 0:
                verdict = "killed (does not compile)"
            else:
                # The fast tier's suites first, cheapest first; only a mutant that survives them
                # all is run against the long tier's worlds.
                verdict = "SURVIVED"
                for long_tier in (False, True):
                    for stage in stages(suites):
                        command = ["swift", "test", "--skip-build", "--filter", stage] + flags
                        if run(command, log, long_tier) != 0:
                            verdict = "killed by " + stage.split("/")[-1].replace("\\(", "")
                            verdict += " (long tier)" if long_tier else ""
                            break
                    if verdict != "SURVIVED":
                        break
            restore()
            results.append((number, name, suites, verdict, time.time() - started))
            print(f"{number:3} {verdict:26} {time.time() - started:6.0f} s  {name}", flush=True)
    finally:
        restore()
        # Leave the build folder holding the unmutated package, not the last mutant.
        run(["swift", "build", "--build-tests"] + flags, log)
    killed = sum(1 for result in results if result[3].startswith("killed"))
    print("\n| # | mutant | suites | result |\n|---:|---|---|---|")
    for number, name, suites, verdict, _ in results:
        names = ", ".join(part.split("/")[-1].replace("\\(", "") for part in suites.split("|"))
        print(f"| {number} | {name} | {names} | {verdict} |")
    print(f"\nmutation score: {killed} of {len(results)}")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
