extension TreeStructure {
  /// Nodes to append at the end of a flat structure's preorder: each one's parent is a node
  /// before it (the structure's or one of these), -1 for a root.
  struct Appended {
    var ids: ArraySlice<ID> = []
    var labels: ArraySlice<String> = []
    /// Each node's parent's position in the structure with the nodes appended, -1 for a root.
    var parents: ArraySlice<Int32> = []
    var depths: [Int32] = []
    /// The nodes that have attributes, by position in the structure with the nodes appended,
    /// ascending.
    var attributes: [(position: Int32, values: [String: String])] = []
    /// Every id's hash once the nodes are in, by position, when known (else empty).
    var idHashes: [Int] = []

    var count: Int { ids.count }
  }

  /// Appends `nodes` at the end of the preorder of `structure`, a flat structure, writing its
  /// arrays in place when nothing else holds it (an append then costs what building the nodes
  /// would), and keeping the flat form: a click on the tree stays a few loads.
  ///
  /// The nodes must extend the preorder: each one's parent is the node before it or one of that
  /// node's ancestors. The subtrees that end with the structure's last node and hold a new node
  /// end with the last new node they hold.
  /// - Returns: False, with the structure as it was, when a new id is one the structure has or
  ///   one an earlier new node has.
  /// - Complexity: O(m + d) amortized for m nodes under d ancestors (O(n) when the structure is
  ///   shared: its arrays are copied).
  static func append(_ nodes: Appended, to structure: inout TreeStructure) -> Bool {
    precondition(!structure.isCounted, "appending to the flat form only")
    var taken = TreeStructure(
      ids: [], labels: [], parents: [], ends: [], depths: [], attributes: [:], roots: [],
      index: IDIndex(capacity: 0))
    swap(&taken, &structure)
    var parts = Parts(consume taken)
    let start = parts.ids.count
    parts.ids.append(contentsOf: nodes.ids)
    // The hashes are read only when there is one for every id (IDIndex.add).
    if parts.index.add(parts.ids, from: start, hashes: nodes.idHashes) != nil {
      parts.ids.removeSubrange(start...)
      // A rare failure: the index is built again without the ids it took.
      parts.index = try! IDIndex(ids: parts.ids)
      structure = parts.structure()
      return false
    }
    parts.labels.append(contentsOf: nodes.labels)
    parts.parents.append(contentsOf: nodes.parents)
    parts.depths.append(contentsOf: nodes.depths)
    // The nodes still open when the nodes come (the last node and its ancestors, the root first),
    // each closed where a node comes that is not below it.
    var open: [Int32] = []
    var node = start - 1
    while node >= 0 {
      open.append(Int32(node))
      node = Int(parts.parents[node])
    }
    open.reverse()
    parts.ends.reserveCapacity(parts.ids.count)
    for (offset, parent) in nodes.parents.enumerated() {
      let position = Int32(start + offset)
      while let last = open.last, last != parent {
        parts.ends[Int(last)] = position
        open.removeLast()
      }
      if parent < 0 { parts.roots.append(position) }
      parts.ends.append(position + 1)
      open.append(position)
    }
    for node in open { parts.ends[Int(node)] = Int32(parts.ids.count) }
    for (position, values) in nodes.attributes {
      parts.attributes.append(values, at: position)
    }
    structure = parts.structure()
    return true
  }

  /// A flat structure's arrays, taken out of it: when nothing else held the structure, nothing
  /// else holds them, and appending writes them in place.
  private struct Parts {
    var ids: [ID]
    var labels: [String]
    var parents: [Int32]
    var ends: [Int32]
    var depths: [Int32]
    var attributes: SparseAttributes
    var roots: [Int32]
    var index: IDIndex

    /// The arrays of `structure`, which is freed when this returns if nothing else holds it.
    /// - Complexity: O(1) after a build or an append; O(n) for a structure spliced together.
    init(_ structure: consuming TreeStructure) {
      ids = structure.builtIDs.isEmpty ? Array(structure.ids) : structure.builtIDs
      labels = structure.builtLabels.isEmpty ? Array(structure.labels) : structure.builtLabels
      parents = structure.parents
      ends = structure.ends
      depths = structure.depths
      attributes = structure.attributes
      roots = structure.roots
      index = structure.index
    }

    /// The structure of these arrays.
    func structure() -> TreeStructure {
      TreeStructure(
        ids: Rope(), labels: Rope(), parents: parents, ends: ends, depths: depths,
        attributes: attributes, roots: roots, index: index, flat: (ids, labels))
    }
  }
}

extension TreeStructure {
  /// A structure of the same nodes that nothing else holds (its arrays still shared until
  /// written): for tests that keep a tree and make an edit that writes a flat form in place.
  func unshared() -> TreeStructure {
    guard !isCounted else { return self }
    return TreeStructure(
      ids: ids, labels: labels, parents: parents, ends: ends, depths: depths,
      attributes: attributes, roots: roots, index: index,
      flat: builtIDs.isEmpty ? nil : (builtIDs, builtLabels))
  }
}
