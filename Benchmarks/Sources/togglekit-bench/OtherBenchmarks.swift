// Parsing throughput, the explorer at a million nodes, ParentToggle, and rules.

import LinkedExplorer
import ToggleKit
import ToggleKitRules

/// Parses the wide tree of `levels` levels in each format, with short and realistic labels.
func benchmarkParsing(levels: Int) -> [Row] {
  let paths = Shape.wide.paths(levels: levels)
  let compact = try! SelectionTree(paths: paths)
  // The same shape with labels of a realistic length (product names, file names: ~24 characters).
  let realistic = try! SelectionTree(
    paths: paths.map { path in
      path.split(separator: "/").map { "\($0) widget-assembly part" }.joined(separator: "/")
    })
  var rows: [Row] = []
  for format in TreeFormat.allCases {
    for (tree, labels) in [(compact, "1–5 char labels"), (realistic, "~24 char labels")] {
      let bytes = Array(tree.exported(as: format).utf8)
      var budget = Budget()
      budget.minRuns = 3
      let parse = measure(budget) { _ = try! SelectionTree(parsing: bytes, format: format) }
      let naive = measure(budget) { _ = NaiveTree(parsing: bytes, format: format) }
      // The naive parser reads the same tree (checked once, outside the time).
      let naiveTree = NaiveTree(parsing: bytes, format: format)
      precondition(naiveTree.paths == Array(tree.ids) && naiveTree.parents.count == tree.count)
      let megabytesPerSecond = Double(bytes.count) / (parse.median / 1e9) / 1_000_000
      rows.append(
        Row(
          section: "parse", shape: "wide", nodes: tree.count,
          operation: "parse \(format), \(labels)", ours: parse, naive: naive,
          extra: [("bytes", Double(bytes.count)), ("mb_per_s", megabytesPerSecond)]))
    }
  }
  return rows
}

/// The explorer on the wide tree of `levels` levels: startup, a keypress with its frame, a filter
/// keystroke with its frame.
func benchmarkExplorer(levels: Int) -> [Row] {
  let tree = try! SelectionTree(paths: Shape.wide.paths(levels: levels))
  let bytes = Array(tree.exported(as: .indented).utf8)
  var rows: [Row] = []
  func add(_ operation: String, _ summary: Summary) {
    rows.append(
      Row(
        section: "explorer", shape: "wide", nodes: tree.count, operation: operation,
        ours: summary, naive: nil))
  }
  var started: Explorer? = nil
  var slow = Budget()
  slow.minRuns = 3
  slow.warmUp = 0
  add(
    "startup: parse \(grouped(bytes.count)) bytes, first frame",
    measure(slow) {
      let parsed = try! SelectionTree(parsing: bytes, format: .indented)
      var explorer = Explorer(tree: parsed, height: 40, width: 100)
      explorer.handle(.right)
      _ = explorer.frame(mode: .ansi(colors: true))
      started = explorer
    })
  var explorer = started!
  let keys: [Key] = [.down, .character(" "), .right, .down, .up, .pageDown, .character(" ")]
  var keyIndex = 0
  add(
    "keypress + frame",
    measure(Budget()) {
      explorer.handle(keys[keyIndex % keys.count])
      keyIndex += 1
      _ = explorer.frame(mode: .ansi(colors: true))
    })
  explorer.handle(.character("/"))
  let filterKeys: [Key] = [.character("1"), .character("2"), .backspace, .backspace]
  var filterIndex = 0
  slow.minRuns = 8
  add(
    "filter keystroke + frame",
    measure(slow) {
      explorer.handle(filterKeys[filterIndex % filterKeys.count])
      filterIndex += 1
      _ = explorer.frame(mode: .ansi(colors: true))
    })
  rows += benchmarkStreaming(levels: levels)
  return rows
}

