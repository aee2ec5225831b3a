// Selection specs on the wide tree: the minimal spec of a selection made by random clicks on
// folders and leaves, setting a tree to a spec, and the rsync export — each beside a naive
// reference that visits every node (a per-node walk, as a tree without counted ranges must).

import ToggleKit

/// Measures specs on the wide tree with `levels` levels below the root, for selections made by
/// `clicks` random clicks.
func benchmarkSpecs(levels: Int) -> [Row] {
  let paths = Shape.wide.paths(levels: levels)
  let n = paths.count
  let base = try! SelectionTree(paths: paths)
  var rows: [Row] = []
  let budget = Budget(seconds: 0.5, minRuns: 5, maxRuns: 200, warmUp: 1)
  // The naive reference's tree: parents and labels by preorder position.
  let labels = paths.map { String($0.split(separator: "/").last!) }
  var parents = [Int](repeating: -1, count: n)
  var positions: [String: Int] = [:]
  for (index, path) in paths.enumerated() {
    positions[path] = index
    if let slash = path.lastIndex(of: "/") { parents[index] = positions[String(path[..<slash])]! }
  }
  var isLeaf = [Bool](repeating: true, count: n)
  for parent in parents where parent >= 0 { isLeaf[parent] = false }
  for clicks in [10, 100] {
    // Eight selections, each by its own random clicks (the first a folder on): runs cycle through
    // them, so that no run meets the nodes of the run before.
    var random = SeededRandom(state: UInt64(n * 31 + clicks))
    var trees: [SelectionTree<String>] = []
    for _ in 0..<8 {
      var tree = base
      for click in 0..<clicks {
        let path = paths.randomElement(using: &random)!
        try! tree.set(path, to: click == 0 || Bool.random(using: &random))
      }
      trees.append(tree)
    }
    let specs = trees.map { try! $0.selectionSpec() }
    let decisions = specs.map(\.decisions.count).reduce(0, +) / specs.count
    var turn = 0
    let ours = measure(budget) {
      turn += 1
      _ = try! trees[turn % 8].selectionSpec()
    }
    let states = trees.map { tree in tree.ids.map { tree.state(of: $0) == .on } }
    let naive = measure(budget) {
      turn += 1
      _ = naiveSpecSize(values: states[turn % 8], parents: parents, isLeaf: isLeaf)
    }
    rows.append(
      Row(
        section: "specs", shape: "wide", nodes: n,
        operation: "minimal spec of \(clicks) random clicks", ours: ours, naive: naive,
        extra: [("decisions", Double(decisions))]))
    let restoreOurs = measure(budget) {
      turn += 1
      var fresh = base
      fresh.setSelection(to: specs[turn % 8])
    }
    let restoreNaive = measure(budget) {
      turn += 1
      _ = naiveRestore(specs[turn % 8], labels: labels, parents: parents, isLeaf: isLeaf)
    }
    rows.append(
      Row(
        section: "specs", shape: "wide", nodes: n,
        operation: "set a fresh tree's copy to it (\(clicks) clicks)",
        ours: restoreOurs, naive: restoreNaive))
    // Clicks and locks on random nodes while the tree keeps a spec's decisions (each click
    // updates them; a lock sets the nodes it lets go of to them), beside the same on a tree that
    // keeps none.
    let keeping = specs.map { spec in
      var tree = base
      tree.setSelection(to: spec)
      return tree
    }
    var compared = [keeping, trees]
    var clickRandom = SeededRandom(state: UInt64(n * 7 + clicks))
    for (which, name) in ["keeping its decisions", "keeping none"].enumerated() {
      let clickCost = measure(budget) {
        turn += 1
        _ = try! compared[which][turn % 8].toggle(paths.randomElement(using: &clickRandom)!)
      }
      let lockCost = measure(budget) {
        turn += 1
        let path = paths.randomElement(using: &clickRandom)!
        try! compared[which][turn % 8].setLock(path, to: .on)
        try! compared[which][turn % 8].setLock(path, to: .none)
      }
      for (operation, cost) in [("a click on", clickCost), ("a lock and an unlock of", lockCost)] {
        rows.append(
          Row(
            section: "specs", shape: "wide", nodes: n,
            operation: "\(operation) a random node, the tree \(name) (\(clicks) clicks)",
            ours: cost, naive: nil))
      }
    }
    let exportOurs = measure(budget) {
      turn += 1
      _ = try! specs[turn % 8].rsyncFilter()
    }
    let resticOurs = measure(budget) {
      turn += 1
      _ = try! specs[turn % 8].restic(in: Array("/backup/source".utf8))
    }
    let borgOurs = measure(budget) {
      turn += 1
      _ = try! specs[turn % 8].borgPatterns(in: Array("/backup/source".utf8))
    }
    for (format, cost) in [
      ("rsync filter rules", exportOurs), ("restic targets and excludes", resticOurs),
      ("borg patterns", borgOurs),
    ] {
      rows.append(
        Row(
          section: "specs", shape: "wide", nodes: n,
          operation: "its \(format) (\(clicks) clicks)", ours: cost, naive: nil))
    }
  }
  // A filter file a user has: one folder and every node named 7 excluded (a fifth of the tree
  // left unread below them), followed by a fresh tree's copy; beside it, each leaf's path asked
  // of the rules from the top, as a tree that cannot skip a subtree must.
  let rules = try! FilterRules(rsyncFilter: "- /root/3/\n- 7\n")
  let followOurs = measure(budget) {
    var fresh = base
    fresh.setSelection(to: try! fresh.selectionSpec(following: rules))
  }
  let followNaive = measure(budget) {
    _ = naiveFollow(rules, labels: labels, parents: parents, isLeaf: isLeaf)
  }
  let followed = try! base.selectionSpec(following: rules).decisions.count
  rows.append(
    Row(
      section: "specs", shape: "wide", nodes: n,
      operation: "follow a filter file (2 rules) on a fresh tree's copy", ours: followOurs,
      naive: followNaive, extra: [("decisions", Double(followed))]))
  rows += benchmarkKeptRules(
    base: base, paths: paths, labels: labels, parents: parents, isLeaf: isLeaf)
  return rows
}

