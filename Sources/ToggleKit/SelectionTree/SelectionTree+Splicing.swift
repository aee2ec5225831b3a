extension SelectionTree {
  /// Whether an edit splices the tree in O(log n + m) without attributes to derive (with them,
  /// ``_derivesLocally`` says whether it splices).
  var _splicesEdits: Bool { derived == nil }

  /// What a node that nodes are inserted under hands down to them, read before the edit.
  struct _Anchor {
    /// Its position before the edit, -1 for the roots.
    var position: Int
    /// Whether it showed on: new leaves under it are selected (unless told otherwise).
    var isOn = false
    /// Its own lock, unless a source derived it: nil for none, `.some(nil)` when it showed mixed.
    var lock: Bool?? = nil
    /// Whether it is disabled (itself or from above).
    var isDisabled = false
    /// The depth of its children.
    var childDepth: Int32 = 0
    /// Whether it had no children.
    var wasLeaf = false
  }

  /// The facts of the node at `position` (-1: the roots) that nodes inserted under it take.
  /// - Complexity: O(log n).
  func _anchor(at position: Int) -> _Anchor {
    var anchor = _Anchor(position: position)
    guard position >= 0 else { return anchor }
    let own = states.state(at: position)
    let shows = state(at: position, own: own)
    anchor.isOn = shows == .on
    if own & NodeBits.locked != 0 && derived?.record(at: position).addsLock != true {
      anchor.lock = .some(shows == .mixed ? nil : shows == .on)
    }
    anchor.isDisabled = _isDisabled(own)
    anchor.childDepth = Int32(structure.depth(of: position) + 1)
    anchor.wasLeaf = own & NodeBits.leaf != 0
    return anchor
  }

  /// Nodes to splice in: a small tree of its own, in preorder, as plain arrays.
  struct _Block {
    var ids: [ID] = []
    var labels: [String] = []
    /// nil for a node without attributes.
    var attributes: [[String: String]?] = []
    /// Each node's parent in the block, -1 for a root of it.
    var parents: [Int32] = []
    /// Each node's depth in the block (its roots 0).
    var depths: [Int32] = []
    /// Whether each node has no children.
    var isLeaf: [Bool] = []
    /// Each node's state bits as its data gives them (selection, lock).
    var states: [UInt8] = []
    var expanded: [Bool] = []
    /// The positions in the block of the nodes disabled themselves, ascending.
    var disabled: [Int32] = []

    var count: Int { parents.count }

    /// No nodes.
    init() {}

    /// The nodes of `tree`, which was built from the entries to insert.
    /// - Complexity: O(m).
    init(_ tree: SelectionTree) {
      let (parents, ends, depths) = tree.structure.nesting
      ids = tree.structure.flatIDs
      labels = tree.structure.flatLabels
      attributes = [[String: String]?](repeating: nil, count: tree.count)
      var attributed = tree.structure.allAttributes.makeIterator()
      while let (position, values) = attributed.next() { attributes[position] = values }
      self.parents = parents
      self.depths = depths
      isLeaf = ends.indices.map { Int(ends[$0]) == $0 + 1 }
      states = tree.states.allStates()
      expanded = tree.expanded.elements
      disabled = tree.disabledPositions
    }

    /// Leaves, side by side: entries whose parent is the node they go under, none of them with an
    /// id another has or the tree has (nil otherwise: the entries are then built as a tree, which
    /// reports what is wrong as a build does).
    /// - Complexity: O(m) expected hashes and O(m) probes of the tree's index.
    init?(leaves entries: [Entry], under parent: ID?, in tree: SelectionTree, seen: inout Set<ID>) {
      let count = entries.count
      seen.reserveCapacity(seen.count + count)
      // Read in place: an entry copied is a handful of references retained and released.
      let fits = entries.withUnsafeBufferPointer { entries in
        entries.indices.allSatisfy { entry in
          entries[entry].parent == parent && seen.insert(entries[entry].id).inserted
            && tree.structure.position(of: entries[entry].id) == nil
        }
      }
      guard fits else { return nil }
      ids.reserveCapacity(count)
      labels.reserveCapacity(count)
      attributes.reserveCapacity(count)
      states.reserveCapacity(count)
      expanded.reserveCapacity(count)
      entries.withUnsafeBufferPointer { entries in
        for offset in entries.indices {
          ids.append(entries[offset].id)
          labels.append(entries[offset].label)
          let fields = entries[offset].fields
          attributes.append(fields.attributes.isEmpty ? nil : fields.attributes)
          var state = NodeBits.leaf | (fields.isSelected ? NodeBits.selected : 0)
          switch fields.lock {
          case .none: break
          case .on: state |= NodeBits.locked | NodeBits.selected
          case .off: state = (state | NodeBits.locked) & ~NodeBits.selected
          case .current: state |= NodeBits.locked
          }
          states.append(state)
          expanded.append(fields.isExpanded)
          if fields.isDisabled { disabled.append(Int32(offset)) }
        }
      }
      parents = [Int32](repeating: -1, count: count)
      depths = [Int32](repeating: 0, count: count)
      isLeaf = [Bool](repeating: true, count: count)
    }
  }

  /// Puts the nodes of `block` under `anchor`, starting at `start`, as ``_apply(_:)`` would.
  ///
  /// The new nodes take the state bits, depths, expansion and disabling a layout gives them; the
  /// anchor stops being a leaf. The anchor's facts are the tree's before any block of the edit
  /// went in; blocks go in from the last position to the first (so that `start` and the anchor's
  /// position still hold).
  /// - Complexity: O(log n + m) for m nodes, plus O(d) for d nodes disabled themselves.
  mutating func _splice(
    _ block: _Block, at start: Int, under anchor: _Anchor, newChildren: NewChildren,
    into shape: inout CountedShape<ID>
  ) {
    let count = block.count
    guard count > 0 else { return }
    let bytes = Self._states(of: block, under: anchor, newChildren: newChildren)
    var added: [ShapeNode<ID>] = []
    added.reserveCapacity(count)
    for position in 0..<count {
      added.append(
        ShapeNode(
          id: block.ids[position], label: block.labels[position],
          attributes: block.attributes[position],
          depth: anchor.childDepth + block.depths[position], key: 0))
    }
    shape.insert(added, at: start)
    states.tree.insert(contentsOf: bytes, at: start)
    expanded.insert(contentsOf: block.expanded, at: start)
    if filter != nil {
      // Worked out once the block is in (``_refilter(_:under:)``).
      let unknown = repeatElement(false, count: count)
      filterMatched.insert(contentsOf: unknown, at: start)
      filterOpen.insert(contentsOf: unknown, at: start)
    }
    _shiftDisabled(from: Int32(start), by: Int32(count))
    let slot = _disabledSlot(Int32(start))
    disabledPositions.insert(contentsOf: block.disabled.map { $0 + Int32(start) }, at: slot)
    if anchor.wasLeaf {
      states.tree.update(at: anchor.position) { $0 &= ~NodeBits.leaf }
    }
  }

  /// The state bits the nodes of `block` take under `anchor`: the bits their data gives them, a
  /// lock inherited from the anchor or a node above them, the selection of a node that was on,
  /// disabling from above, and the leaf bit.
  /// - Complexity: O(m) for m nodes.
  static func _states(of block: _Block, under anchor: _Anchor, newChildren: NewChildren)
    -> [UInt8]
  {
    let count = block.count
    var bytes = [UInt8](repeating: 0, count: count)
    var inheritedLock = [Bool??](repeating: nil, count: count)
    var disabled = [Bool](repeating: false, count: count)
    for position in block.disabled { disabled[Int(position)] = true }
    for position in 0..<count {
      let parent = Int(block.parents[position])
      let isLeaf = block.isLeaf[position]
      inheritedLock[position] = parent < 0 ? anchor.lock : inheritedLock[parent]
      disabled[position] =
        disabled[position] || (parent < 0 ? anchor.isDisabled : disabled[parent])
      var state = block.states[position] & ~(NodeBits.leaf | NodeBits.disabled | NodeBits.hidden)
      if state & NodeBits.locked != 0 {
        inheritedLock[position] = nil
      } else if let lock = inheritedLock[position] {
        state |= NodeBits.locked
        if lock == true { state |= NodeBits.selected }
      } else if newChildren == .inheritFullySelectedParent && anchor.isOn && isLeaf {
        state |= NodeBits.selected
      }
      if isLeaf { state |= NodeBits.leaf }
      if disabled[position] { state |= NodeBits.disabled }
      bytes[position] = state
    }
    return bytes
  }

  /// Inserts the blocks, each under its anchor at its start (positions before the edit; blocks
  /// at one start go in in their order): appended to the flat form in place when they all go at
  /// the end and the tree alone holds its structure, else into the counted form.
  /// - Complexity: O(b log n + m) for b blocks of m nodes in all, plus O(b d) for d nodes
  ///   disabled themselves; O(n) once if the tree was in its flat form (an append in place:
  ///   O(m + b d) amortized for blocks under anchors at depth up to d).
  mutating func _splice(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], newChildren: NewChildren
  ) {
    guard blocks.contains(where: { $0.nodes.count > 0 }) else { return }
    _splice(blocks, anchors: blocks.map { _anchor(at: $0.anchor) }, newChildren: newChildren)
  }

  /// Inserts the blocks under anchors read before the edit (``_anchor(at:)``), as
  /// ``_splice(_:newChildren:)`` does.
  mutating func _splice(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], anchors: [_Anchor],
    newChildren: NewChildren
  ) {
    // The blocks' ids are checked already: the append cannot find one the tree has.
    if _appendsInPlace(blocks),
      _appendFlat(
        Self._appended(blocks, anchors: anchors, from: count), blocks: blocks, anchors: anchors,
        newChildren: newChildren)
    {
      return
    }
    var shape = _takeShape()
    let order = blocks.indices.sorted {
      (blocks[$0].start, $0) > (blocks[$1].start, $1)
    }
    for block in order {
      _splice(
        blocks[block].nodes, at: blocks[block].start, under: anchors[block],
        newChildren: newChildren, into: &shape)
    }
    _finishSplice(shape, refiltering: filter == nil ? [] : Self._placed(blocks, order: order))
  }

  /// Where each block and its anchor are once every block is in (`order`: the blocks from the
  /// last start to the first): after every block that went in before them.
  /// - Complexity: O(b log b) for b blocks.
  static func _placed(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], order: [Int]
  ) -> [(Range<Int>, under: Int)] {
    // Starts ascending, and how many nodes went in before each block (blocks at one start go in
    // in their order).
    let ascending = Array(order.reversed())
    var before = [Int](repeating: 0, count: blocks.count)
    var added = 0
    var starts: [Int] = []
    var through: [Int] = []  // nodes in the blocks up to and including each, ascending
    for block in ascending {
      before[block] = added
      added += blocks[block].nodes.count
      starts.append(blocks[block].start)
      through.append(added)
    }
    return blocks.indices.map { block in
      let start = blocks[block].start + before[block]
      var anchor = blocks[block].anchor
      if anchor >= 0 {
        // The blocks that start at or before the anchor went in before it.
        var low = 0
        var high = starts.count
        while low < high {
          let middle = (low + high) / 2
          if starts[middle] <= anchor { low = middle + 1 } else { high = middle }
        }
        if low > 0 { anchor += through[low - 1] }
      }
      return (start..<(start + blocks[block].nodes.count), anchor)
    }
  }

  /// Takes the subtree at `position` out of the counted form: a parent left without children
  /// keeps what it showed.
  /// - Complexity: O(log n + d) for d nodes disabled themselves.
  mutating func _spliceRemove(at position: Int) {
    let range = structure.range(of: position)
    let parent = structure.parent(of: position)
    let parentShows = parent >= 0 ? state(at: parent) : .off
    let leavesParent =
      parent >= 0 && parent + 1 == range.lowerBound && structure.end(of: parent) == range.upperBound
    var shape = _takeShape()
    shape.remove(range)
    states.tree.removeSubrange(range)
    expanded.removeSubrange(range)
    if filter != nil {
      filterMatched.removeSubrange(range)
      filterOpen.removeSubrange(range)
    }
    let first = _disabledSlot(Int32(range.lowerBound))
    disabledPositions.removeSubrange(first..<_disabledSlot(Int32(range.upperBound)))
    _shiftDisabled(from: Int32(range.upperBound), by: -Int32(range.count))
    if leavesParent { _becomeLeaf(at: parent, showing: parentShows) }
    _finishSplice(shape, refiltering: [(range.lowerBound..<range.lowerBound, parent)])
  }

  /// Moves the subtree at `position` under `anchor` (-1: the roots) before `target` (positions
  /// before the move, `target` outside the subtree) in the counted form.
  /// - Complexity: O((1 + k) log n + d) for k nodes disabled themselves inside the subtree and d
  ///   in all.
  mutating func _spliceMove(at position: Int, under anchor: Int, before target: Int) {
    let range = structure.range(of: position)
    let length = range.count
    let parent = structure.parent(of: position)
    if parent == anchor && target == range.upperBound { return }  // where it is: no change
    let parentShows = parent >= 0 ? state(at: parent) : .off
    let leavesParent =
      parent >= 0 && parent != anchor && parent + 1 == range.lowerBound
      && structure.end(of: parent) == range.upperBound
    let wasDisabledAbove = parent >= 0 && _isDisabled(states.state(at: parent))
    let newAnchor = _anchor(at: anchor)
    let depthChange = newAnchor.childDepth - Int32(structure.depth(of: position))
    // Where the subtree starts, and where any node goes.
    let start = target > range.lowerBound ? target - length : target
    let moved = { Self._moved($0, range, to: start) }
    var shape = _takeShape()
    shape.move(range, to: start, depthChange: depthChange)
    states.tree.moveSubrange(range, to: start)
    expanded.moveSubrange(range, to: start)
    if filter != nil {
      filterMatched.moveSubrange(range, to: start)
      filterOpen.moveSubrange(range, to: start)
    }
    disabledPositions = disabledPositions.map { Int32(moved(Int($0))) }.sorted()
    if leavesParent { _becomeLeaf(at: moved(parent), showing: parentShows) }
    if newAnchor.wasLeaf {
      states.tree.update(at: moved(anchor)) { $0 &= ~NodeBits.leaf }
    }
    let subtree = start..<(start + length)
    if newAnchor.isDisabled && !wasDisabledAbove {
      states.apply(StateMap { $0 | NodeBits.disabled }, to: subtree)
    } else if !newAnchor.isDisabled && wasDisabledAbove {
      states.apply(StateMap { $0 & ~NodeBits.disabled }, to: subtree)
      _disableOwn(in: subtree, shape: shape)
    }
    // The subtree first: the old parent's ancestors count its matches where it went.
    let oldParent = parent >= 0 ? moved(parent) : -1
    _finishSplice(
      shape,
      refiltering: [
        (subtree, anchor >= 0 ? moved(anchor) : -1),
        (subtree.lowerBound..<subtree.lowerBound, oldParent),
      ])
  }

  /// Where the node at `position` goes when the nodes in `range` move to start at `start`
  /// (a position once they are out).
  static func _moved(_ position: Int, _ range: Range<Int>, to start: Int) -> Int {
    if range.contains(position) { return start + position - range.lowerBound }
    let without = position < range.lowerBound ? position : position - range.count
    return without < start ? without : without + range.count
  }

  /// Gives the node at `position` a new label in the counted form.
  /// - Complexity: O(log n); under a filter, O(k + d log n) for its subtree of k nodes at depth d.
  mutating func _spliceRelabel(at position: Int, to label: String) {
    guard !LabelBytes.same(structure.label(at: position), label) else { return }
    // A filter may read paths: the node's whole subtree is matched again.
    let refiltered =
      filter == nil ? [] : [(structure.range(of: position), structure.parent(of: position))]
    var shape = _takeShape()
    shape.relabel(at: position, to: label)
    _finishSplice(shape, refiltering: refiltered)
  }

  /// The node at `position`, whose last child went, becomes a leaf showing what it showed (while
  /// parents derive their state; else it keeps its own value).
  private mutating func _becomeLeaf(at position: Int, showing shows: ToggleState) {
    let up = options.propagation.up
    states.tree.update(at: position) {
      $0 |= NodeBits.leaf
      if up { $0 = ($0 & ~NodeBits.selected) | (shows == .on ? NodeBits.selected : 0) }
    }
  }

  /// Disables the subtrees of the topmost nodes in `range` that are disabled themselves, which
  /// `shape` nests.
  /// - Complexity: O((1 + k) log n) for k such nodes.
  mutating func _disableOwn(in range: Range<Int>, shape: CountedShape<ID>) {
    var next = _disabledSlot(Int32(range.lowerBound))
    while next < disabledPositions.count, Int(disabledPositions[next]) < range.upperBound {
      let inner = Int(disabledPositions[next])
      let end = shape.end(of: inner)
      states.apply(StateMap { $0 | NodeBits.disabled }, to: inner..<end)
      next = _disabledSlot(Int32(end))
    }
  }

  /// Moves the positions of the nodes disabled themselves from `start` on by `shift`.
  /// - Complexity: O(d).
  private mutating func _shiftDisabled(from start: Int32, by shift: Int32) {
    for slot in _disabledSlot(start)..<disabledPositions.count { disabledPositions[slot] += shift }
  }

  /// The counted form's nodes for an edit to write.
  ///
  /// They are taken out of the structure when this tree alone holds it (written in place), else
  /// copied (a copy shares them: written by copying paths). Nothing may read the structure after
  /// this until ``_finishSplice(_:)``.
  /// - Complexity: O(1); O(n) when the tree is in its flat form.
  private mutating func _takeShape() -> CountedShape<ID> {
    guard structure.isCounted, isKnownUniquelyReferenced(&structure) else {
      return structure.counted
    }
    return structure.takeShape()
  }

  /// Takes `shape` as the tree's structure: an edit's end.
  ///
  /// Under a filter, the nodes of each range and the ancestors of each parent given (positions
  /// after the edit) are filtered again.
  /// - Complexity: O(1) without a filter; as ``_refilter(_:under:)`` for each range with one.
  private mutating func _finishSplice(
    _ shape: CountedShape<ID>, refiltering ranges: [(Range<Int>, under: Int)] = []
  ) {
    structure = TreeStructure(shape: shape)
    derivationFailure = nil
    if filter != nil {
      for (range, parent) in ranges { _refilter(range, under: parent) }
    }
    checkInvariantsIfEnabled()
  }
}
