extension SelectionTree {
  /// Inserts nodes under `parent` (nil: as roots), before its child at `index` (nil: after the
  /// last), as ``reload(from:newChildren:)`` with the edited data would.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["Docs/a.txt"])
  /// try tree.toggle("Docs")
  /// try tree.insert([.init(id: "Docs/b.txt", parent: "Docs", label: "b.txt")], under: "Docs")
  /// tree.state(of: "Docs/b.txt")   // .on: new in a folder that was selected
  /// ```
  ///
  /// Each entry's parent is `parent` or another of the entries; siblings keep their order. New
  /// nodes take the selection, lock, disabling and expansion their entries give them; under a
  /// locked node they are locked at the value it showed, and new leaves under a node that was on
  /// are selected (unless `newChildren` is `.unselected`). The filter and derived attributes hold
  /// for them at once.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` for `parent`,
  ///   ``SelectionTreeError/indexOutOfRange(index:parent:count:)``,
  ///   ``SelectionTreeError/existingID(id:entry:)``, or what building from the entries throws
  ///   (a repeated id, a parent that is neither `parent` nor an entry, a cycle). The tree is then
  ///   unchanged.
  /// - Complexity: O(log n + m) for m entries (``SelectionTree`` → Cost: with derived attributes,
  ///   O(log n) more for each node the source is asked about; the first edit of a tree as built,
  ///   and an edit with a source that reads states, are O(n + m); under a filter, add O(d log n)
  ///   for the new nodes' d ancestors).
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public mutating func insert(
    _ entries: [Entry], under parent: ID?, at index: Int? = nil,
    newChildren: NewChildren = .inheritFullySelectedParent
  ) throws(SelectionTreeError) {
    let (kept, exact) = (keptSpec, idsAreTheirPaths)
    defer { keepFollowing(kept, added: entries.lazy.map(\.id)) }
    defer { idsAreTheirPaths = exact && haveTheirPaths(entries.lazy.map(\.id)) }
    let anchor = try _anchor(parent)
    let start = try _insertionPoint(under: anchor, at: index, skipping: nil)
    var built: SelectionTree?
    if _splicesEdits || _derivesLocally {
      var seen = Set<ID>()
      var block = _Block(leaves: entries, under: parent, in: self, seen: &seen)
      if block == nil {
        built = try _block(entries, under: parent, numberedFrom: 0)
        block = _Block(built!)
      }
      if _splicesEdits {
        _splice([(start, block!, anchor)], newChildren: newChildren)
        return
      }
      if _spliceDeriving([(start, block!, anchor)], newChildren: newChildren) { return }
    }
    let nodes: SelectionTree
    if let built {
      nodes = built
    } else {
      nodes = try _block(entries, under: parent, numberedFrom: 0)
    }
    _apply(
      _TreeSplice(
        pieces: [.kept(0..<start), .added(nodes, anchor: anchor), .kept(start..<count)],
        newChildren: newChildren))
  }

  /// Removes a node and everything below it, as ``reload(from:newChildren:)`` without them would:
  /// a parent left without children keeps the state it showed.
  ///
  /// ```swift
  /// try tree.remove("Docs/a.txt")
  /// ```
  /// - Throws: ``SelectionTreeError/unknownNode(id:)``; the tree is then unchanged.
  /// - Complexity: O(log n + m) for m nodes taken out (O(n) as ``insert(_:under:at:newChildren:)``
  ///   says).
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public mutating func remove(_ id: ID) throws(SelectionTreeError) {
    let (kept, exact) = (keptSpec, idsAreTheirPaths)
    let parent = self.parent(of: id)
    defer { keepFollowing(kept) { $0.leafParent(parent) } }
    defer { idsAreTheirPaths = exact }
    guard let position = structure.position(of: id) else { throw .unknownNode(id: "\(id)") }
    if _splicesEdits { return _spliceRemove(at: position) }
    if _spliceRemoveDeriving(at: position) { return }
    _apply(
      _TreeSplice(pieces: [
        .kept(0..<position), .kept(structure.range(of: position).upperBound..<count),
      ]))
  }

