extension SelectionTree {
  /// Where an insert's blocks go: their places once all are in, and where an old node goes.
  struct _DerivedInsert {
    var blocks: [(start: Int, nodes: _Block, anchor: Int)]
    /// Each block's positions and its anchor's once every block is in.
    var placed: [(Range<Int>, under: Int)]
    /// The blocks in the order they take in the preorder.
    var ascending: [Int]

    /// The position after the edit of the node at `position` before it: every block that
    /// starts at or before it went in before it.
    /// - Complexity: O(b) for b blocks.
    func moved(_ position: Int) -> Int {
      var shift = 0
      for block in blocks.indices where blocks[block].start <= position {
        shift += blocks[block].nodes.count
      }
      return position + shift
    }
  }

  /// Whether an edit splices the tree and derives the attributes of the nodes it touches alone:
  /// true with derived attributes unless a lock or disabling was set since they were derived, or
  /// a record read a node's state (which the derived locks and an edit below the node change):
  /// every node is then derived again, as a reload does.
  var _derivesLocally: Bool { derived?.derivesLocally ?? false }

  /// Inserts the blocks into a tree with derived attributes as a reload of the edited data would:
  /// the new nodes are derived, and so is each anchor whose leafness or child count its record
  /// read and which changed; the derived locks above the new nodes lock them too, and where an
  /// anchor's own lock changed, the derived locks of its whole subtree are applied again.
  ///
  /// - Returns: False, with the tree unchanged, when the attributes must be derived again for
  ///   every node (see ``_derivesLocally``), or when the source throws or reads a new node's
  ///   state: the caller lays the tree out.
  /// - Complexity: O(b d log n + (m + k) log n) for b blocks of m nodes in all under anchors at
  ///   depth up to d, k the nodes below anchors whose lock changed, plus the source's cost for
  ///   the nodes derived.
  mutating func _spliceDeriving(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], newChildren: NewChildren
  ) -> Bool {
    guard let derived, derived.derivesLocally else { return false }
    guard blocks.contains(where: { $0.nodes.count > 0 }) else { return true }
    let old = self
    let anchors = blocks.map { _anchor(at: $0.anchor) }
    let order = blocks.indices.sorted { (blocks[$0].start, $0) > (blocks[$1].start, $1) }
    let edit = _DerivedInsert(
      blocks: blocks, placed: Self._placed(blocks, order: order), ascending: Array(order.reversed())
    )
    self.derived = nil
    _splice(blocks, anchors: anchors, newChildren: newChildren)
    guard let records = try? _deriveInserted(derived, old: old, edit: edit) else {
      self = old
      return false
    }
    self.derived = DerivedAttributes(source: derived.source, records: records)
    checkInvariantsIfEnabled()
    return true
  }

  /// Derives the inserted nodes' attributes on the tree the blocks went into (without the
  /// source's attributes) and applies them, with the anchors' changed ones: the locks in preorder,
  /// then the disabling, then the new nodes' initial expansion.
  /// - Returns: Every node's record; nil when the attributes must be derived for every node
  ///   (``_spliceDeriving(_:newChildren:)``).
  private mutating func _deriveInserted(
    _ derived: DerivedAttributes, old: SelectionTree, edit: _DerivedInsert
  ) throws -> CountedTree<DerivedTraits>? {
    let source = derived.source
    let lock = RecursiveLock()
    let blocks = edit.blocks
    // The anchors whose leafness or child count changed, if their records read it.
    var changed: [Int: DerivedRecord] = [:]
    let shapeFacts = NodeFacts.Fact.Set([.init(.isLeaf), .init(.childCount)])
    for anchor in Set(blocks.map(\.anchor)) where anchor >= 0 {
      let record = derived.record(at: anchor)
      let position = edit.moved(anchor)
      guard !record.read.isDisjoint(with: shapeFacts),
        !hasSameFacts(record.read, at: position, as: old, at: anchor)
      else { continue }
      guard let again = try _derive(source, at: position, explicit: record, lock: lock) else {
        return nil
      }
      changed[anchor] = DerivedRecord(again, addsLock: record.addsLock)
    }
    var inserted: [[DerivedRecord]] = []
    for block in blocks.indices {
      var records: [DerivedRecord] = []
      records.reserveCapacity(blocks[block].nodes.count)
      for position in edit.placed[block].0 {
        guard let record = try _derive(source, at: position, explicit: nil, lock: lock) else {
          return nil
        }
        records.append(record)
      }
      inserted.append(records)
    }
    func record(_ position: Int) -> DerivedRecord {
      changed[position] ?? derived.record(at: position)
    }
    // Where an anchor's own lock changed, its subtree's locks are applied again (the outermost
    // such anchor's); elsewhere, each block's nodes take the locks above them and their own.
    let relocked = changed.filter { $0.value.lock != derived.record(at: $0.key).lock }.keys.sorted()
      .reduce(into: [Int]()) { outer, anchor in
        if let last = outer.last, old.structure.range(of: last).contains(anchor) { return }
        outer.append(anchor)
      }
    var replaced: [(old: Range<Int>, records: [DerivedRecord])] = []
    var inside = Set<Int>()
    for anchor in relocked {
      let oldRange = old.structure.range(of: anchor)
      var records = derived.records.elements(in: oldRange)
      for (offset, position) in oldRange.enumerated() {
        if let again = changed[position] { records[offset] = again }
      }
      var stripping = records.map(\.addsLock)
      let range = structure.range(of: edit.moved(anchor))
      for block in edit.ascending where oldRange.contains(blocks[block].anchor) {
        let offset = edit.placed[block].0.lowerBound - range.lowerBound
        records.insert(contentsOf: inserted[block], at: offset)
        stripping.insert(contentsOf: repeatElement(false, count: inserted[block].count), at: offset)
        inside.insert(block)
      }
      _relock(
        range, records: &records, stripping: stripping,
        under: old._lockers(above: anchor, record: record))
      replaced.append((oldRange, records))
    }
    for block in blocks.indices where !inside.contains(block) {
      let anchor = blocks[block].anchor
      var lockers = anchor < 0 ? [] : old._lockers(above: anchor, record: record)
      if anchor >= 0, record(anchor).lock != .none { lockers.append(record(anchor).lock) }
      _relock(edit.placed[block].0, records: &inserted[block], stripping: [], under: lockers)
    }
    for (anchor, again) in changed.sorted(by: { $0.key < $1.key })
    where again.disables != derived.record(at: anchor).disables {
      _setDisabled(edit.moved(anchor), again.disables)
    }
    for block in blocks.indices {
      for (offset, record) in inserted[block].enumerated() where record.disables {
        _setDisabled(edit.placed[block].0.lowerBound + offset, true)
      }
    }
    if source.derivesExpansion {
      for block in blocks.indices {
        for (offset, record) in inserted[block].enumerated() {
          let position = edit.placed[block].0.lowerBound + offset
          guard !expanded[position] else { continue }
          expanded[position] = try source.initialExpansion(
            of: facts(at: position, record: record, lock: lock))
        }
      }
    }
    // The records: the anchors' changed ones, then, from the last old position to the first, the
    // relocked subtrees' and the blocks'.
    var records = derived.records
    for (anchor, again) in changed { records.update(at: anchor) { $0 = again } }
    var pieces: [(start: Int, replacing: Int, block: Int, records: [DerivedRecord])] =
      replaced.map { ($0.old.lowerBound, $0.old.count, -1, $0.records) }
    for block in blocks.indices where !inside.contains(block) {
      pieces.append((blocks[block].start, 0, block, inserted[block]))
    }
    // At one start, the subtree there is replaced first (a block put at its start goes before
    // it), and the blocks go in from the last to the first.
    for piece in pieces.sorted(by: {
      ($0.start, $0.replacing, $0.block) > ($1.start, $1.replacing, $1.block)
    }) {
      let range = piece.start..<(piece.start + piece.replacing)
      records.replaceSubrange(range, with: CountedTree(piece.records, limits: records.limits))
    }
    return records
  }

  /// Applies the derived locks to `range` again, as a derivation does: the locks the source added
  /// there taken away (`stripping`, by offset), the locks of the nodes above (`lockers`, the root's
  /// first), then the records' own in preorder; sets each record's `addsLock`.
  /// - Complexity: O((s + l + k) log n + m) for m nodes, s stripped, l lockers and k locks.
  private mutating func _relock(
    _ range: Range<Int>, records: inout [DerivedRecord], stripping: [Bool],
    under lockers: [NodeLock]
  ) {
    for offset in stripping.indices where stripping[offset] {
      states.tree.update(at: range.lowerBound + offset) { $0 &= ~NodeBits.locked }
    }
    let before = states.allStates(in: range)
    for lock in lockers { states.apply(_lockMap(lock), to: range) }
    for offset in records.indices where records[offset].lock != .none {
      _lock(range.lowerBound + offset, records[offset].lock)
    }
    let after = states.allStates(in: range)
    for offset in records.indices {
      records[offset].addsLock =
        after[offset] & NodeBits.locked != 0 && before[offset] & NodeBits.locked == 0
    }
  }

  /// The derived locks of the ancestors of the node at `position`, the root's first.
  /// - Complexity: O(d log n) for d ancestors.
  private func _lockers(above position: Int, record: (Int) -> DerivedRecord) -> [NodeLock] {
    var lockers: [NodeLock] = []
    var node = structure.parent(of: position)
    while node >= 0 {
      let lock = record(node).lock
      if lock != .none { lockers.append(lock) }
      node = structure.parent(of: node)
    }
    return lockers.reversed()
  }

  /// The source's record for the node at `position` of a tree without derived attributes: its
  /// explicit lock and disabling from `explicit` (a surviving node's earlier record) or the data;
  /// nil when the source read the node's state.
  private func _derive<Source: NodeAttributeSource>(
    _ source: Source, at position: Int, explicit: DerivedRecord?, lock: RecursiveLock
  ) throws(Source.Failure) -> DerivedRecord? {
    let node = facts(at: position, record: explicit, lock: lock)
    let writability = try source.writability(of: node)
    guard !node.read.contains(NodeFacts.Fact.Set(.state)) else { return nil }
    let explicitLocked = node.lockByData != nil
    return DerivedRecord(
      lock: explicitLocked ? .none : writability.lock,
      disables: !node.isDisabledByData && writability.disables, read: node.read,
      explicitLocked: explicitLocked, explicitDisabled: node.isDisabledByData)
  }

  /// Derives the nodes in `nodes` again on this tree (edited; `old` before the edit, each node
  /// at `earlier` there) where a fact their records read changed, and applies what changed: the
  /// derived locks of the subtree of each node whose lock changed and of each of `relocking`
  /// applied again (the outermost subtrees'), then the disabling.
  ///
  /// `records` holds the records by position after the edit, before it derived them.
  /// The tree then holds `records` as its attributes' records.
  /// - Returns: False, the tree taken back to `old`, when the source throws or reads a state.
  /// - Complexity: O((c + k) log n) for c nodes and k nodes in the subtrees locked again, plus
  ///   the source's cost.
  private mutating func _finishDeriving(
    _ nodes: [(now: Int, earlier: Int)], relocking: [Int], old: SelectionTree,
    derived: DerivedAttributes, records: CountedTree<DerivedTraits>
  ) -> Bool {
    let source = derived.source
    var records = records
    var roots = relocking
    var disabling: [(Int, Bool)] = []
    let lock = RecursiveLock()
    for (now, earlier) in nodes {
      let record = records[now]
      guard !hasSameFacts(record.read, at: now, as: old, at: earlier) else { continue }
      guard let again = try? _derive(source, at: now, explicit: record, lock: lock) else {
        self = old
        return false
      }
      if again.lock != record.lock { roots.append(now) }
      if again.disables != record.disables { disabling.append((now, again.disables)) }
      records.update(at: now) { $0 = DerivedRecord(again, addsLock: record.addsLock) }
    }
    var outermost: [Range<Int>] = []
    for root in roots.sorted() {
      if let last = outermost.last, last.contains(root) { continue }
      outermost.append(structure.range(of: root))
    }
    for range in outermost {
      var subtree = records.elements(in: range)
      let lockers = _lockers(above: range.lowerBound) { records[$0] }
      _relock(range, records: &subtree, stripping: subtree.map(\.addsLock), under: lockers)
      records.replaceSubrange(range, with: CountedTree(subtree, limits: records.limits))
    }
    for (position, disables) in disabling.sorted(by: { $0.0 < $1.0 }) {
      _setDisabled(position, disables)
    }
    self.derived = DerivedAttributes(source: source, records: records)
    checkInvariantsIfEnabled()
    return true
  }

  /// Takes the subtree at `position` out of a tree with derived attributes, deriving its parent
  /// again if its record read the leafness or child count that changed.
  /// - Returns: False, with the tree unchanged, as ``_spliceDeriving(_:newChildren:)`` says.
  /// - Complexity: O(log n + d) for d nodes disabled themselves, plus O(k log n) for the k nodes
  ///   of the parent's subtree when its derived lock changed, plus the source's cost.
  mutating func _spliceRemoveDeriving(at position: Int) -> Bool {
    guard let derived, derived.derivesLocally else { return false }
    let old = self
    let range = structure.range(of: position)
    let parent = structure.parent(of: position)
    self.derived = nil
    _spliceRemove(at: position)
    var records = derived.records
    records.removeSubrange(range)
    let nodes = parent >= 0 ? [(parent, parent)] : []
    return _finishDeriving(nodes, relocking: [], old: old, derived: derived, records: records)
  }

  /// Moves the subtree at `position` under `anchor` before `target` (as
  /// ``_spliceMove(at:under:before:)``) in a tree with derived attributes: its nodes' derived
  /// locks are those of their new place, and the nodes whose path, depth, leafness or child count
  /// changed are derived again.
  /// - Returns: False, with the tree unchanged, as ``_spliceDeriving(_:newChildren:)`` says.
  /// - Complexity: O(k log n) for the k nodes moved (or below a node whose lock changed), plus
  ///   what ``_spliceMove(at:under:before:)`` costs and the source's cost.
  mutating func _spliceMoveDeriving(at position: Int, under anchor: Int, before target: Int)
    -> Bool
  {
    guard let derived, derived.derivesLocally else { return false }
    let range = structure.range(of: position)
    let parent = structure.parent(of: position)
    if parent == anchor && target == range.upperBound { return true }  // where it is
    let old = self
    let start = target > range.lowerBound ? target - range.count : target
    let moved = { Self._moved($0, range, to: start) }
    self.derived = nil
    _spliceMove(at: position, under: anchor, before: target)
    var records = derived.records
    records.moveSubrange(range, to: start)
    var nodes = range.map { (moved($0), $0) }
    for node in [parent, anchor] where node >= 0 { nodes.append((moved(node), node)) }
    return _finishDeriving(nodes, relocking: [start], old: old, derived: derived, records: records)
  }

  /// Relabels the node at `position` of a tree with derived attributes, deriving again the nodes
  /// of its subtree whose records read the label or path that changed.
  /// - Returns: False, with the tree unchanged, as ``_spliceDeriving(_:newChildren:)`` says.
  /// - Complexity: O(k log n) for its subtree of k nodes (under a filter, as
  ///   ``_spliceRelabel(at:to:)`` says), plus the source's cost.
  mutating func _spliceRelabelDeriving(at position: Int, to label: String) -> Bool {
    guard let derived, derived.derivesLocally else { return false }
    guard !LabelBytes.same(structure.label(at: position), label) else { return true }
    let old = self
    let subtree = structure.range(of: position)
    self.derived = nil
    _spliceRelabel(at: position, to: label)
    return _finishDeriving(
      subtree.map { ($0, $0) }, relocking: [], old: old, derived: derived,
      records: derived.records)
  }
}

extension DerivedRecord {
  /// `record` with `addsLock`.
  init(_ record: DerivedRecord, addsLock: Bool) {
    self = record
    self.addsLock = addsLock
  }
}
