/// A child's key while building from paths: its parent and its label.
struct ChildKey: Hashable {
  let parent: Int32
  let label: String
}

/// Finds or creates the nodes of label paths.
///
/// Consecutive paths usually share a prefix (sorted
/// lists, `find` output), so the previous path's nodes are reused for the labels they share
/// instead of being looked up again.
struct PathInterner {
  private var children: [ChildKey: Int32] = [:]
  private var previousLabels: [String] = []
  private var previousNodes: [Int32] = []

  init(capacity: Int) {
    children.reserveCapacity(capacity)
  }

  /// The node of the last label, creating missing nodes with `create(label, parent)`, which
  /// returns the new node's index.
  @discardableResult
  mutating func intern(_ labels: [String], create: (String, Int32) -> Int32) -> Int32 {
    var shared = 0
    while shared < labels.count, shared < previousLabels.count,
      labels[shared] == previousLabels[shared]
    {
      shared += 1
    }
    previousNodes.removeSubrange(shared...)
    var parent: Int32 = shared == 0 ? -1 : previousNodes[shared - 1]
    for label in labels[shared...] {
      let key = ChildKey(parent: parent, label: label)
      if let existing = children[key] {
        parent = existing
      } else {
        let created = create(label, parent)
        children[key] = created
        parent = created
      }
      previousNodes.append(parent)
    }
    previousLabels = labels
    return parent
  }
}

/// A tree being built: nodes in input order with parent indices, before it is laid out in preorder.
struct TreeDraft<ID: Hashable> {
  var ids: [ID] = []
  var labels: [String] = []
  var parents: [Int32] = []
  var isSelected: [Bool] = []
  var locks: [NodeLock] = []
  var isDisabled: [Bool] = []
  var isExpanded: [Bool] = []
  var attributes: [Int32: [String: String]] = [:]

  init(capacity: Int) {
    ids.reserveCapacity(capacity)
    labels.reserveCapacity(capacity)
    parents.reserveCapacity(capacity)
  }

  var count: Int { ids.count }

  mutating func append(id: ID, parent: Int32, _ fields: NodeFields) {
    append(
      id: id, label: fields.label, parent: parent, isSelected: fields.isSelected,
      lock: fields.lock, isDisabled: fields.isDisabled, isExpanded: fields.isExpanded,
      attributes: fields.attributes)
  }

  mutating func append(
    id: ID, label: String, parent: Int32, isSelected: Bool, lock: NodeLock, isDisabled: Bool,
    isExpanded: Bool, attributes: [String: String]
  ) {
    if !attributes.isEmpty { self.attributes[Int32(ids.count)] = attributes }
    ids.append(id)
    labels.append(label)
    parents.append(parent)
    self.isSelected.append(isSelected)
    locks.append(lock)
    self.isDisabled.append(isDisabled)
    self.isExpanded.append(isExpanded)
  }

  /// Lays the nodes out in preorder and applies their initial states.
  func finish(options: SelectionTree<ID>.Options) throws(SelectionTreeError) -> SelectionTree<ID> {
    let n = ids.count
    // Children as linked lists, in input order; the roots hang off a virtual node n.
    var firstChild = [Int32](repeating: -1, count: n + 1)
    var lastChild = [Int32](repeating: -1, count: n + 1)
    var nextSibling = [Int32](repeating: -1, count: n)
    for node in 0..<n {
      let parent = parents[node] < 0 ? n : Int(parents[node])
      if lastChild[parent] < 0 {
        firstChild[parent] = Int32(node)
      } else {
        nextSibling[Int(lastChild[parent])] = Int32(node)
      }
      lastChild[parent] = Int32(node)
    }
    // Preorder, iteratively.
    var order: [Int32] = []
    order.reserveCapacity(n)
    var stack: [Int32] = firstChild[n] >= 0 ? [firstChild[n]] : []
    while let node = stack.popLast() {
      order.append(node)
      if nextSibling[Int(node)] >= 0 { stack.append(nextSibling[Int(node)]) }
      if firstChild[Int(node)] >= 0 { stack.append(firstChild[Int(node)]) }
    }
    guard order.count == n else {
      var reached = [Bool](repeating: false, count: n)
      for node in order { reached[Int(node)] = true }
      // Walk up from an unreached node until a node repeats: that node is on the cycle.
      var node = reached.firstIndex(of: false) ?? 0
      var seen = Set<Int>()
      while seen.insert(node).inserted { node = Int(parents[node]) }
      throw .cycle(id: "\(ids[node])")
    }
    var positionOf = [Int32](repeating: 0, count: n)
    for (position, node) in order.enumerated() { positionOf[Int(node)] = Int32(position) }

    var newParents = [Int32](repeating: -1, count: n)
    var depths = [Int32](repeating: 0, count: n)
    var sizes = [Int32](repeating: 1, count: n)
    var roots: [Int32] = []
    for (position, node) in order.enumerated() {
      let parent = parents[Int(node)]
      if parent < 0 {
        roots.append(Int32(position))
      } else {
        let parentPosition = positionOf[Int(parent)]
        newParents[position] = parentPosition
        depths[position] = depths[Int(parentPosition)] + 1
      }
    }
    for position in stride(from: n - 1, through: 0, by: -1) where newParents[position] >= 0 {
      sizes[Int(newParents[position])] += sizes[position]
    }
    let ends = (0..<n).map { Int32($0) + sizes[$0] }
    // Formats produce nodes in preorder already: then the arrays are used as they are.
    let isPreorder = order.indices.allSatisfy { order[$0] == Int32($0) }
    let newIDs = isPreorder ? ids : order.map { ids[Int($0)] }
    var newAttributes: [Int32: [String: String]] = [:]
    for (node, value) in attributes { newAttributes[positionOf[Int(node)]] = value }
    let index: _IDIndex
    do {
      index = try _IDIndex(ids: newIDs)
    } catch {
      throw .duplicateID(
        id: "\(newIDs[error.second])", first: Int(order[error.first]),
        second: Int(order[error.second]))
    }
    let structure = TreeStructure(
      ids: newIDs, labels: isPreorder ? labels : order.map { labels[Int($0)] },
      parents: newParents, ends: ends,
      depths: depths, attributes: newAttributes, roots: roots, index: index)

    var bytes = [UInt8](repeating: 0, count: n)
    for position in 0..<n where sizes[position] == 1 {
      bytes[position] = NodeBits.leaf | (isSelected[Int(order[position])] ? NodeBits.selected : 0)
    }
    var tree = SelectionTree(
      structure: structure, states: bytes, expanded: order.map { isExpanded[Int($0)] },
      disabledPositions: [], options: options)
    for position in 0..<n {
      let node = Int(order[position])
      if sizes[position] > 1 && isSelected[node] {
        tree._initialSelect(position)
      }
    }
    for position in 0..<n where locks[Int(order[position])] != NodeLock.none {
      let node = Int(order[position])
      tree._lock(position, locks[node], ownValue: isSelected[node])
    }
    for position in 0..<n where isDisabled[Int(order[position])] {
      tree._setDisabled(position, true)
    }
    tree.checkInvariantsIfEnabled()
    return tree
  }
}