/// A `find /`-like list of every node's path read as a stream into the explorer (snapshots laid
/// out and shown as they fall due, then the whole tree), beside reading and parsing the same
/// bytes alone: how much showing the tree while it arrives costs.
func benchmarkStreaming(levels: Int) -> [Row] {
  let text = Shape.wide.paths(levels: levels).map { "/" + $0 }.joined(separator: "\n") + "\n"
  let bytes = Array(text.utf8)
  let lines = bytes.count { $0 == 0x0A }
  let invocation = try! Invocation.parse(["explore", "--format", "paths"])
  let chunk = 1 << 16
  var budget = Budget()
  budget.minRuns = 3
  budget.maxRuns = 7
  budget.warmUp = 0
  var count = 0
  let alone = measure(budget) {
    var input = StreamingInput(invocation)
    for start in stride(from: 0, to: bytes.count, by: chunk) {
      try! input.append(bytes[start..<min(bytes.count, start + chunk)])
    }
    count = try! input.finish().count
  }
  let streamed = measure(budget) { streamIntoExplorer(bytes, invocation, chunk: chunk) }
  return [
    Row(
      section: "explorer", shape: "wide", nodes: count,
      operation:
        "stream \(grouped(lines)) `find`-like lines into the explorer (beside parsing alone)",
      ours: streamed, naive: alone)
  ]
}

/// Reads `bytes` as `explore` reads a stream: `chunk` bytes at a time, a snapshot shown whenever
/// one falls due, then the whole tree and its first frame.
func streamIntoExplorer(_ bytes: [UInt8], _ invocation: Invocation, chunk: Int) {
  let preparation = TreePreparation(invocation, rules: nil, lists: [])
  var input = StreamingInput(invocation)
  var explorer = Explorer(tree: try! SelectionTree(paths: []), height: 40, width: 100)
  for start in stride(from: 0, to: bytes.count, by: chunk) {
    try! input.append(bytes[start..<min(bytes.count, start + chunk)])
    input.update(&explorer, preparation: preparation, now: Previewer.now())
  }
  _ = try! input.finish(into: &explorer, preparation: preparation)
  _ = explorer.frame(mode: .ansi(colors: true))
}

/// For profilers: the 10^6-line `find`-like list streamed into the explorer three times.
func profileStreaming() {
  let text = Shape.wide.paths(levels: 6).map { "/" + $0 }.joined(separator: "\n") + "\n"
  let invocation = try! Invocation.parse(["explore", "--format", "paths"])
  for _ in 0..<3 { streamIntoExplorer(Array(text.utf8), invocation, chunk: 1 << 16) }
}

/// `ParentToggle` over `count` Bool sources in a `ModelState` array, beside a plain `[Bool]` scan.
func benchmarkParentToggle(count: Int) -> [Row] {
  let flags = ModelState([Bool](repeating: false, count: count))
  flags.value[0] = true
  let parent = ParentToggle(sources: flags.binding, isOn: \.self)
  var plain = [Bool](repeating: false, count: count)
  plain[0] = true
  var sink = 0
  let state = measure(Budget()) { sink &+= parent.state.hashValue }
  let naiveState = measure(Budget()) {
    var on = 0
    for flag in plain where flag { on += 1 }
    sink &+= on == 0 ? 0 : on == plain.count ? 1 : 2
  }
  let toggle = measure(Budget()) { parent.toggle() }
  let naiveToggle = measure(Budget()) {
    let value = !plain.allSatisfy { $0 }
    for index in plain.indices { plain[index] = value }
  }
  if sink == 42 { print("") }
  return [
    Row(
      section: "parent", shape: "flat", nodes: count, operation: "state", ours: state,
      naive: naiveState),
    Row(
      section: "parent", shape: "flat", nodes: count, operation: "toggle", ours: toggle,
      naive: naiveToggle),
  ]
}

/// The rules the benchmark applies: five, reading labels, depth, leafness and state.
let benchmarkRules = try! RuleModel(
  parsing: """
    label == "3" => enabled <= false
    depth == 6 && label == "7" => locked <= on
    depth < 2 => expanded <= true
    !isLeaf && state == on => style <= "switch"
    label == "5" => displayLabel <= path
    """, vocabulary: .selectionTree)