/// A spec that keeps the same rules as patterns, with two decisions: setting a fresh tree's copy
/// to it, and an edit (a leaf added to a random folder) while the tree keeps it — beside each
/// leaf asked of the spec with its whole path, as a tree that keeps no rules must ask after
/// every change; and the same edit on a tree that keeps decisions only.
func benchmarkKeptRules(
  base: SelectionTree<String>, paths: [String], labels: [String], parents: [Int], isLeaf: [Bool]
) -> [Row] {
  let n = paths.count
  let budget = Budget(seconds: 0.5, minRuns: 5, maxRuns: 200, warmUp: 1)
  let spec = SelectionSpec(
    [.init(["root", "3", "1"], isIncluded: true), .init(["root", "5"], isIncluded: false)],
    rules: try! FilterRules(rsyncFilter: "- /root/3/\n- 7\n"))
  let restore = measure(budget) {
    var fresh = base
    fresh.setSelection(to: spec)
  }
  let naive = measure(budget) {
    _ = naiveLeaves(labels: labels, parents: parents, isLeaf: isLeaf) {
      spec.isSelected($0, isFolder: false)
    }
  }
  var rows = [
    Row(
      section: "specs", shape: "wide", nodes: n,
      operation: "set a fresh tree's copy to a spec keeping those rules and 2 decisions",
      ours: restore, naive: naive)
  ]
  let folders = paths.indices.filter { !isLeaf[$0] }.map { paths[$0] }
  var keeping = base
  keeping.setSelection(to: spec)
  var decisionsOnly = base
  decisionsOnly.setSelection(to: SelectionSpec(spec.decisions))
  var random = SeededRandom(state: UInt64(n * 13))
  var added = 0
  for (name, kept) in [("its rules", true), ("decisions only", false)] {
    let cost = measure(budget) {
      added += 1
      let folder = folders.randomElement(using: &random)!
      let entry = SelectionTree<String>.Entry(
        id: "new\(added)", parent: folder, label: "new\(added)")
      if kept {
        try! keeping.insert([entry], under: folder)
      } else {
        try! decisionsOnly.insert([entry], under: folder)
      }
    }
    rows.append(
      Row(
        section: "specs", shape: "wide", nodes: n,
        operation: "a leaf added to a random folder, the tree keeping \(name)", ours: cost,
        naive: kept ? naive : nil))
  }
  return rows
}

