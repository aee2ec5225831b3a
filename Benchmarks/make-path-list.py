#!/usr/bin/env python3
"""Writes the README's 10^6-node path list for timing `togglekit apply` (stdout).

100 departments x 100 aisles x 100 items (1,010,100 nodes), every third item selected:

    python3 Benchmarks/make-path-list.py > /tmp/store.paths
    /usr/bin/time -f "%e s %M KB" togglekit apply /tmp/store.paths > /dev/null
"""
import sys

out = sys.stdout
count = 0
for department in range(100):
    for aisle in range(100):
        lines = []
        for item in range(100):
            marker = "[x]" if count % 3 == 0 else "[ ]"
            lines.append(f"{marker} Department {department}/Aisle {aisle}/Item {item}\n")
            count += 1
        out.write("".join(lines))
