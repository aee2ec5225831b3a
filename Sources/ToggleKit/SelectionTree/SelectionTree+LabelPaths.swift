extension SelectionTree {
  /// The node whose labels from the root are `labels`.
  ///
  /// Trees whose ids are label paths (built from paths, or text whose ids all are, until an edit
  /// brings a node whose id is not) are looked up by id in O(depth); others walk
  /// down from the roots, comparing sibling labels. For
  /// many lookups in a tree with its own ids, use a ``LabelIndex``.
  ///
  /// ```swift
  /// tree.node(atLabelPath: ["Fruit", "Apple"])   // "Fruit/Apple" (or a JSON node's own id)
  /// ```
  /// - Returns: The node's id, or nil when no node has that label path (the first match when
  ///   siblings share a label).
  /// - Complexity: O(depth + path length) when ids are label paths, else O(Σ children along the path).
  public func node(atLabelPath labels: [String]) -> ID? {
    guard !labels.isEmpty else { return nil }
    if idsAreTheirPaths, let found = structure.position(guessedFrom: labels) {
      return structure.id(at: found)
    }
    var position: Int? = nil
    for label in labels {
      position = _child(of: position, labelled: label)
      guard position != nil else { return nil }
    }
    return position.map { structure.id(at: $0) }
  }

  /// The first child of `parent` (a root for nil) with `label`, by a scan of the siblings.
  func _child(of parent: Int?, labelled label: String) -> Int? {
    structure.children(of: parent).first { LabelBytes.same(structure.label(at: $0), label) }
  }

  /// Finds nodes by label path in O(depth) hashed steps, whatever the ids and however many siblings.
  ///
  /// The index hashes the children of a node the first time a path passes through it, so each
  /// lookup costs O(depth), plus O(children) once per node it passes. Labels compare by their
  /// bytes: two names that differ only in their Unicode normalisation are two nodes, each found by
  /// its own bytes. It keeps the shape of the tree it was made from: make a new one after a reload.
  ///
  /// ```swift
  /// var index = tree.labelIndex()
  /// for path in paths { _ = index.node(atLabelPath: try LabelPath.labels(of: path)) }
  /// ```
  /// - Complexity: O(1) to make.
  public struct LabelIndex {
    let structure: TreeStructure<ID>
    /// Per visited parent (-1 for the roots): the children by label, in order (labels that Swift
    /// calls equal share an entry, and are told apart by their bytes).
    var children: [Int32: [String: [Int32]]] = [:]
    /// Whether a path may be found by id (no edit brought a node whose id is not its path).
    var guesses = true

    /// The node whose labels from the root are `labels` (the first match when siblings share a
    /// label), or nil.
    /// - Returns: The node's id, or nil.
    /// - Complexity: O(depth) amortised hashed steps.
    public mutating func node(atLabelPath labels: [String]) -> ID? {
      if guesses, let found = structure.position(guessedFrom: labels) {
        return structure.id(at: found)
      }
      var parent: Int32 = -1
      for label in labels {
        guard let child = children(of: parent, labelled: label).first else { return nil }
        parent = child
      }
      return labels.isEmpty ? nil : structure.id(at: Int(parent))
    }

    /// The positions of every node at `labels` (siblings may share a label), in the tree's order.
    /// - Complexity: O(depth) amortised hashed steps per node on the way.
    mutating func positions(of labels: [String]) -> [Int] {
      guard !labels.isEmpty else { return [] }
      if guesses, let position = structure.position(guessedFrom: labels) { return [position] }
      var level: [Int32] = [-1]
      for label in labels {
        var found: [Int32] = []
        for parent in level { found += children(of: parent, labelled: label) }
        guard !found.isEmpty else { return [] }
        level = found
      }
      return level.map(Int.init)
    }

    /// The nodes whose label paths are proper prefixes of `labels` and that `isLeaf` accepts:
    /// the nodes a decision on `labels` lies below, when they are leaves not loaded yet.
    /// - Complexity: O(depth) amortised hashed steps per node on the way.
    mutating func leaves(above labels: [String], isLeaf: (Int) -> Bool) -> [Int] {
      var level: [Int32] = [-1]
      var depth = 0
      // Ids that are label paths find the longest prefix the tree has without reading folders
      // (its ancestors are no leaves).
      if guesses && ID.self == String.self {
        for length in stride(from: labels.count - 1, through: 1, by: -1) {
          if let position = structure.position(guessedFrom: Array(labels[..<length])) {
            (level, depth) = ([Int32(position)], length)
            break
          }
        }
      }
      var leaves: [Int] = []
      while depth < labels.count {
        if depth > 0 { leaves += level.lazy.map(Int.init).filter(isLeaf) }
        var found: [Int32] = []
        for parent in level { found += children(of: parent, labelled: labels[depth]) }
        guard !found.isEmpty else { break }
        level = found
        depth += 1
      }
      return leaves
    }

    /// The children of `parent` (-1: the roots) whose label is `label` byte for byte.
    private mutating func children(of parent: Int32, labelled label: String) -> [Int32] {
      if children[parent] == nil { children[parent] = table(under: parent) }
      guard let candidates = children[parent]![label] else { return [] }
      if candidates.count == 1 {
        return LabelBytes.same(structure.label(at: Int(candidates[0])), label)
          ? candidates : []
      }
      return candidates.filter { LabelBytes.same(structure.label(at: Int($0)), label) }
    }

    private func table(under parent: Int32) -> [String: [Int32]] {
      var table: [String: [Int32]] = [:]
      for child in structure.children(of: parent < 0 ? nil : Int(parent)) {
        table[structure.label(at: child), default: []].append(Int32(child))
      }
      return table
    }
  }

  /// An index to find many nodes by label path, each in O(depth) hashed steps.
  ///
  /// ```swift
  /// var index = tree.labelIndex()
  /// index.node(atLabelPath: ["Fruit", "Apple"])
  /// ```
  /// - Complexity: O(1); lookups build what they need.
  public func labelIndex() -> LabelIndex {
    LabelIndex(structure: structure, guesses: idsAreTheirPaths)
  }

  /// Whether each of the nodes `ids` (parents before their children) has its label path as its
  /// id, as trees built from paths give them; ids that are not strings never are looked up so.
  /// - Complexity: O(Σ id lengths).
  func haveTheirPaths(_ ids: some Sequence<ID>) -> Bool {
    guard ID.self == String.self else { return true }
    return ids.allSatisfy { structure.position(of: $0).map(hasItsPath) ?? true }
  }

  /// Whether the nodes at `positions` (parents before their children) have their label paths as
  /// their ids: ``haveTheirPaths(_:)`` for nodes just appended at the end of the preorder, found
  /// by position instead of by id.
  /// - Complexity: O(Σ id lengths).
  func haveTheirPaths(at positions: Range<Int>) -> Bool {
    guard ID.self == String.self else { return true }
    // The structure as what it is, so that each read is not a generic call.
    let strings = unsafeDowncast(structure, to: TreeStructure<String>.self)
    return positions.allSatisfy { nodeHasItsPath($0, in: strings) }
  }

  /// Whether every node's id is its label path: what a tree built from ids it was given finds
  /// paths by (two nodes sharing a path, one of them with another id, must both be found).
  /// - Complexity: O(Σ id lengths); O(1) when ids are not strings.
  func allHaveTheirPaths() -> Bool {
    guard ID.self == String.self else { return true }
    let strings = unsafeDowncast(structure, to: TreeStructure<String>.self)
    return (0..<structure.count).allSatisfy { nodeHasItsPath($0, in: strings) }
  }

  /// Whether the node at `position` has its parent's id extended by its escaped label as its id,
  /// byte for byte (called only when ids are strings).
  private func hasItsPath(_ position: Int) -> Bool {
    nodeHasItsPath(position, in: unsafeDowncast(structure, to: TreeStructure<String>.self))
  }
}

