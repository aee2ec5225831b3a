// Copies and history: a copy then a click, what a kept copy retains, a history of 10^4 clicks, and
// undo and redo, each beside the naive tree, whose copy is a deep copy once written.

import ToggleKit

#if canImport(Glibc)
  /// glibc's `malloc_trim`, which the Glibc module does not export.
  @_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Bytes this process holds now, after giving freed memory back (glibc's `malloc_trim`).
private func heldBytes() -> Int {
  #if canImport(Glibc)
    _ = mallocTrim(0)
  #endif
  return residentMemory().current
}

/// Copies, history, undo and redo on the wide tree of `levels` levels.
func benchmarkHistory(levels: Int) -> [Row] {
  let paths = Shape.wide.paths(levels: levels)
  let n = paths.count
  let tree = try! SelectionTree(paths: paths)
  let naive = NaiveTree(paths: paths)
  let leaves = (0..<n).filter { naive.children[$0].isEmpty }
  var rows: [Row] = []
  func add(_ operation: String, _ ours: Summary, _ theirs: Summary?, extra: [(String, Double)] = [])
  {
    rows.append(
      Row(
        section: "history", shape: "wide", nodes: n, operation: operation, ours: ours,
        naive: theirs, extra: extra))
  }
  var sink = 0
  var light = Budget()
  light.warmUp = 0
  var heavy = budget(nodes: n, everyNode: true)
  heavy.warmUp = 0

  add(
    "copy, then a root click",
    measure(light) {
      var copy = tree
      sink &+= try! copy.toggle("root").changed
    },
    measure(heavy) {
      var copy = naive
      copy.toggle("root")
      sink &+= copy.selected.count
    })
  let batch = min(100, max(1, leaves.count / 4_000))
  var coldOurs = ColdNodes(leaves, batch: batch, seed: 11)
  var coldTheirs = ColdNodes(leaves, batch: batch, seed: 11)
  add(
    "copy, then a random leaf click (cold)",
    perNode(
      measure(light) {
        for leaf in coldOurs.take() {
          var copy = tree
          sink &+= try! copy.toggle(paths[leaf]).changed
        }
      }, batch),
    perNode(
      measure(heavy) {
        for leaf in coldTheirs.take().prefix(n >= 1_000_000 ? 1 : batch) {
          var copy = naive
          copy.toggle(paths[leaf])
          sink &+= copy.selected.count
        }
      }, n >= 1_000_000 ? 1 : batch))

  // What a kept copy retains: copies each written by one random leaf click, all kept.
  var random = SeededRandom(state: 12)
  let keptCount = 2_000
  let naiveKeptCount = max(2, min(keptCount, 200_000_000 / max(1, n)))
  var kept: [SelectionTree<String>] = []
  kept.reserveCapacity(keptCount)
  let before = heldBytes()
  for _ in 0..<keptCount {
    var copy = tree
    _ = try! copy.toggle(paths[leaves.randomElement(using: &random)!])
    kept.append(copy)
  }
  let retained = Double(heldBytes() - before) / Double(keptCount)
  kept = []
  var naiveKept: [NaiveTree] = []
  let naiveBefore = heldBytes()
  for _ in 0..<naiveKeptCount {
    var copy = naive
    copy.toggle(paths[leaves.randomElement(using: &random)!])
    naiveKept.append(copy)
  }
  let naiveRetained = Double(heldBytes() - naiveBefore) / Double(naiveKeptCount)
  naiveKept = []

  // A history of 10^4 random leaf clicks in a model; the naive history keeps deep copies (as many
  // as fit in 2 GB, the bytes per step from those).
  let clicks = 10_000
  let model = SelectionModel(tree)
  let clickLeaves = (0..<clicks).map { _ in paths[leaves.randomElement(using: &random)!] }
  let modelBefore = heldBytes()
  let clock = ContinuousClock()
  let started = clock.now
  for leaf in clickLeaves { sink &+= try! model.toggle(leaf).changed }
  let historyTime = nanoseconds(clock.now - started)
  let historyBytes = Double(heldBytes() - modelBefore)
  let naiveSteps = max(2, min(clicks, 2_000_000_000 / max(1, n)))
  var naiveHistory: [NaiveTree] = []
  var current = naive
  let naiveHistoryBefore = heldBytes()
  let naiveStarted = clock.now
  for leaf in clickLeaves.prefix(naiveSteps) {
    naiveHistory.append(current)
    current.toggle(leaf)
  }
  let naiveHistoryTime = nanoseconds(clock.now - naiveStarted) / Double(naiveSteps) * Double(clicks)
  let naiveHistoryBytes =
    Double(heldBytes() - naiveHistoryBefore) / Double(naiveSteps) * Double(clicks)
  add(
    "history of 10,000 random leaf clicks (time; bytes beyond the tree)",
    Summary(median: historyTime, min: historyTime, max: historyTime, runs: 1),
    Summary(median: naiveHistoryTime, min: naiveHistoryTime, max: naiveHistoryTime, runs: 1),
    extra: [
      ("bytes", historyBytes), ("naive_bytes", naiveHistoryBytes),
      ("retained_per_copy", retained), ("naive_retained_per_copy", naiveRetained),
    ])

  // Undo and redo through that history: each step met once.
  var undos: [Double] = []
  var redos: [Double] = []
  for _ in 0..<3 {
    let count = min(clicks, 1_000)
    var start = clock.now
    for _ in 0..<count { sink &+= model.undo()?.count ?? 0 }
    undos.append(nanoseconds(clock.now - start) / Double(count))
    start = clock.now
    for _ in 0..<count { sink &+= model.redo()?.count ?? 0 }
    redos.append(nanoseconds(clock.now - start) / Double(count))
  }
  var naiveUndos: [Double] = []
  var redoStack: [NaiveTree] = []
  for _ in 0..<3 {
    let count = min(naiveHistory.count, 1_000)
    let start = clock.now
    for _ in 0..<count {
      redoStack.append(current)
      current = naiveHistory.removeLast()
    }
    naiveUndos.append(nanoseconds(clock.now - start) / Double(count))
    for _ in 0..<count {
      naiveHistory.append(current)
      current = redoStack.removeLast()
    }
  }
  add("undo, history of 10,000 clicks", Summary(undos), Summary(naiveUndos))
  add("redo, history of 10,000 clicks", Summary(redos), Summary(naiveUndos))
  if sink == 42 { print("") }
  return rows
}