/// The fewest decisions for `values` (leaves' values by position), computed over every node.
func naiveSpecSize(values: [Bool], parents: [Int], isLeaf: [Bool]) -> Int {
  let n = values.count
  var costOn = [Int](repeating: 0, count: n)
  var costOff = [Int](repeating: 0, count: n)
  var sumOn = [Int](repeating: 0, count: n)
  var sumOff = [Int](repeating: 0, count: n)
  var rootsOff = 0
  for node in stride(from: n - 1, through: 0, by: -1) {
    if isLeaf[node] {
      costOn[node] = values[node] ? 0 : 1
      costOff[node] = values[node] ? 1 : 0
    } else {
      costOn[node] = min(sumOn[node], 1 + sumOff[node])
      costOff[node] = min(sumOff[node], 1 + sumOn[node])
    }
    if parents[node] >= 0 {
      sumOn[parents[node]] += costOn[node]
      sumOff[parents[node]] += costOff[node]
    } else {
      rootsOff += costOff[node]
    }
  }
  return rootsOff
}

/// Every leaf's value under a spec, each found by its label path.
func naiveRestore(_ spec: SelectionSpec, labels: [String], parents: [Int], isLeaf: [Bool]) -> Int {
  naiveLeaves(labels: labels, parents: parents, isLeaf: isLeaf) { spec.isSelected($0) }
}

/// The leaves a filter file selects, the naive way: each leaf's whole path asked of the rules.
func naiveFollow(_ rules: FilterRules, labels: [String], parents: [Int], isLeaf: [Bool]) -> Int {
  naiveLeaves(labels: labels, parents: parents, isLeaf: isLeaf) {
    rules.isSelected($0, isFolder: false)
  }
}

/// How many leaves `selects` takes, each asked with its whole label path from the root up.
func naiveLeaves(
  labels: [String], parents: [Int], isLeaf: [Bool], selects: ([String]) -> Bool
) -> Int {
  var selected = 0
  var path: [String] = []
  for node in labels.indices where isLeaf[node] {
    path.removeAll(keepingCapacity: true)
    var step = node
    while step >= 0 {
      path.append(labels[step])
      step = parents[step]
    }
    if selects(path.reversed()) { selected += 1 }
  }
  return selected
}

/// Follows a filter file on a chain `depth` folders deep (a path list's pathological shape):
/// anchored names, `**/` and names, a path's end, a folder and all inside it, a name, each asked
/// of every node; beside it, the chain's leaf asked with its whole path from the top, every
/// folder on the way.
func benchmarkDeepFilter(depth: Int) -> Row {
  let labels = (0..<depth).map { "n\($0)" }
  let parents = (0..<depth).map { $0 - 1 }
  var isLeaf = [Bool](repeating: false, count: depth)
  isLeaf[depth - 1] = true
  let entries = (0..<depth).map { node in
    SelectionTree<Int>.Entry(id: node, parent: node == 0 ? nil : node - 1, label: labels[node])
  }
  let base = try! SelectionTree(entries: entries)
  let rules = try! FilterRules(
    rsyncFilter:
      "- /n0/n1/x/\n+ /n0/q/***\n- **/n9/z\n- n\(depth / 2 - 1)/n\(depth / 2)\n- n7?/z\n- *.o\n")
  let budget = Budget(seconds: 0.5, minRuns: 5, maxRuns: 200, warmUp: 1)
  let ours = measure(budget) {
    var fresh = base
    fresh.setSelection(to: try! fresh.selectionSpec(following: rules))
  }
  let naive = measure(budget) {
    _ = naiveFollow(rules, labels: labels, parents: parents, isLeaf: isLeaf)
  }
  return Row(
    section: "chains", shape: "chain", nodes: depth,
    operation: "follow a filter file (6 rules) on a chain's copy", ours: ours, naive: naive)
}