/// Whether the node at `position` of `structure` has its parent's id extended by its escaped
/// label as its id, byte for byte.
private func nodeHasItsPath(_ position: Int, in structure: TreeStructure<String>) -> Bool {
  let (id, label) = (structure.id(at: position), structure.label(at: position))
  let parent = structure.parent(of: position)
  guard parent >= 0 else {
    return id.utf8.elementsEqual(LabelEscaping.rootComponent(label, separator: "/").utf8)
  }
  return LabelEscaping.isPath(
    id, extending: structure.id(at: parent), with: label, separator: "/")
}

extension SelectionTree {
  /// Calls `body` with every node in preorder: its id, its label path and its state.
  ///
  /// Each path is built from its parent's, so the whole walk costs O(n + output), not
  /// O(n × depth) as ``escapedLabelPath(of:separator:)`` per node would; this is how every
  /// path-per-node output is written.
  ///
  /// ```swift
  /// tree.forEachLabelPath { id, path, state in print("\(state)\t\(path)") }
  /// // mixed  Fruit
  /// // on     Fruit/Apple
  /// ```
  /// - Complexity: O(n + total path length).
  public func forEachLabelPath(
    separator: Unicode.Scalar = "/", escaped: Bool = true,
    _ body: (_ id: ID, _ path: String, _ state: ToggleState) throws -> Void
  ) rethrows {
    let component: (String) -> String = {
      escaped ? LabelPath.escaped($0, separator: separator) : $0
    }
    let states = self.states()
    try forEachPath(separator: separator, component: component) { position, path in
      try body(structure.id(at: position), path, states[position])
    }
  }

