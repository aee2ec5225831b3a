extension NodeStates {
  // MARK: Searching

  /// Calls `body` with every index in `range` whose state is in `mask`, in order; `body` may
  /// return an index to skip to.
  /// - Complexity: O((k + 1) log n) nodes for k indices visited.
  func forEachIndex(in range: Range<Int>, matching mask: StateSet, _ body: (Int) -> Int?) {
    guard let root = tree.root, !range.isEmpty else { return }
    guard root.summary.sum(over: mask) > 0 else { return }
    var next = range.lowerBound
    Self.forEachIndex(root, start: 0, &next, range.upperBound, mask, above: .identity, body)
  }

  /// Visits `node` (which holds matches, its summary says) from `start` on.
  private static func forEachIndex(
    _ node: Node, start: Int, _ next: inout Int, _ end: Int, _ mask: StateSet, above: StateMap,
    _ body: (Int) -> Int?
  ) {
    let map = above.after(node.pending)
    if node.height == 0 {
      var position = Swift.max(next, start)
      let stop = Swift.min(end, start + node.count)
      while position < stop {
        if mask.contains(map(node.elements[position - start])) {
          next = position + 1
          if let skip = body(position) { next = Swift.max(next, skip) }
          position = next
        } else {
          position += 1
        }
      }
      return
    }
    // Children are told apart by their summaries, side by side in the node: only those that
    // hold a match are visited.
    let wanted = map.preimage(of: mask)
    var index = next > start ? node.child(holding: next - start).index : 0
    while index < node.children.count {
      let childStart = start + (index == 0 ? 0 : Int(node.ends[index - 1]))
      if childStart >= end || next >= end { return }
      if Int(node.ends[index]) + start > next && node.summaries[index].sum(over: wanted) > 0 {
        Unmanaged.passUnretained(node.children[index])._withUnsafeGuaranteedRef {
          forEachIndex($0, start: childStart, &next, end, mask, above: map, body)
        }
      }
      index += 1
    }
  }

  /// The last index in `range` whose state is in `mask`.
  /// - Complexity: O(log n) nodes.
  func lastIndex(in range: Range<Int>, matching mask: StateSet) -> Int? {
    guard let root = tree.root, !range.isEmpty, root.summary.sum(over: mask) > 0 else { return nil }
    return Self.lastIndex(root, start: 0, range, mask, above: .identity)
  }

  /// The last match in `range` below `node` (which holds matches, its summary says).
  private static func lastIndex(
    _ node: Node, start: Int, _ range: Range<Int>, _ mask: StateSet, above: StateMap
  ) -> Int? {
    let map = above.after(node.pending)
    if node.height == 0 {
      for position in stride(
        from: Swift.min(range.upperBound, start + node.count) - 1,
        through: Swift.max(range.lowerBound, start), by: -1)
      where mask.contains(map(node.elements[position - start])) {
        return position
      }
      return nil
    }
    let wanted = map.preimage(of: mask)
    var index = node.child(holding: Swift.min(range.upperBound, start + node.count) - 1 - start)
      .index
    while index >= 0 {
      let childStart = start + (index == 0 ? 0 : Int(node.ends[index - 1]))
      if start + Int(node.ends[index]) <= range.lowerBound { return nil }
      if node.summaries[index].sum(over: wanted) > 0,
        let found = Unmanaged.passUnretained(node.children[index])._withUnsafeGuaranteedRef({
          lastIndex($0, start: childStart, range, mask, above: map)
        })
      {
        return found
      }
      index -= 1
    }
    return nil
  }

  /// The first index in `range` whose state is in `mask`.
  /// - Complexity: O(log n) nodes.
  func firstIndex(in range: Range<Int>, matching mask: StateSet) -> Int? {
    var found: Int?
    forEachIndex(in: range, matching: mask) { index in
      found = index
      return Int.max
    }
    return found
  }

  // MARK: Writing

  /// Maps the state of every position in `range`.
  ///
  /// `movesSome` says the caller knows from the range's counts that the map moves at least one
  /// state there, which spares counting the range again. A map that moves no state there writes
  /// nothing, so that a copy that changes nothing stays identical to its original.
  /// - Complexity: O(log n) nodes.
  mutating func apply(_ map: StateMap, to range: Range<Int>, movesSome: Bool = false) {
    guard !range.isEmpty, map != .identity else { return }
    if range.count == 1 && applyInPlace(map, at: range.lowerBound) { return }
    guard movesSome || counts(in: range).sum(over: map.movedStates) > 0 else { return }
    Self.apply(map, range, start: 0, to: &tree.root!)
  }

  /// Makes `node` one this tree alone holds.
  @inline(__always)
  private static func makeUnique(_ node: inout Node) {
    if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
  }

  private static func apply(_ map: StateMap, _ range: Range<Int>, start: Int, to node: inout Node) {
    let end = start + node.count
    makeUnique(&node)
    if range.lowerBound <= start && end <= range.upperBound {
      node.summary = map.apply(to: node.summary)
      node.pending = map.after(node.pending)
      return
    }
    if node.height == 0 {
      let pending = node.pending
      let low = Swift.max(range.lowerBound, start) - start
      let high = Swift.min(range.upperBound, end) - start
      node.elements.withUnsafeMutableBufferPointer { elements in
        for index in elements.indices {
          let state = pending(elements[index])
          elements[index] = index >= low && index < high ? map(state) : state
        }
        node.summary = NodeCounts(histogramOf: UnsafeBufferPointer(elements))
      }
      node.pending = .identity
      return
    }
    push(&node)
    var childStart = start
    var summary = NodeCounts.zero
    for index in node.children.indices {
      let childEnd = start + Int(node.ends[index])
      if childEnd > range.lowerBound && childStart < range.upperBound {
        apply(map, range, start: childStart, to: &node.children[index])
        node.summaries[index] = node.children[index].summary
      }
      summary &+= node.summaries[index]
      childStart = childEnd
    }
    node.summary = summary
  }

  /// Hands an inner node's pending map to its children (the node is this tree's alone).
  private static func push(_ node: inout Node) {
    let map = node.pending
    guard map != .identity else { return }
    for index in node.children.indices {
      makeUnique(&node.children[index])
      node.children[index].summary = map.apply(to: node.children[index].summary)
      node.children[index].pending = map.after(node.children[index].pending)
      node.summaries[index] = node.children[index].summary
    }
    node.pending = .identity
  }

  /// Maps one position's state without pushing the maps above it down.
  ///
  /// Its byte becomes one that they map to the new state, and the two states it moves between are
  /// counted on each level. False when no byte does (a map above forces the state), and nothing
  /// changed.
  private mutating func applyInPlace(_ map: StateMap, at position: Int) -> Bool {
    applyInPlace(map, at: probe(at: position))
  }

  /// One position's raw byte and the maps above it, read on one walk down for a write after it
  /// (``apply(_:at:)``), which must come before any other change.
  struct Probe {
    let position: Int
    let raw: UInt8
    let chain: StateMap
    /// The position's state.
    var state: UInt8 { chain(raw) }
  }

  /// The probe of `position`.
  /// - Complexity: O(log n).
  func probe(at position: Int) -> Probe {
    var chain = StateMap.identity
    let (leaf, offset) = Node.leaf(holding: position, below: tree.root!) {
      chain = chain.after($0.pending)
    }
    let raw = leaf._withUnsafeGuaranteedRef { leaf in
      chain = chain.after(leaf.pending)
      return leaf.elements[offset]
    }
    return Probe(position: position, raw: raw, chain: chain)
  }

  /// Maps the state of the position `probe` read, as `apply(map, to: position..<position + 1)`,
  /// without walking down to read it again.
  /// - Complexity: O(log n).
  mutating func apply(_ map: StateMap, at probe: Probe) {
    if !applyInPlace(map, at: probe) {
      apply(map, to: probe.position..<probe.position + 1)
    }
  }

  private mutating func applyInPlace(_ map: StateMap, at probe: Probe) -> Bool {
    let (old, chain) = (probe.raw, probe.chain)
    let current = chain(old)
    let target = map(current)
    guard target != current else { return true }
    var raw = target
    if chain != .identity {
      guard
        let found = (0..<UInt8(NodeBits.stateCount)).lazy.map({ $0 | (old & NodeBits.hidden) })
          .first(where: { chain($0) == target })
      else { return false }
      raw = found
    }
    guard raw != old else { return true }
    _ = Self.write(raw, replacing: old, at: probe.position, in: &tree.root!)
    return true
  }

  /// Writes `raw` at `position` below `node` and moves one count on each level; returns the old
  /// and new states as `node`'s summary counts them.
  private static func write(
    _ raw: UInt8, replacing old: UInt8, at position: Int, in node: inout Node
  ) -> (UInt8, UInt8) {
    makeUnique(&node)
    var states: (UInt8, UInt8)
    if node.height == 0 {
      node.elements[position] = raw
      states = (old, raw)
    } else {
      let (index, offset) = node.child(holding: position)
      states = write(raw, replacing: old, at: offset, in: &node.children[index])
      node.summaries[index].move(states.0, to: states.1)
    }
    states = (node.pending(states.0), node.pending(states.1))
    node.summary.move(states.0, to: states.1)
    return states
  }
}
