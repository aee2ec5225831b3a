#!/usr/bin/env python3
"""Mutation testing for ToggleKit: hand-written semantic mutants, one at a time.

    Scripts/mutate.py [--list] [--only N[,N...]] [--scratch PATH]

Each mutant is an exact old -> new replacement in one library file: a plausible bug (a policy
ignored, an off-by-one in a range, a lazy map not pushed, a lock not inherited, an output form that
lists one node too many...). For each, the script applies the replacement, builds the tests, runs
the suites that should notice (a `swift test --filter` pattern), restores the file and records
whether the mutant was killed (some test failed, or it no longer compiles) or survived. The fast
tier's suites run first (a plain `swift test` of them); a mutant that survives them runs against the
long tier (TOGGLEKIT_LONG_TESTS=1) too. It ends
with a table and `mutation score: K of N`. It is slow (a build and a test run per mutant, about an
hour on two cores) and is not part of CI: run it before resolving an issue that changes the
library, and put the table in the closing note. The working tree is restored even on Ctrl-C;
builds and test runs are logged to .build-mutate.log.
"""
import argparse
import glob
import os
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


# Suites, by what they check. A mutant's suites run one at a time, cheapest first (the order of
# STAGES), and the first that fails kills it, so a mutant costs one build and usually one short run.
SEAMS = "SelectionTreeSeamTests|IgnoredWriteTests"
BASIC = "SelectionTreeBehaviourTests|SelectionTreeFilteringTests|SelectionTreeReloadingTests"
FOUR = "ContractPairTests/everyOperationOnFourNodes"
FIVE = "ContractPairTests/everyPairOnFiveNodes"
PAIRS = "ContractPairTests/everyPair\\("
EXHAUSTIVE = "SelectionTreeExhaustiveTests|SelectionTreeModelTests"
RANDOM = "ContractRandomTests"
MODEL = "SelectionModelTests|SelectionTreeSeamTests"
HOSTILE = "LabelPathTests|HostileInputTests"
HOSTILE_E2E = "HostileInputEndToEndTests"
RULES_T = "SelectionTreeRulesTests|RuleTextTests|RuleCycleAndCacheTests|RuleExampleTests"
OPTIONS = "OptionTableTests|InvocationTests"
BUILDING = "PathBuildingTests|SelectionTreeBuildingTests"
BULK = "ContractRandomTests/bulkReadsOfEveryWindow"
JSON_T = "JSONParsingTests|FormatErrorTests"
PIECES = "TreeParserTests|TextParsingTests|FormatErrorTests"
HISTORY = "SelectionModelHistoryTests"
SHARING = "ChunkedArrayTests|ValueSemanticsTests"
FUZZY = "FuzzyMatchTests|ExplorerFindingTests"
LIMIT = "ExplorerLimitAndHeaderTests|ExplorerReducerTests"
STARTING = "StartingSelectionTests"
SHELLS = "CompletionEndToEndTests"
IGNORE = "GitIgnoreTests"
MOUSE = "ExplorerMouseTests|KeyDecoderTests"
INLINE = "ScreenSequencesTests|InlineEndToEndTests"
STREAM = "StreamingInputTests|StreamingEndToEndTests"
LAZY = "LazyTreeTests|GitIgnoreTests|ExplorerLazyTests|LazyDirectoryEndToEndTests"
MODEL_LOAD = "SelectionModelLoadingTests"
NAMES = "LabelBytesTests|NamesFromOtherProgramsTests|StartingSelectionTests|NamesEndToEndTests"
KEYS = "KeyDecoderTests|NamesEndToEndTests"
MEET = "WhereFeaturesMeetTests"
APP = "SelectionModelContractTests"
PREVIEW = "PreviewCommandTests|PreviewTextTests|PreviewProcessTests|PreviewerTests|ExplorerPreviewLayoutTests|PreviewEndToEndTests"
CONVENTIONS = "ExplorerConventionsTests|KeyTableTests|SearchQueryTests|ExplorerReducerTests"
CONVENTIONS_E2E = "ConventionsEndToEndTests|ConventionsTerminalTests"
EDITS = "SelectionTreeEditsTests|SelectionModelEditsTests"
STAGES = [
    SEAMS, BUILDING, BULK, MODEL, "ParentToggle", BASIC, HOSTILE, FOUR, FIVE, EXHAUSTIVE, PAIRS, RANDOM, HOSTILE_E2E,
]
FAST = "|".join([SEAMS, BASIC, EXHAUSTIVE])
CONTRACT = "|".join([SEAMS, BASIC, FOUR, FIVE, EXHAUSTIVE, RANDOM])

