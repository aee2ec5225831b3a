/// A change of a tree's shape: the stretches of the new preorder and what changes on kept nodes.
///
/// Inserts, removals, moves and relabels are splices.
struct _TreeSplice<ID: Hashable> {
  /// One stretch of the new preorder.
  enum Piece {
    /// Old nodes in their old order (a moved subtree is one, out of its place).
    case kept(Range<Int>)
    /// New nodes: a tree of their own whose roots hang under the old node `anchor` (-1: roots).
    case added(SelectionTree<ID>, anchor: Int)
  }

  /// The stretches, in their new order.
  var pieces: [Piece]
  /// A kept node whose parent changes (a moved subtree's root) and its new parent's old position
  /// (-1: a root).
  var reparented: (node: Int, parent: Int)? = nil
  /// A kept node's new label.
  var relabelled: (node: Int, label: String)? = nil
  /// Whether new leaves under a node that was on come in selected.
  var newChildren: NewChildren = .inheritFullySelectedParent
}

extension SelectionTree {
  /// Lays the tree out as `splice` says, with the meaning of ``reload(from:newChildren:)`` given
  /// the edited data: kept nodes keep their selection, locks and expansion; new nodes take their
  /// data's and inherit a lock or a selection from the node they hang under; a parent that
  /// becomes a leaf keeps what it showed; the filter and derived attributes are applied again.
  ///
  /// Nodes are matched by position, not by id: nothing is hashed but the ids added or taken out.
  /// - Complexity: O(n + m) for n nodes kept and m added.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  mutating func _apply(_ splice: _TreeSplice<ID>) {
    let old = self
    var moved = [Int32](repeating: -1, count: old.count)  // old position → new, -1: gone
    var newCount = 0
    var kept: [(old: Range<Int32>, start: Int32)] = []
    for piece in splice.pieces {
      switch piece {
      case .kept(let range):
        for position in range { moved[position] = Int32(newCount + position - range.lowerBound) }
        kept.append((Int32(range.lowerBound)..<Int32(range.upperBound), Int32(newCount)))
        newCount += range.count
      case .added(let nodes, _): newCount += nodes.count
      }
    }
    var layout = _SplicedLayout<ID>(capacity: newCount)
    let oldBytes = old.states.allStates()
    let oldExpanded = old.expanded.elements
    let oldRecords = old.derived?.allRecords
    for piece in splice.pieces {
      switch piece {
      case .kept(let range):
        layout.keep(
          range, of: old, bytes: oldBytes, expanded: oldExpanded, records: oldRecords,
          moved: moved, splice: splice)
      case .added(let nodes, let anchor):
        layout.add(nodes, under: anchor, of: old, moved: moved, newChildren: splice.newChildren)
      }
    }
    for position in old.disabledPositions.lazy.map(Int.init)
    where moved[position] >= 0 && oldRecords?[position].disables != true {
      layout.ownDisabled[Int(moved[position])] = true
    }
    if let (node, label) = splice.relabelled { layout.labels[Int(moved[node])] = label }
    layout.finish(old: old)
    var index = old.structure.index
    kept.sort { $0.old.lowerBound < $1.old.lowerBound }
    if !old.structure.isCounted && index.remap(kept: kept, newCount: newCount, ids: layout.ids) {
      for position in layout.addedPositions {
        _ = index.insert(layout.ids[position], at: position, in: layout.ids)
      }
    } else {
      index = (try? IDIndex(ids: Array(layout.ids)))!
    }
    let structure = TreeStructure(
      ids: layout.ids, labels: layout.labels, parents: layout.parents, ends: layout.ends,
      depths: layout.depths, attributes: layout.attributes, roots: layout.roots, index: index)
    var result = SelectionTree(
      structure: structure,
      states: old.states.spliced(
        splice.pieces, giving: layout.bytes, were: oldBytes, at: layout.previous),
      expanded: layout.expanded,
      disabledPositions: layout.disabledPositions, options: old.options)
    result.filter = old.filter
    if result.filter != nil { result._applyFilter() }
    if let derived = old.derived {
      let previous = layout.previous
      result.rederive(derived, from: old) { previous[$0] >= 0 ? Int(previous[$0]) : nil }
    }
    // An edit that changes nothing (a move to where the node is) leaves the tree as it was, as a
    // reload does: a copy stays identical, and a model makes no undo step.
    self = result.hasSameContent(as: old) ? old : result
    checkInvariantsIfEnabled()
  }
}

