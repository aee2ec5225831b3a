#!/usr/bin/env python3
"""Checks the documentation bar of docs/contributing.md ("The quality bar") on the library modules.

- Every public type, function, initializer, subscript and computed property has a doc comment.
- A stored property or enum case gets one line at most.
- `- Complexity:` is given where the cost is not O(1), so `- Complexity: O(1).` is not written.
- `///` lines stay at most 25% of each library module's lines.

Prints FILE:LINE: what is wrong; exits 1 when anything is.
"""
import pathlib
import re
import sys

MODULES = ["ToggleKit", "ToggleKitRules", "ToggleKitTesting"]
SHARE_LIMIT = 0.25
SHARE_MODULES = ["ToggleKit", "ToggleKitRules"]
DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|override|convenience|"
    r"nonisolated|mutating|nonmutating|required|indirect|lazy)\s+)*"
    r"(func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor|case)\b")
CASE = re.compile(r"^\s*(?:indirect\s+)?case\s")
TRIVIAL_COMPLEXITY = re.compile(r"^///\s*- Complexity:\s*O\(1\)\.?\s*$")


def doc_block(lines, index):
    """The doc comment lines directly above line `index`, skipping attribute lines."""
    block = []
    i = index - 1
    while i >= 0 and re.match(r"^\s*@\w+", lines[i]) and not lines[i].strip().startswith("///"):
        i -= 1
    while i >= 0 and lines[i].strip().startswith("///"):
        block.append(lines[i].strip())
        i -= 1
    return list(reversed(block))


def main():
    root = pathlib.Path(__file__).resolve().parent.parent / "Sources"
    problems = []
    for module in MODULES:
        for path in sorted((root / module).rglob("*.swift")):
            lines = path.read_text(encoding="utf-8").splitlines()
            rel = path.relative_to(root.parent)
            for index, line in enumerate(lines):
                if TRIVIAL_COMPLEXITY.match(line.strip()):
                    problems.append(f"{rel}:{index + 1}: O(1) is the default; leave it unsaid")
                match = DECL.match(line)
                in_enum_case = CASE.match(line) and index > 0
                if not match and not in_enum_case:
                    continue
                kind = match.group(1) if match else "case"
                block = doc_block(lines, index)
                stored = kind == "case" or (kind in ("var", "let") and "{" not in line)
                if stored:
                    if len(block) > 1:
                        problems.append(f"{rel}:{index + 1}: one doc line for: {line.strip()}")
                    if kind != "case" and not block:
                        problems.append(f"{rel}:{index + 1}: no doc comment for: {line.strip()}")
                elif not block:
                    problems.append(f"{rel}:{index + 1}: no doc comment for: {line.strip()}")
    for module in SHARE_MODULES:
        total = docs = 0
        for path in (root / module).rglob("*.swift"):
            lines = path.read_text(encoding="utf-8").splitlines()
            total += len(lines)
            docs += sum(1 for line in lines if line.strip().startswith("///"))
        share = docs / max(total, 1)
        print(f"{module}: {docs} of {total} lines are /// ({share:.1%})")
        if share > SHARE_LIMIT:
            problems.append(f"Sources/{module}: /// lines are {share:.1%}, above {SHARE_LIMIT:.0%}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} documentation problem(s)", file=sys.stderr)
        return 1
    print("every public declaration is documented; stored properties and cases in one line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
