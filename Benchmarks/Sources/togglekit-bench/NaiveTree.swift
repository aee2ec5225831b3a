/// The naive reference: a per-node Bool tree, the way most checkbox trees are written.
///
/// States are aggregated by visiting subtrees, and a click cascades down and re-aggregates each
/// ancestor (iterative here only so that deep trees do not overflow the stack). Every benchmark figure of ToggleKit is set beside this one's.
struct NaiveTree {
  var labels: [Substring]
  var paths: [String]
  var parents: [Int32]
  var children: [[Int32]]
  var selected: [Bool]
  var visible: [Bool]
  /// The state each node's checkbox shows (0 off, 1 on, 2 mixed), kept for drawing.
  var shown: [UInt8]

  /// Builds from label paths (`a/b/c`), parents before children, with a dictionary from path to
  /// node.
  init(paths: [String]) {
    self.paths = paths
    labels = []
    parents = []
    children = []
    var index: [Substring: Int32] = [:]
    index.reserveCapacity(paths.count)
    for path in paths {
      let node = Int32(labels.count)
      let slash = path.lastIndex(of: "/")
      let parent = slash.map { index[path[..<$0]]! } ?? -1
      labels.append(slash.map { path[path.index(after: $0)...] } ?? path[...])
      parents.append(parent)
      children.append([])
      if parent >= 0 { children[Int(parent)].append(node) }
      index[path[...]] = node
    }
    selected = Array(repeating: false, count: paths.count)
    visible = Array(repeating: true, count: paths.count)
    shown = Array(repeating: 0, count: paths.count)
  }

  /// The bytes of the tree's arrays: 16-byte label and path values (their text not counted), the
  /// children arrays with their headers.
  var storageBytes: Int {
    let perNode = MemoryLayout<Substring>.stride + MemoryLayout<String>.stride + 4 + 3
    return labels.count * perNode + children.reduce(0) { $0 + 32 + $1.capacity * 4 }
      + children.capacity * 8
  }

  /// The leaves below `node` that are on and off, by visiting every node below it: Θ(subtree).
  func state(of node: Int) -> (on: Int, off: Int) {
    var on = 0
    var off = 0
    var stack = [Int32(node)]
    while let current = stack.popLast() {
      let kids = children[Int(current)]
      if kids.isEmpty {
        if selected[Int(current)] { on += 1 } else { off += 1 }
      } else {
        stack.append(contentsOf: kids)
      }
    }
    return (on, off)
  }

  /// A click: compute the node's state, write every node below, then aggregate again what each
  /// ancestor's checkbox shows: Θ(subtree) for the node, Θ(subtree) for each ancestor.
  mutating func toggle(_ node: Int) {
    let (_, off) = state(of: node)
    let value = off > 0
    var stack = [Int32(node)]
    while let current = stack.popLast() {
      selected[Int(current)] = value
      shown[Int(current)] = value ? 1 : 0
      stack.append(contentsOf: children[Int(current)])
    }
    var ancestor = parents[node]
    while ancestor >= 0 {
      let (on, off) = state(of: Int(ancestor))
      shown[Int(ancestor)] = off == 0 ? 1 : on == 0 ? 0 : 2
      ancestor = parents[Int(ancestor)]
    }
  }

  /// Topmost fully selected nodes: the state of each node visited from the root, descending
  /// where it is not fully on.
  func topmost() -> [Int] {
    var result: [Int] = []
    var stack: [Int32] = [0]
    while let current = stack.popLast() {
      let (on, off) = state(of: Int(current))
      if off == 0 && on > 0 {
        result.append(Int(current))
      } else if on > 0 {
        stack.append(contentsOf: children[Int(current)].reversed())
      }
    }
    return result
  }

  /// Selected leaves, by a scan of every node.
  func selectedLeaves() -> [Int] {
    selected.indices.filter { selected[$0] && children[$0].isEmpty }
  }

  /// Shows the nodes whose label contains `text` (case-insensitively) and their ancestors.
  mutating func filter(_ text: String) {
    let needle = text.lowercased()
    for node in visible.indices { visible[node] = false }
    for node in labels.indices where labels[node].lowercased().contains(needle) {
      var current = Int32(node)
      while current >= 0 && !visible[Int(current)] {
        visible[Int(current)] = true
        current = parents[Int(current)]
      }
    }
  }

  /// Takes `fresh`'s nodes, keeping the selection of every path that survives.
  mutating func reload(from fresh: NaiveTree) {
    var old: [String: Bool] = [:]
    old.reserveCapacity(paths.count)
    for (node, path) in paths.enumerated() { old[path] = selected[node] }
    var next = fresh
    for (node, path) in next.paths.enumerated() {
      if let wasSelected = old[path] { next.selected[node] = wasSelected }
    }
    self = next
  }
}