/// The arrays of a tree being spliced, filled stretch by stretch in the new preorder.
private struct _SplicedLayout<ID: Hashable> {
  var ids = Rope<ID>()
  var labels = Rope<String>()
  var parents: [Int32] = []
  var depths: [Int32] = []
  var ends: [Int32] = []
  var roots: [Int32] = []
  var bytes: [UInt8] = []
  var expanded: [Bool] = []
  var ownDisabled: [Bool]
  var disabledPositions: [Int32] = []
  var attributes = SparseAttributes()
  /// Each new position's old one, -1 for a node added.
  var previous: [Int32]
  /// The positions of the nodes added.
  var addedPositions: [Int] = []

  /// The bits a layout works out again: shape, disabling, filtering.
  static var recomputed: UInt8 { NodeBits.leaf | NodeBits.disabled | NodeBits.hidden }

  init(capacity: Int) {
    parents.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity)
    expanded.reserveCapacity(capacity)
    ownDisabled = [Bool](repeating: false, count: capacity)
    previous = [Int32](repeating: -1, count: capacity)
  }

  /// Appends old nodes: their selection and locks (not the locks a source derived: derived
  /// again) and their expansion.
  mutating func keep(
    _ range: Range<Int>, of old: SelectionTree<ID>, bytes oldBytes: [UInt8],
    expanded oldExpanded: [Bool], records: [DerivedRecord]?,
    moved: [Int32], splice: _TreeSplice<ID>
  ) {
    let start = ids.count
    ids.append(contentsOf: old.structure.idChunks, range)
    labels.append(contentsOf: old.structure.labelChunks, range)
    attributes.append(
      contentsOf: old.structure.allAttributes, Int32(range.lowerBound)..<Int32(range.upperBound),
      at: Int32(start))
    expanded += oldExpanded[range]
    let oldParents = old.structure.nesting.parents
    for position in range {
      var parent = Int(oldParents[position])
      if let (node, newParent) = splice.reparented, node == position { parent = newParent }
      parents.append(parent < 0 ? -1 : moved[parent])
      var state = oldBytes[position] & ~Self.recomputed
      if records?[position].addsLock == true { state &= ~NodeBits.locked }
      bytes.append(state)
      previous[start + position - range.lowerBound] = Int32(position)
    }
  }

  /// Appends new nodes under the old node `anchor` (-1: as roots): their data's state, and a lock
  /// or a selection inherited from the anchor as a reload gives new nodes.
  mutating func add(
    _ nodes: SelectionTree<ID>, under anchor: Int, of old: SelectionTree<ID>, moved: [Int32],
    newChildren: NewChildren
  ) {
    let start = ids.count
    ids.append(contentsOf: nodes.structure.idChunks)
    labels.append(contentsOf: nodes.structure.labelChunks)
    expanded += nodes.expanded.elements
    addedPositions += start..<(start + nodes.count)
    for position in nodes.disabledPositions { ownDisabled[start + Int(position)] = true }
    attributes.append(
      contentsOf: nodes.structure.allAttributes, 0..<Int32(nodes.count), at: Int32(start))
    // What the anchor passes down: whether it was on, and its lock (the value it showed, nil
    // when it was mixed), unless a source derived that lock.
    var anchorOn = false
    var anchorLock: Bool?? = nil
    if anchor >= 0 {
      let shows = old.state(at: anchor)
      anchorOn = shows == .on
      if old.hasOwnLock(at: anchor) && old.derived?.record(at: anchor).addsLock != true {
        anchorLock = .some(shows == .mixed ? nil : shows == .on)
      }
    }
    let states = nodes.states.allStates()
    var inheritsOn = [Bool](repeating: false, count: nodes.count)
    var inheritedLock = [Bool??](repeating: nil, count: nodes.count)
    let addedParents = nodes.structure.nesting.parents
    for position in 0..<nodes.count {
      let parent = Int(addedParents[position])
      parents.append(parent < 0 ? (anchor < 0 ? -1 : moved[anchor]) : Int32(start + parent))
      inheritsOn[position] = parent < 0 ? anchorOn : inheritsOn[parent]
      inheritedLock[position] = parent < 0 ? anchorLock : inheritedLock[parent]
      var state = states[position] & ~Self.recomputed
      if state & NodeBits.locked != 0 {
        inheritedLock[position] = nil
      } else if let lock = inheritedLock[position] {
        state |= NodeBits.locked
        if lock == true { state |= NodeBits.selected }
      } else if newChildren == .inheritFullySelectedParent && inheritsOn[position]
        && nodes.structure.isLeaf(position)
      {
        state |= NodeBits.selected
      }
      bytes.append(state)
    }
  }

  /// Works out depths, ends, roots, leaf and disabled bits, and the state of every old parent
  /// that became a leaf (what it showed, while parents derive their state).
  mutating func finish(old: SelectionTree<ID>) {
    let count = ids.count
    depths = [Int32](repeating: 0, count: count)
    var sizes = [Int32](repeating: 1, count: count)
    var resolved = [Bool](repeating: false, count: count)
    for position in 0..<count {
      let parent = Int(parents[position])
      if parent < 0 {
        roots.append(Int32(position))
      } else {
        depths[position] = depths[parent] + 1
      }
      resolved[position] = ownDisabled[position] || (parent >= 0 && resolved[parent])
      if ownDisabled[position] { disabledPositions.append(Int32(position)) }
    }
    for position in stride(from: count - 1, through: 0, by: -1) where parents[position] >= 0 {
      sizes[Int(parents[position])] += sizes[position]
    }
    ends = (0..<count).map { Int32($0) + sizes[$0] }
    for position in 0..<count {
      if sizes[position] == 1 {
        bytes[position] |= NodeBits.leaf
        let before = Int(previous[position])
        if before >= 0 && !old.structure.isLeaf(before) && old.options.propagation.up {
          let shows = old.state(at: before)
          bytes[position] =
            (bytes[position] & ~NodeBits.selected) | (shows == .on ? NodeBits.selected : 0)
        }
      }
      if resolved[position] { bytes[position] |= NodeBits.disabled }
    }
  }
}

