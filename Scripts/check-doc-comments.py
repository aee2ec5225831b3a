#!/usr/bin/env python3
"""Checks that every public declaration in Sources/ has a doc comment with an example (a fenced code
block) and a `- Complexity:` line, as the project's quality bar asks. Enum cases are exempt: their
enum's comment covers them. Prints FILE:LINE: what is missing; exits 1 when anything is."""
import pathlib
import re
import sys

DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|override|convenience|"
    r"nonisolated|mutating|nonmutating|required|indirect)\s+)*"
    r"(func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor)\b")


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
    for path in sorted(root.rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            if not DECL.match(line):
                continue
            block = doc_block(lines, index)
            missing = []
            if not block:
                missing.append("a doc comment")
            else:
                if not any(l.startswith("/// ```") for l in block):
                    missing.append("an example")
                if not any(l.startswith("/// - Complexity:") for l in block):
                    missing.append("a '- Complexity:' line")
            if missing:
                rel = path.relative_to(root.parent)
                problems.append(f"{rel}:{index + 1}: {' and '.join(missing)} for: {line.strip()}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} public declaration(s) lack documentation", file=sys.stderr)
        return 1
    print("every public declaration has a doc comment with an example and a Complexity line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