# (name, file, old, new, suites)
MUTANTS = [
    # Outputs
    ("fully selected ignores nothing: always true", src("SelectionTree+Selection.swift"),
     "sum(over: StateSet.unselectedLeaves) == 0", "sum(over: StateSet.unselectedLeaves) >= 0", FAST),
    ("fully selected ignores locked and disabled leaves", src("SelectionTree+Selection.swift"),
     "sum(over: StateSet.unselectedLeaves) == 0",
     "sum(over: StateSet.unselectedLeaves & StateSet.unlocked) == 0", FAST),
    (".topmost lists the descendants of a listed node", src("SelectionTree+Selection.swift"),
     "return form == .topmost ? Int(structure.ends[position]) : nil", "return nil", FAST),
    ("outputs read the shown state, not full selection", src("SelectionTree+Selection.swift"),
     "guard !isNewAncestor || _isFullySelected(at: position)",
     "guard !isNewAncestor || state(at: position) == .on", FAST),
    (".topmost with own values keeps children of selected parents",
     src("SelectionTree+Selection.swift"),
     "if form != .topmost || !parentIsOn", "if form != .topmost || parentIsOn", CONTRACT),
    # Filters
    ("matchesOnly inverted", src("TreeFilter.swift"),
     "let reach = filter.matchesOnly ? 0 : matched | inside",
     "let reach = filter.matchesOnly ? matched | inside : 0", FAST),
    ("a match brings only its children, not deeper descendants", src("TreeFilter.swift"),
     "let reach = filter.matchesOnly ? 0 : matched | inside",
     "let reach = filter.matchesOnly ? 0 : matched", CONTRACT),
    ("a match holds itself open", src("TreeFilter.swift"),
     "      var node = Int(structure.parents[position])\n      while node >= 0 && !open[node]",
     "      var node = position\n      while node >= 0 && !open[node]", CONTRACT),
    ("text filter does not fold the first letter's case", src("TreeFilter.swift"),
     "      var byte = bytes[start]\n      if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }",
     "      let byte = bytes[start]", FAST),
    # Rows
    ("nextRow walks into closed subtrees", src("SelectionTree+Rows.swift"),
     "candidate = isOpen(index) ? index + 1 : Int(structure.ends[index])",
     "candidate = index + 1", CONTRACT),
    ("a filter holds every node open", src("SelectionTree+Rows.swift"),
     "expanded[index] || (isFiltered && filterOpen[index])", "expanded[index] || isFiltered",
     CONTRACT),
    ("previousRow ignores what a filter holds open", src("SelectionTree+Rows.swift"),
     "if !isOpen(ancestor) { row = ancestor }", "if !expanded[ancestor] { row = ancestor }",
     CONTRACT),
    # Reloads
    ("a lock is not inherited through new nodes", src("SelectionTree+Reloading.swift"),
     "inheritedLock[position] = parent >= 0 ? inheritedLock[parent] : nil",
     "inheritedLock[position] = nil", CONTRACT),
    ("the data's selection loses to an inherited lock", src("SelectionTree+Reloading.swift"),
     "let value = dataSelects || lock == true", "let value = lock == true", CONTRACT),
    ("a data lock on a survivor loses to its old lock", src("SelectionTree+Reloading.swift"),
     "        carriedBits = bytes[position] & carried\n",
     "        carriedBits = oldState & carried\n", CONTRACT),
    ("a locked mixed parent passes on", src("SelectionTree+Reloading.swift"),
     ".some(oldShows == .mixed ? nil : oldShows == .on)", ".some(true)", CONTRACT),
    ("a locked parent passes nothing down", src("SelectionTree+Reloading.swift"),
     "      } else if carriedBits & NodeBits.locked != 0 {",
     "      } else if carriedBits & NodeBits.locked == 42 {", CONTRACT),
    ("new leaves inherit the selected bit, not the shown state",
     src("SelectionTree+Reloading.swift"),
     "inheritsOn[position] = oldShows == .on",
     "inheritsOn[position] = oldState & NodeBits.selected != 0", CONTRACT),
    ("reload forgets expansion", src("SelectionTree+Reloading.swift"),
     "expanded[position] = old.expanded[previous]", "expanded[position] = expanded[position]",
     CONTRACT),
    ("a parent that becomes a leaf keeps its bit, not what it showed",
     src("SelectionTree+Reloading.swift"),
     "(oldShows == .on ? NodeBits.selected : 0)", "(oldState & NodeBits.selected)", CONTRACT),
    ("reload drops the filter", src("SelectionTree+Reloading.swift"),
     "    filter = old.filter\n    if filter != nil { _applyFilter() }\n", "", CONTRACT),
    # Writes, locks, disabling
    ("cascades always reach disabled nodes", src("SelectionTree+Writing.swift"),
     "intoDisabled: options.cascadesIntoDisabled,", "intoDisabled: true,",
     FAST),
    ("hidden nodes are always writable", src("SelectionTree+Writing.swift"),
     "intoHidden: options.filterScope == .all)", "intoHidden: true)", FAST),
    ("a disabled node's click writes", src("SelectionTree+Writing.swift"),
     "let writable = _isDisabled(states.state(at: position)) ? StateSet.none : _writable",
     "let writable = _writable", FAST),
    ("blocked writes are not reported", src("SelectionTree+Writing.swift"),
     "blocked: counts.sum(over: differing & ~writable))", "blocked: 0)", FAST),
    ("lock off keeps the value", src("SelectionTree+Writing.swift"),
     "map = StateMap { ($0 | NodeBits.locked) & ~NodeBits.selected | (value($0) ?? 0) }",
     "map = StateMap { $0 | NodeBits.locked }", FAST),
    ("re-enabling forgets disabled nodes inside", src("SelectionTree+Writing.swift"),
     "      states.apply(disable, to: innerRange)\n", "", FAST),
    ("re-enabling ignores a disabled ancestor", src("SelectionTree+Writing.swift"),
     "let coveredFromAbove = parent >= 0 && _isDisabled(states.state(at: parent))",
     "let coveredFromAbove = false", FAST),
    # Queries
    ("a disabled parent counts its leaves as writable", src("SelectionTree+Queries.swift"),
     "let isDisabled = counts.sum(over: StateSet.enabled) == 0", "let isDisabled = false", FAST),
    ("isLocked counts locked leaves as unlocked", src("SelectionTree+Queries.swift"),
     "let unlockedLeaves = StateSet.unlockedLeaves", "let unlockedLeaves = StateSet.leaves", FAST),
    ("a mixed node always toggles on", src("SelectionTree+Writing.swift"),
     "case .mixed: options.mixedTogglesTo.isOn", "case .mixed: true", FAST),
    ("the .excluded policy counts locked sources", "Sources/ToggleKit/ParentToggle/ToggleSummary.swift",
     "let onlyWritable = lockedSources == .excluded && writable > 0",
     "let onlyWritable = false", FAST + "|ParentToggle"),
    # The node states' counted tree
    ("a lazy map is not pushed before a partial write", src("NodeStates+Ranges.swift"),
     "    push(&node)\n", "", CONTRACT + "|NodeStatesTests"),
    ("a block's pending map is not flushed before a partial write", src("NodeStates+Ranges.swift"),
     "          let state = pending(elements[index])", "          let state = elements[index]",
     CONTRACT + "|NodeStatesTests"),
    ("maps composed in the wrong order above a node", src("NodeStates+Ranges.swift"),
     "      chain = chain.after($0.pending)", "      chain = $0.pending.after(chain)",
     CONTRACT + "|NodeStatesTests"),
    ("maps composed in the wrong order while listing", src("NodeStates+Ranges.swift"),
     "    let map = above.after(node.pending)\n    if node.height == 0 {\n      var position",
     "    let map = node.pending.after(above)\n    if node.height == 0 {\n      var position",
     CONTRACT + "|NodeStatesTests"),
    ("lastIndex skips a block's first position", src("NodeStates+Ranges.swift"),
     "        through: Swift.max(range.lowerBound, start), by: -1)",
     "        through: Swift.max(range.lowerBound, start) + 1, by: -1)",
     CONTRACT + "|NodeStatesTests"),
    ("a partial count skips its first position", src("CountedTree+Ranges.swift"),
     "      inner = Traits.summary(of: node.elements[range])",
     "      inner = Traits.summary(of: node.elements[(range.lowerBound + 1)..<Swift.max(range.lowerBound + 1, range.upperBound)])",
     CONTRACT + "|NodeStatesTests"),
    ("a partial count ignores its block's pending map", src("CountedTree+Ranges.swift"),
     "    return Traits.apply(node.pending, to: inner, count: range.count)", "    return inner",
     CONTRACT + "|NodeStatesTests"),
    ("a block written in part keeps its old counts", src("NodeStates+Ranges.swift"),
     "        node.summary = NodeCounts(histogramOf: UnsafeBufferPointer(elements))\n", "",
     CONTRACT + "|NodeStatesTests"),
    ("a write is always taken to move some state", src("NodeStates+Ranges.swift"),
     "guard movesSome || counts(in: range)", "guard true || counts(in: range)", HISTORY + "|" + SHARING),
    ("a one-position write ignores the maps above it", src("NodeStates+Ranges.swift"),
     "    if chain != .identity {\n", "    if false {\n", CONTRACT + "|NodeStatesTests"),
    ("a one-position write recounts only its leaf", src("NodeStates+Ranges.swift"),
     "    node.summary.move(states.0, to: states.1)",
     "    if node.height == 0 { node.summary.move(states.0, to: states.1) }",
     CONTRACT + "|NodeStatesTests"),
    ("a node's last child is not counted", src("NodeStates+Ranges.swift"),
     "      summary &+= node.summaries[index]",
     "      if index < node.children.count - 1 { summary &+= node.summaries[index] }",
     CONTRACT + "|NodeStatesTests"),
    # Bulk reads
    ("a bulk read does not add a node's counts to its parent", src("SelectionTree+BulkReads.swift"),
     "          if parent >= 0 {\n            summaries[parent].writableOn",
     "          if parent < -1 {\n            summaries[parent].writableOn", BULK + "|" + FAST),
    ("a bulk read of a window trusts the partial counts of nodes reaching past it",
     src("SelectionTree+BulkReads.swift"),
     "      if Int(structure.ends[position]) > range.upperBound {", "      if false {", BULK + "|" + FAST),
    ("a bulk read counts a disabled node's leaves as writable", src("SelectionTree+BulkReads.swift"),
     "    if states[offset] & NodeBits.disabled != 0 {", "    if false {", BULK + "|" + FAST),
    ("a bulk state read does not pass a subtree's kinds to its parent", src("SelectionTree+BulkReads.swift"),
     "if parent >= 0 { present[parent] |= present[offset] }", "if parent < -1 { present[parent] |= present[offset] }",
     BULK),
    ("a bulk lock read looks for writable kinds below a disabled node", src("SelectionTree+BulkReads.swift"),
     "present[offset] & (state & NodeBits.disabled != 0 ? 16 : 3) == 0", "present[offset] & 3 == 0", BULK),
    ("a bulk configuration read trusts the partial kinds of nodes reaching past its window",
     src("SelectionTree+BulkReads.swift"),
     "      configurations[position - range.lowerBound].state = state(at: position)\n", "", BULK),
    ("a leaf click writes through a disabled ancestor", src("SelectionTree+Writing.swift"),
     "let writable = _isDisabled(own) ? StateSet.none : _writable\n    guard writable.contains(own)",
     "let writable = _writable\n    guard writable.contains(own)", FAST),
    # Building
    ("entries out of preorder are laid out as if in preorder", src("TreeDraft.swift"),
     "    if parent >= 0 && open.isEmpty {", "    if false {", BUILDING + "|" + FAST),
    ("a path shares its previous path's nodes by length, not by bytes", src("PathTreeBuilder.swift"),
     "        bytes[start..<end].elementsEqual(previous[start..<end])", "        true",
     BUILDING + "|" + FAST),
    ("ids placed in batches report the last repeat, not the earliest", src("IDIndex.swift"),
     "repeated = _DuplicatePositions(first: other, second: position)\n                    return\n",
     "repeated = _DuplicatePositions(first: other, second: position)\n", "SelectionTreeBuildingTests"),
    ("ids placed in batches take a tag match for an equal id", src("IDIndex.swift"),
     "                  if ids[other] == ids[position] {", "                  if true {",
     "SelectionTreeBuildingTests"),
    ("indented text reports a later line's error before an earlier repeated label",
     src("_IndentedText+Lines.swift"), "draft.indexAll().map(repeated) ?? error", "error",
     "FormatErrorTests|" + PIECES),
    ("a merge leaves a repeated folder's children under the repeat", src("PathTreeBuilder.swift"),
     "let parent = taken.parents[node] < 0 ? -1 : moved[Int(taken.parents[node])]",
     "let parent = taken.parents[node]", BUILDING + "|" + PIECES),
    # The model and bindings
    ("a click does not compare the clicked node's ancestors", src("SelectionModel.swift"),
     "var result = tree.ancestry(of: position).dropLast().map { tree.structure.ids[$0] }",
     "var result: [ID] = []", MODEL),
    ("notified nodes are remembered forever", src("SelectionModel.swift"),
     "          changed.append(id)\n          observed[id] = nil\n", "          changed.append(id)\n",
     MODEL),
    ("a node binding's writability is fixed", src("SelectionModel.swift"),
     "return storage.acceptsWrites(at: position)", "return true", MODEL + "|" + MEET),
    ("a node binding's update reads and writes separately", src("SelectionModel.swift"),
     """        _ = try? self._change(around: id, named: "set \\(id)") {
          (tree) throws(SelectionTreeError) in
          var value = tree.state(of: id) == .on
          body(&value)
          return try tree.set(id, to: value)
        }""",
     """        var value = self.state(of: id) == .on
        body(&value)
        _ = try? self.set(id, to: value)""", MODEL),
    ("isWritable ignores the store's check", src("ModelBinding.swift"),
     "writer != nil && canWriteNow?() != false", "writer != nil", MODEL),
    ("a write to a deleted element reaches the store", src("ModelBinding+Collection.swift"),
     "          guard locate(read()) != nil else { return }\n          update { collection in\n            guard let index = locate(collection) else { return }\n            collection[index] = newValue",
     "          update { collection in\n            guard let index = locate(collection) else { return }\n            collection[index] = newValue",
     SEAMS),
    # Values
    ("a restore does not reach below a listed parent", src("SelectionTree+Values.swift"),
     "marks[up ? Int(structure.ends[position]) : position + 1] -= 1",
     "marks[position + 1] -= 1", CONTRACT),
    ("a restore writes locked leaves", src("SelectionTree+Values.swift"),
     "        state & NodeBits.locked == 0\n        && ", "        ", CONTRACT),
    ("equality ignores expansion", src("SelectionTree+Values.swift"),
     "guard lhs.options == rhs.options, lhs.expanded == rhs.expanded,",
     "guard lhs.options == rhs.options,", SEAMS + "|" + RANDOM),
    ("locks are not encoded", src("SelectionTree+Values.swift"),
     "isLocked: bits & NodeBits.locked != 0 ? true : nil,", "isLocked: nil,", SEAMS + "|" + RANDOM),
    # One path syntax and hostile input (issue 15)
    ("C1 controls are not escaped", src("LabelEscaping.swift"),
     "scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)",
     "scalar.value < 0x20 || scalar.value == 0x7F", HOSTILE),
    ("\\u{…} reads at most two hex digits", src("LabelEscaping.swift"),
     "cursor - index - 2 < 6", "cursor - index - 2 < 2", HOSTILE),
    ("the reader ignores \\u{…}", src("LabelEscaping.swift"),
     "hexEscape(scalars, at: index + 1)", "hexEscape(scalars, at: index + 2)", HOSTILE),
    ("an unselected first marker `[ ]` is taken for JSON", src("TreeFormat.swift"),
     "head[index + 1] == UInt8(ascii: \"]\")\n          && head[(index + 2)...]",
     "head[next] == UInt8(ascii: \"]\")\n          && head[(next + 1)...]", HOSTILE),
    ("detection counts escaped separators", src("TreeFormat.swift"),
     "} else if byte == UInt8(ascii: \"\\\\\") {", "} else if byte == 0 {", HOSTILE),
    ("indented text does not escape the separator", src("_IndentedText.swift"),
     "tree.structure.labels[position], specials: [\"{\", \"/\"], emptyMarker: false)",
     "tree.structure.labels[position], specials: [\"{\"], emptyMarker: false)", HOSTILE),
    ("the depth limit lets one level more through", src("ParsedTree.swift"),
     "depths[index] >= _maximumParsedDepth", "depths[index] > _maximumParsedDepth",
     HOSTILE + "|" + JSON_T),
    ("plain-ASCII skipping lets a byte above 0x7F through unchecked", src("TextScanning.swift"),
     "let stop = (word | ((word &- ones) & ~word) | ((newlines &- ones) & ~newlines)) & high",
     "let stop = (((word &- ones) & ~word) | ((newlines &- ones) & ~newlines)) & high",
     "FormatErrorTests"),
    ("raw state lines let a NUL in a label end the record", src("StateLines.swift"),
     'return label.utf8.contains(0) ? label.replacing("\\0", with: "\\\\u{00}") : label', "return label",
     "StateLinesTests"),
    ("state lines forget the last piece", src("StateLines.swift"),
     "    chunk.flush(emit)\n", "", "StateLinesTests"),
    ("JSON read into the draft loses a lock or disabling given after the children", src("_JSONTree+Sinks.swift"),
     "if closing.selected != nil || closing.locked || closing.disabled {",
     "if closing.selected != nil {", JSON_T),
    ("JSON read into the draft ignores a label after the children", src("_JSONTree+Sinks.swift"),
     "        guard open[index].node < 0 else { throw Self.needsNodeList }\n        open[index].label = label",
     "        open[index].label = label", JSON_T),
    ("JSON read into the draft takes a node's own id for its label path", src("_JSONTree+Sinks.swift"),
     "      if open[index].id == nil { return draft.ids[Int(open[index].node)] }",
     "      return draft.ids[Int(open[index].node)]", JSON_T),
    ("JSON read into the draft has no depth limit", src("_JSONTree+Sinks.swift"),
     "guard index < Int(_maximumParsedDepth) else", "guard index >= 0 else", JSON_T),
    ("JSON read into the draft lets siblings with ids share a label", src("_JSONTree+Sinks.swift"),
     "if uniqueSiblingLabels && anyOwnID,", "if uniqueSiblingLabels && !anyOwnID,", JSON_T),
    ("JSON strings taken as they are let a control character through", src("_JSONTree+Lexer.swift"),
     "if byte == UInt8(ascii: \"\\\\\") || byte < 0x20 || byte >= 0x80 { break }",
     "if byte == UInt8(ascii: \"\\\\\") || byte >= 0x80 { break }", JSON_T),
    ("a text format's unmarked child does not inherit its parent's marker", src("_ParsedMarkers.swift"),
     "if bits[node] & 1 == 0 && parent >= 0 { bits[node] |= bits[parent] & 3 }",
     "if bits[node] & 1 == 0 && parent < -1 { bits[node] |= bits[parent] & 3 }",
     "TextParsingTests|FormatRoundTripTests"),
    ("the label index keeps the last of equal siblings", src("SelectionTree+LabelPaths.swift"),
     "where table[structure.labels[child]] == nil {", "where true {", HOSTILE),
    ("an || chain's complexity is the sum", src("RulePredicate.swift"),
     "? terms.reduce(0) { $0 + $1.complexity } : terms.map(\\.complexity).min()!",
     "? terms.reduce(0) { $0 + $1.complexity } : terms.reduce(0) { $0 + $1.complexity }", HOSTILE),
    ("a paste refilters per character", src("Explorer.swift"),
     '        pending = (pending ?? "") + String(character)\n',
     '        pending = (pending ?? "") + String(character)\n        applyPending()\n',
     HOSTILE),
    ("a partial UTF-8 character swallows the next byte", src("Key.swift"),
     "for offset in 1..<length where", "for offset in 1..<1 where", HOSTILE),
    ("a NUL's column counts from the newline", src("Input.swift"),
     "        lineStart = index + 1\n", "        lineStart = index\n", HOSTILE),
    ("-0 still escapes labels", src("SelectionTree+LabelPaths.swift"),
     "escaped ? LabelPath.escaped($0, separator: separator) : $0",
     "LabelPath.escaped($0, separator: separator)", "StateLinesTests|FormatRoundTripTests|" + HOSTILE_E2E),
    ("a failed write is not remembered", "Sources/togglekit/main.swift",
     "          failure = errno\n", "          _ = errno\n", HOSTILE_E2E),
    ("a reload reuses every surviving node's derivation", src("SelectionTree+DerivedAttributes.swift"),
     "        merged.hasSameFacts(record.read, at: position, as: old, at: previous)\n",
     "        true\n", RULES_T),
    ("facts compare labels as equal", src("NodeFacts.swift"),
     "case .label: same = this.label() == that.label()", "case .label: same = true", RULES_T),
    ("a presentation that read the state is never derived again", src("DerivedAttributes.swift"),
     "!cached.read.contains(NodeFacts.Fact.Set(.state)) || cached.state == state", "true", RULES_T),
    ("a fact read is not recorded", src("NodeFacts.swift"),
     "    lock.withLock { _ = mask.insert(NodeFacts.Fact.Set(fact)) }\n", "", RULES_T),
    ("the data's disabling is not explicit to rules", src("RuleModel+NodeAttributeSource.swift"),
     "    if node.isDisabledByData { isEnabled = false }\n", "", RULES_T),
    ("a writability rule may read the state", src("RuleModel+NodeAttributeSource.swift"),
     "guard _cache.lookup(ObjectIdentifier(key))?.dependencies.contains(state) == true else { return }",
     "return", RULES_T),
    ("rules text keeps a CR before the newline", src("_RuleLexer.swift"),
     "if end > start && bytes[end - 1] == 0x0D { end -= 1 }", "if false { end -= 1 }", RULES_T),
    ("a NUL byte in rules text passes", src("_RuleLexer.swift"),
     "if scalar.count == 1 && scalar.first == 0 { bad = index }", "_ = scalar", RULES_T),
    ("hidden selected leaves are every selected leaf", src("StateSet.swift"),
     "static var hiddenSelectedLeaves: StateSet { hidden & selectedLeaves }",
     "static var hiddenSelectedLeaves: StateSet { selectedLeaves }", "StateSetTests|" + BASIC),
    ("the test build says its internal checks are off", src("SelectionTree+Invariants.swift"),
     "#if TOGGLEKIT_INTERNAL_CHECKS\n    true", "#if TOGGLEKIT_INTERNAL_CHECKS\n    false",
     "InternalChecksTests"),
    ("a flag accepts a value", src("Invocation.swift"),
     "guard inlineValue == nil else { throw UsageError(\"option '\\(name)' takes no value\") }",
     "_ = inlineValue", OPTIONS),
    ("help lists the options of other commands", src("OptionTable.swift"),
     "where option.section == section && option.commands.contains(command)",
     "where option.section == section", OPTIONS),
    ("quoted strings leave C1 controls raw", src("LabelEscaping.swift"),
     "        if isControl(scalar) {\n          result += control(scalar)",
     "        if scalar.value < 0x20 || scalar.value == 0x7F {\n          result += control(scalar)",
     RULES_T + "|" + HOSTILE),
    ("an entry's fields are not encoded", src("SelectionTree+Building.swift"),
     "try container.encodeIfPresent(parent, forKey: .parent)\n    try fields.encode(to: encoder)",
     "try container.encodeIfPresent(parent, forKey: .parent)", SEAMS),
    # Reading in pieces
    ("a line split across pieces loses its first part", src("_TextPieces.swift"),
     "      pending.append(contentsOf: bytes[..<newline])\n      try endPending()",
     "      try endPending()", PIECES),
    ("a last line with no newline is dropped", src("_TextPieces.swift"),
     "    if !pending.isEmpty { try endPending() }", "", PIECES),
    ("a text format keeps its byte-order mark", src("_TextPieces.swift"),
     "if lineNumber == 1 && end - start >= 3 && bytes[start] == 0xEF",
     "if lineNumber == 0 && end - start >= 3 && bytes[start] == 0xEF", PIECES),
    ("the bytes before a NUL in its piece are not read", src("TreeParser.swift"),
     "try read(UnsafeBufferPointer(rebasing: bytes[..<nul]))",
     "try read(UnsafeBufferPointer(rebasing: bytes[..<0]))", PIECES),
    ("detection does not wait for the bytes it reads", src("TreeParser.swift"),
     "guard known != nil || kept.count > Self.startingBytes else {",
     "guard known != nil || kept.count > 8 else {", PIECES),
    ("JSON's NUL error skips the bytes kept before it", src("TreeParser.swift"),
     "      var lines = _TextPieces(_UncheckedLines(), file: file)\n      do throws(TreeFormatError) {\n        try kept.withUnsafeBufferPointer",
     "      var lines = _TextPieces(_UncheckedLines(), file: file)\n      do throws(TreeFormatError) {\n        try [UInt8]().withUnsafeBufferPointer",
     PIECES),
    ("a format the file's name gives still waits for detection", src("TreeParser.swift"),
     "let known = format ?? TreeFormat(fileName: file)", "let known = format", PIECES),
    ("the general way never shares the previous path's nodes", src("PathTreeBuilder.swift"),
     "      if shared < previousNodes.count, previousNodes[shared].end == end,",
     "      if false, previousNodes[shared].end == end,", BUILDING),
    # Fuzzy finding
    ("the first character's bonus is not doubled", src("FuzzyMatch.swift"),
     "matchScore + bonuses[j] * firstCharacterMultiplier", "matchScore + bonuses[j]", FUZZY),
    ("a run continues at the character's own bonus only", src("FuzzyMatch.swift"),
     "previous + matchScore + max(bonuses[j], runBonuses[run])", "previous + matchScore + bonuses[j]",
     FUZZY),
    ("a gap costs nothing", src("FuzzyMatch.swift"),
     "bestEarlier - (j - 2) * gapExtension - gapStart + matchScore", "bestEarlier - (j - 2) * gapExtension + matchScore",
     FUZZY),
    ("ASCII matching ignores case for a pattern with an uppercase letter", src("FuzzyPattern.swift"),
     "(isCaseSensitive ? byte : Self.lowered(byte)) == needle[next]", "Self.lowered(byte) == needle[next]",
     FUZZY),
    ("a jump to a match leaves its folders closed", src("Explorer+Finding.swift"),
     "        if tree.isExpanded(folder) == false { try? tree.expand(folder) }\n", "", FUZZY),
    # Shared chunks and history
    ("a shared chunk is written in place", src("ChunkedArray.swift"),
     "        if !isKnownUniquelyReferenced(&chunks[slot]) { chunks[slot] = chunks[slot].copy() }\n", "",
     SHARING),
    ("a shared table is written in place", src("ChunkedArray.swift"),
     "      if !isKnownUniquelyReferenced(&tables[tableIndex]) {\n        tables[tableIndex] = tables[tableIndex].copy()\n      }\n",
     "", SHARING),
    ("a new change keeps the steps that could be redone", src("_ModelHistory.swift"),
     "    redoSteps.removeAll()\n    trim()", "    trim()", HISTORY),
    ("every change in a transaction makes its own step", src("_ModelHistory.swift"),
     "      guard !transactionRecorded else { return false }\n", "", HISTORY),
    ("the limit drops the newest steps", src("_ModelHistory.swift"),
     "undoSteps.removeFirst(undoSteps.count - max(0, limit))", "undoSteps.removeLast(undoSteps.count - max(0, limit))",
     HISTORY),
    ("an undo tells no node's observers", src("SelectionModel+History.swift"),
     "for (id, before) in observed where storage.snapshot(of: id) != before {",
     "for (id, before) in observed where storage.snapshot(of: id) != before && false {", HISTORY),
    ("an undo keeps the current tree", src("SelectionModel+History.swift"),
     "      storage = step.tree\n", "", HISTORY),
    # Starting selection, --limit, --header, completion
    ("a move under --limit 1 keeps the leaves a filter hides", src("Explorer+Selection.swift"),
     "      tree.options.filterScope = .all\n", "", LIMIT),
    ("a change over the limit is kept", src("Explorer+Selection.swift"),
     "      tree = before\n      message = \"at most", "      message = \"at most", LIMIT),
    ("the limit itself is refused", src("Explorer+Selection.swift"),
     'if let limit = settings.selectionLimit, count > limit,',
     'if let limit = settings.selectionLimit, count >= limit,',
     LIMIT),
    ("Enter with nothing selected picks nothing", src("Explorer.swift"),
     '    change("select \\(displayPath(of: id))") { _ = try? $0.set(id, to: true) }\n',
     '',
     LIMIT),
    ("the header takes no row from the tree", src("Explorer+Preview.swift"),
     'var bodyLines: Int { height - 2 - shownHeader.count }',
     'var bodyLines: Int { height - 2 }',
     LIMIT),
    ("a -0 list is read as lines", src("StartingSelection.swift"),
     "let raw = bytes.contains(0)", "let raw = false", STARTING),
    ("a CR before LF stays in the label", src("StartingSelection.swift"),
     "if !raw && last > start && bytes[last - 1] == 0x0D { last -= 1 }", "", STARTING),
    ("warnings are never capped", src("StartingSelection.swift"),
     "if warnings.count < 10 {", "if warnings.count < Int.max {", STARTING),
    ("fish offers a choice option's values as free text", src("Completion.swift"),
     "case .choices(let words): line += \" -x -a \" + fishQuoted(words.joined(separator: \" \"))",
     "case .choices: line += \" -x\"", SHELLS),
    ("bash completes files after --dir", src("Completion.swift"),
     "mapfile -t COMPREPLY < <(compgen -d -- \\\"$cur\\\"); return 0\"",
     "mapfile -t COMPREPLY < <(compgen -f -- \\\"$cur\\\"); return 0\"", SHELLS),
    ("zsh offers no values for a choice option", src("Completion.swift"),
     "case .choices(let words): action = \"(\" + words.joined(separator: \" \") + \")\"",
     "case .choices: action = \" \"", SHELLS),
    # .gitignore and --exclude
    ("the first matching pattern of a file decides", src("IgnoreList.swift"),
     "for pattern in patterns.reversed() where", "for pattern in patterns where", IGNORE),
    ("`**/` must cross a folder", src("IgnorePattern.swift"),
     "row[j] = next[j] || reachable", "row[j] = reachable", IGNORE),
    ("a folders-only pattern matches files", src("IgnorePattern.swift"),
     "    if isDirectoryOnly && !isDirectory { return false }\n", "", IGNORE),
    ("a pattern with a slash matches names at any depth", src("IgnorePattern.swift"),
     "matchesName = !body.contains(0x2F)", "matchesName = true", IGNORE),
    ("the .gitignore files above the folder read are not read", src("_Ignoring.swift"),
     "        topChain = add(text, folder: folder, parent: topChain)\n", "", IGNORE),
    ("a negated class matches what it lists", src("IgnorePattern.swift"),
     "(members[byte] != nil) != negated", "(members[byte] != nil)", IGNORE),
    # The mouse
    ("a click on a box only focuses", src("Explorer+Mouse.swift"),
     "      case .box: toggleFocused(index)\n", "      case .box: break\n", MOUSE),
    ("a box is hit on its middle only", src("Explorer+Mouse.swift"),
     "(first - 1)...(last + 1) ~= column", "first...last ~= column", MOUSE),
    ("clicks forget the header", src("Explorer+Frame.swift"),
     'var line = shownHeader.count + (settings.reverseLayout ? 2 : 0)',
     'var line = settings.reverseLayout ? 2 : 0',
     MOUSE),
    ("an X10 report's bytes are read as keys", src("Key.swift"),
     "return (event.map(Key.mouse), length + 3)", "return (event.map(Key.mouse), length)", MOUSE),
    ("a release is a press", src("Key.swift"),
     "action = released ? .release : .press(button)", "action = .press(button)", MOUSE),
    # --height
    ("inline frames start wherever the cursor is", src("ScreenSequences.swift"),
     "      text += \"\\u{1B}7\"\n", "", INLINE),
    ("inline rows are left on the screen at exit", src("ScreenSequences.swift"),
     "(inline ? \"\\u{1B}8\\u{1B}[J\\u{1B}[?25h\"", "(inline ? \"\\u{1B}[?25h\"", INLINE),
    ("a height of the whole screen is inline", src("ScreenSequences.swift"),
     "return rows >= screenRows ? nil : rows", "return rows", INLINE),
    ("{} inside single quotes is not closed around", src("PreviewCommand.swift"),
     "case .single: #\"'\"${1}\"'\"#", "case .single: #\"\"${1}\"\"#", PREVIEW),
    ("{} inside double quotes is quoted again", src("PreviewCommand.swift"),
     "case .double: \"${1}\"", "case .double: #\"\"${1}\"\"#", PREVIEW),
    ("{} outside quotes is unquoted", src("PreviewCommand.swift"),
     "case .plain, .substitution, .backquote: #\"\"${1}\"\"#",
     "case .plain, .substitution, .backquote: \"${1}\"", PREVIEW),
    ("a backslash in a template does not escape the next character", src("PreviewCommand.swift"),
     "        if let next {\n          result.append(next)", "        if let next, false {\n          result.append(next)",
     PREVIEW),
    ("{} under --dir is the labels, not the file's path", src("PreviewCommand.swift"),
     "guard let directory else {", "guard let directory, false else {", PREVIEW),
    ("any CSI sequence is dropped, colours too", src("PreviewText.swift"),
     "        if final == \"m\" {", "        if false {", PREVIEW),
    ("a CSI's parameters may hold any byte", src("PreviewText.swift"),
     "(0x20...0x3F).contains(scalars[index].value)", "scalars[index].value != 0x6D", PREVIEW),
    ("tabs are one column wide", src("PreviewText.swift"),
     "let spaces = 8 - column % 8", "let spaces = 1", PREVIEW),
    ("a CR before LF stays in the preview", src("PreviewText.swift"),
     "bytes[stop - 1] == 0x0D && stop < bytes.count", "false", PREVIEW),
    ("the command keeps the controlling terminal's session", src("SpawnAttributes.swift"),
     "let session: Int32 = newSession ? 0x80 : 0", "let session: Int32 = 0", PREVIEW),
    ("stop kills only the shell, not its group", src("PreviewProcess.swift"),
     "    kill(-pid, SIGKILL)\n", "    kill(pid, SIGKILL)\n", PREVIEW),
    ("the command inherits every open descriptor", src("PreviewProcess.swift"),
     "where open > 2 {", "where open > 2 && false {", PREVIEW),
    ("output past the limit is kept", src("PreviewProcess.swift"),
     "      if output.count >= byteLimit {", "      if false {", PREVIEW),
    ("a run past its time limit goes on", src("Previewer.swift"),
     "if !process.isFinished && Previewer.now() >= deadline {", "if false {", PREVIEW),
    ("the same path runs again", src("Previewer.swift"),
     "    guard newPath != path else { return }\n", "", PREVIEW),
    ("the pane overlaps the tree's columns", src("Explorer+Preview.swift"),
     "previewColumns > 0 ? width - previewColumns - 1 : width", "previewColumns > 0 ? width - previewColumns : width", PREVIEW),
    ("a click on the preview pane acts on the row", src("Explorer+Mouse.swift"),
     'guard !showsHelp, column >= 0, column < treeWidth else',
     'guard !showsHelp, column >= 0 else',
     PREVIEW),
    ("the note takes no line of its own", src("Explorer+Preview.swift"),
     'if rows.count < lines { rows.append(note) } else if lines > 0 { rows[lines - 1] = note }',
     'if lines > 0 { rows[lines - 1] = note }',
     PREVIEW),
    ("a snapshot holds half a line", src("StreamingInput.swift"),
     "    guard let last = bytes.lastIndex(of: end) else {", "    guard let last = bytes.indices.last else {", STREAM),
    ("snapshots come as often as asked", src("StreamingInput.swift"),
     "guard lines != linesShown, now >= nextSnapshot else", "guard lines != linesShown else", STREAM),
    ("the last line without a newline is lost", src("StreamingInput.swift"),
     "      if !tail.isEmpty { try parser.append(tail) }\n", "", STREAM),
    ("a reload forgets the focus", src("Explorer+Cursor.swift"),
     "    cursor = focused.flatMap { tree.index(of: $0) }\n", "    cursor = nil\n", STREAM),
    ("undo across a reload does nothing", src("SelectionHistory.swift"),
     '    tree.restoreStates(from: carried)\n',
     '',
     STREAM),
    ("a reload takes the fresh tree's selection", src("Explorer+Loading.swift"),
     "        explorer.tree.reload(from: fresh)\n", "        explorer.tree = fresh\n", STREAM),
    ("loaded children do not inherit their folder's selection", src("LazyTree.swift"),
     "    tree.reload(from: fresh)\n", "    tree = fresh\n", LAZY),
    ("a loaded node stays unloaded", src("LazyTree.swift"),
     "    noted.subtract(filled)\n", "", LAZY),
    ("load all stops one level down", src("LazyTree.swift"),
     "      pending += children.unloaded\n", "", LAZY),
    ("leaves load the folders that are off", src("LazyTree.swift"),
     "unloaded.filter { tree.state(of: $0) == .on }", "unloaded.filter { tree.state(of: $0) == .off }", LAZY),
    ("a lazy directory reads below --max-depth", src("DirectoryLoader.swift"),
     "maxDepth.map({ subfolder.depth < $0 }) ?? true", "true", LAZY),
    ("a lazy directory forgets kind and size", src("DirectoryLoader.swift"),
     "label: entry.label, attributes: entry.attributes)", "label: entry.label)", LAZY),
    ("a folder not read is drawn as a file", src("Explorer+Frame.swift"),
     'if !unloaded.isEmpty && unloaded.contains(id) { configuration.hasChildren = true }',
     '',
     LAZY),
    ("a filter does not read the folders not read", src("Explorer+Finding.swift"),
     "    if !text.isEmpty { load(nil) }\n", "", LAZY),
    ("leaves are printed with folders not read as units", src("Explorer+Loading.swift"),
     "    case .leaves, .all: load(nil, selectedOnly: true)", "    case .leaves, .all: break", LAZY),
    ("opening a folder not read does not read it", src("Explorer+Cursor.swift"),
     "    if unloaded.contains(id) {\n      load([id])", "    if unloaded.contains(id) {\n      _ = id", LAZY),
    ("the observers of nodes that appear are not told", src("SelectionModel+Loading.swift"),
     "      changed += takeAppeared()\n    }\n    if let failure", "    }\n    if let failure",
     MODEL_LOAD + "|" + MEET),
    ("undo after a load puts back the tree before it", src("SelectionModel+Loading.swift"),
     "      history.noteLoad(of: id, children)\n", "", MODEL_LOAD + "|" + MEET),
    # Absolute paths: a leading separator is the root labelled with the separator
    ("a leading separator is an empty first label", src("LabelPath.swift"),
     "guard path.unicodeScalars.first == separator else {",
     "guard path.unicodeScalars.first == separator && false else {", HOSTILE + "|" + BUILDING),
    ("a bare root is written escaped", src("LabelEscaping.swift"),
     "isBareRoot(label, separator: separator)\n      ? String(separator)",
     "false\n      ? String(separator)", HOSTILE + "|FormatRoundTripTests"),
    ("a bare root's children get a second separator", src("LabelEscaping.swift"),
     "let joint = isBare ? 0 : 1", "let joint = 1", HOSTILE + "|" + BUILDING),
    ("the fast builder reads a leading separator as an empty label", src("PathTreeBuilder.swift"),
     "let rooted = bytes[0] == separatorByte", "let rooted = false", BUILDING),
    ("outputs write the bare root escaped", src("SelectionTree+LabelPaths.swift"),
     "depth == 0 && LabelEscaping.isBareRoot(structure.labels[position], separator: separator)",
     "false", "FormatRoundTripTests|" + HOSTILE),
    ("-0 writes an absolute path with a doubled separator", src("LabelPath.swift"),
     "? first + rest : first + String(separator) + rest",
     "? first + String(separator) + rest : first + String(separator) + rest",
     HOSTILE + "|PreviewCommandTests"),
    ("a raw list reads a leading '/' as an empty label", src("LabelPath.swift"),
     "    if scalars[0] == separator {\n      labels.append(String(separator))",
     "    if false {\n      labels.append(String(separator))", STARTING),
    ("JSON writes the ids under a bare root", src("_JSONTree.swift"),
     "pathLengths[parent] + (underBareRoot ? 0 : 1)", "pathLengths[parent] + 1",
     "FormatRoundTripTests|" + JSON_T),
    # A large file read as a stream; a fresher read taken as it is
    ("a large file lays out snapshots as often as a pipe", src("StreamingInput.swift"),
     "nextSnapshot = firstSnapshotOnly ? .infinity : now + max(0.1, 3 * took)",
     "nextSnapshot = now + max(0.1, 3 * took)", STREAM),
    ("a JSON file not named so is streamed", src("StreamingInput.swift"),
     "|| TreeFormat.detect(fileName: path, bytes: Array(head.prefix(headCount))) != .json",
     "|| true", STREAM),
    ("a read after a carried change replaces it", src("Explorer+Loading.swift"),
     "      explorer.treeAsRead = fresh\n", "      explorer.treeAsRead = explorer.tree\n", STREAM),
    ("a fresher read is never taken as it is", src("Explorer+Loading.swift"),
     "      if unchanged {\n        explorer.tree = fresh", "      if unchanged && false {\n        explorer.tree = fresh",
     STREAM),
    ("standard input is looked at from its start, not where it stands", src("StreamingInput.swift"),
     "let offset = max(0, lseek(descriptor, 0, SEEK_CUR))", "let offset: Int = 0", STREAM),
    # Building without a lookup per node; visiting configurations
    ("a path naming a folder of the previous path forgets the rest of it", src("PathTreeBuilder.swift"),
     "    if shared > 0 && previousNodes[shared - 1].end == bytes.count {", "    if false {", BUILDING),
    ("of merged repeats, the first marker wins", src("_ParsedMarkers.swift"),
     "      result[Int(moved[node])] = bits\n",
     "      if result[Int(moved[node])] == 0 { result[Int(moved[node])] = bits }\n", PIECES),
    ("a mixed marker on a merged repeat is dropped", src("_ParsedMarkers.swift"),
     "where bits & 16 != 0 {", "where bits & 15 != 0 {", PIECES),
    ("a configuration visit leaves out the last node", src("SelectionTree+BulkReads.swift"),
     "          for offset in 0..<range.count {", "          for offset in 0..<max(0, range.count - 1) {",
     "SelectionTreeBehaviourTests|" + BULK),
    ("a configuration visit trusts the partial kinds of nodes reaching past its window",
     src("SelectionTree+BulkReads.swift"),
     "              configuration.isLocked = _isLocked(at: position)\n", "", BULK),
    ("a builder never checks for repeats before the end", src("PathTreeBuilder.swift"),
     "    guard draft.count >= nextCheck else { return Int32(made) }",
     "    guard false else { return Int32(made) }", BUILDING),
    ("markers stay where they were when repeats are merged midway", src("_PathList+Lines.swift"),
     "    if let moved = builder.takeMoves() { markers.move(to: moved, count: builder.count) }",
     "    _ = builder.takeMoves()", PIECES),
    ("an index added to in steps skips the ids that came since the last step", src("TreeDraft.swift"),
     "index!.add(ids, from: index!.count, hashes: hashes)",
     "index!.add(ids, from: ids.count, hashes: hashes)", BUILDING + "|" + PIECES),
    ("a growing id index loses positions", src("IDIndex.swift"),
     "let position = word << 6 | rest.trailingZeroBitCount",
     "let position = word << 5 | rest.trailingZeroBitCount", BUILDING + "|" + PIECES),
    ("the id index forgets ids when it grows", src("IDIndex.swift"),
     "    for entry in slots where entry != 0 {", "    for entry in slots.prefix(0) where entry != 0 {",
     BUILDING + "|" + PIECES),
    ("a configuration visit shows the stored label, not the derived one", src("SelectionTree+BulkReads.swift"),
     "label: isDerived ? displayLabel(at: position) : labels[position],", "label: labels[position],",
     "NodeAttributeSourceTests"),
    # Entries and nested nodes read in place
    ("an entry whose parent is not open hangs under the first open node", src("TreeDraft.swift"),
     "if ids[Int(node)] == id { return node }", "if ids[Int(node)] == id || depth == 0 { return node }",
     "EntryOrderTests"),
    ("entries indexed as they are copied skip the first id of each batch",
     src("SelectionTree+Building.swift"),
     "if let repeated = index.add(ids, from: start) {",
     "if let repeated = index.add(ids, from: min(ids.count, start + 1)) {",
     "EntryOrderTests|SelectionTreeBuildingTests"),
    ("a nested node's children hang under its parent", src("SelectionTree+Building.swift"),
     "if !children.isEmpty { stack.append((children, 0, position)) }",
     "if !children.isEmpty { stack.append((children, 0, max(parent, 0))) }", "EntryOrderTests"),
    ("attributes of a draft made with its ids go to the node after the last",
     src("TreeDraft.swift"),
     "if !attributes.isEmpty { self.attributes[Int32(parents.count)] = attributes }",
     "if !attributes.isEmpty { self.attributes[Int32(ids.count)] = attributes }", "EntryOrderTests"),
    ("an id index probe past the last slot does not wrap around to the first",
     src("IDIndex.swift"), "slot + 1 == count ? 0 : slot + 1", "slot + 1",
     "SelectionTreeBuildingTests|PathBuildingTests"),
    ("a leaf write counts the state it leaves, not the one it reaches", src("StateMap.swift"),
     "    add(old, -1)\n    add(new)", "    add(old, -1)\n    add(old)", FAST),
    ("a draft's locks apply in the order they were given, not parents first",
     src("TreeDraft.swift"),
     "for (at, index) in locks.sorted(by: { ($0.position, $0.index) < ($1.position, $1.index) }) {",
     "for (at, index) in locks {", "EntryOrderTests"),
    ("a draft out of preorder expands the node at the draft's position, not the tree's",
     src("TreeDraft.swift"), "expanded[Int(positionOf?[Int(node)] ?? node)] = true",
     "expanded[Int(node)] = true", "EntryOrderTests"),
    ("a new inner node counts only its last child",
     src("CountedTree.swift"), "      summary = Traits.combine(summary, child.summary)\n    }\n    self.ends",
     "      summary = child.summary\n    }\n    self.ends", FAST + "|NodeStatesTests"),
    # Ids hashed as they are made, their hashes indexed
    ("a draft keeps each id with a hash that is not its own", src("TreeDraft.swift"),
     "if isHashing { hashes.append(id.hashValue) }",
     "if isHashing { hashes.append(id.hashValue &+ 1) }",
     BUILDING + "|FormatRoundTripTests|FormatErrorTests"),
    ("an index reads the hash kept for the next id", src("IDIndex.swift"),
     "hashes[position - start] = known[position]",
     "hashes[position - start] = known[min(position + 1, known.count - 1)]",
     BUILDING + "|FormatRoundTripTests"),
    # JSON keys matched as bytes; nodes with default fields appended without a dictionary
    ("a JSON key is taken from its length and first letter alone", src("_JSONTree+Lexer.swift"),
     "for offset in 1..<bytes.count where bytes[offset] != spelling.utf8Start[offset] {",
     "for offset in 1..<1 where bytes[offset] != spelling.utf8Start[offset] {",
     "FormatErrorTests|JSONParsingTests"),
    ("a node appended with the default fields is selected", src("TreeDraft.swift"),
     "appendPlace(label: label, parent: parent, isSelected: false)",
     "appendPlace(label: label, parent: parent, isSelected: true)",
     BUILDING + "|FormatRoundTripTests"),
    # A growing index reads the hashes kept as the ids were made
    ("a growing index places each id by the hash kept for the next id", src("IDIndex.swift"),
     "let hash = isKnown ? known[position] : ids[position].hashValue",
     "let hash = isKnown ? known[min(position + 1, known.count - 1)] : ids[position].hashValue",
     "PathBuildingTests"),
    # Names from other programs pass through exactly
    ("a backslash in a name without a marker is read, not refused", src("_PathList+Lines.swift"),
     "if let special, bytes[special] == UInt8(ascii: \"\\\\\") {",
     "if let special, bytes[special] == 0 {", NAMES),
    ("a raw-byte scalar's own UTF-8 is read as that scalar", src("LabelBytes.swift"),
     "if let (scalar, length) = decodeScalar(bytes, at: index), rawByte(scalar) == nil {",
     "if let (scalar, length) = decodeScalar(bytes, at: index) {", NAMES),
    ("a raw byte is written as its scalar, not \\xHH", src("LabelEscaping.swift"),
     "      } else if let byte = LabelBytes.rawByte(scalar) {",
     "      } else if let byte = LabelBytes.rawByte(scalar), false {", NAMES),
    ("a CR ends every line of LF text", src("_TextPieces.swift"),
     "if endsInCR && (endsInCRLF == true || !Sink.keepsCarriageReturnsOfLFText) { end -= 1 }",
     "if endsInCR { end -= 1 }", NAMES),
    ("a name's trailing separator is kept", src("_PathList+Lines.swift"),
     "if end > 1 && bytes[end - 1] == separatorByte && bytes[end - 2] != separatorByte { end -= 1 }",
     "", NAMES),
    ("--dir prints paths from the folder's own name", src("Invocation.swift"),
     "    return (path.hasPrefix(\"/\") ? [\"/\"] : []) + components.dropLast()", "    return []",
     "DirectoryPrefixTests|InvocationTests|NamesEndToEndTests"),
    ("a truncated sequence cancels at flush", src("Key.swift"),
     "return pending == [0x1B] ? [.escape] : []", "return pending.first == 0x1B ? [.escape] : []",
     KEYS),
    ("an ESC inside a sequence does not start a new one", src("Key.swift"),
     "      if pending[end] == 0x1B { return (nil, end - index) }\n", "", KEYS),

    # Where the newest features meet (issue 40): history, threads, loads, derived attributes,
    # bindings, and no step for a change that changes nothing
    ("a transaction holds the model only to count its depth", src("SelectionModel+History.swift"),
     "    lock.lock()\n    defer {\n      history.transactionDepth -= 1\n      lock.unlock()\n    }\n",
     "    lock.lock()\n    lock.unlock()\n    defer { lock.withLock { history.transactionDepth -= 1 } }\n",
     MEET),
    ("a load passes derived disabling on as data", src("LazyTree.swift"),
     "isDisabled: tree.isDisabledByData(at: position),",
     "isDisabled: tree.isDisabledItself(at: position),", MEET + "|" + APP),
    ("the data's disabling includes what a source derived", src("SelectionTree+DerivedAttributes.swift"),
     "isDisabledItself(at: position) && derived?.records[position].disables != true",
     "isDisabledItself(at: position)", MEET + "|" + APP),
    ("removing derived attributes leaves their disabling", src("SelectionTree+DerivedAttributes.swift"),
     "      if isDisabledItself(at: position) { _setDisabled(position, false) }\n", "",
     MEET + "|" + APP),
    ("removing derived attributes unlocks every node", src("SelectionTree+DerivedAttributes.swift"),
     "      for position in bytes.indices where derived.derivedLocks[position] {",
     "      for position in bytes.indices {", MEET + "|" + APP),
    ("a derived lock counts every locked node as the source's", src("SelectionTree+DerivedAttributes.swift"),
     "lockedAfter[$0] & NodeBits.locked != 0 && !lockedBefore[$0]",
     "lockedAfter[$0] & NodeBits.locked != 0", MEET + "|" + APP),
    ("a reload drops every lock of a tree with derived attributes", src("SelectionTree+Reloading.swift"),
     "if let derived = old.derived, derived.derivedLocks[previous] {",
     "if old.derived != nil {", APP + "|" + MEET),
    ("a reload keeps a record whose data disabling changed", src("SelectionTree+DerivedAttributes.swift"),
     "guard record.explicitDisabled == merged.isDisabledItself(at: position),",
     "guard", MEET + "|" + APP),
    ("a binding to a hidden or stuck node says it is writable", src("SelectionTree+Queries.swift"),
     "    return summary.writable > 0\n      && (options.lockedSources == .excluded || summary.lockedOff + summary.lockedMixed == 0)",
     "    return summary.writable > 0", MEET + "|" + APP),
    ("a leaf binding under a filter says it is writable", src("SelectionTree+Queries.swift"),
     "if own & NodeBits.leaf != 0 || !options.propagation.up { return _writable.contains(own) }",
     "if own & NodeBits.leaf != 0 || !options.propagation.up { return own & NodeBits.locked == 0 }",
     MEET + "|" + APP),
    ("collapse all writes when nothing changes", src("SelectionTree+Mutations.swift"),
     "    guard (0..<count).contains(where: { expanded[$0] != isExpanded }) else { return }\n", "",
     MEET + "|" + HISTORY),
    ("the same filter again is written again", src("TreeFilter.swift"),
     "      filter.matchesOnly == current.matchesOnly\n    {\n      return\n    }",
     "      filter.matchesOnly == current.matchesOnly\n    {\n    }", MEET + "|" + APP),
    ("a reload that changes nothing makes a new tree", src("SelectionTree+Reloading.swift"),
     "    if hasSameContent(as: old) { self = old }\n", "", HISTORY + "|" + MEET),
    ("a reload's sameness ignores what the source added", src("SelectionTree+Reloading.swift"),
     "      guard derived.derivedLocks == theirs.derivedLocks,",
     "      guard true,", APP),
    ("a reload's sameness ignores parents' values that count", src("SelectionTree+Reloading.swift"),
     "let ignored = options.propagation.up && !structure.isLeaf(position) ? NodeBits.selected : 0",
     "let ignored = NodeBits.selected", HISTORY + "|" + APP),
    ("clearing only redo steps tells no one", src("SelectionModel+History.swift"),
     "return !history.undoSteps.isEmpty || !history.redoSteps.isEmpty",
     "return !history.undoSteps.isEmpty", MEET),
    ("an undo after a load forgets the loads", src("SelectionModel+History.swift"),
     "      if step.loads == history.loads {", "      if true {", MEET + "|" + APP),
    ("the load log keeps nothing", src("_ModelHistory.swift"),
     "let oldest = [undoSteps.first?.loads, redoSteps.first?.loads].compactMap { $0 }.min() ?? loads",
     "let oldest = loads", MEET + "|" + APP),
    ("unloaded reports nodes a reload took away", src("SelectionModel+Loading.swift"),
     "unloadedNodes.filter { storage.contains($0) && storage.children(of: $0).isEmpty }",
     "unloadedNodes", MEET + "|" + APP),
    ("a load forgets unloaded nodes a reload took away", src("SelectionModel+Loading.swift"),
     "      unloadedNodes.remove(id)\n      unloadedNodes.formUnion(lazy.unloaded)",
     "      unloadedNodes = lazy.unloaded", MEET + "|" + APP),
    ("nodes a reload brings are not told to their observers", src("SelectionModel.swift"),
     "        for (id, before) in observed { compare(id, before) }\n        changed += takeAppeared()",
     "        for (id, before) in observed { compare(id, before) }", MEET + "|" + APP),
    ("a binding to an unknown node stays constant", src("SelectionModel.swift"),
     "  public func binding(for id: ID) -> ModelBinding<Bool> {\n    ModelBinding(",
     "  public func binding(for id: ID) -> ModelBinding<Bool> {\n    guard lock.withLock({ storage.contains(id) }) else { return .constant(false) }\n    return ModelBinding(",
     MEET + "|" + APP),
    ("the text filter ignores case always", src("TreeFilter.swift"),
     "    if text.contains(where: \\.isUppercase) {", "    if false {", "SelectionTreeFilteringTests"),
    ("the long-text fallback scores a gap one too cheap", src("FuzzyMatch.swift"),
     "total += matchScore + bonus - gapStart - (position - positions[i - 1] - 2) * gapExtension",
     "total += matchScore + bonus - gapStart - (position - positions[i - 1] - 3) * gapExtension",
     FUZZY),
    ("a rule error's column is its line", src("RuleError.swift"),
     "    if case .syntax(_, _, let column, _) = self { return column }",
     "    if case .syntax(_, let column, _, _) = self { return column }", RULES_T),
    ("a lazy tree reports unloaded nodes a reload took away", src("LazyTree.swift"),
     "  public var unloaded: Set<ID> { noted.filter(isUnloaded) }",
     "  public var unloaded: Set<ID> { noted }", "LazyTreeContractTests|" + MEET),
    ("a lazy tree loads a node a reload gave children", src("LazyTree.swift"),
     "    noted.contains(id) && tree.contains(id) && tree.children(of: id).isEmpty",
     "    noted.contains(id) && tree.contains(id)", "LazyTreeContractTests|" + MEET),
    # The newest code's rules that no test may have pinned: copies, history limits, ignore lists,
    # smart case
    ("a copy with other options is still the same tree", src("SelectionTree+Sharing.swift"),
     "&& (derivationFailure == nil) == (other.derivationFailure == nil) && options == other.options",
     "&& (derivationFailure == nil) == (other.derivationFailure == nil)", HISTORY + "|" + APP),
    ("a copy with another source is still the same tree", src("SelectionTree+Sharing.swift"),
     "&& filterOpen.sharesBuffer(as: other.filterOpen) && derived === other.derived",
     "&& filterOpen.sharesBuffer(as: other.filterOpen)", MEET + "|" + APP),
    ("restoring states keeps the current filter's hidden bits wrong", src("SelectionTree+Sharing.swift"),
     "      filter = earlier.filter\n      filterOpen = earlier.filterOpen\n      setFilter(currentFilter)",
     "      filter = currentFilter", "ValueSemanticsTests|" + HISTORY),
    ("a chunk written through a copy is not copied", src("ChunkedArray.swift"),
     "        if !isKnownUniquelyReferenced(&chunks[slot]) { chunks[slot] = chunks[slot].copy() }",
     "", SHARING),
    ("history off keeps the redo steps", src("SelectionModel+History.swift"),
     "        if history.limit == 0 { history.redoSteps.removeAll() }\n", "", APP + "|" + HISTORY),
    ("an ignore list's first pattern decides, not its last", src("IgnoreList.swift"),
     "    for pattern in patterns.reversed() where pattern.matches(relative, isDirectory: isDirectory) {",
     "    for pattern in patterns where pattern.matches(relative, isDirectory: isDirectory) {", IGNORE),
    ("an inner ignore list loses to an outer one", src("IgnoreList.swift"),
     "    for list in lists {\n      if let decided",
     "    for list in lists.reversed() {\n      if let decided", "GitIgnoreTests/innerListsDecideFirst|" + IGNORE),
    ("Tab toggles without moving", src("KeyTable.swift"),
     '.init(keys: [.tab], modes: all, actions: [.toggle, .down]',
     '.init(keys: [.tab], modes: all, actions: [.toggle]',
     CONVENTIONS),
    ("Shift-Tab moves down", src("KeyTable.swift"),
     '.init(keys: [.backTab], modes: all, actions: [.toggle, .up]',
     '.init(keys: [.backTab], modes: all, actions: [.toggle, .down]',
     CONVENTIONS),
    ("Ctrl-W deletes one character", src("Explorer+Finding.swift"),
     'while start > 0 && text[start - 1] != " " { start -= 1 }',
     'if start > 0 { start -= 1 }',
     CONVENTIONS),
    ("Alt-B stops inside a word", src("Explorer+Finding.swift"),
     '    while position > 0 && (text[position - 1].isLetter || text[position - 1].isNumber) {\n      position -= 1\n    }\n',
     '',
     CONVENTIONS),
    ("a term holds only on the node's own label", src("SearchQuery.swift"),
     'return (labelPath.dropLast().contains { !positions(term, in: Array($0)).isEmpty }, false)',
     'return (false, false)',
     CONVENTIONS),
    ("a negated term ignores the labels above", src("SearchQuery.swift"),
     '!own && !labelPath.dropLast().contains { !positions(term, in: Array($0)).isEmpty }',
     '!own',
     CONVENTIONS),
    ("a path term may end above the node's own label", src("SearchQuery.swift"),
     'let own = !positions(term, in: path, endingFrom: start).isEmpty',
     'let own = !positions(term, in: path, endingFrom: 0).isEmpty',
     CONVENTIONS),
    ("no term needs to touch the node's own label", src("SearchQuery.swift"),
     'return touchesLabel || !hasPositive',
     'return true',
     CONVENTIONS),
    ("an --expect key only remembers itself", src("Explorer.swift"),
     '      acceptingKey = key\n      perform(.accept)\n',
     '      acceptingKey = key\n',
     CONVENTIONS),
    ("a bound key keeps its default", src("Explorer.swift"),
     'settings.bindings[key] ?? KeyTable.actions(for: key, in: inputMode)',
     'KeyTable.actions(for: key, in: inputMode) ?? settings.bindings[key]',
     CONVENTIONS),
    ("Enter picks the focused node after a selection was cleared", src("Explorer.swift"),
     'case .auto: picks = settings.selectionLimit == 1 || !everSelected',
     'case .auto: picks = true',
     LIMIT),
    ("the default options win over the command line", src("Invocation.swift"),
     'return try parse(["explore"] + words + arguments.dropFirst())',
     'return try parse(["explore"] + arguments.dropFirst() + words)',
     CONVENTIONS),
    ("--print-query prints nothing", src("ExploreSession.swift"),
     '    if invocation.printsQuery { write(explorer.finding.text + end) }\n',
     '',
     "ExploreSessionTests|" + CONVENTIONS_E2E),
    ("--select-1 picks among several", src("ExploreSession.swift"),
     'guard invocation.selectsOne, leaves.count == 1 else',
     'guard invocation.selectsOne, !leaves.isEmpty else',
     "ExploreSessionTests|" + CONVENTIONS_E2E),
    ("a preview below the tree takes no border line", src("Explorer+Preview.swift"),
     'return bodyLines - previewSize.lines - 1',
     'return bodyLines - previewSize.lines',
     CONVENTIONS),
    ("Esc before a key is never Alt", src("Key.swift"),
     '      if (0x20..<0x7F).contains(next) { return (.alt(Character(Unicode.Scalar(next))), 2) }\n',
     '',
     MOUSE),
    ("folder counts count locked leaves as writable", src("Explorer+Frame.swift"),
     '\\(Self.grouped(summary.writable))\\(locked)',
     '\\(Self.grouped(summary.total))\\(locked)',
     CONVENTIONS),
    ("the Space hint counts what is selected already", src("Explorer+Selection.swift"),
     'let changes = selects ? summary.writableOff + summary.writableMixed : summary.writableOn',
     'let changes = selects ? summary.writable : summary.writableOn',
     CONVENTIONS),
    ("a recorded step keeps the redo steps", src("SelectionHistory.swift"),
     '    undoSteps.append((before, name))\n    redoSteps.removeAll()\n',
     '    undoSteps.append((before, name))\n',
     LIMIT),
    ("a hidden preview window shows", src("Explorer+Preview.swift"),
     'guard previewing.isOn, !previewing.window.hidden else { return false }',
     'guard previewing.isOn else { return false }',
     CONVENTIONS),
    ("--layout reverse keeps the prompt below", src("Explorer+Frame.swift"),
     '? [promptRow, status] + header + body() : header + body() + [status, promptRow]',
     '? header + body() + [status, promptRow] : header + body() + [status, promptRow]',
     CONVENTIONS),
    ("clear-query reaches no reducer", src("Explorer+Finding.swift"),
     '    case .clearQuery: setQuery("")\n',
     '',
     "ExploreSessionTests"),
    # Structural edits
    ("a new leaf under a node that was on comes in off", src("TreeSplice.swift"),
     '      } else if newChildren == .inheritFullySelectedParent && inheritsOn[position]',
     '      } else if newChildren == .inheritFullySelectedParent && inheritsOn[position] && parent >= 0',
     EDITS),
    ("a new node under a locked node takes no lock", src("TreeSplice.swift"),
     '        anchorLock = .some(shows == .mixed ? nil : shows == .on)',
     '        anchorLock = nil',
     EDITS),
    ("a derived lock passes down to inserted nodes", src("TreeSplice.swift"),
     'if old.hasOwnLock(at: anchor) && old.derived?.derivedLocks[anchor] != true {',
     'if old.hasOwnLock(at: anchor) {',
     EDITS + "|" + APP),
    ("a parent left without children forgets what it showed", src("TreeSplice.swift"),
     'if before >= 0 && !old.structure.isLeaf(before) && old.options.propagation.up {',
     'if before >= 0 && !old.structure.isLeaf(before) && !old.options.propagation.up {',
     EDITS),
    ("a moved subtree keeps its old parent", src("TreeSplice.swift"),
     '      if let (node, newParent) = splice.reparented, node == position { parent = newParent }\n',
     '',
     EDITS),
    ("an edited tree's disabling is not inherited", src("TreeSplice.swift"),
     'resolved[position] = ownDisabled[position] || (parent >= 0 && resolved[parent])',
     'resolved[position] = ownDisabled[position]',
     EDITS),
    ("an edit drops the filter", src("TreeSplice.swift"),
     '    if result.filter != nil { result._applyFilter() }\n',
     '',
     EDITS),
    ("an index past the children is taken as the end", src("SelectionTree+Edits.swift"),
     'guard index >= 0 && index <= children.count else {',
     'guard index >= 0 && index <= children.count + 1 else {',
     EDITS),
    ("a move under its own subtree is taken", src("SelectionTree+Edits.swift"),
     '    if subtree.contains(anchor) { throw .cycle(id: "\\(id)") }\n',
     '',
     EDITS),
    ("an insert may reuse an id the tree has", src("SelectionTree+Edits.swift"),
     '      if structure.position(of: local[entry].id) != nil {',
     '      if structure.position(of: local[entry].id) != nil && entry > 0 {',
     EDITS),
    ("an index remap leaves a gap in a probe run", src("IDIndex.swift"),
     '    for gap in cleared {',
     '    for gap in cleared where gap < 0 {',
     EDITS + "|" + RANDOM),
    ("an edit derives every node again as if new", src("TreeSplice.swift"),
     'result.rederive(derived, from: old) { previous[$0] >= 0 ? Int(previous[$0]) : nil }',
     'result.rederive(derived, from: old) { _ in previous.isEmpty ? 0 : nil }',
     EDITS + "|" + APP + "|" + MEET),
    ("a lazy load's nested children go in a batch of their own", src("LazyTree.swift"),
     '      let into = batch ?? batches.count',
     '      let into = batches.count',
     LAZY + "|LazyTreeContractTests"),
    ("a rope never merges a small chunk into its neighbour", src("Rope.swift"),
     'chunks[last].count + chunk.count <= limit {',
     'chunks[last].count + chunk.count < 0 {',
     "RopeTests|" + EDITS),
    ("a rope's cut through a chunk keeps the chunk's end", src("Rope.swift"),
     'let to = slice.startIndex + Swift.min(end, range.upperBound) - start',
     'let to = slice.startIndex + end - start',
     "RopeTests|" + EDITS),
    ("a rope's guide points at the chunk before", src("Rope.swift"),
     'while guide.count << shift < count { guide.append(Int32(chunks.count - 1)) }',
     'while guide.count << shift < count { guide.append(Int32(Swift.max(0, chunks.count - 2))) }',
     "RopeTests|" + EDITS),
    ("a rope read from a position starts at its chunk's start", src("Rope.swift"),
     'current: slice[(slice.startIndex + position - Int(starts[chunk]))...])',
     'current: slice[slice.startIndex...])',
     "RopeTests|" + EDITS),
    ("a rope takes chunks cut alike for equal", src("Rope.swift"),
     'left.baseAddress == right.baseAddress || left.elementsEqual(right)',
     'left.baseAddress == right.baseAddress || left.count == right.count',
     "RopeTests|" + EDITS),
    ("a rope compares an id with its chunk's first", src("Rope.swift"),
     'chunks[chunk].withUnsafeBufferPointer { $0[offset] == value }',
     'chunks[chunk].withUnsafeBufferPointer { $0[0] == value }',
     "RopeTests|" + EDITS),
    ("an index remap moves every slot by its first stretch", src("IDIndex.swift"),
     '        for stretch in kept where stretch.old.contains(position) {',
     '        for stretch in kept.prefix(1) where stretch.old.contains(position) {',
     EDITS + "|" + RANDOM),
    ("a lazy value is made again on every read", src("LazyOnce.swift"),
     '    if let box = slot.load(ordering: .acquiring) { return box.takeUnretainedValue().value }\n',
     '',
     "LazyOnceTests"),
    ("a load's repeated id is a duplicate, not an id the tree has", src("SelectionTree+Edits.swift"),
     '        throw .existingID(id: id, entry: first + second)',
     '        throw error',
     "LazyTreeTests/loadErrorsInOrder|" + EDITS),
    ("a load that cannot be built reports that before an id the tree has",
     src("SelectionTree+Edits.swift"),
     '      try checkNoneExists()\n      throw error',
     '      throw error',
     "LazyTreeTests/loadErrorsInOrder|" + EDITS),
    ("inserted entries under the parent are not taken for roots",
     src("SelectionTree+Building.swift"),
     'if let parentID = entries[position].parent, parentID != outside {',
     'if let parentID = entries[position].parent {',
     EDITS),
    ("a load drops the entries of the node it fills", src("LazyTree.swift"),
     '        batches.append((next, loaded[next]!.entries))',
     '        batches.append((next, []))',
     "LazyTreeTests"),
    ("an index is laid out full: a built tree's first insert grows it", src("IDIndex.swift"),
     'let slotCount = max(16, ((capacity + capacity / 8) * 4 + 2) / 3)',
     'let slotCount = max(16, (capacity * 4 + 2) / 3)',
     "SelectionTreeEditsTests/builtIndexHasRoom|" + EDITS),
    ("an edit leaves attributes at their old positions", src("SparseAttributes.swift"),
     'let shift = start - range.lowerBound',
     'let shift: Int32 = 0',
     "SelectionTreeEditsTests/attributesFollowEdits|" + EDITS + "|" + LAZY),
    ("inserted nodes lose their attributes", src("TreeSplice.swift"),
     '      contentsOf: nodes.structure.attributes, 0..<Int32(nodes.count), at: Int32(start))',
     '      contentsOf: nodes.structure.attributes, 0..<0, at: Int32(start))',
     "SelectionTreeEditsTests/attributesFollowEdits|" + EDITS + "|" + LAZY),
    ("an attribute look-up takes the next node's", src("SparseAttributes.swift"),
     'return index < positions.count && positions[index] == position ? values[index] : nil',
     'return index < positions.count ? values[index] : nil',
     "SelectionTreeEditsTests/attributesFollowEdits|" + EDITS),
    ("a sorted search passes over an equal element", src("SortedSearch.swift"),
     'if self[middle] < value { low = middle + 1 } else { high = middle }',
     'if self[middle] <= value { low = middle + 1 } else { high = middle }',
     "SelectionTreeEditsTests/attributesFollowEdits|" + EDITS + "|" + RANDOM),
    # Counted trees (issue 42, the layout's ground)
    ("two leaves below their minimum are kept side by side", src("CountedTree+Splicing.swift"),
     "if first.count >= limits.leafMinimum && second.count >= limits.leafMinimum\n        && total > limits.leaf",
     "if total > limits.leaf", "CountedTreeTests|NodeStatesTests"),
    ("a split leaf loses the element before the cut", src("CountedTree+Splicing.swift"),
     "return (Node(leaf: Array(elements[..<position])), Node(leaf: Array(elements[position...])))",
     "return (Node(leaf: Array(elements[..<(position - 1)])), Node(leaf: Array(elements[position...])))",
     "CountedTreeTests|NodeStatesTests"),
    ("a shorter tree joined in front of a taller one goes behind it", src("CountedTree+Splicing.swift"),
     "children = join(first, head, limits) + children", "children = children + join(first, head, limits)",
     "CountedTreeTests|NodeStatesTests"),
    ("a position at a child's end is taken for that child", src("CountedTree.swift"),
     "while Int(ends[index]) <= offset { index += 1 }", "while Int(ends[index]) < offset { index += 1 }",
     "CountedTreeTests|NodeStatesTests"),
    ("a pushed map leaves the parent's copy of its children's counts", src("NodeStates+Ranges.swift"),
     "      node.children[index].pending = map.after(node.children[index].pending)\n      node.summaries[index] = node.children[index].summary\n",
     "      node.children[index].pending = map.after(node.children[index].pending)\n",
     "NodeStatesTests|" + CONTRACT),
    ("a one-position write leaves the parent's copy of its child's counts", src("NodeStates+Ranges.swift"),
     "      node.summaries[index].move(states.0, to: states.1)\n", "", "NodeStatesTests|" + CONTRACT),
    ("a parent is any earlier node as deep", src("CountedShape.swift"),
     "mayHold: { $0.leastDepth < depth }, matches: { $0.depth < depth })",
     "mayHold: { $0.leastDepth <= depth }, matches: { $0.depth <= depth })", "CountedShapeTests"),
    ("keys spread again leave the index holding the old keys", src("CountedShape+Edits.swift"),
     "        for offset in window.indices where offset < position - first {\n          index.change(window[offset].id, from: old[offset], to: window[offset].key)\n        }\n",
     "", "CountedShapeTests"),
    ("a removal empties its slot and cuts the probe runs through it", src("KeyIndex.swift"),
     "    slots[slot(of: id, key: key)] = Self.tombstone", "    slots[slot(of: id, key: key)] = 0",
     "CountedShapeTests"),
    ("a key changed in the index loses its tag", src("KeyIndex.swift"),
     "slots[slot] = slots[slot] & ~0xFFFF_FFFF | UInt64(new)", "slots[slot] = UInt64(new)",
     "CountedShapeTests"),
    ("an edit's shared states keep the bytes of the positions it changed", src("TreeSplice.swift"),
     "    for position in differing { states.tree.update(at: position) { $0 = bytes[position] } }\n",
     "", EDITS + "|" + CONTRACT),
    ("an edit's shared states compare a kept node with whatever was at its new position",
     src("TreeSplice.swift"),
     "where previous[position] >= 0 && oldBytes[Int(previous[position])] != bytes[position] {",
     "where previous[position] >= 0 && oldBytes[min(position, oldBytes.count - 1)] != bytes[position] {",
     "SelectionTreeEditsTests/shiftedNodesTakeTheirNewState|" + EDITS + "|" + CONTRACT),
    ("a walk over the children in a range stops before the last one it reaches",
     src("CountedTree+Ranges.swift"),
     "        while start < range.upperBound {\n          let end = Int(ends[index])\n          let part =",
     "        while start < range.upperBound - 1 {\n          let end = Int(ends[index])\n          let part =",
     "CountedTreeTests|NodeStatesTests|" + CONTRACT),
]


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--only", help="comma-separated mutant numbers (1-based)")
    parser.add_argument("--scratch", default=".build", help="build folder (default .build)")
    args = parser.parse_args()
    chosen = list(range(1, len(MUTANTS) + 1))
    if args.only:
        try:
            chosen = [int(n) for n in args.only.split(",")]
        except ValueError:
            chosen = []
        if not chosen or any(not 1 <= n <= len(MUTANTS) for n in chosen):
            print(f"error: --only takes mutant numbers from 1 to {len(MUTANTS)}, comma-separated",
                  file=sys.stderr)
            return 2
    if args.list:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `--list | head` ends quietly
        for number in chosen:
            name, path, _, _, suites = MUTANTS[number - 1]
            print(f"{number:3}  {name}  ({path}; {suites})")
        return 0
    # Every mutant must apply exactly once before anything runs.
    for number in chosen:
        name, path, old, new, _ = MUTANTS[number - 1]
        with open(os.path.join(ROOT, path)) as source:
            found = source.read().count(old)
        if found != 1:
            print(f"error: mutant {number} ({name}): the text occurs {found} times in {path}", file=sys.stderr)
            return 2
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
            name, path, old, new, suites = MUTANTS[number - 1]
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
