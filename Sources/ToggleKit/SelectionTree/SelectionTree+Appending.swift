extension SelectionTree {
  /// Appends nodes at the end of the tree's preorder, as inserts under the nodes they hang from
  /// would: a stream's next lines, the children of the last folder.
  ///
  /// Each node's parent is the node before it, one of that node's ancestors, or none (a root).
  /// A tree as built that nothing else holds keeps its flat form: its arrays are appended to in
  /// place, so that a tree read from a stream costs what building it at once does, and clicks on
  /// it stay as fast. ``TreeParser/preorderNodes(from:)`` gives a stream's next nodes so.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["a/b"])   // a, a/b
  /// try tree.toggle("a")
  /// tree.appendInPreorder(ids: ["a/c", "d"], labels: ["c", "d"], parents: [0, -1])
  /// tree.state(of: "a/c")   // .on: new in a folder that was on
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The new nodes' ids.
  ///   - labels: Their labels.
  ///   - parents: Each one's parent's position once they are in (`count` for the first new
  ///     node), -1 for a root.
  ///   - newChildren: Whether new leaves under a node that was on are selected, as
  ///     ``insert(_:under:at:newChildren:)`` says.
  /// - Returns: False, with the tree unchanged, when the nodes do not extend the preorder, or an
  ///   id is one the tree has or an earlier new node has (a stream then lays out the tree again).
  /// - Complexity: O(m + d) amortized for m nodes under d ancestors, in place; otherwise as the
  ///   inserts.
  @discardableResult
  public mutating func appendInPreorder(
    ids: ArraySlice<ID>, labels: ArraySlice<String>, parents: ArraySlice<Int32>,
    newChildren: NewChildren = .inheritFullySelectedParent
  ) -> Bool {
    appendInPreorder(
      ids: ids, labels: labels, parents: parents, idHashes: [], newChildren: newChildren)
  }

  /// ``appendInPreorder(ids:labels:parents:newChildren:)`` given every id's hash once the nodes
  /// are in, which the tree's index reads instead of hashing each id again.
  ///
  /// `idHashes[p]` is the `hashValue` of the id at position `p`, as a parser's draft keeps them
  /// (empty when not known). They must be the ids' own hash values in this process — ``TreeParser/idHashes`` of the parser
  /// that made the nodes — or lookups by id miss (the invariant checks compare each one).
  ///
  /// - Complexity: as ``appendInPreorder(ids:labels:parents:newChildren:)``.
  @discardableResult
  public mutating func appendInPreorder(
    ids: ArraySlice<ID>, labels: ArraySlice<String>, parents: ArraySlice<Int32>, idHashes: [Int],
    newChildren: NewChildren = .inheritFullySelectedParent
  ) -> Bool {
    let (kept, exact) = (keptSpec, idsAreTheirPaths)
    defer { keepFollowing(kept, added: ids) }
    // The new nodes are the last of the preorder: found by position, not looked up by id.
    let before = count
    defer { idsAreTheirPaths = exact && haveTheirPaths(at: before..<count) }
    guard ids.count == labels.count, ids.count == parents.count else { return false }
    guard !ids.isEmpty else { return true }
    guard let (blocks, depths) = _preorderBlocks(parents) else { return false }
    let anchors = blocks.map { _anchor(at: $0.anchor) }
    if _splicesEdits && _appendsInPlace(blocks) {
      var nodes = TreeStructure<ID>.Appended()
      nodes.ids = ids
      nodes.labels = labels
      nodes.parents = parents
      nodes.depths = depths
      nodes.idHashes = idHashes
      return _appendFlat(nodes, blocks: blocks, anchors: anchors, newChildren: newChildren)
    }
    var seen = Set<ID>(minimumCapacity: ids.count)
    for id in ids where !seen.insert(id).inserted || structure.position(of: id) != nil {
      return false
    }
    // The counted form's splice reads each block's ids and labels.
    var named = blocks
    var offset = ids.startIndex
    for index in named.indices {
      let count = named[index].nodes.count
      named[index].nodes.ids = Array(ids[offset..<(offset + count)])
      named[index].nodes.labels = Array(labels[offset..<(offset + count)])
      named[index].nodes.attributes = Array(repeating: nil, count: count)
      offset += count
    }
    if _splicesEdits {
      _splice(named, newChildren: newChildren)
    } else if !_spliceDeriving(named, newChildren: newChildren) {
      _appendLaidOut(blocks, ids: ids, labels: labels, newChildren: newChildren)
    }
    return true
  }

  /// Appends the blocks (ids checked) as inserts whose derived attributes cannot be derived for
  /// the new nodes alone do: the tree laid out again with them, the attributes derived again.
  /// - Complexity: O(n + m).
  private mutating func _appendLaidOut(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], ids: ArraySlice<ID>,
    labels: ArraySlice<String>, newChildren: NewChildren
  ) {
    var pieces: [_TreeSplice<ID>.Piece] = [.kept(0..<count)]
    var first = ids.startIndex
    for (_, block, anchor) in blocks {
      let under = anchor < 0 ? nil : structure.id(at: anchor)
      let entries = (0..<block.count).map { offset in
        let parent = Int(block.parents[offset])
        return Entry(
          id: ids[first + offset], parent: parent < 0 ? under : ids[first + parent],
          label: labels[first + offset])
      }
      // The ids are checked: the block builds.
      guard let nodes = try? _block(entries, under: under, numberedFrom: 0) else {
        preconditionFailure("appendInPreorder: a block of checked ids did not build")
      }
      pieces.append(.added(nodes, anchor: anchor))
      first += block.count
    }
    _apply(_TreeSplice(pieces: pieces, newChildren: newChildren))
  }

  /// The nodes whose parents are `parents` as blocks to insert at the end, one under each node
  /// before them that they hang from (consecutive nodes under one such node in one block), with
  /// their nesting and states but not their ids and labels, and each node's depth; nil when
  /// they do not extend the preorder.
  /// - Complexity: O(m + d) for m nodes and the d ancestors of the last node.
  private func _preorderBlocks(_ parents: ArraySlice<Int32>) -> (
    blocks: [(start: Int, nodes: _Block, anchor: Int)], depths: [Int32]
  )? {
    let start = count
    // The nodes that are still open: the last node and its ancestors, the root first.
    var open: [Int32] = []
    var node = start - 1
    while node >= 0 {
      open.append(Int32(node))
      node = structure.parent(of: node)
    }
    open.reverse()
    var depths: [Int32] = []
    depths.reserveCapacity(parents.count)
    var blocks: [(start: Int, nodes: _Block, anchor: Int)] = []
    var block = _Block()
    var blockStart = start
    var anchor = -2
    func close() {
      guard block.count > 0 else { return }
      blocks.append((start, block, anchor))
      block = _Block()
    }
    for (offset, parent) in parents.enumerated() {
      let position = Int32(start + offset)
      while let last = open.last, last != parent { open.removeLast() }
      guard parent < 0 || !open.isEmpty else { return nil }
      if parent < Int32(start) {
        // Under a node before them (or a root): a block of its own unless the last one is under
        // the same node.
        if Int(parent) != anchor {
          close()
          anchor = Int(parent)
          blockStart = Int(position)
        }
        block.parents.append(-1)
        block.depths.append(0)
        depths.append(parent < 0 ? 0 : Int32(structure.depth(of: Int(parent)) + 1))
      } else {
        let inBlock = Int(parent) - blockStart
        block.parents.append(Int32(inBlock))
        block.depths.append(block.depths[inBlock] + 1)
        block.isLeaf[inBlock] = false
        depths.append(depths[Int(parent) - start] + 1)
      }
      block.isLeaf.append(true)
      block.states.append(0)
      block.expanded.append(false)
      open.append(position)
    }
    close()
    return (blocks, depths)
  }

  /// Whether the tree keeps its flat form (as built, or appended to since), where a click is a
  /// few loads; false once an edit spliced it into the counted form.
  package var _isFlat: Bool { !structure.isCounted }

  /// The tree with a structure of its own, for tests that keep a copy of a tree and edit it: an
  /// edit then writes the flat form in place as it does where nothing else holds the tree.
  package func _unshared() -> SelectionTree {
    var copy = self
    copy.structure = structure.unshared()
    return copy
  }

  /// Whether the blocks can be appended to the flat form in place: they all go at the end, and
  /// the tree alone holds its structure, in the flat form.
  mutating func _appendsInPlace(_ blocks: [(start: Int, nodes: _Block, anchor: Int)]) -> Bool {
    !structure.isCounted && blocks.allSatisfy { $0.start == count }
      && isKnownUniquelyReferenced(&structure)
  }

  /// The ids, labels, places and attributes of the blocks' nodes appended from `start` on, each
  /// block under its anchor: what the flat form takes of an insert's blocks.
  /// - Complexity: O(m) for m nodes.
  static func _appended(
    _ blocks: [(start: Int, nodes: _Block, anchor: Int)], anchors: [_Anchor], from start: Int
  ) -> TreeStructure<ID>.Appended {
    var nodes = TreeStructure<ID>.Appended()
    var position = start
    for (block, anchor) in zip(blocks.lazy.map(\.nodes), anchors) {
      nodes.ids += block.ids
      nodes.labels += block.labels
      for offset in 0..<block.count {
        let parent = block.parents[offset]
        nodes.parents.append(parent < 0 ? Int32(anchor.position) : Int32(position) + parent)
        nodes.depths.append(anchor.childDepth + block.depths[offset])
        if let values = block.attributes[offset] {
          nodes.attributes.append((Int32(position + offset), values))
        }
      }
      position += block.count
    }
    return nodes
  }

  /// Appends the blocks, in their order, each under its anchor (facts read before any went in),
  /// to the flat form in place, as ``_splice(_:newChildren:)`` would insert them; `nodes` holds
  /// their ids, labels and places.
  /// - Returns: False, with the tree unchanged, when an id is one the tree has or an earlier
  ///   block's.
  /// - Complexity: O(m + b d) amortized for m nodes in b blocks under anchors at depth up to d.
  mutating func _appendFlat(
    _ nodes: TreeStructure<ID>.Appended, blocks: [(start: Int, nodes: _Block, anchor: Int)],
    anchors: [_Anchor], newChildren: NewChildren
  ) -> Bool {
    let start = count
    var bytes: [UInt8] = []
    var flags: [Bool] = []
    var disabled: [Int32] = []
    var ranges: [(Range<Int>, under: Int)] = []
    var position = start
    for (block, anchor) in zip(blocks.lazy.map(\.nodes), anchors) {
      bytes += Self._states(of: block, under: anchor, newChildren: newChildren)
      flags += block.expanded
      disabled += block.disabled.lazy.map { $0 + Int32(position) }
      ranges.append((position..<(position + block.count), anchor.position))
      position += block.count
    }
    guard TreeStructure.append(nodes, to: &structure) else { return false }
    states.tree.insert(contentsOf: bytes, at: start)
    expanded.insert(contentsOf: flags, at: start)
    if !disabled.isEmpty { disabledPositions += disabled }
    for anchor in anchors where anchor.wasLeaf {
      states.tree.update(at: anchor.position) { $0 &= ~NodeBits.leaf }
    }
    derivationFailure = nil
    if filter != nil {
      // Worked out for each block once all are in (``_refilter(_:under:)``).
      let unknown = repeatElement(false, count: position - start)
      filterMatched.insert(contentsOf: unknown, at: start)
      filterOpen.insert(contentsOf: unknown, at: start)
      for (range, parent) in ranges { _refilter(range, under: parent) }
    }
    checkInvariantsIfEnabled()
    return true
  }
}