extension NodeStates {
  /// The states after a splice whose every state is `bytes`, sharing this tree's chunks; each
  /// new position's old one is `previous` (-1 for a node added), whose state was `oldBytes`.
  ///
  /// The stretches kept are this tree's chunks (shared, not copied), the nodes added new chunks;
  /// then each position whose state differs from its byte is written — a parent that gained or
  /// lost its last child, a subtree moved under or out of a disabled node. When more than one
  /// position in 64 differs (locks a source derived, which a splice takes off and derives again),
  /// the states are built from the bytes, as they are for trees of fewer than 64 chunks.
  /// - Complexity: O(p log n + n) for p stretches, the O(n) a comparison of bytes already read
  ///   (no chunk built, no state counted or read back).
  func spliced<ID: Hashable>(
    _ pieces: [_TreeSplice<ID>.Piece], giving bytes: [UInt8], were oldBytes: [UInt8],
    at previous: [Int32]
  ) -> NodeStates {
    // Below 64 chunks, building the states from the bytes costs less than cutting and joining.
    guard bytes.count >= 64 * self.tree.limits.leaf else { return NodeStates(states: bytes) }
    var tree = CountedTree<StateTraits>(root: nil, limits: self.tree.limits)
    var start = 0
    for piece in pieces {
      switch piece {
      case .kept(let range):
        tree = tree + self.tree.extracting(range)
        start += range.count
      case .added(let nodes, _):
        tree = tree + CountedTree(bytes[start..<(start + nodes.count)], limits: self.tree.limits)
        start += nodes.count
      }
    }
    var states = NodeStates(tree: tree)
    // A kept node's state is its old one (`oldBytes`, which the caller read to lay the splice
    // out); an added node's is its byte already. No state of the new tree is read back.
    var differing: [Int] = []
    for position in bytes.indices
    where previous[position] >= 0 && oldBytes[Int(previous[position])] != bytes[position] {
      differing.append(position)
      if differing.count > bytes.count / 64 + 8 { return NodeStates(states: bytes) }
    }
    for position in differing { states.tree.update(at: position) { $0 = bytes[position] } }
    return states
  }
}
