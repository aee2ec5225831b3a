/// The naive reference: children arrays and a per-node Bool, the way most checkbox trees are
/// written, with a dictionary from id (the path) to node.
///
/// A click writes every node below; a state is read by visiting the subtree ("scan on read"); one
/// bottom-up pass gives every node's state at once. Iterative only so that deep trees do not
/// overflow the stack. Every benchmark figure of ToggleKit is set beside this one's.
struct NaiveTree {
  var labels: [Substring]
  var paths: [String]
  var parents: [Int32]
  var children: [[Int32]]
  var selected: [Bool]
  var visible: [Bool]
  var index: [String: Int32]

  /// Builds from label paths (`a/b/c`) in preorder; a path whose parent is not listed creates it
  /// (so "leaves only" inputs work too).
  init(paths input: [String]) {
    paths = []
    labels = []
    parents = []
    children = []
    index = [:]
    index.reserveCapacity(input.count)
    paths.reserveCapacity(input.count)
    selected = []
    visible = []
    for path in input { node(for: path) }
    selected = Array(repeating: false, count: paths.count)
    visible = Array(repeating: true, count: paths.count)
  }

  /// Builds from (id, parent id, label) entries, parents first.
  init(entries: [(id: String, parent: String?, label: String)]) {
    paths = []
    labels = []
    parents = []
    children = []
    index = [:]
    index.reserveCapacity(entries.count)
    selected = []
    visible = []
    for entry in entries {
      append(id: entry.id, parent: entry.parent.map { index[$0]! } ?? -1, label: entry.label[...])
    }
    finish()
  }

  /// An empty tree with room for `capacity` nodes, for ``append(id:parent:label:)``.
  init(capacity: Int) {
    paths = []
    labels = []
    parents = []
    children = []
    index = [:]
    index.reserveCapacity(capacity)
    selected = []
    visible = []
  }

  /// Adds a node under `parent` (a node's position, or -1 for a root) and returns its position.
  @discardableResult
  mutating func append(id: String, parent: Int32, label: Substring) -> Int32 {
    let node = Int32(paths.count)
    paths.append(id)
    labels.append(label)
    parents.append(parent)
    children.append([])
    if parent >= 0 { children[Int(parent)].append(node) }
    index[id] = node
    return node
  }

  /// Sizes the per-node flags once every node is added.
  mutating func finish() {
    selected = Array(repeating: false, count: paths.count)
    visible = Array(repeating: true, count: paths.count)
  }

  @discardableResult
  private mutating func node(for path: String) -> Int32 {
    if let node = index[path] { return node }
    let slash = path.lastIndex(of: "/")
    var parent: Int32 = -1
    if let slash { parent = self.node(for: String(path[..<slash])) }
    let created = Int32(paths.count)
    paths.append(path)
    labels.append(slash.map { path[path.index(after: $0)...] } ?? path[...])
    parents.append(parent)
    children.append([])
    if parent >= 0 { children[Int(parent)].append(created) }
    index[path] = created
    return created
  }

  /// The bytes of the tree's arrays: 16-byte label and path values (their text not counted), the
  /// children arrays with their headers, the dictionary's slots.
  var storageBytes: Int {
    let perNode = MemoryLayout<Substring>.stride + MemoryLayout<String>.stride + 4 + 2
    return labels.count * perNode + children.reduce(0) { $0 + 32 + $1.capacity * 4 }
      + children.capacity * 8 + index.capacity * (MemoryLayout<String>.stride + 4)
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

  /// The state of the node with this id (0 off, 1 on, 2 mixed).
  func state(of id: String) -> UInt8 {
    let (on, off) = state(of: Int(index[id]!))
    return off == 0 ? 1 : on == 0 ? 0 : 2
  }

  /// Every node's state (0 off, 1 on, 2 mixed) in one bottom-up pass over the nodes.
  func allStates() -> [UInt8] {
    var on = [Int32](repeating: 0, count: paths.count)
    var off = [Int32](repeating: 0, count: paths.count)
    for node in stride(from: paths.count - 1, through: 0, by: -1) {
      if children[node].isEmpty {
        if selected[node] { on[node] = 1 } else { off[node] = 1 }
      }
      let parent = Int(parents[node])
      if parent >= 0 {
        on[parent] += on[node]
        off[parent] += off[node]
      }
    }
    return paths.indices.map { off[$0] == 0 ? 1 : on[$0] == 0 ? 0 : 2 }
  }

  /// A click on the node with this id: its state by a scan, then every node below written.
  mutating func toggle(_ id: String) {
    toggle(Int(index[id]!))
  }

  /// A click: compute the node's state, then write every node below: Θ(subtree).
  mutating func toggle(_ node: Int) {
    let (_, off) = state(of: node)
    let value = off > 0
    var stack = [Int32(node)]
    while let current = stack.popLast() {
      selected[Int(current)] = value
      stack.append(contentsOf: children[Int(current)])
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
