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

/// A seeded generator (SplitMix64), so that every run and both implementations meet the same
/// random nodes.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random nodes, each met once: a seeded shuffle of `nodes`, handed out `batch` at a time, so that
/// a sample's nodes are not in cache from an earlier sample (cold), as a user scrolling, searching
/// and clicking across a big tree meets them.
struct ColdNodes {
  private var order: [Int]
  private var next = 0
  let batch: Int

  init(_ nodes: [Int], batch: Int, seed: UInt64) {
    var random = SeededRandom(state: seed)
    order = nodes.shuffled(using: &random)
    self.batch = batch
  }

  /// The next batch of nodes (wrapping around after every node was met).
  mutating func take() -> ArraySlice<Int> {
    if next + batch > order.count { next = 0 }
    defer { next += batch }
    return order[next..<min(order.count, next + batch)]
  }
}

/// A bulk read's result used as a caller would (a value read at a random place), so that no
/// optimizer can skip making it.
@inline(never)
func bulkRead<Value>(_ values: [Value], _ use: (Value) -> Int) -> Int {
  values.isEmpty ? 0 : use(values[Int.random(in: 0..<values.count)]) &+ values.count
}

/// Times a batch operation and reports it per node.
func perNode(_ summary: Summary, _ batch: Int) -> Summary {
  Summary(
    median: summary.median / Double(batch), min: summary.min / Double(batch),
    max: summary.max / Double(batch), runs: summary.runs)
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
  var cold = light
  cold.warmUp = 0

  // Builds: every node listed, leaves only, entries, nested nodes.
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
  add("build from paths, every node listed", build, buildNaive)
  var tree = built!
  var naive = builtNaive!
  built = nil
  builtNaive = nil
  let leafPositions = (0..<n).filter { naive.children[$0].isEmpty }
  let leafPaths = leafPositions.map { paths[$0] }
  var scratch: SelectionTree<String>? = nil
  var scratchNaive: NaiveTree? = nil
  add(
    "build from paths, leaves only",
    measure(heavy) {
      scratch = nil
      scratch = try! SelectionTree(paths: leafPaths)
    },
    measure(heavy) {
      scratchNaive = nil
      scratchNaive = NaiveTree(paths: leafPaths)
    })
  let entryTuples = (0..<n).map { node in
    let parent = Int(naive.parents[node])
    return (
      id: paths[node], parent: parent < 0 ? nil : paths[parent], label: String(naive.labels[node])
    )
  }
  let entries = entryTuples.map {
    SelectionTree<String>.Entry(id: $0.id, parent: $0.parent, label: $0.label)
  }
  add(
    "build from entries",
    measure(heavy) {
      scratch = nil
      scratch = try! SelectionTree(entries: entries)
    },
    measure(heavy) {
      scratchNaive = nil
      scratchNaive = NaiveTree(entries: entryTuples)
    })
  // Nested nodes, assembled bottom-up (children before parents in reverse preorder).
  var assembled = [SelectionTree<String>.Node?](repeating: nil, count: n)
  for node in stride(from: n - 1, through: 0, by: -1) {
    assembled[node] = SelectionTree<String>.Node(
      id: paths[node], label: String(naive.labels[node]),
      children: naive.children[node].map { assembled[Int($0)]! })
    for child in naive.children[node] { assembled[Int(child)] = nil }
  }
  let nested = [assembled[0]!]
  assembled = []
  add(
    "build from nested nodes",
    measure(heavy) {
      scratch = nil
      scratch = try! SelectionTree(roots: nested)
    },
    measure(heavy) {
      scratchNaive = nil
      scratchNaive = NaiveTree(entries: entryTuples)
    })
  if scratch?.count == -1 || scratchNaive?.paths.count == -1 { print("") }
  scratch = nil
  scratchNaive = nil

  var sink = 0
  /// A row of one operation on random nodes met once, per node; the naive tree's when it has one.
  func coldRow(
    _ operation: String, _ nodes: [Int], batch: Int, seed: UInt64, _ ours: (Int) -> Int,
    naive theirs: ((Int) -> Int)?
  ) {
    var coldOurs = ColdNodes(nodes, batch: batch, seed: seed)
    var coldTheirs = ColdNodes(nodes, batch: batch, seed: seed)
    add(
      operation,
      perNode(measure(cold) { for node in coldOurs.take() { sink &+= ours(node) } }, batch),
      theirs.map { theirs in
        perNode(measure(cold) { for node in coldTheirs.take() { sink &+= theirs(node) } }, batch)
      })
  }

  // Clicks: the root, a node halfway down, random leaves met once (cold), and the same 1,000
  // scattered leaves over and over (warm).
  add(
    "root toggle", measure(light) { _ = try! tree.toggle("root") },
    measure(heavy) { naive.toggle("root") })
  let midPath = (["root"] + Array(repeating: "0", count: levels / 2)).joined(separator: "/")
  add(
    "mid-level toggle", measure(light) { _ = try! tree.toggle(midPath) },
    measure(heavy) { naive.toggle(midPath) })
  let batch = min(100, max(1, leafPositions.count / 4_000))
  coldRow(
    "random leaf toggle (cold)", leafPositions, batch: batch, seed: 1,
    { try! tree.toggle(paths[$0]).changed },
    naive: {
      naive.toggle(paths[$0])
      return 0
    })
  var random = SeededRandom(state: 2)
  let warmLeaves = (0..<1_000).map { _ in leafPositions.randomElement(using: &random)! }
  var warmIndex = 0
  var warmIndexNaive = 0
  add(
    "leaf toggle, 1,000 leaves cycled (warm)",
    measure(light) {
      _ = try! tree.toggle(paths[warmLeaves[warmIndex % warmLeaves.count]])
      warmIndex += 1
    },
    measure(light) {
      naive.toggle(paths[warmLeaves[warmIndexNaive % warmLeaves.count]])
      warmIndexNaive += 1
    })

  // A realistic selection for the queries: the mid-level node on, and a scatter of leaves.
  for node in naive.selected.indices where naive.selected[node] { naive.selected[node] = false }
  _ = try! tree.set("root", to: false)
  _ = try! tree.set(midPath, to: true)
  naive.toggle(midPath)
  for leaf in warmLeaves.prefix(100) where !naive.selected[leaf] {
    _ = try! tree.toggle(paths[leaf])
    naive.toggle(leaf)
  }
  precondition(
    tree.selection(.leaves).count == naive.selectedLeaves().count,
    "ToggleKit and the naive reference disagree on the selection")

  let ids = tree.ids
  let allNodes = Array(0..<n)
  let nodeBatch = min(100, max(1, n / 4_000))
  coldRow(
    "state(of:), random node (cold)", allNodes, batch: nodeBatch, seed: 3,
    { tree.state(of: paths[$0])!.hashValue }, naive: { Int(naive.state(of: paths[$0])) })
  coldRow(
    "summary(of:), random node (cold)", allNodes, batch: nodeBatch, seed: 4,
    { tree.summary(of: paths[$0])!.writableOn }, naive: nil)
  coldRow(
    "id lookup alone: contains(_:), random node (cold)", allNodes, batch: nodeBatch, seed: 6,
    { tree.contains(paths[$0]) ? 1 : 0 }, naive: { naive.index[paths[$0]] == nil ? 0 : 1 })
  coldRow(
    "state(of:), random leaf (cold)", leafPositions, batch: batch, seed: 5,
    { tree.state(of: paths[$0])!.hashValue }, naive: { Int(naive.state(of: paths[$0])) })
  add(
    "state(of:) of the root", measure(light) { sink &+= tree.state(of: "root")!.hashValue },
    measure(heavy) { sink &+= Int(naive.state(of: "root")) })
  add(
    "every node's state: one bulk read",
    measure(heavy) { sink &+= bulkRead(tree.states()) { $0.hashValue } },
    measure(heavy) { sink &+= bulkRead(naive.allStates()) { Int($0) } })
  add(
    "every node's summary: one bulk read",
    measure(heavy) { sink &+= bulkRead(tree.summaries()) { $0.writableOn } },
    measure(heavy) { sink &+= bulkRead(naive.allStates()) { Int($0) } })
  add(
    "every node's configuration: one bulk read",
    measure(heavy) { sink &+= bulkRead(tree.configurations(in: 0..<n)) { $0.depth } },
    measure(heavy) { sink &+= bulkRead(naive.allStates()) { Int($0) } })
  add(
    "every node's configuration: one visit (forEachConfiguration)",
    measure(heavy) {
      // Summed locally: a global written per node would time its exclusivity checks.
      var sum = 0
      tree.forEachConfiguration { sum &+= $1.depth }
      sink &+= sum
    },
    measure(heavy) { sink &+= bulkRead(naive.allStates()) { Int($0) } })
  add(
    "every node's state via state(of:)",
    measure(heavy) { for id in ids { sink &+= tree.state(of: id)!.hashValue } },
    measure(heavy) { sink &+= naive.allStates().count })
  add(
    "selection(.topmost)", measure(light) { sink &+= tree.selection(.topmost).count },
    measure(light) { sink &+= naive.topmost().count })
  add(
    "selection(.leaves)", measure(light) { sink &+= tree.selection(.leaves).count },
    measure(light) { sink &+= naive.selectedLeaves().count })
  // A new filter each time: setting the one already set again writes nothing.
  add(
    "filter over all labels", measure(heavy) { tree.setFilter(TreeFilter(text: "1")) },
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
