// Specs on a lazy tree: the wide tree with only its top levels read, a spec of random clicks
// restored without reading anything, the nodes its decisions below unread folders show mixed,
// and its topmost selection — beside reading every folder first, as restoring a list of ids must.

import ToggleKit

/// Measures restoring specs on a lazy view of the wide tree with `levels` levels below the root,
/// of which all but the last two are read.
func benchmarkLazySpecs(levels: Int) -> [Row] {
  guard levels >= 3 else { return [] }
  let paths = Shape.wide.paths(levels: levels)
  let n = paths.count
  let readDepth = levels - 2
  var children: [String: [String]] = [:]
  var shown: [String] = []
  var unread: Set<String> = []
  for path in paths {
    let depth = path.reduce(0) { $0 + ($1 == "/" ? 1 : 0) }
    if let slash = path.lastIndex(of: "/") {
      children[String(path[..<slash]), default: []].append(path)
    }
    if depth <= readDepth { shown.append(path) }
    if depth == readDepth { unread.insert(path) }
  }
  let loader = { (id: String) -> LazyTree<String>.Children in
    let entries = (children[id] ?? []).map { path in
      SelectionTree<String>.Entry(
        id: path, parent: id, label: String(path[path.index(after: path.lastIndex(of: "/")!)...]))
    }
    return .init(entries: entries, unloaded: Set(entries.map(\.id).filter { children[$0] != nil }))
  }
  let lazy = LazyTree(try! SelectionTree(paths: shown), unloaded: unread)
  // Eight specs, each of 100 random clicks on the whole tree: most decisions lie below folders
  // the lazy tree has not read.
  let base = try! SelectionTree(paths: paths)
  var random = SeededRandom(state: UInt64(n * 17))
  let specs = (0..<8).map { _ in
    var tree = base
    for click in 0..<100 {
      try! tree.set(
        paths.randomElement(using: &random)!, to: click == 0 || Bool.random(using: &random))
    }
    return try! tree.selectionSpec()
  }
  let restored = specs.map { spec in
    var tree = lazy
    tree.setSelection(to: spec)
    return tree
  }
  let mixed = restored.map(\.mixedByDecisions.count).reduce(0, +) / restored.count
  var rows: [Row] = []
  let budget = Budget(seconds: 0.5, minRuns: 5, maxRuns: 200, warmUp: 1)
  let slow = Budget(seconds: 0.5, minRuns: 3, maxRuns: 5, warmUp: 0)
  var turn = 0
  let restoreOurs = measure(budget) {
    turn += 1
    var fresh = lazy
    fresh.setSelection(to: specs[turn % 8])
  }
  let restoreNaive = measure(slow) {
    turn += 1
    var fresh = lazy
    try! fresh.loadAll(using: loader)
    fresh.setSelection(to: specs[turn % 8])
  }
  let read = "\(grouped(shown.count)) read"
  rows.append(
    Row(
      section: "specs", shape: "wide", nodes: n,
      operation: "restore it on a lazy tree (\(read), nothing loaded)", ours: restoreOurs,
      naive: restoreNaive, extra: [("mixed", Double(mixed))]))
  let mixedCost = measure(budget) {
    turn += 1
    _ = restored[turn % 8].mixedByDecisions
  }
  rows.append(
    Row(
      section: "specs", shape: "wide", nodes: n,
      operation: "the nodes its decisions show mixed (\(read), once a frame)", ours: mixedCost,
      naive: nil))
  let topmostCost = measure(budget) {
    turn += 1
    var tree = restored[turn % 8]
    _ = try! tree.selection(.topmost)
  }
  rows.append(
    Row(
      section: "specs", shape: "wide", nodes: n,
      operation: "its topmost selection, loading nothing (\(read))", ours: topmostCost, naive: nil))
  return rows
}
