#!/usr/bin/env python3
"""Checks the one-way architecture that docs/contributing.md's "Layout" describes (run by CI).

1. A `_`-prefixed name is used only inside the folder that declares it: a folder that needs another
   folder's internals is missing an API between them.
2. No file of the ToggleKit module names a rule type: rules reach the tree through its
   derived-attribute hook (`NodeAttributeSource`), and live in ToggleKitRules.
3. Folders depend on each other one way: the graph of "a file in folder A names a top-level type
   or function declared in folder B" has no cycle.
4. One rule for the `_` prefix of file names: `_Name.swift` (or `_Name+Aspect.swift`) declares only
   folder-private, `_`-prefixed names; `Name.swift` declares or extends something without one.

    Scripts/check-layering.py        # exit 1 with one line per violation
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"
DECLARATION = re.compile(
    r"\b(?:func|var|let|class|struct|enum|protocol|typealias|case|actor)\s+(_[A-Za-z]\w*)")
RULE_TYPE = re.compile(r"\bRule(?:Model|Context|Key|Error|Vocabulary|Predicate|Assignment)?\b")


def strip_comments(text):
    """The code of a Swift file with comments and string literals blanked out."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def folder_of(path):
    """Module and folder of a source file: Sources/Module/Folder/… or Sources/Module/file."""
    parts = path.relative_to(SOURCES).parts
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


TOP_LEVEL = re.compile(
    r"^(?:public |package |internal |fileprivate |private |final |@\w+ )*"
    r"(?:struct|class|enum|protocol|typealias|actor|func|let|var)\s+([A-Za-z_]\w*)", re.M)


def folder_cycles(files):
    """A line per dependency cycle between folders of the same module."""
    home = {}
    for path, code in files.items():
        for name in TOP_LEVEL.findall(code):
            home.setdefault(name, folder_of(path))
    edges = {}
    for path, code in files.items():
        folder = folder_of(path)
        for name in set(re.findall(r"\b[A-Za-z_]\w*\b", code)):
            other = home.get(name)
            if other and other != folder and other.split("/")[0] == folder.split("/")[0]:
                edges.setdefault(folder, {}).setdefault(other, (path, name))
    problems, state = [], {}

    def visit(folder, trail):
        state[folder] = "open"
        for other, (path, name) in sorted(edges.get(folder, {}).items()):
            if state.get(other) == "open":
                cycle = trail[trail.index(other):] + [folder, other] if other in trail else [folder, other]
                problems.append("folder cycle: " + " -> ".join(cycle)
                                + f" ({path.relative_to(ROOT)} names {name})")
            elif other not in state:
                visit(other, trail + [folder])
        state[folder] = "done"

    for folder in sorted(edges):
        if folder not in state:
            visit(folder, [])
    return problems


OWN = re.compile(
    r"^(?:public |package |internal |fileprivate |private |final |@\w+ )*"
    r"(?:(?:struct|class|enum|protocol|typealias|actor|func|let|var|extension)\s+([A-Za-z_][\w.]*)"
    r"|func\s+([^\sA-Za-z_(<]+))", re.M)


def file_names(files):
    """A line per file whose `_` prefix does not say what it declares."""
    problems = []
    for path, code in files.items():
        names = [named or "operator " + operator for named, operator in OWN.findall(code)]
        private = path.name.startswith("_")
        visible = [name for name in names if not name.startswith("_")]
        if private and visible:
            problems.append(f"{path.relative_to(ROOT)}: a _-file declares {visible[0]}")
        elif not private and names and not visible:
            problems.append(f"{path.relative_to(ROOT)}: declares only _-names; call it _{path.name}")
    return problems


def main():
    files = {path: strip_comments(path.read_text()) for path in sorted(SOURCES.rglob("*.swift"))}
    declared = {}
    for path, code in files.items():
        for name in DECLARATION.findall(code):
            declared.setdefault(name, set()).add(folder_of(path))
    problems = []
    for path, code in files.items():
        folder = folder_of(path)
        for name in sorted(set(re.findall(r"\b_[A-Za-z]\w*", code))):
            homes = declared.get(name)
            if homes and folder not in homes:
                problems.append(f"{path.relative_to(ROOT)}: uses {name} of {', '.join(sorted(homes))}")
    for path, code in files.items():
        if folder_of(path).split("/")[0] != "ToggleKit":
            continue
        text = path.read_text()
        for number, line in enumerate(text.splitlines(), 1):
            if RULE_TYPE.search(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: names a rule type in ToggleKit")
    problems += folder_cycles(files)
    problems += file_names(files)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} layering problem(s)", file=sys.stderr)
        return 1
    print(f"layering: {len(files)} files, {len(declared)} internal names, each used in its folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