  /// Moves a node and everything below it under `parent` (nil: to the roots), before the child
  /// at `index` of the parent's children without the node (nil: after the last).
  ///
  /// ```swift
  /// try tree.move("Docs/b.txt", under: "Archive", at: 0)
  /// tree.parent(of: "Docs/b.txt")   // "Archive": ids stay what they were
  /// ```
  ///
  /// Every node keeps its id, selection, lock and expansion, as a reload of the moved data keeps
  /// them; it takes its disabling and derived attributes from its new place. Ids are never
  /// rewritten: in a tree built from paths, a moved node keeps the path it was read with as its
  /// id (remove it and insert it with new ids to have ids that follow the labels).
  /// - Throws: ``SelectionTreeError/unknownNode(id:)``, ``SelectionTreeError/cycle(id:)`` when
  ///   `parent` is the node or below it, ``SelectionTreeError/indexOutOfRange(index:parent:count:)``.
  /// - Complexity: O(log n + m) for m nodes moved, plus O(c log n) for an `index` among c
  ///   children (O(n) as ``insert(_:under:at:newChildren:)`` says).
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public mutating func move(_ id: ID, under parent: ID?, at index: Int? = nil)
    throws(SelectionTreeError)
  {
    let (kept, exact) = (keptSpec, idsAreTheirPaths)
    let oldParent = self.parent(of: id)
    defer { keepFollowing(kept) { $0.subtreesAfterMove(of: id, from: oldParent) } }
    // A node moved to another parent keeps its id: it is no longer its path.
    defer {
      idsAreTheirPaths = exact && (ID.self != String.self || self.parent(of: id) == oldParent)
    }
    guard let position = structure.position(of: id) else { throw .unknownNode(id: "\(id)") }
    let anchor = try _anchor(parent)
    let subtree = structure.range(of: position)
    if subtree.contains(anchor) { throw .cycle(id: "\(id)") }
    let target = try _insertionPoint(under: anchor, at: index, skipping: position)
    if _splicesEdits { return _spliceMove(at: position, under: anchor, before: target) }
    if _spliceMoveDeriving(at: position, under: anchor, before: target) { return }
    let pieces: [_TreeSplice<ID>.Piece] =
      target <= subtree.lowerBound
      ? [
        .kept(0..<target), .kept(subtree), .kept(target..<subtree.lowerBound),
        .kept(subtree.upperBound..<count),
      ]
      : [
        .kept(0..<subtree.lowerBound), .kept(subtree.upperBound..<target), .kept(subtree),
        .kept(target..<count),
      ]
    _apply(_TreeSplice(pieces: pieces, reparented: (position, anchor)))
  }

