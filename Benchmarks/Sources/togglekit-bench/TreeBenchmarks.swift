// SelectionTree's operations on one tree, each beside the naive reference on the same tree.

import ToggleKit

/// A budget scaled to the tree: fewer runs of operations that visit every node of a big tree.
func budget(nodes: Int, everyNode: Bool) -> Budget {
  var budget = Budget()
  if everyNode && nodes >= 1_000_000 {
    budget.minRuns = 3
    budget.seconds = 1
  }
  return budget
}

/// Measures every tree operation on the complete tree of `shape` with `levels` levels.
func benchmarkTree(shape: Shape, levels: Int) -> [Row] {
  let paths = shape.paths(levels: levels)
  let n = paths.count
  var rows: [Row] = []
  func add(_ operation: String, _ ours: Summary, _ naive: Summary?) {
    rows.append(
      Row(
        section: "tree", shape: shape.rawValue, nodes: n, operation: operation, ours: ours,
        naive: naive))
  }
  var heavy = budget(nodes: n, everyNode: true)
  heavy.warmUp = n >= 1_000_000 ? 0 : 1
  let light = budget(nodes: n, everyNode: false)

  // Build from paths.
  var built: SelectionTree<String>? = nil
  let build = measure(heavy) {
    built = nil
    built = try! SelectionTree(paths: paths)
  }
  var builtNaive: NaiveTree? = nil
  let buildNaive = measure(heavy) {
    builtNaive = nil
    builtNaive = NaiveTree(paths: paths)
  }
  add("build from paths", build, buildNaive)
  var tree = built!
  var naive = builtNaive!
  built = nil
  builtNaive = nil

  // Clicks: the root, a node halfway down, random leaves (the same ones in both).
  add(
    "root toggle", measure(light) { _ = try! tree.toggle("root") },
    measure(heavy) { naive.toggle(0) })
  let midPath = (["root"] + Array(repeating: "0", count: levels / 2)).joined(separator: "/")
  let midNode = paths.firstIndex(of: midPath)!
  add(
    "mid-level toggle", measure(light) { _ = try! tree.toggle(midPath) },
    measure(heavy) { naive.toggle(midNode) })
  // The same scattered nodes on every run: multiplicative hashing of 0, 1, 2, ….
  let scattered = (0..<1_000).map { Int((UInt64($0 + 1) &* 0x9E37_79B9_7F4A_7C15) % UInt64(n)) }
  let leafNodes = scattered.map { node in
    // The first leaf at or after `node` in preorder: its first descendant at the deepest level.
    var leaf = node
    while !naive.children[leaf].isEmpty { leaf += 1 }
    return leaf
  }
  var leafIndex = 0
  let leafToggle = measure(light) {
    _ = try! tree.toggle(paths[leafNodes[leafIndex % leafNodes.count]])
    leafIndex += 1
  }
  var naiveLeafIndex = 0
  let naiveLeafToggle = measure(light) {
    naive.toggle(leafNodes[naiveLeafIndex % leafNodes.count])
    naiveLeafIndex += 1
  }
  add("leaf toggle", leafToggle, naiveLeafToggle)

  // A realistic selection for the queries: the mid-level node on, and a scatter of leaves.
  for node in naive.selected.indices where naive.selected[node] { naive.selected[node] = false }
  _ = try! tree.set("root", to: false)
  _ = try! tree.set(midPath, to: true)
  naive.toggle(midNode)
  for leaf in leafNodes.prefix(100) {
    _ = try! tree.toggle(paths[leaf])
    naive.toggle(leaf)
  }
  precondition(
    tree.selection(.leaves).count == naive.selectedLeaves().count,
    "ToggleKit and the naive reference disagree on the selection")

  var sink = 0
  let ids = tree.ids
  add(
    "state(of:) of the root", measure(light) { sink &+= tree.state(of: "root")!.hashValue },
    measure(heavy) { sink &+= naive.state(of: 0).on })
  add(
    "state(of:) of every node",
    measure(heavy) { for id in ids { sink &+= tree.state(of: id)!.hashValue } },
    measure(heavy) { for node in 0..<n { sink &+= naive.state(of: node).on } })
  add(
    "selection(.topmost)", measure(light) { sink &+= tree.selection(.topmost).count },
    measure(light) { sink &+= naive.topmost().count })
  add(
    "selection(.leaves)", measure(light) { sink &+= tree.selection(.leaves).count },
    measure(light) { sink &+= naive.selectedLeaves().count })
  let filter = TreeFilter(text: "1")
  add(
    "filter over all labels", measure(heavy) { tree.setFilter(filter) },
    measure(heavy) { naive.filter("1") })
  tree.setFilter(nil)

  // A reload of data that lost every 100th leaf, keeping the selection by identity.
  var dropped = 0
  let freshPaths = paths.enumerated().filter { node, _ in
    guard naive.children[node].isEmpty else { return true }
    dropped += 1
    return dropped % 100 != 0
  }.map(\.element)
  let fresh = try! SelectionTree(paths: freshPaths)
  let freshNaive = NaiveTree(paths: freshPaths)
  add(
    "reload keeping identity",
    measure(heavy) {
      var copy = tree
      copy.reload(from: fresh)
      sink &+= copy.count
    },
    measure(heavy) {
      var copy = naive
      copy.reload(from: freshNaive)
      sink &+= copy.selected.count
    })
  if sink == 42 { print("") }
  return rows
}
