// Structural edits on the wide tree: inserts, removals, moves, relabels and lazy loads at random
// places met once, each beside the naive tree's edit of its children arrays and beside what an
// edit cost before edits existed (build the edited data, then reload).

import ToggleKit

/// The operation names, shared with Benchmarks/qt_tree.py, which times Qt's edits under them.
enum EditOperation {
  static let insertLeaf = "insert a leaf"
  static let load10 = "load 10 children (LazyTree.load)"
  static let load10k = "load 10,000 children (LazyTree.load)"
  static let remove = "remove a folder of 11 nodes"
  static let move = "move a folder of 11 nodes"
  static let relabel = "relabel a node"
  static let reloadLeaf = "add a leaf by reload (before edits)"
  static let clickFresh = "random leaf click, fresh tree"
  static let clickAfterAll = "random leaf click after select-all"
  static let clickEdited = "random leaf click, edited tree"
  static let firstEdit = "first edit of a tree as built (a relabel; makes the counted form)"
  static let load10Built = "load 10 children into a tree as built (its first edit)"
  static let modelLoad = "SelectionModel.load of 10 children, every leaf unloaded"
  static let insertFiltered = "insert a leaf under a filter (labels holding 3: shown ~35%)"
  static let load10Filtered = "load 10 children under a filter (labels holding 3)"
  static let appendLeaf = "insert a leaf at the end of a tree as built (stays flat)"
}