  /// Gives a node a new label, as a reload of the relabelled data would.
  ///
  /// The filter and derived attributes see it at once; the id stays.
  ///
  /// ```swift
  /// try tree.relabel("Docs", to: "Documents")
  /// ```
  /// - Throws: ``SelectionTreeError/unknownNode(id:)``.
  /// - Complexity: O(log n) (O(n) as ``insert(_:under:at:newChildren:)`` says); under a filter,
  ///   O(k + d log n) for the node's subtree of k nodes at depth d, matched again.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public mutating func relabel(_ id: ID, to label: String) throws(SelectionTreeError) {
    let (kept, exact) = (keptSpec, idsAreTheirPaths)
    defer { keepFollowing(kept) { tree in tree.structure.position(of: id).map { [$0] } ?? [] } }
    let old = structure.position(of: id).map { structure.label(at: $0) }
    defer {
      idsAreTheirPaths =
        exact && (ID.self != String.self || old.map { LabelBytes.same($0, label) } != false)
    }
    guard let position = structure.position(of: id) else { throw .unknownNode(id: "\(id)") }
    if _splicesEdits { return _spliceRelabel(at: position, to: label) }
    if _spliceRelabelDeriving(at: position, to: label) { return }
    _apply(_TreeSplice(pieces: [.kept(0..<count)], relabelled: (position, label)))
  }

  /// Appends entries under several nodes in one layout (a lazy tree's loads): as
  /// ``insert(_:under:at:newChildren:)`` once per batch, the batches in order.
  /// - Throws: As ``insert(_:under:at:newChildren:)``; an id two batches bring is
  ///   ``SelectionTreeError/existingID(id:entry:)``, entries numbered across the batches.
  /// - Complexity: O(b log n + m) for b batches and m entries (O(n + m) as
  ///   ``insert(_:under:at:newChildren:)`` says); O(b) when they bring none.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  mutating func append(
    _ batches: [(parent: ID, entries: [Entry])], newChildren: NewChildren
  ) throws(SelectionTreeError) {
    let (keptDecisions, exact) = (keptSpec, idsAreTheirPaths)
    let added = batches.flatMap { $0.entries.map(\.id) }
    defer { keepFollowing(keptDecisions, added: added) }
    defer { idsAreTheirPaths = exact && haveTheirPaths(added) }
    // Folders that load empty change nothing: no layout (a reload would give the same tree).
    if batches.allSatisfy({ $0.entries.isEmpty }) {
      for batch in batches { _ = try _anchor(batch.parent) }
      return
    }
    if _splicesEdits || _derivesLocally {
      // Leaves under the nodes they load, no id repeated or known: no tree built for them.
      var seen = Set<ID>()
      var blocks: [(start: Int, nodes: _Block, anchor: Int)] = []
      for (parent, entries) in batches {
        guard let block = _Block(leaves: entries, under: parent, in: self, seen: &seen) else {
          break
        }
        let anchor = try _anchor(parent)
        blocks.append((structure.end(of: anchor), block, anchor))
      }
      if blocks.count == batches.count {
        blocks = _inPreorder(blocks)
        if _splicesEdits { return _splice(blocks, newChildren: newChildren) }
        if _spliceDeriving(blocks, newChildren: newChildren) { return }
      }
    }
    // One batch: its build finds a repeated id, reported as the dictionary below would.
    let single = batches.count == 1
    var blocks: [(start: Int, nodes: SelectionTree, anchor: Int)] = []
    var brought: [ID: Int] = [:]
    var numbered = 0
    for (parent, entries) in batches {
      let anchor = try _anchor(parent)
      for (offset, entry) in (single ? [] : entries).enumerated()
      where brought.updateValue(numbered + offset, forKey: entry.id) != nil {
        throw .existingID(id: "\(entry.id)", entry: numbered + offset)
      }
      let nodes = try _block(
        entries, under: parent, numberedFrom: numbered, repeatsAreExisting: single)
      blocks.append((structure.end(of: anchor), nodes, anchor))
      numbered += entries.count
    }
    blocks = _inPreorder(blocks)
    if _splicesEdits {
      return _splice(
        blocks.map { ($0.start, _Block($0.nodes), $0.anchor) }, newChildren: newChildren)
    }
    if _derivesLocally,
      _spliceDeriving(
        blocks.map { ($0.start, _Block($0.nodes), $0.anchor) }, newChildren: newChildren)
    {
      return
    }
    var pieces: [_TreeSplice<ID>.Piece] = []
    var kept = 0
    for block in blocks {
      pieces += [.kept(kept..<block.start), .added(block.nodes, anchor: block.anchor)]
      kept = block.start
    }
    pieces.append(.kept(kept..<count))
    _apply(_TreeSplice(pieces: pieces, newChildren: newChildren))
  }

  /// The entries as a tree of their own, those under `parent` its roots; entries are numbered
  /// from `first` in errors.
  ///
  /// An id the tree has is ``SelectionTreeError/existingID(id:entry:)``, reported before what
  /// building the entries throws; with `repeatsAreExisting` (a load), an id the entries repeat is
  /// that error too, at its repeat, and reported first.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  func _block(
    _ entries: [Entry], under parent: ID?, numberedFrom first: Int, repeatsAreExisting: Bool = false
  ) throws(SelectionTreeError) -> SelectionTree {
    func checkNoneExists() throws(SelectionTreeError) {
      try entries.withUnsafeBufferPointer { entries throws(SelectionTreeError) in
        for entry in entries.indices where structure.position(of: entries[entry].id) != nil {
          throw .existingID(id: "\(entries[entry].id)", entry: first + entry)
        }
      }
    }
    if !repeatsAreExisting { try checkNoneExists() }
    let nodes: SelectionTree
    do {
      nodes = try SelectionTree(entries: entries, options: options, rootsUnder: parent)
    } catch {
      guard repeatsAreExisting else { throw error }
      if case .duplicateID(let id, _, let second) = error {
        throw .existingID(id: id, entry: first + second)
      }
      try checkNoneExists()
      throw error
    }
    if repeatsAreExisting { try checkNoneExists() }
    return nodes
  }

  /// The blocks in the order their nodes take in the preorder: by start; at one start (anchors
  /// whose subtrees end there, each inside the next), the deeper anchor's first, and blocks under
  /// one anchor in their order.
  /// - Complexity: O(b log b + b log n) for b blocks.
  private func _inPreorder<Nodes>(
    _ blocks: [(start: Int, nodes: Nodes, anchor: Int)]
  ) -> [(start: Int, nodes: Nodes, anchor: Int)] {
    let depths = blocks.map { $0.anchor < 0 ? -1 : structure.depth(of: $0.anchor) }
    return blocks.indices.sorted {
      (blocks[$0].start, -depths[$0], $0) < (blocks[$1].start, -depths[$1], $1)
    }.map { blocks[$0] }
  }

  /// The position of `parent`, -1 for nil.
  private func _anchor(_ parent: ID?) throws(SelectionTreeError) -> Int {
    guard let parent else { return -1 }
    guard let position = structure.position(of: parent) else { throw .unknownNode(id: "\(parent)") }
    return position
  }

  /// Where nodes put under `anchor` at `index` go in preorder: the position of the child at
  /// `index` (the node at `skipped` not counted), or the end of the anchor's subtree.
  private func _insertionPoint(
    under anchor: Int, at index: Int?, skipping skipped: Int?
  ) throws(SelectionTreeError) -> Int {
    let end = anchor < 0 ? count : structure.end(of: anchor)
    guard let index else { return end }
    var children = structure.children(of: anchor < 0 ? nil : anchor)
    children.removeAll { $0 == skipped }
    guard index >= 0 && index <= children.count else {
      throw .indexOutOfRange(
        index: index, parent: anchor < 0 ? nil : "\(structure.id(at: anchor))",
        count: children.count)
    }
    return index == children.count ? end : children[index]
  }
}