/// Applies ``benchmarkRules`` to the wide tree of `levels` levels, and reads rows' display labels.
func benchmarkRules(levels: Int) -> [Row] {
  let base = try! SelectionTree(paths: Shape.wide.paths(levels: levels))
  var ruled = base
  var slow = Budget()
  slow.minRuns = 3
  slow.warmUp = base.count >= 1_000_000 ? 0 : 1
  let apply = measure(slow) {
    ruled = base
    try! ruled.applyRules(benchmarkRules)
  }
  let rowIDs = Array(ruled.ids.prefix(40))
  var rowIndex = 0
  var sink = 0
  let row = measure(Budget()) {
    let id = rowIDs[rowIndex % rowIDs.count]
    sink &+= ruled.displayLabel(of: id)!.utf8.count + ruled.styleName(of: id)!.utf8.count
    rowIndex += 1
  }
  if sink == 42 { print("") }
  // Edits of the ruled tree at random places met once: the rules derived for the new nodes.
  let paths = Shape.wide.paths(levels: levels)
  let folders = paths.indices.filter { !base.children(of: paths[$0]).isEmpty }
  var random = SeededRandom(state: UInt64(base.count))
  var fresh = 0
  var edit = Budget(seconds: 0.5, minRuns: 3, maxRuns: 200, warmUp: 1)
  if base.count >= 1_000_000 { edit.warmUp = 0 }
  var edited = ruled
  let insert = measure(edit) {
    let parent = paths[folders.randomElement(using: &random)!]
    fresh += 1
    try! edited.insert([.init(id: "new\(fresh)", parent: parent, label: "7")], under: parent)
  }
  let leaves = paths.indices.filter { base.children(of: paths[$0]).isEmpty }
  let load = measure(edit) {
    let leaf = paths[leaves.randomElement(using: &random)!]
    var lazy = LazyTree(edited, unloaded: [leaf])
    try! lazy.load(leaf) { id in
      .init(entries: (0..<10).map { .init(id: "\(id)/+\($0)", parent: id, label: "\($0)") })
    }
    edited = lazy.tree
  }
  // Folders whose children are leaves, each met once: removed, or moved under another folder.
  let lowFolders = paths.indices.filter {
    let children = base.children(of: paths[$0])
    return !children.isEmpty && base.children(of: children[0]).isEmpty
  }.shuffled(using: &random)
  var next = 0
  var folderEdit = edit
  folderEdit.maxRuns = min(edit.maxRuns, lowFolders.count / 3)
  let remove = measure(folderEdit) {
    try! edited.remove(paths[lowFolders[next % lowFolders.count]])
    next += 1
  }
  let move = measure(folderEdit) {
    let folder = paths[lowFolders[next % lowFolders.count]]
    next += 1
    // A folder outside it (the walk up from a target inside it meets it).
    while true {
      let target = paths[folders.randomElement(using: &random)!]
      var above: String? = target
      while let node = above, node != folder { above = edited.parent(of: node) }
      guard edited.contains(target), above == nil else { continue }
      try! edited.move(folder, under: target, at: 0)
      break
    }
  }
  return [
    Row(
      section: "rules", shape: "wide", nodes: base.count, operation: "apply 5 rules", ours: apply),
    Row(
      section: "rules", shape: "wide", nodes: base.count,
      operation: "display label + style of a row", ours: row),
    Row(
      section: "rules", shape: "wide", nodes: base.count,
      operation: "insert a leaf under the 5 rules", ours: insert),
    Row(
      section: "rules", shape: "wide", nodes: base.count,
      operation: "load 10 children (LazyTree.load) under the 5 rules", ours: load),
    Row(
      section: "rules", shape: "wide", nodes: base.count,
      operation: "remove a folder of 11 nodes under the 5 rules", ours: remove),
    Row(
      section: "rules", shape: "wide", nodes: base.count,
      operation: "move a folder of 11 nodes under the 5 rules", ours: move),
  ]
}