/// Measures the edits on the wide tree with `levels` levels below the root.
func benchmarkEdits(levels: Int) -> [Row] {
  let paths = Shape.wide.paths(levels: levels)
  let n = paths.count
  let base = try! SelectionTree(paths: paths)
  var rows: [Row] = []
  func add(_ operation: String, _ ours: Summary, _ naive: Summary?) {
    rows.append(
      Row(section: "edits", shape: "wide", nodes: n, operation: operation, ours: ours, naive: naive)
    )
  }
  let depth = { (path: String) in path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) } }
  // Folders whose children are leaves (11-node subtrees), leaves, and every folder.
  let lowFolders = paths.indices.filter { depth(paths[$0]) == levels - 1 }
  let leaves = paths.indices.filter { depth(paths[$0]) == levels }
  let folders = paths.indices.filter { depth(paths[$0]) < levels }
  var edit = Budget(seconds: 0.5, minRuns: 5, maxRuns: min(200, lowFolders.count / 4), warmUp: 1)
  if n >= 1_000_000 { edit.minRuns = 3 }
  var random = SeededRandom(state: UInt64(n))
  var fresh = 0
  func freshID() -> String {
    fresh += 1
    return "new\(fresh)"
  }

  // Insert a leaf under a random folder.
  var tree = base
  var naive = NaiveTree(paths: paths)
  let insertOurs = measure(edit) {
    let parent = paths[folders.randomElement(using: &random)!]
    let id = freshID()
    try! tree.insert([.init(id: id, parent: parent, label: id)], under: parent)
  }
  let insertNaive = measure(edit) {
    let parent = Int32(folders.randomElement(using: &random)!)
    naive.insertChild(id: freshID(), under: parent)
  }
  add(EditOperation.insertLeaf, insertOurs, insertNaive)

  // A leaf at the end of the preorder (the last folder's new last child) of a tree as built that
  // nothing else holds, as a stream or a load of the last folder adds it: appended to the flat
  // arrays in place, the flat form kept.
  var flat = try! SelectionTree(paths: paths)
  let lastFolder = flat.parent(of: paths[paths.count - 1])!
  let appendOurs = measure(edit) {
    let id = freshID()
    try! flat.insert([.init(id: id, parent: lastFolder, label: id)], under: lastFolder)
  }
  add(EditOperation.appendLeaf, appendOurs, insertNaive)

  // The same under a filter, as the explorer is while a search is typed: the new node is matched,
  // and its ancestors are held open or not by the matches counted below them.
  var filtered = base
  filtered.setFilter(TreeFilter(text: "3"))
  try! filtered.relabel(paths[0], to: "edited")
  let insertFiltered = measure(edit) {
    let parent = paths[folders.randomElement(using: &random)!]
    let id = freshID()
    try! filtered.insert([.init(id: id, parent: parent, label: id)], under: parent)
  }
  add(EditOperation.insertFiltered, insertFiltered, insertNaive)

  // What adding a leaf cost before edits: build the edited data, then reload (measured before
  // the edited trees below exist, as it was before they did: they hold the heap's memory).
  if n <= 2_000_000 {
    var before = Budget(seconds: 1, minRuns: 3, maxRuns: 20, warmUp: 0)
    before.minRuns = n >= 1_000_000 ? 3 : 5
    tree = base
    let reloadOurs = measure(before) {
      let parent = paths[folders.randomElement(using: &random)!]
      let id = freshID()
      var entries = tree.ids.indices.map {
        SelectionTree<String>.Entry(
          id: tree.ids[$0], parent: tree.parent(of: tree.ids[$0]), label: tree.labels[$0])
      }
      entries.append(.init(id: id, parent: parent, label: id))
      tree.reload(from: try! SelectionTree(entries: entries))
    }
    add(EditOperation.reloadLeaf, reloadOurs, insertNaive)
  }

  // The first edit of a tree as built: it takes the counted form (O(n), once).
  do {
    var budget = edit
    budget.maxRuns = min(edit.maxRuns, 20)
    let first = measure(budget) {
      var copy = base
      try! copy.relabel(paths[Int.random(in: 0..<n, using: &random)], to: "first")
    }
    add(EditOperation.firstEdit, first, nil)
  }
  // A tree that has been edited, as a lazy tree is after its first load.
  var edited = base
  try! edited.relabel(paths[0], to: "edited")

  // A lazy load of 10 children into a random leaf (and of 10^4 into another) of an edited tree;
  // and of 10 into a tree as built, which makes the counted form on the way.
  var editedFiltered = edited
  editedFiltered.setFilter(TreeFilter(text: "3"))
  for (operation, count, into) in [
    (EditOperation.load10, 10, edited), (EditOperation.load10k, 10_000, edited),
    (EditOperation.load10Built, 10, base), (EditOperation.load10Filtered, 10, editedFiltered),
  ] {
    var picks = ColdNodes(leaves, batch: 1, seed: UInt64(n + count))
    var budget = edit
    budget.maxRuns = min(
      edit.maxRuns,
      count > 100 || operation == EditOperation.load10Built
        || operation == EditOperation.load10Filtered
        ? 20 : 200)
    // Each load goes into the tree as built, the same n every run (20 loads of 10^4 children
    // into one tree would grow 1,111 nodes to 201,111), with only its leaf noted unloaded.
    let lazyTrees = (0..<(budget.maxRuns + budget.warmUp)).map { _ in
      LazyTree(into, unloaded: [paths[picks.take().first!]])
    }
    var run = 0
    let ours = measure(budget) {
      var lazy = lazyTrees[run]
      run += 1
      try! lazy.load(lazy.unloaded.first!) { id in
        .init(entries: (0..<count).map { .init(id: "\(id)/+\($0)", parent: id, label: "+\($0)") })
      }
    }
    var naiveLoad = NaiveTree(paths: paths)
    let theirs = measure(budget) {
      let leaf = Int32(picks.take().first!)
      for _ in 0..<count { naiveLoad.insertChild(id: freshID(), under: leaf) }
    }
    add(operation, ours, theirs)
  }

  // A model's load, in a model whose every leaf is unloaded (a `--dir` tree): one model, loads
  // at random leaves met once.
  do {
    let model = SelectionModel(LazyTree(base, unloaded: Set(leaves.map { paths[$0] })))
    var picks = ColdNodes(leaves, batch: 1, seed: UInt64(n + 5))
    var budget = edit
    budget.maxRuns = min(edit.maxRuns, 100)
    let ours = measure(budget) {
      try! model.load(paths[picks.take().first!]) { id in
        .init(entries: (0..<10).map { .init(id: "\(id)/+\($0)", parent: id, label: "+\($0)") })
      }
    }
    add(EditOperation.modelLoad, ours, nil)
  }

  // Remove a random folder of 11 nodes; move another under a random folder.
  var removals = ColdNodes(lowFolders, batch: 1, seed: UInt64(n + 1))
  tree = base
  naive = NaiveTree(paths: paths)
  let removeOurs = measure(edit) { try! tree.remove(paths[removals.take().first!]) }
  removals = ColdNodes(lowFolders, batch: 1, seed: UInt64(n + 1))
  let removeNaive = measure(edit) { naive.removeSubtree(Int32(removals.take().first!)) }
  add(EditOperation.remove, removeOurs, removeNaive)

  var moves = ColdNodes(lowFolders, batch: 1, seed: UInt64(n + 2))
  tree = base
  naive = NaiveTree(paths: paths)
  let targets = folders.filter { depth(paths[$0]) < levels - 1 }
  let moveOurs = measure(edit) {
    try! tree.move(
      paths[moves.take().first!], under: paths[targets.randomElement(using: &random)!], at: 0)
  }
  moves = ColdNodes(lowFolders, batch: 1, seed: UInt64(n + 2))
  let moveNaive = measure(edit) {
    naive.moveSubtree(
      Int32(moves.take().first!), under: Int32(targets.randomElement(using: &random)!))
  }
  add(EditOperation.move, moveOurs, moveNaive)

  tree = base
  let relabelOurs = measure(edit) {
    try! tree.relabel(paths[Int.random(in: 0..<n, using: &random)], to: freshID())
  }
  add(EditOperation.relabel, relabelOurs, nil)

  // A random leaf click on a fresh tree, and after a select-all.
  var clicks = Budget()
  clicks.warmUp = 0
  for (operation, selectAll, tree) in [
    (EditOperation.clickFresh, false, base), (EditOperation.clickAfterAll, true, base),
    (EditOperation.clickEdited, false, edited),
  ] {
    var clicked = tree
    if selectAll { clicked.selectAll() }
    var cold = ColdNodes(leaves, batch: 1_000, seed: UInt64(n + 3))
    let summary = measure(clicks) {
      for leaf in cold.take() { _ = try! clicked.toggle(paths[leaf]) }
    }
    add(operation, perNode(summary, 1_000), nil)
  }
  return rows
}