  /// Calls `body` with every position in preorder and its path: each label made a component by
  /// `component`, joined by `separator`.
  func forEachPath(
    separator: Unicode.Scalar, component: (String) -> String,
    _ body: (_ position: Int, _ path: String) throws -> Void
  ) rethrows {
    try forEachPathUTF8(separator: separator, component: component) { position, path in
      try body(position, String(decoding: path, as: UTF8.self))
    }
  }

  /// ``forEachPath(separator:component:_:)`` with each path as the UTF-8 bytes of a buffer that
  /// is reused: no string is made per node, for the outputs that write bytes.
  ///
  /// A root labelled with the separator alone is written bare, whatever `component` does (`/usr`,
  /// not `\//usr`). Every path starts with the labels of `prefix`, each through `component` (a
  /// directory tree's folders above its root: `/abs/home/docs` for the node `home/docs`).
  func forEachPathUTF8(
    separator: Unicode.Scalar, component: (String) -> String, prefix: [String] = [],
    _ body: (_ position: Int, _ path: UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    var buffer: [UInt8] = []
    let separatorBytes = Array(String(separator).utf8)
    for (index, label) in prefix.enumerated() {
      if index == 0 && LabelEscaping.isBareRoot(label, separator: separator) {
        buffer += separatorBytes
        continue
      }
      var text = component(label)
      text.withUTF8 { buffer.append(contentsOf: $0) }
      buffer += separatorBytes
    }
    let base = buffer.count  // where a root's path starts
    var ends: [Int] = []  // where each open ancestor's path ends in the buffer, by depth
    let nodes = structure.flat
    for position in 0..<count {
      let depth = Int(nodes.depths[position])
      ends.removeSubrange(depth...)
      buffer.removeSubrange((depth == 0 ? base : ends[depth - 1])...)
      let isBareRoot =
        depth == 0 && LabelEscaping.isBareRoot(nodes.labels[position], separator: separator)
      if isBareRoot {
        // The root labelled with the separator alone is written bare, and its path ends before
        // it, so its children's start with one separator: `/`, `/usr`.
        buffer += separatorBytes
        ends.append(0)
      } else {
        if depth > 0 { buffer += separatorBytes }
        var label = component(nodes.labels[position])
        label.withUTF8 { buffer.append(contentsOf: $0) }
        ends.append(buffer.count)
      }
      try buffer.withUnsafeBufferPointer { try body(position, $0) }
    }
  }
}

extension TreeStructure {
  /// The children of `parent` in order (the roots for nil).
  func children(of parent: Int?) -> [Int] {
    guard let parent else { return rootPositions.map(Int.init) }
    var result: [Int] = []
    var child = parent + 1
    let end = end(of: parent)
    while child < end {
      result.append(child)
      child = self.end(of: child)
    }
    return result
  }

  /// The position of the node with `labels` when its id is their label path (trees built from
  /// paths or text), or nil.
  /// - Complexity: O(depth + path length).
  func position(guessedFrom labels: [String]) -> Int? {
    guard !labels.isEmpty, let guess = LabelPath.joined(labels) as? ID,
      let position = position(of: guess), depth(of: position) == labels.count - 1
    else { return nil }
    var node = position
    for label in labels.reversed() {
      guard node >= 0, LabelBytes.same(self.label(at: node), label) else { return nil }
      node = parent(of: node)
    }
    return position
  }
}
