#!/usr/bin/env bash
# ToggleKit beside Qt: the same tree shapes (wide: fan-out 10; deep: binary), the same clicks.
#
#   Benchmarks/compare-qt.sh [MAX_NODES]     default 1000000
#
# Installs Qt for Python (PySide6-Essentials 6.11.3, pinned: 6.12.0 crashes building large trees on
# Python 3.11) into .build-qt/venv, runs `togglekit-bench --only tree,edits --json` in a release build,
# then times QTreeWidgetItem's auto-tristate cascade and its edits (addChild, removeChild,
# takeChild + insertChild) headless (QT_QPA_PLATFORM=offscreen) and prints
# a Markdown table with the ratio Qt ÷ ToggleKit. Needs python3 with venv and network access to PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,10p' "$0" | cut -c3-; exit 0 ;; esac
max_nodes=${1:-1000000}

venv=.build-qt/venv
if [[ ! -x "$venv/bin/python" ]]; then
  echo "… installing PySide6-Essentials==6.11.3 into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "PySide6-Essentials==6.11.3"
fi
echo "… togglekit-bench (release build)" >&2
swift build -c release --package-path Benchmarks --product togglekit-bench >&2
Benchmarks/.build/release/togglekit-bench --only tree,edits --max-nodes "$max_nodes" --json >.build-qt/togglekit.json
echo "… Qt" >&2
QT_QPA_PLATFORM=offscreen "$venv/bin/python" Benchmarks/qt_tree.py .build-qt/togglekit.json "$max_nodes"