extension NaiveTree {
  /// Appends a new leaf to `parent`'s children.
  mutating func insertChild(id: String, under parent: Int32) {
    let node = Int32(paths.count)
    paths.append(id)
    labels.append(id[...])
    parents.append(parent)
    children.append([])
    children[Int(parent)].append(node)
    selected.append(false)
    visible.append(true)
    index[id] = node
  }

  /// Takes `node` out of its parent's children and forgets its subtree's ids.
  mutating func removeSubtree(_ node: Int32) {
    let parent = Int(parents[Int(node)])
    if parent >= 0 { children[parent].removeAll { $0 == node } }
    var stack = [node]
    while let next = stack.popLast() {
      index[paths[Int(next)]] = nil
      stack += children[Int(next)]
    }
  }

  /// Moves `node` to the front of `parent`'s children.
  mutating func moveSubtree(_ node: Int32, under parent: Int32) {
    let old = Int(parents[Int(node)])
    if old >= 0 { children[old].removeAll { $0 == node } }
    children[Int(parent)].insert(node, at: 0)
    parents[Int(node)] = parent
  }
}

/// For profilers: 100,000 edits of one kind (`insert`, `remove`, `move` or `relabel`) at random
/// places of the 10^6-node wide tree, nothing else (the first edit makes the counted form); or
/// (`click`) a million clicks at random nodes of it after one edit, or (`load`) 40 loads of
/// 10^4 children into copies of it after one edit.
func profileEdits(_ kind: String) {
  let paths = Shape.wide.paths(levels: 6)
  var tree = try! SelectionTree(paths: paths)
  var random = SeededRandom(state: 5)
  let folders = paths.count / 10
  for index in 0..<100_000 {
    let parent = paths[Int.random(in: 0..<folders, using: &random)]
    switch kind {
    case "remove":
      let id = paths[Int.random(in: folders..<paths.count, using: &random)]
      if tree.contains(id) { try! tree.remove(id) }
    case "move":
      let id = paths[Int.random(in: folders..<paths.count, using: &random)]
      try! tree.move(id, under: parent, at: 0)
    case "relabel": try! tree.relabel(parent, to: "label \(index)")
    case "load":
      guard index < 40 else { return }
      if index == 0 { try! tree.relabel(parent, to: "edited") }
      let leaf = paths[Int.random(in: folders..<paths.count, using: &random)]
      var lazy = LazyTree(tree, unloaded: [leaf])
      try! lazy.load(leaf) { id in
        .init(entries: (0..<10_000).map { .init(id: "\(id)/+\($0)", parent: id, label: "+\($0)") })
      }
    case "click":
      if index == 0 { try! tree.relabel(parent, to: "edited") }
      for _ in 0..<10 { try! tree.toggle(paths[Int.random(in: 0..<paths.count, using: &random)]) }
    default:
      try! tree.insert([.init(id: "new\(index)", parent: parent, label: "n")], under: parent)
    }
  }
}

