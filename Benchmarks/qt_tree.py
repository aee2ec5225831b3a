"""Times Qt's QTreeWidgetItem auto-tristate cascade on the trees togglekit-bench measures, and prints
the ratio to ToggleKit's figures from `togglekit-bench --json` (read from the file given).

Run through Benchmarks/compare-qt.sh, which installs Qt for Python into a virtual environment and
runs both benchmarks; by hand: python3 qt_tree.py TOGGLEKIT_JSON [MAX_NODES]."""
import json
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem  # noqa: E402

FLAGS = Qt.ItemIsUserCheckable | Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsAutoTristate


def levels_for(fan_out, size):
    """Levels below the root giving about `size` nodes, as togglekit-bench chooses them."""
    levels, count, width = 0, 1, 1
    while count < size - size // 20:
        width *= fan_out
        count += width
        levels += 1
    return levels


def new_item(label):
    """A checkable, auto-tristate item, unchecked."""
    item = QTreeWidgetItem([label])
    item.setFlags(FLAGS)
    item.setCheckState(0, Qt.Unchecked)
    return item


def build(widget, fan_out, levels):
    """The complete tree, every item checkable and auto-tristate; returns root, mid node, leaves."""
    root = new_item("root")
    widget.addTopLevelItem(root)
    frontier, mid, count = [root], None, 1
    for depth in range(1, levels + 1):
        next_frontier = []
        for parent in frontier:
            children = [new_item(str(child)) for child in range(fan_out)]
            parent.addChildren(children)
            next_frontier.extend(children)
        count += len(next_frontier)
        frontier = next_frontier
        if depth == levels // 2:
            mid = frontier[0]
    return root, mid or root, frontier, count


def median_ns(action, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples), min(samples), max(samples)


def toggler(item):
    """A click: setCheckState, alternating checked and unchecked (Qt cascades down to every item
    below and updates the ancestors); the alternation is tracked here, so the timing holds only
    Qt's own work plus one call from Python."""
    checked = [item.checkState(0) == Qt.Checked]

    def click():
        checked[0] = not checked[0]
        item.setCheckState(0, Qt.Checked if checked[0] else Qt.Unchecked)
    return click


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    ours = json.load(open(sys.argv[1]))["rows"]
    max_nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    app = QApplication.instance() or QApplication([])
    sizes = [size for size in (1_000, 10_000, 100_000, 1_000_000) if size <= max_nodes]
    print("| shape | nodes | click | Qt median (min–max) | ToggleKit median | Qt ÷ ToggleKit |")
    print("|---|---:|---|---:|---:|---:|")
    import random
    for shape, fan_out in (("wide", 10), ("deep", 2)):
        for size in sizes:
            widget = QTreeWidget()
            levels = levels_for(fan_out, size)
            started = time.perf_counter()
            root, mid, leaves, count = build(widget, fan_out, levels)
            print(f"… Qt {shape} tree of {count:,} nodes built in {time.perf_counter() - started:.1f} s",
                  file=sys.stderr)
            picks = random.Random(count).sample(leaves, min(len(leaves), 200))
            leaf_clicks = [toggler(leaf) for leaf in picks] * 10
            leaf_iter = iter(leaf_clicks)
            runs = 5 if count >= 1_000_000 else 11 if count >= 100_000 else 31
            cases = [
                ("root toggle", toggler(root), runs),
                ("mid-level toggle", toggler(mid), runs),
                ("leaf toggle", lambda: next(leaf_iter)(), 200),
                ("state(of:) of the root", lambda: root.checkState(0), runs),
            ]
            for operation, action, case_runs in cases:
                action()  # warm-up
                median, low, high = median_ns(action, case_runs)
                row = next((r for r in ours if r["section"] == "tree" and r["shape"] == shape
                            and r["nodes"] == count and r["operation"] == operation), None)
                theirs = row["togglekit"]["median_ns"] if row else None
                ratio = f"{median / theirs:,.0f}×" if theirs else "–"
                print(f"| {shape} | {count:,} | {operation} | {fmt(median)} ({fmt(low)}–{fmt(high)}) "
                      f"| {fmt(theirs) if theirs else '–'} | {ratio} |")
            widget.clear()
            del widget
    if any(r["section"] == "edits" for r in ours):
        edits(ours, sizes)


def new_items(count):
    return [new_item(f"+{index}") for index in range(count)]


def edits(ours, sizes):
    """Qt's structural edits on the wide tree at random places met once, beside togglekit-bench's
    `edits` rows of the same names: addChild, addChildren, removeChild, takeChild + insertChild,
    setText."""
    import random
    print()
    print("| nodes | edit | Qt median (min–max) | ToggleKit median | ToggleKit ÷ Qt |")
    print("|---:|---|---:|---:|---:|")
    for size in sizes:
        widget = QTreeWidget()
        levels = levels_for(10, size)
        root, _, leaves, count = build(widget, 10, levels)
        root.setCheckState(0, Qt.Checked)  # a root click first, as ToggleKit's trees had none
        rng = random.Random(count)
        low = [leaf.parent() for leaf in leaves[::10]]
        folders = [root] + [item for item in low if item is not None]
        rng.shuffle(low)
        picks = iter(rng.sample(leaves, min(len(leaves), 2_000)))
        removals = iter(low[: len(low) // 2])
        moves = iter(low[len(low) // 2:])

        def remove():
            folder = next(removals)
            folder.parent().removeChild(folder)

        def move():
            folder = next(moves)
            item = folder.parent().takeChild(folder.parent().indexOfChild(folder))
            rng.choice(folders[:1] + [f for f in folders[1:20]]).insertChild(0, item)

        runs = min(21 if count >= 1_000_000 else 51, len(low) // 2 - 1)
        cases = [
            ("insert a leaf", lambda: rng.choice(folders).addChild(new_items(1)[0]), runs),
            ("load 10 children (LazyTree.load)", lambda: next(picks).addChildren(new_items(10)), runs),
            ("load 10,000 children (LazyTree.load)", lambda: next(picks).addChildren(new_items(10_000)),
             min(runs, 5)),
            ("remove a folder of 11 nodes", remove, runs),
            ("move a folder of 11 nodes", move, runs),
            ("relabel a node", lambda: rng.choice(leaves).setText(0, "x"), runs),
        ]
        for operation, action, case_runs in cases:
            median, low_ns, high_ns = median_ns(action, case_runs)
            row = next((r for r in ours if r["section"] == "edits" and r["nodes"] == count
                        and r["operation"] == operation), None)
            theirs = row["togglekit"]["median_ns"] if row else None
            ratio = f"{theirs / median:,.1f}×" if theirs else "–"
            print(f"| {count:,} | {operation} | {fmt(median)} ({fmt(low_ns)}–{fmt(high_ns)}) "
                  f"| {fmt(theirs) if theirs else '–'} | {ratio} |")
        widget.clear()
        del widget


def fmt(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


if __name__ == "__main__":
    main()