/// For profilers: 100 lazy loads of 10^4 children into leaves of the 1,111-node wide tree, each
/// into the tree as built (the children made beforehand), nothing else.
func profileLoads() {
  let paths = Shape.wide.paths(levels: 3)
  let tree = try! SelectionTree(paths: paths)
  let leaves = tree.ids.filter { tree.children(of: $0).isEmpty }
  let children = leaves.prefix(100).map { id in
    (0..<10_000).map {
      SelectionTree<String>.Entry(id: "\(id)/+\($0)", parent: id, label: "+\($0)")
    }
  }
  for (leaf, entries) in zip(leaves, children) {
    var lazy = LazyTree(tree, unloaded: [leaf])
    try! lazy.load(leaf) { _ in LazyTree<String>.Children(entries: entries) }
  }
}

/// Opens the folders of a real folder as `--dir` does, breadth first.
///
/// Each folder is read from disk, then loaded into the tree, until the tree holds `maxNodes`
/// nodes or every folder is open. Prints each load's cost by the size of the tree it went into,
/// in decades: whether opening a folder costs as much at the millionth node as at the first.
/// False when `path` is not a folder.
func benchmarkDirectoryLoads(at path: String, maxNodes: Int) -> Bool {
  guard let (top, loader) = try? LazyTree.directory(at: path) else {
    printError("togglekit-bench: \(path) cannot be read as a folder")
    return false
  }
  var lazy = top
  let clock = ContinuousClock()
  var queue = Array(lazy.unloaded).sorted()
  var next = 0
  // Per decade of the tree's size: each load's time, its children, and the disk read's time.
  var decades: [Int: (loads: [Double], children: [Int], reads: [Double])] = [:]
  while next < queue.count && lazy.tree.count < maxNodes {
    let folder = queue[next]
    next += 1
    let started = clock.now
    let children = loader.children(of: folder)
    let read = clock.now
    let before = lazy.tree.count
    try! lazy.load(folder) { _ in children }
    let loaded = clock.now
    var decade = 1
    while decade * 10 <= before { decade *= 10 }
    decades[decade, default: ([], [], [])].loads.append(nanoseconds(loaded - read))
    decades[decade, default: ([], [], [])].children.append(children.entries.count)
    decades[decade, default: ([], [], [])].reads.append(nanoseconds(read - started))
    queue += children.unloaded.sorted()
  }
  func median<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
  print("`--dir \(path)`: \(grouped(next)) folders opened, \(grouped(lazy.tree.count)) nodes.\n")
  print(
    "| tree size when opened | folders | median children | median load | max load | median read from disk |"
  )
  print("|---|---:|---:|---:|---:|---:|")
  for decade in decades.keys.sorted() {
    let (loads, children, reads) = decades[decade]!
    print(
      "| \(grouped(decade))–\(grouped(decade * 10 - 1)) | \(grouped(loads.count)) "
        + "| \(median(children)) | \(format(median(loads))) | \(format(loads.max()!)) "
        + "| \(format(median(reads))) |")
  }
  return true
}
